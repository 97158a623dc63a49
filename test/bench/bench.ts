/**
 * `npm run bench`: the DESIGN budgets, measured. Prints per function the minified bundle size and the
 * median cold init (fresh process: import + first call), then the local server's throughput and latency on
 * /v1/jokeoftheday at 50 concurrent connections. Figures are medians; the machine is shared, so compare
 * ratios against the budgets rather than absolute numbers between runs.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVpicLayer } from '../../layers/vpic/build';
import { buildDocsLayer } from '../../layers/docs/build';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { LAMBDA_BUNDLE } from '../../infra/bundling';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { endpointList } from '../../lib/api/registry';
import { issueApiKey } from '../../lib/accounts/keys';
import { prepareImage, toDetectedObjects } from '../../lib/vision/detect';
import { modelPath, modelSession, runModel } from '../../lib/vision/model';

const BUDGET = { bundleKb: 250, coldInitMs: 60, requestsPerSecond: 2000, p99Ms: 20, inferenceMs: 150 };
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const DETECTION_RUNS = Number(process.env.BENCH_DETECTION_RUNS ?? 20);
const IMAGES_DIR = join(PROJECT_ROOT, '../shared/images');

/** A valid query per endpoint, so the first call exercises the whole pipeline. */
const SAMPLE_QUERY: Record<string, string> = {
  counter: 'id=bench&hit=true',
  jokes: 'limit=3',
  profanityFilter: 'text=what%20the%20sh1t',
  barcodeGenerate: 'text=036000291452',
  horoscope: 'zodiac=leo',
  publicHolidays: 'country=US',
  isPublicHoliday: 'country=DE&date=2025-10-03',
  bankHolidays: 'country=GB',
  isBankHoliday: 'country=GB&date=2025-08-25',
  incomeTax: 'country=US&year=2025',
  incomeTaxCalculator: 'country=US&region=NY&income=85000&filing_status=single',
  propertyTax: 'zip=02139',
  phoneLookup: 'number=%2B442079460018',
  vinLookup: 'vin=1HGCM82633A004352',
  validateEmail: 'email=not-an-address', // syntax only: no DNS from the bench
  webpage: 'url=http%3A%2F%2F127.0.0.1%2F', // refused before any fetch
  aircraft: 'manufacturer=boeing&limit=10',
  airlines: 'name=air',
  airports: 'country=US&min_elevation=5000',
  airQuality: 'lat=400', // validation only: no upstream from the bench
  // market and filing data: the server seeds its empty store from the recordings first
  cryptoPrice: 'symbol=BTCUSDT',
  cryptoPriceHistorical: 'symbol=BTCUSDT&interval=1h&start=1795089600&end=1795176000',
  stockPrice: 'ticker=AAPL',
  stockPriceHistorical: 'ticker=AAPL&period=1d&start=1754870400&end=1755302400',
  stockPriceList: 'limit=100',
  mutualFund: 'ticker=VFIAX',
  oilPrice: 'type=brent',
  oilSpot: 'type=wti&unit=gallon',
  oilPriceHistorical: 'type=wti&period=1d&start=1788220800&end=1795176000',
  commodityPrice: 'name=gold',
  commodityPriceHistorical: 'name=gold&period=1h&start=1795089600&end=1795176000',
  commodityContract: 'symbol_root=GC',
  interestRate: 'rate=central_bank_us',
  interestRateHistorical: 'rate=sofr&start_date=2025-06-01',
  liborHistorical: 'type=3_months&start_time=1577836800',
  incomeStatement: 'ticker=TSLA&period=q4&year=2021',
  incomeStatementAvailability: 'ticker=SNOW',
  executiveCompensation: 'ticker=CBT',
};

const onnxVersion = () => (createRequire(import.meta.url)('onnxruntime-node/package.json') as { version: string }).version;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const run = promisify(execFile);
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const workDir = join(PROJECT_ROOT, 'node_modules/.cache/dqs-bench');
const dataDir = mkdtempSync(join(tmpdir(), 'dqs-bench-'));
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });

/** The local server in its own process, as `npm start` runs it. */
async function startServer(): Promise<{ url: string; dynamoPort: number; keys: Record<string, string>; stop: () => void }> {
  const port = 30_000 + Math.floor(Math.random() * 10_000);
  const dynamoPort = port + 1;
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), DYNAMODB_PORT: String(dynamoPort), DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', INGEST_SCHEDULE: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const ready = await fetch(`${url}/openapi.json`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const keys = JSON.parse(readFileSync(join(dataDir, 'demo-keys.json'), 'utf8')) as Record<string, string>;
  return { url, dynamoPort, keys, stop: () => child.kill('SIGTERM') };
}

const CHILD = `
const [bundle, eventJson] = process.argv.slice(2);
const started = performance.now();
const { handler } = await import(bundle);
const imported = performance.now();
const response = await handler(JSON.parse(eventJson), { functionName: 'bench', awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 });
const done = performance.now();
console.log(JSON.stringify({ importMs: imported - started, totalMs: done - started, status: response.statusCode }));
`;

