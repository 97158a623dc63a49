import './logging';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { issueApiKey } from '../../lib/accounts/keys';
import { hashApiKey } from '../../lib/accounts/apiKey';
import { corsHeaders, preflightHeaders } from '../../lib/http/cors';
import { HeadersTooLargeError, InternalError, MalformedRequestError, PayloadTooLargeError, RequestTimeoutError } from '../../lib/http/errors';
import { errorResponse } from '../../lib/http/response';
import { MAX_BODY_BYTES } from '../../lib/http/limits';
import { errorFacts } from '../../lib/http/observability';
import type { Period, Tier } from '../../lib/http/plans';
import { getAccount } from '../../lib/store/accounts';
import { useSampleWhenOffline } from '../../lib/airQuality/service';
import { resetDynamo } from '../../lib/store/dynamo';
import { buildReferenceData, REFERENCE_DATA_OUT } from '../reference-data/build';
import { endpointList, type ListedEndpoint } from '../../lib/api/registry';
import { setEndpointInvoker } from '../../lib/mcp/invoker';
import { methodsOf, pathsOf } from '../../lib/http/routes';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS } from '../../lib/http/definition';
import { lambdaContext, rawResponse, readBody, requestUrl, sendResult, toApiGatewayEvent } from './adapter';
import { ensureTables, startEmbeddedStore, type EmbeddedStore } from './store';
import { PROJECT_ROOT } from '../projectRoot';



export const DEMO_KEYS: Record<string, { tier: Tier; period: Period }> = {
  free: { tier: 'free', period: 'month' },
  developer: { tier: 'developer', period: 'month' },
  business: { tier: 'business', period: 'month' },
  professional: { tier: 'professional', period: 'month' },
  enterprise: { tier: 'enterprise', period: 'month' },
  developer_annual: { tier: 'developer', period: 'year' },
};

/**
 * The Open-Meteo answer /v1/airquality falls back on in local runs without internet (when
 * AIR_QUALITY_SAMPLE_FALLBACK=true): a payload in Open-Meteo's format whose values are not a recorded answer,
 * served flagged `"sample": true`. It lives with the test fixtures, so no deployed bundle can hold it.
 */
export const OFFLINE_AIR_QUALITY_SAMPLE = 'test/fixtures/openMeteo/air-quality-berlin.json';

export interface LocalServerOptions {
  port?: number;
  dataDir?: string;
  dynamoPort?: number;
  /** the address the embedded DynamoDB listens on (DYNAMODB_HOST), default 127.0.0.1 */
  dynamoHost?: string;
  /** the embedded store in memory instead of under dataDir (DYNAMODB_IN_MEMORY=true) */
  inMemoryStore?: boolean;
  /** the embedded store, already starting (npm start starts it while it loads the rest); else started here */
  store?: Promise<EmbeddedStore>;
  referenceDataDir?: string;
  host?: string;
  /** runs once the store, reference data and keys are ready and before the server listens (npm start: the seed) */
  beforeListen?: () => Promise<void>;
  /** the handler of a handler module; default: the module itself, in this process (tests: its deployed bundle) */
  loadHandler?: (entry: string) => Promise<Handler>;
}

export interface LocalServer {
  url: string;
  port: number;
  dynamoEndpoint: string;
  store: EmbeddedStore;
  demoKeys: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Requests Node's HTTP parser refuses before any handler runs (headers over 16 KB, a NUL or other invalid
 * byte in a header, a malformed request line, a request that never completes) get the CONTRACT JSON error
 * body too, instead of Node's empty answer.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const refusal =
    error.code === 'HPE_HEADER_OVERFLOW' ? new HeadersTooLargeError()
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? new RequestTimeoutError()
    : new MalformedRequestError();
  const response = errorResponse(refusal);
  Object.assign(response.headers, corsHeaders);
  socket.end(rawResponse(response));
}

