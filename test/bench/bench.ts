/**
 * `npm run bench`: the DESIGN budgets, measured against floors measured in the same run (DESIGN "Budgets").
 * Absolute times on a shared machine drift from run to run, so every figure is printed beside its floor and
 * as a ratio to it; figures are medians, and floor and subject runs are interleaved.
 *
 * 1. Functions: bundle size and cold init (fresh process: import + first valid call) of every function,
 *    each run right after a run of the floor: a minimal handler bundled the same way that imports the
 *    DynamoDB document client and sends one UpdateItem (floorHandler.ts). Production settings: NODE_OPTIONS
 *    as deployed (none), Powertools logs at INFO and metrics on. For keyed functions also against a second
 *    reference, printed for scale: the floor plus the account read of a cold keyed call (keyedFloorHandler.ts).
 * 2. Source maps: cold init with NODE_OPTIONS=--enable-source-maps against without, for the floor and the
 *    largest bundles.
 * 3. Warm handler overhead: each handler in-process, 1,000 calls against the embedded store; the time the
 *    handler adds over its time in the SDK's send (warm.ts).
 * 4. Local server: GET /v1/jokeoftheday at 50 connections, beside its floor (the embedded store alone: 50
 *    concurrent UpdateItems through the SDK, no HTTP; storeFloor.ts) and the machine's ceiling (a bare
 *    node:http server answering the same bytes; ceiling.ts), for the on-disk store (npm start) and the
 *    in-memory one (DYNAMODB_IN_MEMORY=true).
 * 5. Object detection: decode and inference medians, end to end over HTTP, cold start.
 *
 * Settings: BENCH_COLD_RUNS (7), BENCH_LOAD_ROUNDS (3), BENCH_LOAD_SECONDS (5), BENCH_WARM_CALLS (1000),
 * BENCH_DETECTION_RUNS (20), BENCH_ONLY (comma-separated function names for sections 1–3),
 * BENCH_SECTIONS (comma-separated: functions, sourcemaps, warm, server, detection; default all),
 * BENCH_PROFILE (cold starts to CPU-profile for each function over its cold-init budget, and for the floor;
 * 0 by default: section 1 then says where their time goes, by origin, against the floor; cpuProfile.ts),
 * BENCH_PORT / BENCH_DYNAMODB_PORT (first ports to use; default random).
 */
import '../../infra/local/logging';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVpicLayer } from '../../layers/vpic/build';
import { buildDocsLayer } from '../../layers/docs/build';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { LAMBDA_BUNDLE } from '../../infra/bundling';
import { REFERENCE_DATA_OUT } from '../../infra/reference-data/build';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { hashApiKey } from '../../lib/accounts/apiKey';
import { issueApiKey } from '../../lib/accounts/keys';
import { endpointList } from '../../lib/api/registry';
import type { EndpointDefinition } from '../../lib/http/definition';
import { resetDynamo } from '../../lib/store/dynamo';
import { prepareImage, toDetectedObjects } from '../../lib/vision/detect';
import { modelPath, modelSession, runModel } from '../../lib/vision/model';
import { largestDifferences, meanByOrigin, selfTimeByOrigin, sourceMapLocator, type CpuProfile } from './cpuProfile';
import type { WarmResult, WarmSpec } from './warm';

const BUDGET = { coldInit: 1.2, bundle: 1.0, serverRate: 0.9, serverP99: 1.2, inferenceMs: 150 };
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const WARM_CALLS = Number(process.env.BENCH_WARM_CALLS ?? 1000);
const DETECTION_RUNS = Number(process.env.BENCH_DETECTION_RUNS ?? 20);
const CONNECTIONS = 50;
const PROFILE_RUNS = Number(process.env.BENCH_PROFILE ?? 0);
/** origins listed per profiled function */
const PROFILE_ORIGINS = 8;
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'functions,sourcemaps,warm,server,detection').split(','));
const IMAGES_DIR = join(PROJECT_ROOT, '../shared/images');
const BENCH_DIR = join(PROJECT_ROOT, 'test/bench');
let nextPort = Number(process.env.BENCH_PORT ?? 30_000 + Math.floor(Math.random() * 10_000));
let nextDynamoPort = Number(process.env.BENCH_DYNAMODB_PORT ?? nextPort + 100);

