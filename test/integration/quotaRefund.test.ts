/**
 * The refund after a failed call, against the embedded store behind a proxy that can fail or throttle chosen
 * writes (as a store that dies or throttles does): the answer says "not counted" only when the quota was given
 * back, or when no write can have counted it.
 */
import { issueApiKey } from '../../lib/accounts/keys';
import type { EndpointDefinition } from '../../lib/http/definition';
import { callWithKey, meteredTestEndpoint, usedCalls } from '../support/meteredEndpoint';
import { quotaWriteKind, startProxiedStore, type ProxyDecision } from '../support/storeProxy';

const QUOTA = 50;
/** which DynamoDB writes the proxy fails (or throttles: `failure`), and how many more times */
const failing = { refunds: 0, reservations: 0, releases: 0 };
let failure: ProxyDecision = 'fail';

let store: { close(): Promise<void> };

beforeAll(async () => {
  store = await startProxiedStore((body) => {
    const kind = quotaWriteKind(body);
    if (!kind || failing[kind] === 0) return 'pass';
    failing[kind]--;
    return failure;
  });
});

afterAll(() => store.close());

beforeEach(() => {
  failing.refunds = 0;
  failing.reservations = 0;
  failing.releases = 0;
  failure = 'fail';
});

/**
 * A metered endpoint whose handler fails on our side: one that reads only runs beside the quota write
 * (lib/http/middleware/meter.ts runsBesideQuota), one that writes a table runs after it; both refund alike.
 */
const failingEndpoint = (tables: EndpointDefinition['tables']) =>
  meteredTestEndpoint('/v1/failing', tables, () => {
    throw new Error('the handler broke');
  });
const succeedingEndpoint = meteredTestEndpoint('/v1/succeeding', { counters: 'readWrite' }, () => ({ answer: 'ok' }));

const modes = [
  ['beside the quota write', failingEndpoint({})],
  ['after the quota write', failingEndpoint({ counters: 'readWrite' })],
] as const;

type Handler = ReturnType<typeof failingEndpoint>;
const call = (handler: Handler, key: string) => callWithKey(handler, '/v1/failing', key);
const succeed = (key: string) => callWithKey(succeedingEndpoint, '/v1/succeeding', key);

describe.each(modes)('a handler that fails %s', (_, handler) => {
  test('retries a failed refund, gives the call back and only then says it was not counted', async () => {
    // Prepare: the store fails the first refund attempt (both of the SDK's tries)
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
    failing.refunds = 2;

    // Act
    const response = await call(handler, apiKey);

    // Assess
    expect(failing.refunds).toBe(0);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong on our side; the call was not counted.', code: 'internal_error' });
    expect(response.remaining).toBe(QUOTA);
    expect(await usedCalls(account)).toBe(0);
  });

  test('says the call may have been counted when every refund attempt fails, and it is counted', async () => {
    // Prepare
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
    failing.refunds = 100;

    // Act
    const response = await call(handler, apiKey);

    // Assess
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('internal_error');
    expect(response.body.error).toMatch(/may have been counted/);
    expect(response.body.error).not.toMatch(/not counted/);
    expect(response.remaining).toBe(QUOTA - 1);
    expect(await usedCalls(account)).toBe(1);
  });

  test('answers 503 service_unavailable, not claiming "not counted", when the reservation itself failed (its outcome unknown)', async () => {
    // Prepare
    const { apiKey } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
    failing.reservations = 100;

    // Act
    const response = await call(handler, apiKey);

    // Assess
    expect(response.status).toBe(503);
    expect(response.retryAfter).toBe('5');
    expect(response.body.code).toBe('service_unavailable');
    expect(response.body.error).toMatch(/may have been counted/);
  });
});

test('answers 503 service_unavailable and says the call was not counted when the store throttled its quota write (nothing was written)', async () => {
  // Prepare
  const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
  failing.reservations = 2;
  failure = 'throttle';

  // Act
  const response = await succeed(apiKey);

  // Assess
  expect(failing.reservations).toBe(0);
  expect(response.status).toBe(503);
  expect(response.retryAfter).toBe('5');
  expect(response.body).toEqual({ error: expect.stringMatching(/The call was not counted\.$/), code: 'service_unavailable' });
  expect(await usedCalls(account)).toBe(0);
});
