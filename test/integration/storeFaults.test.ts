/**
 * Our own store failing under a running local server, over HTTP: refusing connections or not answering (the
 * DynamoDB client's timeouts), while the key is checked or the quota written, and losing the answer to a
 * refund it applied. The server's handlers reach the store through a proxy (test/support/storeProxy.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeWebsite } from '../support/fakeWebsite';
import { proxyStore, quotaWriteKind, type ProxyDecision, type StoreProxy } from '../support/storeProxy';
import { json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let proxy: StoreProxy;
/** what the proxy does with the next quota writes of each kind, and how many more times */
const faults: Partial<Record<'reservations' | 'refunds', { decision: ProxyDecision; times: number }>> = {};
/** an allowed local port where nothing listens: /v1/webpage answers 502 there (a refunded call) */
let closedPort: number;
const savedAllowed = process.env.WEBPAGE_ALLOWED_TEST_HOSTS;

beforeAll(async () => {
  const closed = await startFakeWebsite({});
  closedPort = closed.port;
  await closed.close();
  process.env.WEBPAGE_ALLOWED_TEST_HOSTS = `127.0.0.1:${closedPort}`;
  server = await startTestServer();
  proxy = await proxyStore(server.dynamoEndpoint, (body) => {
    const kind = quotaWriteKind(body);
    const fault = kind === 'reservations' || kind === 'refunds' ? faults[kind] : undefined;
    if (!fault || fault.times === 0) return 'pass';
    fault.times--;
    return fault.decision;
  });
});

afterEach(() => {
  delete faults.reservations;
  delete faults.refunds;
});

afterAll(async () => {
  await proxy.close();
  await server.close();
  if (savedAllowed === undefined) delete process.env.WEBPAGE_ALLOWED_TEST_HOSTS;
  else process.env.WEBPAGE_ALLOWED_TEST_HOSTS = savedAllowed;
});

const remaining = (response: Response) => Number(response.headers.get('ratelimit-remaining'));
const counterValue = async (key: string, id: string) => {
  const response = await server.call(`/v1/counter?id=${id}`, { key });
  return { value: (await json(response)).value as number, remaining: remaining(response) };
};

describe('the store cannot be reached', () => {
  test('answers 503 service_unavailable with Retry-After while it refuses connections, also while checking the key, and counts nothing', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    await proxy.refuseConnections();

    // Act
    let response: Response;
    try {
      response = await server.call('/v1/counter?id=outage&hit=true', { key });
    } finally {
      await proxy.acceptConnections();
    }
    const after = await counterValue(key, 'outage');

    // Assess: the call was neither counted nor performed
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await json(response)).toEqual({ error: expect.stringMatching(/try again in 5 s\. The call was not counted\.$/), code: 'service_unavailable' });
    expect(after).toEqual({ value: 0, remaining: 9_999 });
  });

  test('answers 503 once a quota write has had no answer within the client\'s timeouts, and the handler never runs', async () => {
    // Prepare: the key check passes, the quota write hangs (the proxy never forwards it)
    const key = await server.newKey({ tier: 'free', period: 'month' });
    faults.reservations = { decision: 'hang', times: 2 };

    // Act
    const started = Date.now();
    const response = await server.call('/v1/counter?id=hung&hit=true', { key });
    const took = Date.now() - started;
    const after = await counterValue(key, 'hung');

    // Assess: the write's outcome was unknown to the service, so it does not claim "not counted"; it was not
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const body = await json(response);
    expect(body.code).toBe('service_unavailable');
    expect(body.error).toMatch(/may have been counted/);
    expect(took).toBeGreaterThanOrEqual(2 * 2000);
    expect(after).toEqual({ value: 0, remaining: 9_999 });
  });

  test('answers again as soon as the store is back', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    await proxy.refuseConnections();
    const during = await server.call('/v1/jokeoftheday', { key });
    await proxy.acceptConnections();
    await sleep(50);

    // Act
    const back = await server.call('/v1/jokeoftheday', { key });

    // Assess
    expect([during.status, back.status]).toEqual([503, 200]);
    expect(remaining(back)).toBe(9_999);
  });
});

describe.each([
  ['near the quota', 50],
  ['far from the quota', undefined],
])('a refund for a call reserved %s, whose answers the store loses', (_, quotaOverride) => {
  test('is applied once: the failed call is not counted, and no other call is given back', async () => {
    // Prepare: two calls counted, then a page fetch that fails (502, refunded) while the answers to three refund writes are cut
    const key = await server.newKey({ tier: 'free', period: 'month', quotaOverride });
    const quota = quotaOverride ?? 10_000;
    await server.call('/v1/airlines?iata=BA', { key });
    await server.call('/v1/airlines?iata=BA', { key });
    faults.refunds = { decision: 'loseAnswer', times: 3 };

    // Act
    const failed = await server.call(`/v1/webpage?url=${encodeURIComponent(`http://127.0.0.1:${closedPort}/`)}`, { key });
    const next = await server.call('/v1/airlines?iata=BA', { key });

    // Assess
    expect(faults.refunds?.times).toBe(0);
    expect(failed.status).toBe(502);
    expect(remaining(failed)).toBe(quota - 2);
    expect(remaining(next)).toBe(quota - 3);
  });
});