/** The HTTP port is taken (found when listening; npm start checks its ports before it starts). */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Writes $DATA_DIR/demo-keys.json on first start (or when its keys are no longer in the store). */
async function ensureDemoKeys(dataDir: string): Promise<Record<string, string>> {
  const file = join(dataDir, 'demo-keys.json');
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const known = await Promise.all(Object.values(keys).map(async (key) => (await getAccount(hashApiKey(key))) !== undefined));
    if (Object.keys(DEMO_KEYS).every((name) => keys[name]) && known.every(Boolean)) return keys;
  }
  const keys: Record<string, string> = {};
  for (const [name, plan] of Object.entries(DEMO_KEYS)) keys[name] = (await issueApiKey(plan)).apiKey;
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/**
 * The local runtime: embedded DynamoDB, reference data, demo keys, and every registered endpoint served
 * through the API Gateway 2.0 adapter by the same handler modules Lambda runs.
 */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const dataDir = resolve(options.dataDir ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  const store: EmbeddedStore = await (options.store ?? startEmbeddedStore(dataDir, options.dynamoPort ?? 8000, { host: options.dynamoHost, inMemory: options.inMemoryStore }));
  process.env.DYNAMODB_ENDPOINT = store.endpoint;
  resetDynamo();
  await ensureTables(store.endpoint);

  const referenceDataDir = resolve(options.referenceDataDir ?? process.env.REFERENCE_DATA_DIR ?? join(PROJECT_ROOT, REFERENCE_DATA_OUT));
  process.env.REFERENCE_DATA_DIR = referenceDataDir;
  if (!existsSync(join(referenceDataDir, 'manifest.json'))) {
    const report = await buildReferenceData(referenceDataDir);
    for (const warning of report.warnings) console.warn(`reference data: ${warning}`);
  }
  const demoKeys = await ensureDemoKeys(dataDir);
  useSampleWhenOffline(JSON.parse(readFileSync(join(PROJECT_ROOT, OFFLINE_AIR_QUALITY_SAMPLE), 'utf8')));
  await options.beforeListen?.();

  const routes = new Map(endpointList.flatMap((e) => pathsOf(e).flatMap((path) => methodsOf(e.method).map((method) => [`${method} ${path}`, e] as const))));
  const fallback = endpointList.find((e) => e.path === '$default')!;
  const handlers = new Map<string, Promise<Handler>>();
  const handlerOf = (entry: string) => {
    if (!handlers.has(entry)) {
      handlers.set(entry, options.loadHandler?.(entry) ?? import(join(PROJECT_ROOT, entry)).then((m: { handler: Handler }) => m.handler));
    }
    return handlers.get(entry)!;
  };
  /** An endpoint's handler on an event, with the Lambda context of its function (time limit, memory). */
  const run = async (route: ListedEndpoint, event: APIGatewayProxyEventV2) => {
    const context = lambdaContext(`dqs-${route.name}`, route.memoryMb ?? DEFAULT_MEMORY_MB, route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, event.requestContext.requestId);
    return (await handlerOf(route.entry))(event, context);
  };
  // /mcp runs its tools' endpoints here too, as the HTTP routes do
  setEndpointInvoker(run);

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = requestUrl(req.url);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, preflightHeaders).end();
      return;
    }
    // a GET route also answers HEAD (the pipeline sends the headers without the body), as the stack's HEAD routes do
    const route = routes.get(`${req.method} ${url.pathname}`) ?? fallback;
    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body) {
      // the rest of the body is drained (readBody), so the client can finish sending and read the 413
      sendResult(res, errorResponse(new PayloadTooLargeError()));
      return;
    }
    const routeKey = route === fallback ? '$default' : `${req.method} ${url.pathname}`;
    sendResult(res, await run(route, toApiGatewayEvent(req, url, routeKey, body)));
  };

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error(`local server: handler failed ${JSON.stringify(errorFacts(error))}`);
      if (!res.headersSent) sendResult(res, errorResponse(new InternalError()));
    });
  });
  server.on('clientError', answerClientError);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${options.host ?? '127.0.0.1'}:${options.port ?? 3000}`;
      fail(error.code === 'EADDRINUSE' ? new PortInUseError(`port ${where} is in use (set PORT to a free port)`) : error);
    });
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', done);
  }).catch(async (error: unknown) => {
    resetDynamo();
    await store.close();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dynamoEndpoint: store.endpoint,
    store,
    demoKeys,
    close: async () => {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      resetDynamo();
      await store.close();
    },
  };
}
