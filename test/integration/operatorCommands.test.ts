/**
 * The operator's commands against a running `npm start` (a child process, as an operator starts it): the smoke
 * test (`npm run smoke`) and the jobs CLI (`npm run jobs`), locally and with --aws against faked AWS APIs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpointTags, ingestionJobs } from '../../lib/api/registry';
import { DEPLOYMENT_SETTINGS } from '../../infra/stacks/settings';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { smokeCalls } from '../../infra/smoke';
import { startFakeAws, type FakeAws } from '../support/fakeAws';
import { jsonReply, recordingReply, startFakeUpstream, type FakeUpstream } from '../support/fakeUpstream';

let child: ChildProcess;
let dataDir: string;
let url: string;
let dynamoPort: number;
let keys: Record<string, string>;
let upstream: FakeUpstream;
let aws: FakeAws;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A CLI of the project as `npm run <name> -- ...` runs it: exit code and output. */
function cli(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, timeout: 240_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  // Prepare: npm start on free ports with a fresh store (it seeds the sample data), its scheduler off
  dataDir = mkdtempSync(join(tmpdir(), 'dqs-operator-'));
  const port = await freePort();
  dynamoPort = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), DYNAMODB_PORT: String(dynamoPort), DATA_DIR: dataDir, INGEST_SCHEDULE: 'off', LOG_LEVEL: 'ERROR' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; !(await fetch(`${url}/openapi.json`).then((r) => r.ok, () => false)); attempt += 1) {
    if (attempt > 1800 || child.exitCode !== null) throw new Error('npm start did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  keys = JSON.parse(readFileSync(join(dataDir, 'demo-keys.json'), 'utf8'));
  upstream = await startFakeUpstream();
  aws = await startFakeAws();
}, 300_000);

afterAll(async () => {
  await upstream?.close();
  await aws?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run smoke', () => {
  test('calls an endpoint of every family of the registry', () => {
    // Act
    const families = smokeCalls().map((call) => call.family);
    // Assess: the Service family (the API reference) is the /openapi.json call
    expect(families).toEqual(endpointTags.map((tag) => tag.name).filter((name) => name !== 'Service'));
  });

  test('passes against npm start: every call answers as expected, sample data flagged', async () => {
    // Act
    const { status, stdout } = await cli('infra/smoke.ts', ['--base-url', url, '--key', keys.free!]);
    // Assess
    const lines = stdout.trim().split('\n');
    expect(status).toBe(0);
    expect(lines.filter((line) => line.startsWith('ok  '))).toHaveLength(smokeCalls().length + 2);
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(stdout).toMatch(/^ok +200 +Market prices +GET \/v1\/cryptoprice\?symbol=BTCUSDT .* SAMPLE data/m);
    expect(stdout).toMatch(/^ok +200 +Vision +POST \/v1\/objectdetection /m);
    // the first family's call again, as an MCP tool call (deployed: the MCP function invokes that endpoint's function)
    expect(stdout).toMatch(/^ok +200 +AI agents +POST \/mcp tools\/call cryptoPrice .* SAMPLE data/m);
    expect(lines.at(-1)).toBe(`smoke test passed: ${smokeCalls().length + 2} calls`);
  }, 120_000);

  test('fails, saying which calls, with a key the service does not know', async () => {
    // Act
    const { status, stdout } = await cli('infra/smoke.ts', ['--base-url', url, '--key', 'not-a-key']);
    // Assess
    expect(status).toBe(1);
    expect(stdout).toMatch(/^FAIL +401 +Market prices +GET \/v1\/cryptoprice\?symbol=BTCUSDT +\d+ ms +invalid_api_key: /m);
    expect(stdout).toMatch(/^FAIL +401 +AI agents +POST \/mcp tools\/call cryptoPrice +\d+ ms +invalid_api_key: /m);
    expect(stdout).toMatch(/^ok +200 +API reference/m);
    expect(stdout.trim().split('\n').at(-1)).toBe(`smoke test FAILED: ${smokeCalls().length} of ${smokeCalls().length + 2} calls`);
  }, 120_000);
});

