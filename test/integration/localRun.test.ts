/**
 * `npm start` (infra/local/main.ts) as a new user and an operator run it, in its own process: busy ports,
 * a first start without the datasets, recordings or model (as a clone without ../shared), a restart, and a
 * start cut off by Ctrl-C during the first seed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { ingestionJobs } from '../../lib/api/registry';

const SAMPLE_JOBS = ingestionJobs.filter((job) => job.sample).length;
/** jobs whose recordings are real payloads from the datasets directory (SEC files, BIS's Swiss policy rate) */
const DATASET_JOBS = ['stockTickers', 'fundTickers', 'fundProfiles', 'filingCompanies', 'filingFacts', 'filingProxies', 'rateBis'];

const root = mkdtempSync(join(tmpdir(), 'dqs-local-run-'));
const empty = join(root, 'empty');
const referenceData = join(root, 'reference-data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run {
  child: ChildProcess;
  output: () => string;
  /** resolves with the output once it matches (rejects when the process ends first) */
  waitFor: (pattern: RegExp) => Promise<string>;
  exited: Promise<number | null>;
}

/** `npm start` with the datasets directory and the models directory pointing at an empty directory. */
function start(dataDir: string, env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATASETS_DIR: empty,
      MODELS_DIR: empty,
      REFERENCE_DATA_DIR: referenceData,
      VPIC_DB_PATH: join(empty, 'vin-patterns'),
      DATA_DIR: dataDir,
      PORT: '0',
      DYNAMODB_PORT: '0',
      INGEST_SCHEDULE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          listeners.delete(check);
          resolve(output);
        };
        listeners.add(check);
        check();
        void exited.then(() => {
          if (listeners.delete(check)) reject(new Error(`npm start ended before ${pattern}:\n${output}`));
        });
      }),
  };
}

const urlOf = (output: string) => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
const keyOf = (output: string) => /^ {2}business +(\w{40})$/m.exec(output)![1]!;
const sampleLines = (output: string) => [...output.matchAll(/^ {2}SAMPLE +(\w+)/gm)].map((m) => m[1]!);

async function listen(port = 0): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

test('reports each busy port in one line and starts nothing', async () => {
  // Prepare
  const [http, dynamo] = await Promise.all([listen(), listen()]);
  const dataDir = join(root, 'busy');
  const ports = [http, dynamo].map((server) => (server.address() as AddressInfo).port);

  // Act
  const run = start(dataDir, { PORT: String(ports[0]), DYNAMODB_PORT: String(ports[1]) });
  const code = await run.exited;
  await Promise.all([http, dynamo].map((server) => new Promise((resolve) => server.close(resolve))));

  // Assess
  expect(code).toBe(1);
  expect(run.output().trim().split('\n')).toEqual([
    `npm start: port ${ports[0]} on 127.0.0.1 is in use (another npm start?): stop what holds it, or set PORT to a free port.`,
    `npm start: port ${ports[1]} on 127.0.0.1 is in use (another npm start?): stop what holds it, or set DYNAMODB_PORT to a free port.`,
  ]);
  expect(existsSync(dataDir)).toBe(false);
});

