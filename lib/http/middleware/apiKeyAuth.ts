import type { APIGatewayProxyEventV2 } from 'aws-lambda';
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

/** `Authorization: Bearer <key>` (RFC 6750; the scheme is case-insensitive). */
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Where the endpoint reads the key, and what a call without one is told. */
const KEY_SOURCES = {
  header: { read: (event: APIGatewayProxyEventV2) => event.headers?.['x-api-key'], missing: undefined },
  query: {
    read: (event: APIGatewayProxyEventV2) => event.queryStringParameters?.api_key,
    missing: (path: string) => `${path} takes the API key in the api_key query parameter.`,
  },
  headerOrBearer: {
    read: (event: APIGatewayProxyEventV2) => event.headers?.['x-api-key']?.trim() || BEARER.exec(event.headers?.authorization ?? '')?.[1],
    missing: (path: string) => `${path} takes the API key in the X-Api-Key header or as Authorization: Bearer <key>.`,
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
