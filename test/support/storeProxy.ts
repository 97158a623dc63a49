import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTables, startEmbeddedStore } from '../../infra/local/store';
import { resetDynamo } from '../../lib/store/dynamo';

/** What the proxy does with a DynamoDB request: pass it to the store, or answer 500 InternalServerError. */
export type ProxyDecision = 'pass' | 'fail';

export interface StoreProxy {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of the embedded store that lets a test fail or hold chosen DynamoDB requests (as a
 * store that dies, throttles or answers slowly does): `decide` sees each request's JSON body and may take
 * its time before answering.
 */
export async function startStoreProxy(storeEndpoint: string, decide: (body: string) => ProxyDecision | Promise<ProxyDecision>): Promise<StoreProxy> {
  const proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if ((await decide(body)) === 'fail') {
        response.writeHead(500, { 'Content-Type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'injected failure' }));
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      const upstream = await fetch(`${storeEndpoint}${request.url}`, { method: request.method, headers, body });
      response.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.0' });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** The kind of quota write a request body is: a reservation checks :limit, a refund adds :minus. */
export function quotaWriteKind(body: string): 'reservations' | 'refunds' | undefined {
  return body.includes('":minus"') ? 'refunds' : body.includes('":limit"') ? 'reservations' : undefined;
}

/**
 * A fresh embedded store behind a proxy (startStoreProxy), made this process's DynamoDB endpoint until
 * `close` puts the previous one back.
 */
export async function startProxiedStore(decide: (body: string) => ProxyDecision | Promise<ProxyDecision>): Promise<{ close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dqs-proxied-'));
  const store = await startEmbeddedStore(dataDir, 0);
  await ensureTables(store.endpoint);
  const proxy = await startStoreProxy(store.endpoint, decide);
  const savedEndpoint = process.env.DYNAMODB_ENDPOINT;
  process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
  resetDynamo();
  return {
    close: async () => {
      resetDynamo();
      process.env.DYNAMODB_ENDPOINT = savedEndpoint;
      await proxy.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