/** A valid query per endpoint, answered from the seeded store and reference data: no upstream is reached. */
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
  // market and filing data: the server seeds its empty store from the recordings first; the windows lie
  // inside what the recordings hold (a window beyond them is read from the upstream on demand)
  cryptoPrice: 'symbol=BTCUSDT',
  cryptoPriceHistorical: 'symbol=BTCUSDT&interval=1h&start=1795089600&end=1795172400',
  stockPrice: 'ticker=AAPL',
  stockPriceHistorical: 'ticker=AAPL&period=1d&start=1598967000&end=1604500000', // the AAPL recording: 2020-08-31 to 2020-11-07
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

// ---- helpers ----

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ratio = (value: number, floor: number) => value / floor;
const mark = (value: number, budget: number, higherIsBetter = false) => ((higherIsBetter ? value >= budget : value <= budget) ? ' ' : '!');
const fixed = (value: number, digits: number, width: number) => value.toFixed(digits).padStart(width);
const run = promisify(execFile);
const onnxVersion = () => (createRequire(import.meta.url)('onnxruntime-node/package.json') as { version: string }).version;

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const workDir = join(PROJECT_ROOT, 'node_modules/.cache/dqs-bench');
const dataDirs: string[] = [];
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });

/** Bundles a handler exactly as the CDK does (infra/bundling.ts), source map beside it; returns the file. */
async function bundle(entry: string, name: string): Promise<string> {
  const outfile = join(workDir, `${name}.mjs`);
  await build({
    entryPoints: [join(PROJECT_ROOT, entry)],
    outfile,
    logLevel: 'error',
    ...LAMBDA_BUNDLE,
  });
  return outfile;
}

