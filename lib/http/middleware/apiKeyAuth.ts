import { hashApiKey } from '../../accounts/apiKey';
import { getAccount, type Account } from '../../store/accounts';
import type { EndpointDefinition } from '../definition';
import { InvalidApiKeyError, MissingApiKeyError } from '../errors';
import type { PipelineMiddleware } from './state';

/** Known accounts are cached per container (at most 60 s; AUTH_CACHE_SECONDS shortens it), so most calls skip the lookup. */
const AUTH_CACHE_MS = Math.min(60, Number(process.env.AUTH_CACHE_SECONDS ?? 60)) * 1000;
const AUTH_CACHE_ENTRIES = 10_000;
const cache = new Map<string, { account: Account; until: number }>();

async function findAccount(keyHash: string): Promise<Account | undefined> {
  const cached = cache.get(keyHash);
  if (cached && cached.until > Date.now()) return cached.account;
  const account = await getAccount(keyHash);
  cache.delete(keyHash);
  if (account) {
    if (cache.size >= AUTH_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(keyHash, { account, until: Date.now() + AUTH_CACHE_MS });
  }
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
          inQuery ? `${definition.path} takes the API key in the api_key query parameter.` : undefined,
        );
      }
      const account = await findAccount(hashApiKey(apiKey));
      if (!account || account.status !== 'active') throw new InvalidApiKeyError();
      request.internal.apiKey = apiKey;
      request.internal.account = account;
    },
  };
}
