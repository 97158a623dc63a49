import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTables, startEmbeddedStore } from '../../infra/local/store';
import { resetDynamo } from '../../lib/store/dynamo';

/**
 * What the proxy does with a DynamoDB request: pass it to the store; answer without passing it, 500
 * InternalServerError (`fail`: the client cannot know whether it was applied) or 400 throttling (`throttle`:
 * nothing was applied); pass it and then cut the connection before the answer (`loseAnswer`: the store
 * applied it, the client does not know); or never answer (`hang`: the client's timeout ends it).
 */
export type ProxyDecision = 'pass' | 'fail' | 'throttle' | 'loseAnswer' | 'hang';

export interface StoreProxy {
  endpoint: string;
  /** stops listening and drops its connections: the store's address refuses connections (ECONNREFUSED) */
  refuseConnections(): Promise<void>;
  /** listens again on the same port */
  acceptConnections(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of the embedded store that lets a test fail, hold or cut chosen DynamoDB requests
 * (as a store that dies, throttles, hangs or loses answers does): `decide` sees each request's JSON body and
 * may take its time before answering.
 */
export async function startStoreProxy(storeEndpoint: string, decide: (body: string) => ProxyDecision | Promise<ProxyDecision>): Promise<StoreProxy> {
  const proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const decision = await decide(body);
      if (decision === 'hang') return;
      if (decision === 'fail' || decision === 'throttle') {
        const [status, type] = decision === 'fail' ? [500, 'InternalServerError'] : [400, 'ProvisionedThroughputExceededException'];
        response.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message: 'injected failure' }));
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      const upstream = await fetch(`${storeEndpoint}${request.url}`, { method: request.method, headers, body });
      const answer = Buffer.from(await upstream.arrayBuffer());
      if (decision === 'loseAnswer') {
        request.socket.destroy();
        return;
      }
      response.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.0' });
      response.end(answer);
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      proxy.closeAllConnections();
      proxy.close(() => resolve());
    });
  await listen(0);
  const { port } = proxy.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    refuseConnections: stop,
    acceptConnections: () => listen(port),
    close: () => (proxy.listening ? stop() : Promise.resolve()),
  };
}

/**
 * The kind of quota write a request body is (lib/store/usage.ts): a reservation checks :limit, a refund adds
 * :minus, a release removes a hold; on a day item (`period` = `<month>|<day>`) the move of a day's counts to it
 * or a refund given there.
 */
export function quotaWriteKind(body: string): 'reservations' | 'refunds' | 'releases' | 'dayMoves' | 'dayRefunds' | undefined {
  const period = /"period":\{"S":"([^"]*)"/.exec(body)?.[1] ?? '';
  const ofDay = /^\d{4}-\d\d-\d\d\|/.test(period);
  if (body.includes('":minus"')) return ofDay ? 'dayRefunds' : 'refunds';
  if (body.includes('":limit"')) return 'reservations';
  if (ofDay) return 'dayMoves';
  return body.includes('REMOVE #hold') ? 'releases' : undefined;
}

/**
 * Points this process's DynamoDB client (the handlers' and the local server's) at a proxy in front of
 * `storeEndpoint` until `close` puts the previous endpoint back.
 */
export async function proxyStore(storeEndpoint: string, decide: (body: string) => ProxyDecision | Promise<ProxyDecision>): Promise<StoreProxy> {
  const proxy = await startStoreProxy(storeEndpoint, decide);
  const savedEndpoint = process.env.DYNAMODB_ENDPOINT;
  process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
  resetDynamo();
  return {
    ...proxy,
    close: async () => {
      resetDynamo();
      process.env.DYNAMODB_ENDPOINT = savedEndpoint;
      await proxy.close();
    },
  };
}

/** A fresh embedded store behind a proxy (proxyStore), made this process's DynamoDB endpoint until `close`. */
export async function startProxiedStore(decide: (body: string) => ProxyDecision | Promise<ProxyDecision>): Promise<StoreProxy> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dqs-proxied-'));
  const store = await startEmbeddedStore(dataDir, 0);
  await ensureTables(store.endpoint);
  const proxy = await proxyStore(store.endpoint, decide);
  return {
    ...proxy,
    close: async () => {
      await proxy.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
