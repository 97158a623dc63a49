import { hashApiKey } from '../../accounts/apiKey';
import { getAccount, type Account } from '../../store/accounts';
import type { EndpointDefinition } from '../definition';
import { InvalidApiKeyError, MissingApiKeyError } from '../errors';
import type { PipelineMiddleware } from './state';

/** Known accounts are cached per container (at most 60 s; AUTH_CACHE_SECONDS shortens it), so most calls skip the lookup. */
const AUTH_CACHE_MS = Math.min(60, Number(process.env.AUTH_CACHE_SECONDS ?? 60)) * 1000;
/**
 * Unknown key hashes are cached too, for a shorter time (at most 10 s, and never longer than known ones), so a
 * flood of junk keys costs one DynamoDB read per key and container every 10 s instead of one per call; a key
 * created right after it was tried works within that time.
 */
const UNKNOWN_CACHE_MS = Math.min(AUTH_CACHE_MS, 10_000);
/** Each cache holds at most this many entries (the oldest go first): memory stays bounded whatever the keys sent. */
export const AUTH_CACHE_ENTRIES = 10_000;

const known = new Map<string, { account: Account; until: number }>();
const unknown = new Map<string, number>();

/** Sets a bounded cache entry: a key set again moves to the end, and the oldest entry goes when it is full. */
export function rememberBounded<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key);
  if (cache.size >= AUTH_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

async function findAccount(keyHash: string): Promise<Account | undefined> {
  const now = Date.now();
  const cached = known.get(keyHash);
  if (cached && cached.until > now) return cached.account;
  if ((unknown.get(keyHash) ?? 0) > now) return undefined;
  const account = await getAccount(keyHash);
  known.delete(keyHash);
  unknown.delete(keyHash);
  if (account) rememberBounded(known, keyHash, { account, until: Date.now() + AUTH_CACHE_MS });
  else if (UNKNOWN_CACHE_MS > 0) rememberBounded(unknown, keyHash, Date.now() + UNKNOWN_CACHE_MS);
  return account;
}

/** API key auth: X-Api-Key header, or the api_key query parameter where the endpoint says so. */
export function apiKeyAuth(definition: EndpointDefinition): PipelineMiddleware {
  const inQuery = definition.keyIn === 'query';
  return {
    before: async (request) => {
      const event = request.event;
      const apiKey = (inQuery ? event.queryStringParameters?.api_key : event.headers?.['x-api-key'])?.trim();
      if (!apiKey) {
        throw new MissingApiKeyError(
          inQuery ? `Send your key in the api_key query parameter of ${definition.path}.` : undefined,
        );
      }
      const account = await findAccount(hashApiKey(apiKey));
      if (!account || account.status !== 'active') throw new InvalidApiKeyError();
      request.internal.apiKey = apiKey;
      request.internal.account = account;
    },
  };
}
