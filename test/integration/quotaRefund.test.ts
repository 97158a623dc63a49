/**
 * The refund after a failed call, against the embedded store behind a proxy that can fail chosen writes
 * (as a store that dies or throttles does): the answer says "not counted" only when the quota was given back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { issueApiKey } from '../../lib/accounts/keys';
import { defineEndpoint, type EndpointDefinition } from '../../lib/http/definition';
import { endpoint } from '../../lib/http/endpoint';
import { billingPeriod } from '../../lib/http/plans';
import { resetDynamo } from '../../lib/store/dynamo';
import { monthUsage } from '../../lib/store/usage';
import { ensureTables, startEmbeddedStore, type EmbeddedStore } from '../../infra/local/store';
import { lambdaContext } from '../../infra/local/adapter';
import { quotaWriteKind, startStoreProxy, type StoreProxy } from '../support/storeProxy';

const QUOTA = 50;
/** which DynamoDB writes the proxy fails, and how many more times */
const failing = { refunds: 0, reservations: 0 };

let store: EmbeddedStore;
let proxy: StoreProxy;
let dataDir: string;
const savedEndpoint = process.env.DYNAMODB_ENDPOINT;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dqs-refund-'));
  store = await startEmbeddedStore(dataDir, 0);
  await ensureTables(store.endpoint);
  proxy = await startStoreProxy(store.endpoint, (body) => {
    const kind = quotaWriteKind(body);
    if (!kind || failing[kind] === 0) return 'pass';
    failing[kind]--;
    return 'fail';
  });
  process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
  resetDynamo();
});

afterAll(async () => {
  resetDynamo();
  process.env.DYNAMODB_ENDPOINT = savedEndpoint;
  await proxy.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  failing.refunds = 0;
  failing.reservations = 0;
});

/**
 * A metered endpoint whose handler fails on our side: one that reads only runs beside the quota write
 * (lib/http/middleware/meter.ts runsBesideQuota), one that writes a table runs after it; both refund alike.
 */
const failingEndpoint = (tables: EndpointDefinition['tables']) =>
  endpoint(
    defineEndpoint({
      path: '/v1/failing',
      method: 'GET',
      entry: 'test/integration/quotaRefund.test.ts',
      summary: 'fails on our side',
      cache: 'no-store',
      access: 'all',
      metering: 'quota',
      tables,
      params: () => z.object({}),
      response: { json: () => z.object({}) },
    }),
    () => {
      throw new Error('the handler broke');
    },
  );

const modes = [
  ['beside the quota write', failingEndpoint({})],
  ['after the quota write', failingEndpoint({ counters: 'readWrite' })],
] as const;

async function call(handler: (typeof modes)[number][1], key: string): Promise<{ status: number; body: { error: string; code: string }; remaining: number }> {
  const event = {
    version: '2.0',
    routeKey: 'GET /v1/failing',
    rawPath: '/v1/failing',
    rawQueryString: '',
    headers: { 'x-api-key': key },
    requestContext: { requestId: `refund-${Math.random()}`, http: { method: 'GET', path: '/v1/failing' } },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const result = (await handler(event, lambdaContext('failing', 256, 10, 'refund'))) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode!, body: JSON.parse(result.body!), remaining: Number(result.headers!['RateLimit-Remaining']) };
}

async function usedCalls(account: { keyHash: string; createdOn: string }): Promise<number> {
  return (await monthUsage(account.keyHash, billingPeriod(account.createdOn, new Date()).start)).calls;
}

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

  test('does not claim "not counted" when the reservation itself failed (its outcome unknown)', async () => {
    // Prepare
    const { apiKey } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
    failing.reservations = 100;

    // Act
    const response = await call(handler, apiKey);

    // Assess
    expect(response.status).toBe(500);
    expect(response.body.error).toMatch(/may have been counted/);
  });
});
