/** Every setting the code reads is deployable or says why not; the deployment's configuration and its checks. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import {
  apiThrottle,
  DEPLOYMENT_SETTINGS,
  deploymentConfig,
  DeploymentSettingError,
  NOT_DEPLOYED,
  UPSTREAM_KEYS,
  variablesReadBy,
} from '../../infra/stacks/settings';
import { TABLES } from '../../lib/store/tables';

/** The TypeScript sources a function or job is built from (layer build scripts included, build outputs not). */
function sources(dir: string): string[] {
  return readdirSync(join(PROJECT_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.split(/[/\\]/).includes('build'))
    .map((file) => join(PROJECT_ROOT, dir, file));
}

const runtimeSources = () => ['lib', 'functions', 'layers'].flatMap(sources);

/** Every environment variable the code names: `process.env.X`, `env.X`, `env['X']`. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of runtimeSources()) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\benv(?:\??\.|\[['"])([A-Z][A-Z0-9_]+)\b/g)) names.add(match[1]!);
  }
  return names;
}

const TABLE_VARIABLES: string[] = Object.values(TABLES).map((table) => table.env);
const SEC_USER_AGENT = 'Example Data Co ops@example.com';

test('every environment variable the code reads is a deployment setting, a table name, or not deployed for a stated reason', () => {
  // Act
  const read = [...variablesRead()];

  // Assess
  const unaccounted = read.filter(
    (name) => !(DEPLOYMENT_SETTINGS as readonly string[]).includes(name) && !(name in NOT_DEPLOYED) && !TABLE_VARIABLES.includes(name),
  );
  expect(unaccounted).toEqual([]);
  expect(read).toEqual(expect.arrayContaining(['OPEN_METEO_AIR_QUALITY_URL', 'SEC_WWW_BASE_URL', 'DNS_SERVERS', 'FRED_API_KEY_PARAMETER']));
});

test('every deployment setting and every stated exception is read by the code (no stale names)', () => {
  // Act
  const read = variablesRead();

  // Assess
  expect([...DEPLOYMENT_SETTINGS, ...Object.keys(NOT_DEPLOYED)].filter((name) => !read.has(name))).toEqual([]);
});

test('the code reads every setting by its literal name, so the stack can find the settings a function reads in its bundle', () => {
  // Act: reads through a computed name (`process.env[name]`), which a bundle would not show
  const computed = runtimeSources().filter((file) => /process\.env\[(?!['"])/.test(readFileSync(file, 'utf8')));

  // Assess: only the table names, which the stack sets from the function's table grants
  expect(computed.map((file) => relative(PROJECT_ROOT, file))).toEqual(['lib/store/tables.ts']);
});

test('finds the settings a bundle reads as property accesses, not names merely quoted', () => {
  // Prepare: minified code as esbuild writes it
  const bundle = 'var a="STOCK_WATCHLIST";function f(e){return process.env.SEC_USER_AGENT??e.DNS_SERVERS+process.env.FRED_API_KEY_PARAMETERS}';

  // Act
  const read = variablesReadBy(bundle, ['SEC_USER_AGENT', 'DNS_SERVERS', 'STOCK_WATCHLIST', 'FRED_API_KEY_PARAMETER']);

  // Assess
  expect(read).toEqual(['SEC_USER_AGENT', 'DNS_SERVERS']);
});

describe('deploymentConfig', () => {
  test('takes the deployment settings that are set, and neither the upstream keys nor anything else of the environment', () => {
    // Prepare
    const env = {
      ...Object.fromEntries(DEPLOYMENT_SETTINGS.map((name) => [name, `value of ${name}`])),
      SEC_USER_AGENT,
      STOCK_WATCHLIST: 'AAPL',
      FUND_WATCHLIST: 'VFIAX',
      FILINGS_WATCHLIST: 'AAPL',
      CRYPTO_HISTORY_SYMBOLS: 'BTCUSDT',
      DNS_SERVERS: '',
      FRED_API_KEY: 'secret-1',
      EIA_API_KEY: 'secret-2',
      OPEN_METEO_API_KEY: 'secret-3',
      GITHUB_API_URL: 'x',
      HOME: '/root',
    };

    // Act
    const config = deploymentConfig(env);

    // Assess
    expect(Object.keys(config.settings).sort()).toEqual(DEPLOYMENT_SETTINGS.filter((name) => name !== 'DNS_SERVERS').sort());
    expect(config.settings.OPEN_METEO_GEOCODING_URL).toBe('value of OPEN_METEO_GEOCODING_URL');
    expect(JSON.stringify(config)).not.toMatch(/secret-[123]/);
    expect(UPSTREAM_KEYS.some((key) => key in config.settings)).toBe(false);
  });

  test('defaults: keys under /data-query-service/, no alarm e-mail, no reserved concurrency, the stage throttled at 1000/2000', () => {
    // Act
    const config = deploymentConfig({ SEC_USER_AGENT });

    // Assess
    expect(config).toEqual({
      settings: { SEC_USER_AGENT },
      secretsParameterPath: '/data-query-service/',
      alarmEmail: undefined,
      reservedConcurrency: {},
      apiThrottle: { rateLimit: 1000, burstLimit: 2000 },
    });
  });

  test('refuses, in one line, a deployment without SEC_USER_AGENT or with one that names no contact', () => {
    // Act / Assess
    expect(() => deploymentConfig({})).toThrow(DeploymentSettingError);
    expect(() => deploymentConfig({ SEC_USER_AGENT: '  ' })).toThrow(/^SEC_USER_AGENT is not set: SEC EDGAR blocks clients/);
    expect(() => deploymentConfig({ SEC_USER_AGENT: 'Example Data Co' })).toThrow('SEC_USER_AGENT must name your company and a contact e-mail address');
  });

  test('refuses malformed or oversized watchlists, an unknown endpoint in RESERVED_CONCURRENCY and a malformed ALARM_EMAIL', () => {
    // Prepare
    const tooMany = Array.from({ length: 101 }, (_, i) => `T${i}`).join(',');

    // Act / Assess
    expect(() => deploymentConfig({ SEC_USER_AGENT, STOCK_WATCHLIST: 'AAPL,not a ticker!' })).toThrow(/STOCK_WATCHLIST has malformed tickers/);
    expect(() => deploymentConfig({ SEC_USER_AGENT, STOCK_WATCHLIST: tooMany })).toThrow('STOCK_WATCHLIST lists 101 tickers; at most 100');
    expect(() => deploymentConfig({ SEC_USER_AGENT, FILINGS_WATCHLIST: tooMany })).toThrow('FILINGS_WATCHLIST lists 101 companies; at most 100');
    expect(() => deploymentConfig({ SEC_USER_AGENT, CRYPTO_HISTORY_SYMBOLS: 'BTCUSDT,not-a-symbol' })).toThrow(/not symbols: NOT-A-SYMBOL/);
    expect(() => deploymentConfig({ SEC_USER_AGENT, RESERVED_CONCURRENCY: 'objectDetection=5,nothing=1' })).toThrow(/names 'nothing', which is no endpoint/);
    expect(() => deploymentConfig({ SEC_USER_AGENT, RESERVED_CONCURRENCY: 'webpage=0' })).toThrow(/must be a whole number, 1 or more/);
    expect(() => deploymentConfig({ SEC_USER_AGENT, ALARM_EMAIL: 'ops' })).toThrow('ALARM_EMAIL must be one e-mail address');
    expect(deploymentConfig({ SEC_USER_AGENT, RESERVED_CONCURRENCY: 'objectDetection=5, webpage=10' }).reservedConcurrency).toEqual({ objectDetection: 5, webpage: 10 });
  });

  test('throttles the stage at 1000 requests per second and bursts of 2000 unless the operator says otherwise', () => {
    // Act / Assess
    expect(apiThrottle({})).toEqual({ rateLimit: 1000, burstLimit: 2000 });
    expect(apiThrottle({ API_THROTTLE_RATE_LIMIT: '50', API_THROTTLE_BURST_LIMIT: '100' })).toEqual({ rateLimit: 50, burstLimit: 100 });
    expect(() => apiThrottle({ API_THROTTLE_RATE_LIMIT: '0' })).toThrow("API_THROTTLE_RATE_LIMIT must be a whole number of requests, 1 or more (got '0')");
    expect(() => apiThrottle({ API_THROTTLE_BURST_LIMIT: 'lots' })).toThrow(/API_THROTTLE_BURST_LIMIT/);
  });
});

test('cdk synth without SEC_USER_AGENT stops at once with one line saying what to set, and writes nothing', async () => {
  // Prepare: the app as `cdk synth` runs it, into an empty output directory
  const outdir = mkdtempSync(join(tmpdir(), 'dqs-synth-'));
  const env: NodeJS.ProcessEnv = { ...process.env, CDK_OUTDIR: outdir };
  delete env.SEC_USER_AGENT;

  // Act
  const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/app.ts'], { cwd: PROJECT_ROOT, env }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );

  // Assess
  try {
    expect(failure?.code).toBe(1);
    expect(failure!.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Data Query Service: SEC_USER_AGENT is not set: .*export SEC_USER_AGENT=/)]);
    expect(existsSync(join(outdir, 'manifest.json'))).toBe(false);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});
