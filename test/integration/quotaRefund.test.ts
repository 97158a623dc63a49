/**
 * Refunds after a failed call, against the embedded store behind a proxy that can fail chosen writes or cut
 * their answers (as a store that dies, throttles or loses answers does): the answer says "not counted" only
 * when the quota was given back, a refund is applied at most once however often it is retried, and a call
 * that will fail does not make a valid call fail at the boundary while it holds its unit.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { issueApiKey } from '../../lib/accounts/keys';
import type { EndpointDefinition } from '../../lib/http/definition';
import { billingPeriod } from '../../lib/http/plans';
import { dynamo } from '../../lib/store/dynamo';
import { tableName } from '../../lib/store/tables';
import { HOLD_MARGIN } from '../../lib/store/usage';
import { callWithKey, meteredTestEndpoint, usageAttributes, usedCalls } from '../support/meteredEndpoint';
import { quotaWriteKind, startProxiedStore, type ProxyDecision } from '../support/storeProxy';

const QUOTA = 50;
/** which DynamoDB writes the proxy fails (or whose answers it cuts: `cut`), and how many more times */
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
 * A metered endpoint whose handler fails on our side (after `delayMs`): one that reads only runs beside the
 * quota write (lib/http/middleware/meter.ts runsBesideQuota), one that writes a table runs after it; both
 * refund alike.
 */
const failingEndpoint = (tables: EndpointDefinition['tables'], delayMs = 0) =>
  meteredTestEndpoint('/v1/failing', tables, async () => {
    await sleep(delayMs);
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

describe.each([
  ['near the quota (listed in the usage item while it runs)', QUOTA],
  ['far from the quota', HOLD_MARGIN * 10],
])('a refund for a call reserved %s', (_, quota) => {
  test('is applied once when the store applied it but its answer was lost, whatever the SDK and the pipeline retry', async () => {
    // Prepare: two calls counted; the answers to the next three refund writes are cut after the store applied them
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: quota });
    await succeed(apiKey);
    await succeed(apiKey);
    failing.refunds = 3;
    failure = 'loseAnswer';

    // Act
    const response = await call(failingEndpoint({ counters: 'readWrite' }), apiKey);

    // Assess: four refund attempts reached the store, one gave the call back
    expect(failing.refunds).toBe(0);
    expect(response.status).toBe(500);
    expect(response.body.error).toMatch(/not counted/);
    expect(await usedCalls(account)).toBe(2);
  });

  test('leaves only the counts in the usage item once the calls have ended', async () => {
    // Prepare
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: quota });

    // Act
    await succeed(apiKey);
    await call(failingEndpoint({}), apiKey);

    // Assess: no hold (h|...) or refund marker (r|...) is left behind
    const attributes = await usageAttributes(account);
    expect(attributes.filter((name) => /^[hr]\|/.test(name))).toEqual([]);
    expect(attributes).toEqual(expect.arrayContaining(['calls', 'expires_at']));
    expect(await usedCalls(account)).toBe(1);
  });
});

describe('at the boundary', () => {
  test('a valid call waits for a failing call that holds the last unit, and gets the unit it gives back', async () => {
    // Prepare: one unit, taken by a call whose handler fails after 600 ms
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 1 });
    const failed = call(failingEndpoint({ counters: 'readWrite' }, 600), apiKey);
    await sleep(200);

    // Act
    const valid = await succeed(apiKey);

    // Assess
    expect((await failed).status).toBe(500);
    expect(valid.status).toBe(200);
    expect(valid.remaining).toBe(0);
    expect(await usedCalls(account)).toBe(1);
  });

  test('answers 429 with Retry-After until the held call can end at the latest, not until the month ends, when it runs longer than the wait', async () => {
    // Prepare: the unit is held by a call that fails after 4.5 s (a refused call waits at most 3 s); its function's time is 10 s
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 1 });
    const heldSince = Date.now();
    const failed = call(failingEndpoint({ counters: 'readWrite' }, 4500), apiKey);
    await sleep(200);

    // Act
    const started = Date.now();
    const refused = await succeed(apiKey);
    const refusedAt = Date.now();
    await failed;
    const later = await succeed(apiKey);

    // Assess
    expect(refused.status).toBe(429);
    expect(refusedAt - started).toBeGreaterThanOrEqual(2500);
    expect(Math.abs(Number(refused.retryAfter) - Math.ceil((heldSince + 10_000 - refusedAt) / 1000))).toBeLessThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThan(billingPeriod(account.createdOn, new Date()).secondsToReset);
    expect(later.status).toBe(200);
  });

  test('does not wait for a listed call whose time is up (its function timed out): 429 until the month ends', async () => {
    // Prepare: the quota used up, and the usage item lists a call that ended by a minute ago without a word
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 1 });
    await succeed(apiKey);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { account: account.keyHash, period: billingPeriod(account.createdOn, new Date()).start },
        UpdateExpression: 'SET #hold = :until',
        ExpressionAttributeNames: { '#hold': 'h|timed-out-call' },
        ExpressionAttributeValues: { ':until': Date.now() - 60_000 },
      }),
    );

    // Act
    const started = Date.now();
    const refused = await succeed(apiKey);

    // Assess
    expect(refused.status).toBe(429);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(Number(refused.retryAfter)).toBe(billingPeriod(account.createdOn, new Date()).secondsToReset);
  });
});