describe('a clone without ../shared (no datasets, recordings or model)', () => {
  const dataDir = join(root, 'fresh');
  let first: string;

  beforeAll(async () => {
    const run = start(dataDir);
    first = await run.waitFor(/Ready in/);
    const url = urlOf(first);
    const key = keyOf(first);
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { 'X-Api-Key': key } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    answers = {
      vin: await get('/v1/vinlookup?vin=1HGCM82633A004352'),
      incomeTax: await get('/v2/incometax?country=us&year=2025'),
      calculator: await get('/v1/incometaxcalculator?country=us&region=CA&income=50000&filing_status=single&tax_year=2025'),
      crypto: await get('/v1/cryptoprice?symbol=BTCUSDT'),
      holidays: await get('/v1/publicholidays?country=US'),
    };
    run.child.kill('SIGINT');
    stopped = await run.exited;
  }, 300_000);
  let answers: Record<string, { status: number; body: Record<string, unknown> }>;
  let stopped: number | null;

  test('starts, imports what it can and seeds every job whose recordings it has, one line per step', () => {
    expect(first).toMatch(/^Reference data: importing the datasets \(first start, or their inputs changed\):$/m);
    expect(first).toMatch(/^ {2}jokes-free\.json: \d+ free/m);
    expect(first).toMatch(/^ {2}vehicles-wmi\.json: MISSING/m);
    expect(first).toContain(`Empty store: seeding SAMPLE market and filing data from recorded payloads (${SAMPLE_JOBS} jobs`);
    expect(sampleLines(first)).toHaveLength(SAMPLE_JOBS - DATASET_JOBS.length);
    for (const job of DATASET_JOBS) expect(first).toMatch(new RegExp(`^ {2}SKIPPED ${job} +recordings missing: datasets:`, 'm'));
    expect(stopped).toBe(0);
  });

  test('points a new user to the /docs page and says where the demo keys are kept', () => {
    // Prepare
    const url = urlOf(first);
    const keys = JSON.parse(readFileSync(join(dataDir, 'demo-keys.json'), 'utf8')) as Record<string, string>;

    // Assess
    expect(first).toContain(`API reference: open ${url}/docs (every endpoint, with a console to try calls; the OpenAPI document is ${url}/openapi.json)`);
    expect(first).toContain(`Demo keys, one per plan (kept in ${join(dataDir, 'demo-keys.json')}; npm run keys -- create --tier <plan> makes more):`);
    for (const [plan, key] of Object.entries(keys)) expect(first).toMatch(new RegExp(`^ {2}${plan} +${key}$`, 'm'));
  });

  test('lists once what is missing: datasets, recordings and the model, with the endpoints that answer 503', () => {
    expect(first.match(/Missing data/g)).toHaveLength(1);
    const missing = first.slice(first.indexOf('Missing data'), first.indexOf('Data Query Service listening'));
    expect(missing).toContain(
      '/v1/vinlookup: The NHTSA vPIC WMI table (VIN manufacturers) could not be imported: vin/vpic_wmi.csv was not in the datasets directory when the reference data were built.',
    );
    expect(missing).toContain('/v2/incometax, /v1/incometaxcalculator: The US federal income-tax tables (PSLmodels Tax-Calculator) could not be imported');
    for (const path of ['/v1/aircraft', '/v1/airlines', '/v1/airports', '/v1/liborhistorical']) expect(missing).toContain(`  ${path}: `);
    expect(missing).toContain('  /v1/publicholidays, /v1/ispublicholiday, /v1/bankholidays, /v1/isbankholiday: The holiday data (python-holidays data set) could not be imported');
    expect(missing).toContain(`market data of ${DATASET_JOBS.join(', ')}: not seeded, their recordings are missing`);
    expect(missing).toContain(`/v1/objectdetection: the object-detection model is not at ${join(empty, 'yolox-nano', 'yolox_nano.onnx')}`);
  });

  test('answers 503 data_unavailable naming the real cause, and serves what it has', () => {
    expect(answers.vin).toEqual({
      status: 503,
      body: {
        code: 'data_unavailable',
        error: 'The NHTSA vPIC WMI table (VIN manufacturers) could not be imported: vin/vpic_wmi.csv was not in the datasets directory when the reference data were built.',
      },
    });
    const taxReason =
      'The US federal income-tax tables (PSLmodels Tax-Calculator) could not be imported: tax/taxcalc_policy_current_law.json was not in the datasets directory when the reference data were built.';
    expect(answers.incomeTax).toEqual({ status: 503, body: { code: 'data_unavailable', error: taxReason } });
    expect(answers.calculator).toEqual({ status: 503, body: { code: 'data_unavailable', error: taxReason } });
    expect(answers.crypto).toMatchObject({ status: 200, body: { symbol: 'BTCUSDT', sample: true } });
    expect(answers.holidays).toEqual({
      status: 503,
      body: {
        code: 'data_unavailable',
        error:
          'The holiday data (python-holidays data set) could not be imported: holidays/ was not in the datasets directory when the reference data were built.',
      },
    });
  });

  test('restarts on its store without importing or seeding again, and says what is still to seed', async () => {
    // Act
    const run = start(dataDir);
    const output = await run.waitFor(/Ready in/);
    run.child.kill('SIGINT');
    await run.exited;

    // Assess: only the jobs without recordings are still pending (they are tried, and skipped, again)
    expect(output).toMatch(/^Reference data: up to date \(\d+ files; inputs unchanged since they were imported\)$/m);
    expect(output).not.toContain('Empty store');
    expect(output).toContain(`Seed: ${DATASET_JOBS.length} of ${SAMPLE_JOBS} sample jobs have not completed on this store`);
    expect(sampleLines(output)).toEqual([]);
    expect(output).toMatch(/^Ready in \d+\.\d s\.$/m);
  }, 120_000);
});

test('Ctrl-C during the first seed: the next start runs only the jobs that had not finished, and says so', async () => {
  // Prepare: the reference data are imported (by the tests above); a new store
  const dataDir = join(root, 'interrupted');
  const first = start(dataDir);
  await first.waitFor(/(^ {2}SAMPLE .*\n){3}/m);

  // Act
  first.child.kill('SIGINT');
  await first.exited;
  const finished = sampleLines(first.output());
  const second = start(dataDir);
  const output = await second.waitFor(/Ready in/);
  second.child.kill('SIGINT');
  await second.exited;

  // Assess
  expect(first.output()).toContain('SIGINT: stopping during start-up (an unfinished seed resumes on the next start)');
  const pending = SAMPLE_JOBS - finished.length;
  expect(output).toContain(`Seed: ${pending} of ${SAMPLE_JOBS} sample jobs have not completed on this store (a start cut off, or recordings missing); running them now:`);
  const resumed = sampleLines(output);
  expect(resumed.filter((job) => finished.includes(job))).toEqual([]);
  expect([...finished, ...resumed].sort()).toEqual(ingestionJobs.filter((j) => j.sample && !DATASET_JOBS.includes(j.name)).map((j) => j.name).sort());
}, 300_000);