/** Object detection cold start: the event (with its multipart body) comes from a file; prints when answered. */
const DETECTION_CHILD = `
import { readFileSync } from 'node:fs';
const [bundle, eventFile] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const started = performance.now();
const { handler } = await import(bundle);
const imported = performance.now();
const response = await handler(event, { functionName: 'bench', awsRequestId: 'bench', getRemainingTimeInMillis: () => 20000 });
const done = performance.now();
console.log(JSON.stringify({ importMs: imported - started, handlerMs: done - imported, status: response.statusCode, objects: JSON.parse(response.body).length }));
`;

/** A multipart/form-data body with `image` in the file field image. */
function imageForm(image: Buffer, filename: string): { body: Buffer; contentType: string } {
  const boundary = 'bench-boundary-1b2c3d';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Spawns a process that loads the bundle and answers one event; ms from spawn to the answer line on stdout. */
function spawnToFirstResponse(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ ms: number; result: Record<string, number> }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line && output.includes('\n')) {
        const ms = performance.now() - started;
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        done({ ms, result: JSON.parse(line) });
      }
    });
    child.once('error', fail);
    child.once('exit', (code) => (code ? fail(new Error(`detection child exited with ${code}`)) : undefined));
  });
}

function sampleEvent(path: string, method: string, query: string, apiKey: string) {
  const params = Object.fromEntries(new URLSearchParams(query));
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: query,
    headers: { 'x-api-key': apiKey },
    queryStringParameters: Object.keys(params).length ? params : undefined,
    requestContext: { requestId: 'bench', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' } },
    isBase64Encoded: false,
  };
}

