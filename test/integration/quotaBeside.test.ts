/**
 * A handler that only reads runs while the call's quota write is in flight (lib/http/middleware/meter.ts
 * runsBesideQuota): an accepted call waits for one store round trip instead of two. The quota decides as
 * before: a refused call answers 429 whatever its handler did, and changes nothing stored.
 */
import { moduleGraph } from '../../infra/bundling';
import { issueApiKey } from '../../lib/accounts/keys';
import { endpointList, endpoints } from '../../lib/api/registry';
import type { EndpointDefinition } from '../../lib/http/definition';
import { NoDataError } from '../../lib/http/errors';
import { runsBesideQuota } from '../../lib/http/middleware/meter';
import { callWithKey, meteredTestEndpoint, usedCalls } from '../support/meteredEndpoint';
import { quotaWriteKind, startProxiedStore } from '../support/storeProxy';

let store: { close(): Promise<void> };

/** While set, the proxy holds each reservation until the test lets it through. */
let holdReservations = false;
let held: (() => void)[] = [];
let reservationArrived: () => void = () => undefined;
const releaseReservations = () => {
  for (const release of held.splice(0)) release();
};

beforeAll(async () => {
  store = await startProxiedStore((body) => {
    if (!holdReservations || quotaWriteKind(body) !== 'reservations') return 'pass';
    reservationArrived();
    return new Promise((resolve) => held.push(() => resolve('pass')));
  });
});

afterAll(async () => {
  releaseReservations();
  await store.close();
});

afterEach(() => {
  holdReservations = false;
  releaseReservations();
});

const testEndpoint = (tables: EndpointDefinition['tables'], handle: () => unknown) => meteredTestEndpoint('/v1/beside', tables, handle);
const call = (handler: ReturnType<typeof testEndpoint>, key: string) => callWithKey(handler, '/v1/beside', key);

/**
 * A handler that waits (at most 2 s) until the store has received the call's reservation, notes whether that
 * write is still unanswered, then lets it through.
 */
function watchingHandler(seen: { writeInFlight?: boolean }) {
  const arrived = new Promise<void>((resolve) => {
    reservationArrived = resolve;
  });
  const giveUp = setTimeout(releaseReservations, 500);
  return async () => {
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 2000))]);
    seen.writeInFlight = held.length > 0;
    clearTimeout(giveUp);
    releaseReservations();
    return { answer: 'read' };
  };
}

test('runs a handler that only reads while the quota write is in flight, and answers once the write is done', async () => {
  // Prepare
  const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 10 });
  const seen: { writeInFlight?: boolean } = {};
  const handler = testEndpoint({ market: 'read' }, watchingHandler(seen));
  holdReservations = true;

  // Act
  const response = await call(handler, apiKey);

  // Assess
  expect(seen.writeInFlight).toBe(true);
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ answer: 'read' });
  expect(response.remaining).toBe(9);
  expect(await usedCalls(account)).toBe(1);
});

test('runs a handler that writes a table only after the quota write has answered', async () => {
  // Prepare
  const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 10 });
  const seen: { writeInFlight?: boolean } = {};
  const handler = testEndpoint({ counters: 'readWrite' }, watchingHandler(seen));
  holdReservations = true;

  // Act
  const response = await call(handler, apiKey);

  // Assess
  expect(seen.writeInFlight).toBe(false);
  expect(response.status).toBe(200);
  expect(await usedCalls(account)).toBe(1);
});

test.each([
  ['a HEAD', 'HEAD', {}],
  ['a conditional GET', 'GET', { 'if-none-match': '*' }],
])('runs the handler of %s to an endpoint that writes only once its call is counted, and counts it once', async (_, method, headers) => {
  // Prepare
  const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 10 });
  let countedBeforeHandler: number | undefined;
  const handler = testEndpoint({ counters: 'readWrite' }, async () => {
    countedBeforeHandler = await usedCalls(account);
    return { answer: 'written' };
  });

  // Act
  const response = await callWithKey(handler, '/v1/beside', apiKey, { method, headers });

  // Assess
  expect(countedBeforeHandler).toBe(1);
  expect(response.status).toBe(200);
  expect(response.remaining).toBe(9);
  expect(await usedCalls(account)).toBe(1);
});

test('answers 429 and drops the answer of a handler that ran beside the write when the quota is used up', async () => {
  // Prepare
  const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 1 });
  let runs = 0;
  const handler = testEndpoint({}, () => {
    runs += 1;
    return { answer: `answer ${runs}` };
  });
  await call(handler, apiKey);

  // Act
  const refused = await call(handler, apiKey);

  // Assess
  expect(runs).toBe(2);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: expect.stringContaining('quota'), code: 'quota_exceeded' });
  expect(refused.remaining).toBe(0);
  expect(await usedCalls(account)).toBe(1);
});

test('answers 429, not the handler error, when the quota is used up and the handler also failed', async () => {
  // Prepare
  const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 1 });
  const answering = testEndpoint({}, () => ({ answer: 'ok' }));
  const failing = testEndpoint({}, () => {
    throw new Error('the handler broke');
  });
  await call(answering, apiKey);

  // Act
  const refused = await call(failing, apiKey);

  // Assess
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('quota_exceeded');
  expect(await usedCalls(account)).toBe(1);
});

test('counts a call whose handler beside the write found no data, as a call after it would be', async () => {
  // Prepare
  const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: 10 });
  const handler = testEndpoint({}, () => {
    throw new NoDataError('Nothing stored for this query.');
  });

  // Act
  const response = await call(handler, apiKey);

  // Assess
  expect(response.status).toBe(404);
  expect(response.body).toEqual({ error: 'Nothing stored for this query.', code: 'no_data' });
  expect(response.remaining).toBe(9);
  expect(await usedCalls(account)).toBe(1);
});

describe('which endpoints run beside the quota write', () => {
  test('those that write nothing, reach nothing outside and take no upload; the others after it', () => {
    // Assess
    expect(runsBesideQuota(endpoints.jokes)).toBe(true);
    expect(runsBesideQuota(endpoints.interestRate)).toBe(true);
    expect(runsBesideQuota(endpoints.incomeStatement)).toBe(true);
    expect(runsBesideQuota(endpoints.counter)).toBe(false); // writes the counters table
    expect(runsBesideQuota(endpoints.stockPrice)).toBe(false); // reads the upstream on demand
    expect(runsBesideQuota(endpoints.webpage)).toBe(false); // fetches the page
    expect(runsBesideQuota(endpoints.validateEmail)).toBe(false); // looks up MX records
    expect(runsBesideQuota(endpoints.objectDetection)).toBe(false); // takes an upload
    expect(runsBesideQuota(endpoints.analytics)).toBe(false); // rate-limited, no quota
  });

  test('every endpoint whose handler bundles a network client says that it reaches the internet', async () => {
    // Prepare: the modules through which a handler reaches hosts outside (upstreams, DNS, web pages)
    const network = ['lib/sources/http.ts', 'lib/web/dns.ts', 'lib/web/fetchPage.ts'];
    const graph = await moduleGraph(Object.fromEntries(endpointList.map((e) => [e.name, e.entry])));
    // Act
    const reaching = endpointList.filter((e) => Object.keys(graph.outputs[`out/${e.name}.js`]!.inputs).some((input) => network.includes(input)));
    // Assess
    expect(reaching.length).toBeGreaterThan(0);
    expect(reaching.filter((e) => !e.reachesInternet).map((e) => e.name)).toEqual([]);
    expect(reaching.some((e) => runsBesideQuota(e))).toBe(false);
  }, 60_000);
});