interface LocalServer {
  url: string;
  dynamoEndpoint: string;
  keys: Record<string, string>;
  stop: () => Promise<void>;
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** The local server in its own process, as `npm start` runs it (env adds e.g. DYNAMODB_IN_MEMORY). */
async function startServer(env: NodeJS.ProcessEnv = {}): Promise<LocalServer> {
  const port = nextPort++;
  const dynamoPort = nextDynamoPort++;
  const dataDir = mkdtempSync(join(tmpdir(), 'dqs-bench-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), DYNAMODB_PORT: String(dynamoPort), DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', INGEST_SCHEDULE: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (await fetch(`${url}/openapi.json`).then((r) => r.ok, () => false)) break;
    if (attempt > 1200 || child.exitCode !== null) throw new Error(`the local server on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const keys = JSON.parse(readFileSync(join(dataDir, 'demo-keys.json'), 'utf8')) as Record<string, string>;
  return { url, dynamoEndpoint: `http://127.0.0.1:${dynamoPort}`, keys, stop: () => stopChild(child) };
}

/** A JSON request body per endpoint that takes one (/mcp: the tool list, which every MCP client asks for first). */
const SAMPLE_BODY: Record<string, unknown> = {
  mcp: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
};

function sampleEvent(path: string, method: string, query: string, apiKey: string, keyIn: EndpointDefinition['keyIn'] = 'header', body?: unknown) {
  const rawQuery = keyIn === 'query' ? [query, `api_key=${apiKey}`].filter(Boolean).join('&') : query;
  const params = Object.fromEntries(new URLSearchParams(rawQuery));
  const json = body === undefined ? {} : { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: rawQuery,
    headers: { ...(keyIn === 'query' ? {} : { 'x-api-key': apiKey }), ...json },
    queryStringParameters: Object.keys(params).length ? params : undefined,
    requestContext: { requestId: 'bench', domainName: 'localhost', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' } },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    isBase64Encoded: false,
  };
}

/** An endpoint's sample call (SAMPLE_QUERY, SAMPLE_BODY) with `key`. */
function sampleEventOf(entry: (typeof endpointList)[number], key: string) {
  const path = entry.path === '$default' ? '/v1/missing' : entry.path;
  return sampleEvent(path, entry.method === 'ANY' ? 'GET' : entry.method, SAMPLE_QUERY[entry.name] ?? '', key, entry.keyIn, SAMPLE_BODY[entry.name]);
}

interface ColdRun {
  importMs: number;
  totalMs: number;
  cpuMs: number;
  status: number;
  upstreamCalls: number;
}

/**
 * One cold start in a fresh process; `nodeOptions` is NODE_OPTIONS as the function would run with,
 * `nodeFlags` flags NODE_OPTIONS does not take (--cpu-prof).
 */
async function coldStart(bundleFile: string, eventFile: string, env: NodeJS.ProcessEnv, nodeOptions = '', nodeFlags: string[] = []): Promise<ColdRun> {
  const { stdout } = await run(process.execPath, [...nodeFlags, join(BENCH_DIR, 'coldStart.mjs'), bundleFile, eventFile], {
    env: { ...env, NODE_OPTIONS: nodeOptions },
    cwd: workDir,
    maxBuffer: 64 * 1024 * 1024,
  });
  // the function's own log and metric lines come first
  const line = stdout.trim().split('\n').reverse().find((l) => l.startsWith('{"importMs"'));
  if (!line) throw new Error(`no result from the cold start of ${bundleFile}: ${stdout.slice(-500)}`);
  return JSON.parse(line) as ColdRun;
}

/** A multipart/form-data body with `image` in the file field image. */
function imageForm(image: Buffer, filename: string): { body: Buffer; contentType: string } {
  const boundary = 'bench-boundary-1b2c3d';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---- the run ----

const server = await startServer();
const endpoints = endpointList.filter((e) => !ONLY || ONLY.includes(e.name));
const eventFileOf = new Map<string, string>();
const bundleOf = new Map<string, string>();
const summary: string[] = [];
try {
  /** production settings: INFO log lines and EMF metrics on (lib/http/observability.ts defaults), no source maps */
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    DYNAMODB_ENDPOINT: server.dynamoEndpoint,
    REFERENCE_DATA_DIR: join(PROJECT_ROOT, REFERENCE_DATA_OUT),
    VPIC_DB_PATH: await buildVpicLayer(), // as the vpic layer provides it
    DOCS_ASSETS_DIR: buildDocsLayer(), // as the docs layer provides it
    MODEL_PATH: modelPath(),
  };
  const floorBundle = await bundle('test/bench/floorHandler.ts', 'floor');
  const floorEvent = join(workDir, 'floor-event.json');
  writeFileSync(floorEvent, JSON.stringify(sampleEvent('/floor', 'GET', '', '')));
  const floorKb = statSync(floorBundle).size / 1024;
  // the keyed floor reads the enterprise demo account, as the keyed functions' sample calls do
  const keyedFloorBundle = await bundle('test/bench/keyedFloorHandler.ts', 'keyedFloor');
  const keyedFloorEnv = { ...childEnv, BENCH_KEY_HASH: hashApiKey(server.keys.enterprise!) };
  for (const entry of endpoints) {
    bundleOf.set(entry.name, await bundle(entry.entry, entry.name));
    const eventFile = join(workDir, `${entry.name}-event.json`);
    writeFileSync(eventFile, JSON.stringify(sampleEventOf(entry, entry.keyIn === 'query' ? server.keys.professional! : server.keys.enterprise!)));
    eventFileOf.set(entry.name, eventFile);
  }
  // object detection's first call carries a photo
  if (bundleOf.has('objectDetection')) {
    const dog = imageForm(readFileSync(join(IMAGES_DIR, 'dog.jpg')), 'dog.jpg');
    writeFileSync(
      eventFileOf.get('objectDetection')!,
      JSON.stringify({
        ...sampleEvent('/v1/objectdetection', 'POST', '', server.keys.enterprise!),
        headers: { 'x-api-key': server.keys.enterprise!, 'content-type': dog.contentType },
        body: dog.body.toString('base64'),
        isBase64Encoded: true,
      }),
    );
  }

  /**
   * The event file of a function's sample call. A rate-limited endpoint (RATE_LIMIT_PER_MINUTE calls a minute
   * per key) gets a new key each time, so every cold start measures the accepted call.
   */
  const acceptedCallEvent = async (entry: (typeof endpoints)[number]) => {
    const eventFile = eventFileOf.get(entry.name)!;
    if (entry.metering === 'rateLimit') writeFileSync(eventFile, JSON.stringify(sampleEventOf(entry, (await tenantKeysOf(server, 1))[0]!)));
    return eventFile;
  };
  /** the functions over their cold-init budget (profiled when BENCH_PROFILE is set) */
  const coldOver: typeof endpoints = [];
  if (SECTIONS.has('functions')) {
    console.log(
      `Functions against the cold-start floor (minimal handler + DynamoDB document client + one UpdateItem, bundled the same way: ${floorKb.toFixed(1)} KB).\n` +
        `Bundle: esbuild, minified, AWS SDK bundled. Cold init: fresh process, import + first call (wall time); median of ${COLD_RUNS} runs, each right\n` +
        `after a floor run; floor ms = median of those floor runs. CPU: the same runs' process CPU time (user + system), steadier than wall time\n` +
        `on a busy machine. Budgets: bundle ≤ ${BUDGET.bundle} × floor, cold init ≤ ${BUDGET.coldInit} × floor ("!" marks a miss). own KB: bundle − floor\n` +
        'bundle, the code a function adds to the floor (every bundle contains the floor). upstream: fetch calls.\n' +
        '× keyed: cold init against a second reference, not a budget, run in the same rounds: the floor plus the account GetItem a new\n' +
        "container reads before its quota write (keyedFloorHandler.ts), i.e. the least a keyed endpoint's first call does; '-' for public ones.",
    );
    console.log('function                      bundle KB  ×floor   own KB   import ms  cold init ms   floor ms  ×floor   CPU ms  floor CPU  ×floor  × keyed  upstream  status');
    const allFloor: number[] = [];
    const allKeyed: number[] = [];
    const bundlesOver: string[] = [];
    for (const entry of endpoints) {
      const subject: ColdRun[] = [];
      const floor: ColdRun[] = [];
      const keyedFloor: ColdRun[] = [];
      const keyed = entry.access !== 'public';
      for (let i = 0; i < COLD_RUNS; i += 1) {
        const eventFile = await acceptedCallEvent(entry);
        floor.push(await coldStart(floorBundle, floorEvent, childEnv));
        if (keyed) keyedFloor.push(await coldStart(keyedFloorBundle, floorEvent, keyedFloorEnv));
        subject.push(await coldStart(bundleOf.get(entry.name)!, eventFile, childEnv));
      }
      allFloor.push(...floor.map((r) => r.totalMs));
      allKeyed.push(...keyedFloor.map((r) => r.totalMs));
      const sizeKb = statSync(bundleOf.get(entry.name)!).size / 1024;
      const cold = median(subject.map((r) => r.totalMs));
      const floorMs = median(floor.map((r) => r.totalMs));
      const sizeRatio = ratio(sizeKb, floorKb);
      const coldRatio = ratio(cold, floorMs);
      const keyedRatio = keyed ? fixed(ratio(cold, median(keyedFloor.map((r) => r.totalMs))), 2, 7) : '      -';
      const cpu = median(subject.map((r) => r.cpuMs));
      const floorCpu = median(floor.map((r) => r.cpuMs));
      const upstream = Math.max(...subject.map((r) => r.upstreamCalls));
      console.log(
        `${entry.name.padEnd(28)} ${fixed(sizeKb, 1, 10)} ${fixed(sizeRatio, 2, 6)}${mark(sizeRatio, BUDGET.bundle)} ${fixed(sizeKb - floorKb, 1, 8)} ${fixed(median(subject.map((r) => r.importMs)), 1, 10)} ` +
          `${fixed(cold, 1, 13)} ${fixed(floorMs, 1, 10)} ${fixed(coldRatio, 2, 6)}${mark(coldRatio, BUDGET.coldInit)} ${fixed(cpu, 1, 8)} ${fixed(floorCpu, 1, 10)} ${fixed(cpu / floorCpu, 2, 6)}${mark(cpu / floorCpu, BUDGET.coldInit)} ${keyedRatio} ` +
          `${String(upstream).padStart(8)}  ${[...new Set(subject.map((r) => r.status))].join(',')}`,
      );
      if (coldRatio > BUDGET.coldInit) {
        coldOver.push(entry);
        summary.push(`${entry.name}: cold init ${coldRatio.toFixed(2)} × floor (${cold.toFixed(0)} / ${floorMs.toFixed(0)} ms; CPU ${(cpu / floorCpu).toFixed(2)} ×)`);
      }
      if (sizeRatio > BUDGET.bundle) bundlesOver.push(`${entry.name} ${sizeRatio.toFixed(2)} (+${(sizeKb - floorKb).toFixed(0)} KB)`);
      const statuses = new Set(subject.map((r) => r.status));
      if (statuses.size > 1) summary.push(`${entry.name}: its runs answered ${[...statuses].join(', ')}: not every run measured the same call`);
      if (upstream > 0) summary.push(`${entry.name}: its sample call reached for an upstream (${upstream} fetch calls): the figure includes network time`);
    }
    if (bundlesOver.length) summary.push(`bundle over ${BUDGET.bundle} × floor (${floorKb.toFixed(0)} KB; every bundle contains the floor, + its own code), ${bundlesOver.length} functions: ${bundlesOver.join(', ')}`);
    console.log(`floor (all ${allFloor.length} runs): median ${median(allFloor).toFixed(1)} ms, min ${Math.min(...allFloor).toFixed(1)} ms, max ${Math.max(...allFloor).toFixed(1)} ms`);
    if (allKeyed.length) {
      console.log(`keyed floor (all ${allKeyed.length} runs): median ${median(allKeyed).toFixed(1)} ms (${(median(allKeyed) / median(allFloor)).toFixed(2)} × floor), min ${Math.min(...allKeyed).toFixed(1)} ms, max ${Math.max(...allKeyed).toFixed(1)} ms`);
    }
  }

  if (SECTIONS.has('functions') && PROFILE_RUNS > 0 && coldOver.length) {
    console.log(
      `\nWhere the cold init goes (BENCH_PROFILE=${PROFILE_RUNS}): the functions over budget and the floor, each profiled in ${PROFILE_RUNS} more cold\n` +
        'starts (--cpu-prof, 100 µs samples; profiling slows a run). CPU self time in ms by origin, mean per run, bundle frames traced to\n' +
        'their npm package or project folder through the source map; the origins where the function spends the most over the floor.',
    );
    const profiled = async (file: string, eventFile: string, env: NodeJS.ProcessEnv) => {
      const runs: Map<string, number>[] = [];
      for (let i = 0; i < PROFILE_RUNS; i += 1) {
        const dir = mkdtempSync(join(workDir, 'profile-'));
        await coldStart(file, eventFile, env, '', ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=100']);
        const profile = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8')) as CpuProfile;
        runs.push(selfTimeByOrigin(profile, pathToFileURL(file).href, sourceMapLocator(file, PROJECT_ROOT)));
        rmSync(dir, { recursive: true, force: true });
      }
      return meanByOrigin(runs);
    };
    const total = (byOrigin: Map<string, number>) => [...byOrigin.values()].reduce((a, b) => a + b, 0);
    const floorProfile = await profiled(floorBundle, floorEvent, childEnv);
    for (const entry of coldOver) {
      const own = await profiled(bundleOf.get(entry.name)!, await acceptedCallEvent(entry), childEnv);
      console.log(`${entry.name}: ${total(own).toFixed(1)} ms of CPU sampled (floor ${total(floorProfile).toFixed(1)} ms)`);
      for (const [origin, ms, floorMs] of largestDifferences(own, floorProfile, PROFILE_ORIGINS)) {
        const more = ms - floorMs;
        console.log(`  ${`${more >= 0 ? '+' : ''}${more.toFixed(1)}`.padStart(7)}  ${origin} (${ms.toFixed(1)} against ${floorMs.toFixed(1)})`);
      }
    }
  }

  if (SECTIONS.has('sourcemaps')) {
    console.log(`\nSource maps: cold init with NODE_OPTIONS=--enable-source-maps against without (median of ${COLD_RUNS} pairs, alternating)`);
    console.log('function                      map KB    without ms    with ms   with/without');
    const largest = [...bundleOf.keys()].sort((a, b) => statSync(bundleOf.get(b)!).size - statSync(bundleOf.get(a)!).size)[0];
    const picked = [...new Set(['jokeOfTheDay', largest].filter((n): n is string => n !== undefined && bundleOf.has(n)))];
    for (const [name, file, eventFile] of [['floor', floorBundle, floorEvent], ...picked.map((n) => [n, bundleOf.get(n)!, eventFileOf.get(n)!])] as [string, string, string][]) {
      const without: number[] = [];
      const withMaps: number[] = [];
      for (let i = 0; i < COLD_RUNS; i += 1) {
        without.push((await coldStart(file, eventFile, childEnv)).totalMs);
        withMaps.push((await coldStart(file, eventFile, childEnv, '--enable-source-maps')).totalMs);
      }
      const a = median(without);
      const b = median(withMaps);
      console.log(`${name.padEnd(28)} ${fixed(statSync(`${file}.map`).size / 1024, 0, 7)} ${fixed(a, 1, 13)} ${fixed(b, 1, 10)} ${fixed(b / a, 2, 14)}`);
    }
  }

  if (SECTIONS.has('warm')) {
    const specs: WarmSpec[] = endpoints
      .filter((e) => e.name !== 'objectDetection') // its call is inference: see "Object detection" below
      .map((e) => ({
        name: e.name,
        entry: e.entry,
        event: sampleEventOf(e, 'API_KEY') as WarmSpec['event'],
        keyed: e.access !== 'public',
        rateLimited: e.metering === 'rateLimit',
      }));
    const specFile = join(workDir, 'warm-specs.json');
    const resultFile = join(workDir, 'warm-results.json');
    writeFileSync(specFile, JSON.stringify({ specs, calls: WARM_CALLS, warmup: 20 }));
    const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'warm.ts'), specFile, resultFile], {
      cwd: PROJECT_ROOT,
      env: { ...childEnv, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.resume(); // the logs and EMF metrics, as Lambda would ship them
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    if (code !== 0) throw new Error(`warm bench exited with ${code}`);
    const results = JSON.parse(readFileSync(resultFile, 'utf8')) as Record<string, WarmResult>;
    console.log(
      `\nWarm handler overhead: in-process, warm, ${WARM_CALLS} calls each against the embedded store (production log and metric settings).\n` +
        'own ms = handler time minus time in the SDK send (measured on the client), p50/p99; handler and send p50 for scale.',
    );
    console.log('function                      own p50   own p99   handler p50   send p50   sends/call   statuses');
    for (const [name, r] of Object.entries(results)) {
      console.log(
        `${name.padEnd(28)} ${fixed(r.p50, 2, 8)} ${fixed(r.p99, 2, 9)} ${fixed(r.handlerP50, 2, 13)} ${fixed(r.sendP50, 2, 10)} ${fixed(r.sendsPerCall, 1, 12)}   ` +
          Object.entries(r.statuses).map(([status, n]) => `${status}×${n}`).join(' '),
      );
    }
  }

  if (SECTIONS.has('server')) {
    const modes: [string, LocalServer, boolean][] = [['on-disk store (npm start)', server, false]];
    try {
      modes.push(['in-memory store (DYNAMODB_IN_MEMORY=true)', await startServer({ DYNAMODB_IN_MEMORY: 'true' }), true]);
      await benchServers(modes);
    } finally {
      for (const [, s, own] of modes) if (own) await s.stop();
    }
  }

  if (SECTIONS.has('detection') && bundleOf.has('objectDetection')) await benchDetection();

  console.log(`\nOver budget: ${summary.length ? `\n  ${summary.join('\n  ')}` : 'nothing'}`);
} finally {
  await server.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

// ---- local server ----

interface LoadFigures {
  rate: number;
  p50: number;
  p99: number;
  failures: number;
  total: number;
}

async function autocannonRound(url: string, seconds: number, keyFor: (connection: number) => string): Promise<LoadFigures> {
  let connection = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) => client.setHeaders({ 'x-api-key': keyFor(connection++) }),
  });
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.non2xx + result.errors, total: result.requests.total };
}

async function storeFloorRound(dynamoEndpoint: string, seconds: number, keys: 'one' | 'many'): Promise<LoadFigures> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'storeFloor.ts'), String(seconds), String(CONNECTIONS), keys], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DYNAMODB_ENDPOINT: dynamoEndpoint, NODE_OPTIONS: '' },
  });
  const r = JSON.parse(stdout.trim().split('\n').pop()!) as { requests: number; rate: number; p50: number; p99: number };
  return { ...r, failures: 0, total: r.requests };
}

