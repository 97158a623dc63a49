/**
 * The refund after a failed call, against the embedded store behind a proxy that can fail chosen writes
 * (as a store that dies or throttles does): the answer says "not counted" only when the quota was given back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { issueApiKey } from '../../lib/accounts/keys';
import { defineEndpoint } from '../../lib/http/definition';
import { endpoint } from '../../lib/http/endpoint';
import { billingPeriod } from '../../lib/http/plans';
import { resetDynamo } from '../../lib/store/dynamo';
import { monthUsage } from '../../lib/store/usage';
import { ensureTables, startEmbeddedStore, type EmbeddedStore } from '../../infra/local/store';
import { lambdaContext } from '../../infra/local/adapter';

const QUOTA = 50;
/** which DynamoDB writes the proxy fails, and how many more times */
const failing = { refunds: 0, reservations: 0 };

let store: EmbeddedStore;
let proxy: Server;
let dataDir: string;
const savedEndpoint = process.env.DYNAMODB_ENDPOINT;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dqs-refund-'));
  store = await startEmbeddedStore(dataDir, 0);
  await ensureTables(store.endpoint);
  // a proxy in front of the store: a refund adds :minus, a reservation checks :limit
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const kind = body.includes('":minus"') ? 'refunds' : body.includes('":limit"') ? 'reservations' : undefined;
      if (kind && failing[kind] > 0) {
        failing[kind]--;
        response.writeHead(500, { 'Content-Type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'injected failure' }));
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      const upstream = await fetch(`${store.endpoint}${request.url}`, { method: request.method, headers, body });
      response.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.0' });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  resetDynamo();
});

afterAll(async () => {
  resetDynamo();
  process.env.DYNAMODB_ENDPOINT = savedEndpoint;
  await new Promise<void>((resolve) => {
    proxy.closeAllConnections();
    proxy.close(() => resolve());
  });
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  failing.refunds = 0;
  failing.reservations = 0;
});

/** A metered endpoint whose handler fails after the quota was taken. */
const failingEndpoint = endpoint(
  defineEndpoint({
    path: '/v1/failing',
    method: 'GET',
    entry: 'test/integration/quotaRefund.test.ts',
    summary: 'fails on our side',
    cache: 'no-store',
    access: 'all',
    metering: 'quota',
    params: () => z.object({}),
    response: { json: () => z.object({}) },
  }),
  () => {
    throw new Error('the handler broke');
  },
);

async function call(key: string): Promise<{ status: number; body: { error: string; code: string }; remaining: number }> {
  const event = {
    version: '2.0',
    routeKey: 'GET /v1/failing',
    rawPath: '/v1/failing',
    rawQueryString: '',
    headers: { 'x-api-key': key },
    requestContext: { requestId: `refund-${Math.random()}`, http: { method: 'GET', path: '/v1/failing' } },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const result = (await failingEndpoint(event, lambdaContext('failing', 256, 10, 'refund'))) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode!, body: JSON.parse(result.body!), remaining: Number(result.headers!['RateLimit-Remaining']) };
}

async function usedCalls(account: { keyHash: string; createdOn: string }): Promise<number> {
  return (await monthUsage(account.keyHash, billingPeriod(account.createdOn, new Date()).start)).calls;
}

test('retries a failed refund, gives the call back and only then says it was not counted', async () => {
  // Prepare: the store fails the first refund attempt (both of the SDK's tries)
  const { apiKey, account } = await issueApiKey({ tier: 'free', period: 'month', quotaOverride: QUOTA });
  failing.refunds = 2;

  // Act
  const response = await call(apiKey);

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
  const response = await call(apiKey);

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
  const response = await call(apiKey);

  // Assess
  expect(response.status).toBe(500);
  expect(response.body.error).toMatch(/may have been counted/);
});