const server = await startServer();
try {
  writeFileSync(join(workDir, 'cold.mjs'), CHILD);
  const childEnv = {
    ...process.env,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${server.dynamoPort}`,
    REFERENCE_DATA_DIR: join(PROJECT_ROOT, 'layers/reference-data/build/reference-data'),
    VPIC_DB_PATH: await buildVpicLayer(), // as the vpic layer provides it
    DOCS_ASSETS_DIR: buildDocsLayer(), // as the docs layer provides it
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
  };
  console.log(`Functions (bundle: esbuild, minified, AWS SDK bundled; cold init: median of ${COLD_RUNS} fresh processes, import + first call)`);
  console.log('function          bundle KB  (budget 250)   import ms   cold init ms  (budget 60)   first status');
  for (const entry of endpointList) {
    const outfile = join(workDir, `${entry.name}.mjs`);
    await build({
      entryPoints: [join(PROJECT_ROOT, entry.entry)],
      outfile,
      logLevel: 'error',
      ...LAMBDA_BUNDLE,
    });
    const sizeKb = statSync(outfile).size / 1024;
    const path = entry.path === '$default' ? '/v1/missing' : entry.path;
    const key = entry.keyIn === 'query' ? server.keys.professional! : server.keys.enterprise!;
    const query = entry.keyIn === 'query' ? `api_key=${key}` : (SAMPLE_QUERY[entry.name] ?? '');
    const event = JSON.stringify(sampleEvent(path, entry.method === 'ANY' ? 'GET' : entry.method, query, key));
    const runs: { importMs: number; totalMs: number; status: number }[] = [];
    for (let i = 0; i < COLD_RUNS; i += 1) {
      const { stdout } = await run(process.execPath, [join(workDir, 'cold.mjs'), outfile, event], { env: childEnv, cwd: workDir });
      runs.push(JSON.parse(stdout.trim().split('\n').pop()!));
    }
    const cold = median(runs.map((r) => r.totalMs));
    console.log(
      `${entry.name.padEnd(17)} ${sizeKb.toFixed(1).padStart(9)}  ${sizeKb <= BUDGET.bundleKb ? 'ok  ' : 'OVER'}          ` +
        `${median(runs.map((r) => r.importMs)).toFixed(1).padStart(8)}   ${cold.toFixed(1).padStart(11)}  ${cold <= BUDGET.coldInitMs ? 'ok  ' : 'OVER'}          ${runs[0]!.status}`,
    );
  }

  console.log(`\nLocal server: GET /v1/jokeoftheday, 50 connections, ${LOAD_ROUNDS} rounds of ${LOAD_SECONDS} s (medians of the rounds)`);
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${server.dynamoPort}`;
  const tenantKeys = await Promise.all(Array.from({ length: 50 }, async () => (await issueApiKey({ tier: 'enterprise', period: 'month' })).apiKey));
  const scenarios: [string, (i: number) => string][] = [
    ['one key (every call updates the same usage item)', () => server.keys.enterprise!],
    ['50 keys, one per connection', (i) => tenantKeys[i % tenantKeys.length]!],
  ];
  for (const [label, keyFor] of scenarios) {
    const load = (duration: number) => {
      let connection = 0;
      return autocannon({
        url: `${server.url}/v1/jokeoftheday`,
        connections: 50,
        duration,
        setupClient: (client) => client.setHeaders({ 'x-api-key': keyFor(connection++) }),
      });
    };
    await load(2); // warm-up
    const rounds = [];
    for (let i = 0; i < LOAD_ROUNDS; i += 1) rounds.push(await load(LOAD_SECONDS));
    const rps = median(rounds.map((r) => r.requests.average));
    const p50 = median(rounds.map((r) => r.latency.p50));
    const p99 = median(rounds.map((r) => r.latency.p99));
    const failures = rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    console.log(`${label}:`);
    console.log(`  throughput ${rps.toFixed(0)} req/s (budget ≥ ${BUDGET.requestsPerSecond}: ratio ${(rps / BUDGET.requestsPerSecond).toFixed(2)})`);
    console.log(`  latency    p50 ${p50} ms, p99 ${p99} ms (budget p99 ≤ ${BUDGET.p99Ms} ms: ratio ${(p99 / BUDGET.p99Ms).toFixed(2)})`);
    console.log(`  non-2xx or errors: ${failures} of ${rounds.reduce((sum, r) => sum + r.requests.total, 0)} requests`);
  }

  console.log(`\nObject detection (YOLOX-Nano, 416 × 416, onnxruntime-node ${onnxVersion()}; medians of ${DETECTION_RUNS} warm runs in this process, end to end over HTTP through the local server)`);
  const photos = readdirSync(IMAGES_DIR).filter((name) => /\.(jpe?g|png)$/i.test(name));
  const largest = photos.reduce((a, b) => (statSync(join(IMAGES_DIR, a)).size >= statSync(join(IMAGES_DIR, b)).size ? a : b));
  await modelSession();
  console.log('photo                       size        decode ms   inference ms  (budget 150)   end to end ms   objects');
  for (const name of [...new Set(['dog.jpg', largest])]) {
    const image = readFileSync(join(IMAGES_DIR, name));
    const form = imageForm(image, name);
    const decode: number[] = [];
    const inference: number[] = [];
    const endToEnd: number[] = [];
    let objects = 0;
    let width = 0;
    let height = 0;
    for (let i = 0; i < DETECTION_RUNS + 2; i += 1) {
      const t0 = performance.now();
      const input = await prepareImage(image);
      const t1 = performance.now();
      const output = await runModel(input.tensor);
      const t2 = performance.now();
      objects = toDetectedObjects(output, input).length;
      ({ width, height } = input);
      const t3 = performance.now();
      const response = await fetch(`${server.url}/v1/objectdetection`, {
        method: 'POST',
        headers: { 'x-api-key': server.keys.enterprise!, 'content-type': form.contentType },
        body: form.body,
      });
      await response.arrayBuffer();
      const t4 = performance.now();
      if (response.status !== 200) throw new Error(`object detection answered ${response.status}`);
      if (i < 2) continue; // warm-up
      decode.push(t1 - t0);
      inference.push(t2 - t1);
      endToEnd.push(t4 - t3);
    }
    const inferenceMs = median(inference);
    console.log(
      `${`${name} (${Math.round(image.length / 1024)} KB)`.padEnd(27)} ${`${width}×${height}`.padEnd(10)} ${median(decode).toFixed(1).padStart(9)}   ` +
        `${inferenceMs.toFixed(1).padStart(12)}  ratio ${(inferenceMs / BUDGET.inferenceMs).toFixed(2)}   ${median(endToEnd).toFixed(1).padStart(13)}   ${String(objects).padStart(7)}`,
    );
  }

  const bundle = join(workDir, 'objectDetection.mjs');
  const dog = imageForm(readFileSync(join(IMAGES_DIR, 'dog.jpg')), 'dog.jpg');
  const eventFile = join(workDir, 'objectDetection-event.json');
  writeFileSync(
    eventFile,
    JSON.stringify({
      ...sampleEvent('/v1/objectdetection', 'POST', '', server.keys.enterprise!),
      headers: { 'x-api-key': server.keys.enterprise!, 'content-type': dog.contentType },
      body: dog.body.toString('base64'),
      isBase64Encoded: true,
    }),
  );
  writeFileSync(join(workDir, 'cold-detection.mjs'), DETECTION_CHILD);
  const detectionEnv = { ...childEnv, MODEL_PATH: modelPath() };
  const colds: { ms: number; result: Record<string, number> }[] = [];
  for (let i = 0; i < COLD_RUNS; i += 1) colds.push(await spawnToFirstResponse([join(workDir, 'cold-detection.mjs'), bundle, eventFile], detectionEnv, workDir));
  console.log(
    `cold start (median of ${COLD_RUNS}: process spawn → first response on dog.jpg): ${median(colds.map((c) => c.ms)).toFixed(0)} ms ` +
      `(import ${median(colds.map((c) => c.result.importMs!)).toFixed(0)} ms, first call incl. native modules + session ${median(colds.map((c) => c.result.handlerMs!)).toFixed(0)} ms; ` +
      `status ${colds[0]!.result.status}, ${colds[0]!.result.objects} objects)`,
  );
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