async function startCeiling(response: Response): Promise<{ url: string; stop: () => Promise<void> }> {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)),
  );
  const file = join(workDir, 'ceiling-response.json');
  writeFileSync(file, JSON.stringify({ status: response.status, headers, body: await response.text() }));
  const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'ceiling.ts'), file], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((done) => child.stdout!.once('data', (line: Buffer) => done((JSON.parse(line.toString()) as { port: number }).port)));
  return { url: `http://127.0.0.1:${port}/v1/jokeoftheday`, stop: () => stopChild(child) };
}

async function benchServers(modes: [string, LocalServer, boolean][]): Promise<void> {
  console.log(
    `\nLocal server: GET /v1/jokeoftheday, ${CONNECTIONS} connections, ${LOAD_ROUNDS} rounds of ${LOAD_SECONDS} s (medians of the rounds), each round\n` +
      `interleaved with its floor (the same store alone: ${CONNECTIONS} concurrent quota UpdateItems through the SDK, no HTTP) and the ceiling (bare\n` +
      `node:http answering the same bytes). Budgets: rate ≥ ${BUDGET.serverRate} × floor, p99 ≤ ${BUDGET.serverP99} × floor.`,
  );
  const first = modes[0]![1];
  const ceiling = await startCeiling(await fetch(`${first.url}/v1/jokeoftheday`, { headers: { 'x-api-key': first.keys.enterprise! } }));
  try {
    for (const [mode, s] of modes) {
      const tenantKeys = await tenantKeysOf(s);
      const scenarios: [string, 'one' | 'many', (i: number) => string][] = [
        ['one key (every call updates the same usage item)', 'one', () => s.keys.enterprise!],
        [`${CONNECTIONS} keys, one per connection`, 'many', (i) => tenantKeys[i % tenantKeys.length]!],
      ];
      console.log(`${mode}:`);
      for (const [label, keys, keyFor] of scenarios) {
        const url = `${s.url}/v1/jokeoftheday`;
        await storeFloorRound(s.dynamoEndpoint, 2, keys); // warm-ups
        await autocannonRound(url, 2, keyFor);
        await autocannonRound(ceiling.url, 1, keyFor);
        const rounds = { floor: [] as LoadFigures[], server: [] as LoadFigures[], ceiling: [] as LoadFigures[] };
        for (let i = 0; i < LOAD_ROUNDS; i += 1) {
          rounds.floor.push(await storeFloorRound(s.dynamoEndpoint, LOAD_SECONDS, keys));
          rounds.server.push(await autocannonRound(url, LOAD_SECONDS, keyFor));
          rounds.ceiling.push(await autocannonRound(ceiling.url, LOAD_SECONDS, keyFor));
        }
        const m = (list: LoadFigures[], field: 'rate' | 'p50' | 'p99') => median(list.map((r) => r[field]));
        const rateRatio = m(rounds.server, 'rate') / m(rounds.floor, 'rate');
        const p99Ratio = m(rounds.server, 'p99') / m(rounds.floor, 'p99');
        const failures = rounds.server.reduce((n, r) => n + r.failures, 0);
        const total = rounds.server.reduce((n, r) => n + r.total, 0);
        console.log(`  ${label}:`);
        console.log('                      req/s    p50 ms   p99 ms');
        for (const [what, list] of [['server', rounds.server], ['floor (store)', rounds.floor], ['ceiling (http)', rounds.ceiling]] as const) {
          console.log(`    ${what.padEnd(15)} ${fixed(m(list, 'rate'), 0, 8)} ${fixed(m(list, 'p50'), 1, 9)} ${fixed(m(list, 'p99'), 1, 8)}`);
        }
        console.log(
          `    server/floor: rate ${rateRatio.toFixed(2)}${mark(rateRatio, BUDGET.serverRate, true)} (≥ ${BUDGET.serverRate}), p99 ${p99Ratio.toFixed(2)}${mark(p99Ratio, BUDGET.serverP99)} (≤ ${BUDGET.serverP99}); ` +
            `non-2xx or errors: ${failures} of ${total}`,
        );
        if (rateRatio < BUDGET.serverRate) summary.push(`local server (${mode}, ${keys} key${keys === 'one' ? '' : 's'}): rate ${rateRatio.toFixed(2)} × floor`);
        if (p99Ratio > BUDGET.serverP99) summary.push(`local server (${mode}, ${keys} key${keys === 'one' ? '' : 's'}): p99 ${p99Ratio.toFixed(2)} × floor`);
      }
    }
  } finally {
    await ceiling.stop();
  }
}

