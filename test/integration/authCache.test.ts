/**
 * Unknown API keys are cached briefly per container, so a flood of junk keys does not read DynamoDB on every
 * call; the caches are bounded. The module reads AUTH_CACHE_SECONDS when it loads: this file loads it with
 * the deployed default (the other tests turn the cache off to see key changes at once).
 */
import { issueApiKey } from '../../lib/accounts/keys';
import { startProxiedStore } from '../support/storeProxy';
import type { callWithKey as CallWithKey, meteredTestEndpoint as MeteredTestEndpoint } from '../support/meteredEndpoint';

let store: { close(): Promise<void> };
/** the account lookups (GetItem on the accounts table) the store received */
let lookups = 0;
let callWithKey: typeof CallWithKey;
let handler: ReturnType<typeof MeteredTestEndpoint>;
let authCache: typeof import('../../lib/http/middleware/apiKeyAuth');

beforeAll(async () => {
  delete process.env.AUTH_CACHE_SECONDS;
  store = await startProxiedStore((body) => {
    if (body.includes('"TableName":"accounts"') && body.includes('"Key"')) lookups += 1;
    return 'pass';
  });
  ({ callWithKey } = await import('../support/meteredEndpoint'));
  handler = (await import('../support/meteredEndpoint')).meteredTestEndpoint('/v1/authcache', {}, () => ({}));
  authCache = await import('../../lib/http/middleware/apiKeyAuth');
});
afterAll(async () => store.close());

test('answers a repeated unknown key 401 from the cache: one DynamoDB read, not one per call', async () => {
  // Prepare
  lookups = 0;
  // Act
  const answers = [];
  for (let i = 0; i < 5; i += 1) answers.push(await callWithKey(handler, '/v1/authcache', 'junk-key-0000000000000000000000000000000'));
  // Assess
  expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(Array(5).fill([401, 'invalid_api_key']));
  expect(lookups).toBe(1);
});

test('still looks up a key it has not seen, and serves a known key from the cache too', async () => {
  // Prepare
  const { apiKey } = await issueApiKey({ tier: 'free', period: 'month' });
  lookups = 0;
  // Act
  const first = await callWithKey(handler, '/v1/authcache', apiKey);
  const second = await callWithKey(handler, '/v1/authcache', apiKey);
  // Assess
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(lookups).toBe(1);
});

test('keeps at most AUTH_CACHE_ENTRIES entries per cache, dropping the oldest first', () => {
  // Prepare
  const cache = new Map<string, number>();
  // Act
  for (let i = 0; i <= authCache.AUTH_CACHE_ENTRIES; i += 1) authCache.rememberBounded(cache, `hash-${i}`, i);
  authCache.rememberBounded(cache, 'hash-1', -1);
  // Assess
  expect(cache.size).toBe(authCache.AUTH_CACHE_ENTRIES);
  expect(cache.has('hash-0')).toBe(false);
  expect([...cache.keys()].at(-1)).toBe('hash-1');
  expect(cache.has(`hash-${authCache.AUTH_CACHE_ENTRIES}`)).toBe(true);
});
