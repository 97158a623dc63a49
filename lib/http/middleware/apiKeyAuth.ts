import type { APIGatewayProxyEventV2 } from 'aws-lambda';
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

/** `Authorization: Bearer <key>` (RFC 6750; the scheme is case-insensitive). */
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Where the endpoint reads the key, and what a call without one is told. */
const KEY_SOURCES = {
  header: { read: (event: APIGatewayProxyEventV2) => event.headers?.['x-api-key'], missing: undefined },
  query: {
    read: (event: APIGatewayProxyEventV2) => event.queryStringParameters?.api_key,
    missing: (path: string) => `Send your key in the api_key query parameter of ${path}.`,
  },
  headerOrBearer: {
    read: (event: APIGatewayProxyEventV2) => event.headers?.['x-api-key']?.trim() || BEARER.exec(event.headers?.authorization ?? '')?.[1],
    missing: () => 'Send your key in the X-Api-Key header or as Authorization: Bearer <key>.',
  },
};

/** API key auth: X-Api-Key header, the api_key query parameter or a Bearer token, where the endpoint says so. */
export function apiKeyAuth(definition: EndpointDefinition): PipelineMiddleware {
  const source = KEY_SOURCES[definition.keyIn ?? 'header'];
  return {
    before: async (request) => {
      const apiKey = source.read(request.event)?.trim();
      if (!apiKey) throw new MissingApiKeyError(source.missing?.(definition.path));
      const account = await findAccount(hashApiKey(apiKey));
      if (!account || account.status !== 'active') throw new InvalidApiKeyError();
      request.internal.apiKey = apiKey;
      request.internal.account = account;
    },
  };
}