/** `count` (CONNECTIONS) enterprise keys in a server's store (what the key CLI does, against its DynamoDB). */
async function tenantKeysOf(s: LocalServer, count = CONNECTIONS): Promise<string[]> {
  process.env.DYNAMODB_ENDPOINT = s.dynamoEndpoint;
  resetDynamo();
  return Promise.all(Array.from({ length: count }, async () => (await issueApiKey({ tier: 'enterprise', period: 'month' })).apiKey));
}

// ---- object detection ----

async function benchDetection(): Promise<void> {
  console.log(`\nObject detection (YOLOX-Nano, 416 × 416, onnxruntime-node ${onnxVersion()}; medians of ${DETECTION_RUNS} warm runs in this process, end to end over HTTP through the local server)`);
  const photos = readdirSync(IMAGES_DIR).filter((name) => /\.(jpe?g|png)$/i.test(name));
  const largest = photos.reduce((a, b) => (statSync(join(IMAGES_DIR, a)).size >= statSync(join(IMAGES_DIR, b)).size ? a : b));
  await modelSession();
  console.log(`photo                       size        decode ms   inference ms  (budget ${BUDGET.inferenceMs})   end to end ms   objects`);
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
      `${`${name} (${Math.round(image.length / 1024)} KB)`.padEnd(27)} ${`${width}×${height}`.padEnd(10)} ${fixed(median(decode), 1, 9)}   ` +
        `${fixed(inferenceMs, 1, 12)}  ratio ${(inferenceMs / BUDGET.inferenceMs).toFixed(2)}   ${fixed(median(endToEnd), 1, 13)}   ${String(objects).padStart(7)}`,
    );
  }
  const colds: ColdRun[] = [];
  const env = { PATH: process.env.PATH, DYNAMODB_ENDPOINT: server.dynamoEndpoint, MODEL_PATH: modelPath(), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
  for (let i = 0; i < COLD_RUNS; i += 1) colds.push(await coldStart(bundleOf.get('objectDetection')!, eventFileOf.get('objectDetection')!, env));
  console.log(
    `cold start (median of ${COLD_RUNS}: import + first call on dog.jpg, incl. native modules + session): ${median(colds.map((c) => c.totalMs)).toFixed(0)} ms ` +
      `(import ${median(colds.map((c) => c.importMs)).toFixed(0)} ms; status ${colds[0]!.status})`,
  );
}
