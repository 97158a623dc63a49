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
import { HOLD_MARGIN, releaseCall, reserveCall } from '../../lib/store/usage';
import { callWithKey, meteredTestEndpoint, usageAttributes, usageHistory, usedCalls } from '../support/meteredEndpoint';
import { quotaWriteKind, startProxiedStore, type ProxyDecision } from '../support/storeProxy';

const QUOTA = 50;
/** which DynamoDB writes the proxy fails (or whose answers it cuts: `cut`), and how many more times */
const failing = { refunds: 0, reservations: 0, releases: 0, dayMoves: 0, dayRefunds: 0 };
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
  for (const kind of Object.keys(failing) as (keyof typeof failing)[]) failing[kind] = 0;
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

  test("takes the call out of its day's count once too, when the store applied that refund but its answer was lost", async () => {
    // Prepare: two calls counted; the answers to the next three refund writes are cut after the store applied them
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: quota });
    await succeed(apiKey);
    await call(failingEndpoint({ counters: 'readWrite' }), apiKey);
    failing.refunds = 3;
    failure = 'loseAnswer';

    // Act
    const response = await call(failingEndpoint({ counters: 'readWrite' }), apiKey);

    // Assess: the failed calls are in neither count, the valid one in both
    expect(failing.refunds).toBe(0);
    expect(response.status).toBe(500);
    expect(response.body.error).toMatch(/not counted/);
    expect(await usedCalls(account)).toBe(1);
    expect(Object.values(await usageHistory(account))).toEqual([{ '/v1/succeeding': 1 }]);
  });

  test("leaves only the quota count and the day's counts per API in the month item once the calls have ended", async () => {
    // Prepare
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: quota });

    // Act
    await succeed(apiKey);
    await succeed(apiKey);
    await call(failingEndpoint({}), apiKey);
    await call(meteredTestEndpoint('/v1/other', {}, () => ({})), apiKey);

    // Assess: no hold (h|...) or refund marker (r|...) is left behind
    expect(await usageAttributes(account)).toEqual(['/v1/failing', '/v1/other', '/v1/succeeding', 'account', 'calls', 'day', 'expires_at', 'period', 'v']);
    expect(await usedCalls(account)).toBe(3);
    expect(Object.values(await usageHistory(account))).toEqual([{ '/v1/succeeding': 2, '/v1/other': 1 }]);
  });
});

/** Counts a call of `api` on `day` for the account, as the pipeline does (lib/store/usage.ts reserveCall, then releaseCall). */
async function countCall(account: { keyHash: string; createdOn: string }, day: string, api: string, quota: number): Promise<void> {
  const periodStart = billingPeriod(account.createdOn, new Date()).start;
  const outcome = await reserveCall({ account: account.keyHash, periodStart, day, api }, quota, new Date(), { endsBy: Date.now() + 10_000, waitUntil: Date.now() });
  if (outcome.kind !== 'reserved') throw new Error(`the call of ${day} was not counted`);
  await releaseCall(outcome.reservation);
}

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const [YESTERDAY, TODAY, TOMORROW] = [utcDay(-1), utcDay(0), utcDay(1)];

describe.each([
  ['near the quota', QUOTA],
  ['far from the quota', HOLD_MARGIN * 10],
])("a refund for a call reserved %s, given after the next day's first call moved its day's counts", (_, quota) => {
  test("takes the call out of the quota and out of its day's item, once", async () => {
    // Prepare: while the call runs, the next day's first call moves its day's counts; the answer to the refund given in the day item is lost once
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: quota });
    const crossingMidnight = meteredTestEndpoint('/v1/failing', { counters: 'readWrite' }, async () => {
      await countCall(account, TOMORROW, '/v1/other', quota);
      throw new Error('the handler broke');
    });
    failing.dayRefunds = 1;
    failure = 'loseAnswer';

    // Act
    const response = await call(crossingMidnight, apiKey);

    // Assess
    expect(failing.dayRefunds).toBe(0);
    expect(response.status).toBe(500);
    expect(response.body.error).toMatch(/not counted/);
    expect(await usedCalls(account)).toBe(1);
    expect(await usageHistory(account)).toEqual({ [TOMORROW]: { '/v1/other': 1 } });
  });
});

describe("the day's usage (/v1/analytics), written after the quota", () => {
  test('never counts a call the quota refused', async () => {
    // Prepare
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 1 });

    // Act
    const accepted = await succeed(apiKey);
    const refused = await succeed(apiKey);

    // Assess
    expect([accepted.status, refused.status]).toEqual([200, 429]);
    expect(Object.values(await usageHistory(account))).toEqual([{ '/v1/succeeding': 1 }]);
  });

  test('adds up with the per-day counts that a month item written before day items existed holds (a month begun before the change)', async () => {
    // Prepare: the month item as the former layout left it: two calls of today and one of the day before, counted in it
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
    const today = new Date().toISOString().slice(0, 10);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { account: account.keyHash, period: billingPeriod(account.createdOn, new Date()).start },
        UpdateExpression: 'SET calls = :three, #today = :two, #before = :one',
        ExpressionAttributeNames: { '#today': `d|${today}|/v1/succeeding`, '#before': 'd|2020-01-01|/v1/other' },
        ExpressionAttributeValues: { ':three': 3, ':two': 2, ':one': 1 },
      }),
    );

    // Act
    const response = await succeed(apiKey);

    // Assess
    expect(response.remaining).toBe(QUOTA - 4);
    expect(await usedCalls(account)).toBe(4);
    expect(await usageHistory(account)).toEqual({ [today]: { '/v1/succeeding': 3 }, '2020-01-01': { '/v1/other': 1 } });
  });

  test("moves the day before's counts to that day's own item on a day's first call, and reads both days", async () => {
    // Prepare: a call counted yesterday
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
    await countCall(account, YESTERDAY, '/v1/other', QUOTA);

    // Act
    const response = await succeed(apiKey);

    // Assess: the month item holds today's counts only
    expect(response.remaining).toBe(QUOTA - 2);
    expect(await usageHistory(account)).toEqual({ [YESTERDAY]: { '/v1/other': 1 }, [TODAY]: { '/v1/succeeding': 1 } });
    expect(await usageAttributes(account)).toEqual(['/v1/succeeding', 'account', 'calls', 'day', 'expires_at', 'period', 'v']);
  });

  test("answers 503 and counts nothing when the move of the day before's counts fails; the next call moves them", async () => {
    // Prepare: the store fails the write of yesterday's counts to their item (both of the SDK's tries)
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
    await countCall(account, YESTERDAY, '/v1/other', QUOTA);
    failing.dayMoves = 2;

    // Act
    const failed = await succeed(apiKey);
    const next = await succeed(apiKey);

    // Assess
    expect(failing.dayMoves).toBe(0);
    expect([failed.status, failed.body.code, next.status]).toEqual([503, 'service_unavailable', 200]);
    expect(next.remaining).toBe(QUOTA - 2);
    expect(await usageHistory(account)).toEqual({ [YESTERDAY]: { '/v1/other': 1 }, [TODAY]: { '/v1/succeeding': 1 } });
  });

  test('leaves the day count alone when a refund of the quota fails: the call stays counted in both', async () => {
    // Prepare
    const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
    failing.refunds = 100;

    // Act
    const response = await call(failingEndpoint({}), apiKey);

    // Assess
    expect(response.body.error).toMatch(/may have been counted/);
    expect(await usedCalls(account)).toBe(1);
    expect(Object.values(await usageHistory(account))).toEqual([{ '/v1/failing': 1 }]);
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