describe('npm run jobs', () => {
  test('runs jobs by name against the running server\'s store: the endpoints answer from what they stored', async () => {
    // Prepare: Binance faked with its recorded symbol list and a price of our own for BTCUSDT
    upstream.on('/api/v3/exchangeInfo', recordingReply('binance/exchangeInfo-2023-09-08.json'));
    upstream.on('/api/v3/ticker/price', jsonReply([{ symbol: 'BTCUSDT', price: '12345.67000000' }, { symbol: 'ETHUSDT', price: '2345.60000000' }]));
    // Act
    const { status, stdout } = await cli('infra/jobs.ts', ['run', 'cryptoSymbols', 'cryptoPrices'], { DYNAMODB_PORT: String(dynamoPort), DATA_DIR: dataDir, BINANCE_BASE_URL: upstream.url });
    // the server's container keeps the latest prices it read for 10 s (lib/crypto/store.ts): asked until then
    const priceOf = async () => (await fetch(`${url}/v1/cryptoprice?symbol=ETHUSDT`, { headers: { 'X-Api-Key': keys.free! } }).then((r) => r.json())) as Record<string, unknown>;
    let price = await priceOf();
    for (let waited = 0; Number(price.price) !== 2345.6 && waited < 15_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      price = await priceOf();
    }
    // Assess
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Running 2 job\(s\) against the running server's store:\nok +cryptoSymbols +\d+ items .*\nok +cryptoPrices +2 items /m);
    expect(price.symbol).toBe('ETHUSDT');
    expect(Number(price.price)).toBe(2345.6);
    expect(price.sample).toBeUndefined();
  }, 120_000);

  test('runs --all in registry order and reports each failure (every upstream here answers 404)', async () => {
    // Prepare: every base URL at a fake that knows nothing, and one entry per watchlist
    upstream.reset();
    const baseUrls = Object.fromEntries(DEPLOYMENT_SETTINGS.filter((name) => name.endsWith('_BASE_URL')).map((name) => [name, upstream.url]));
    const env = { ...baseUrls, DYNAMODB_PORT: String(dynamoPort), UPSTREAM_PACING: 'off', STOCK_WATCHLIST: 'AAPL', FUND_WATCHLIST: 'VFIAX', FILINGS_WATCHLIST: 'AAPL', CRYPTO_HISTORY_SYMBOLS: 'BTCUSDT' };
    // Act
    const { status, stdout } = await cli('infra/jobs.ts', ['run', '--all'], env);
    // Assess
    const lines = stdout.trim().split('\n').slice(1);
    expect(status).toBe(1);
    expect(lines.map((line) => line.split(/\s+/)[1])).toEqual(ingestionJobs.map((job) => job.name));
    expect(lines.filter((line) => line.startsWith('FAILED'))).not.toHaveLength(0);
  }, 240_000);

  test('with --aws, invokes the deployed functions named by the ingestion stack\'s outputs and reports their answers', async () => {
    // Prepare
    aws.stacks.set('DataQueryService-Ingestion', { CryptoPricesFunction: 'dqs-crypto-prices-fn', RateBisFunction: 'dqs-rate-bis-fn' });
    aws.invocations.set('dqs-crypto-prices-fn', { payload: { written: 1402 } });
    aws.invocations.set('dqs-rate-bis-fn', { error: 'stats.bis.org could not be reached' });
    // Act
    const { status, stdout } = await cli('infra/jobs.ts', ['run', 'cryptoPrices', 'rateBis', '--aws'], aws.environment);
    // Assess
    expect(status).toBe(1);
    expect(stdout).toMatch(/^Running 2 job\(s\) in AWS:\nok +cryptoPrices +1402 items .*\nFAILED +rateBis +stats\.bis\.org could not be reached/m);
    const invoked = aws.requests.filter((r) => r.path.startsWith('/2015-03-31/functions/'));
    expect(invoked.map((r) => [decodeURIComponent(r.path.split('/')[3]!), r.headers['x-amz-invocation-type']])).toEqual([
      ['dqs-crypto-prices-fn', 'RequestResponse'],
      ['dqs-rate-bis-fn', 'RequestResponse'],
    ]);
  }, 60_000);

  test('refuses an unknown job name, and a run without names or --all, with the usage', async () => {
    // Act
    const unknown = await cli('infra/jobs.ts', ['run', 'noSuchJob']);
    const none = await cli('infra/jobs.ts', ['run']);
    // Assess
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^jobs: no job named noSuchJob \(npm run jobs -- list\)\nusage: npm run jobs/);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/name the jobs to run, or give --all/);
  }, 60_000);
});
