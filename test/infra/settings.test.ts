/** Every setting the code reads is deployable or says why not; the stage throttling settings. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { apiThrottle, DEPLOYMENT_SETTINGS, deploymentSettings, NOT_DEPLOYED } from '../../infra/stacks/settings';
import { TABLES } from '../../lib/store/tables';

/** The TypeScript sources a function or job is built from (layer build scripts included, build outputs not). */
function sources(dir: string): string[] {
  return readdirSync(join(PROJECT_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.split(/[/\\]/).includes('build'))
    .map((file) => join(PROJECT_ROOT, dir, file));
}

/** Every environment variable the code names: `process.env.X`, `env.X`, `env['X']`, and `X_ENV = 'X'` constants. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of ['lib', 'functions', 'layers'].flatMap(sources)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\benv(?:\??\.|\[['"])([A-Z][A-Z0-9_]+)\b/g)) names.add(match[1]!);
    for (const match of text.matchAll(/_ENV\s*=\s*'([A-Z][A-Z0-9_]+)'/g)) names.add(match[1]!);
  }
  return names;
}

const TABLE_VARIABLES: string[] = Object.values(TABLES).map((table) => table.env);

test('every environment variable the code reads is a deployment setting, a table name, or not deployed for a stated reason', () => {
  // Act
  const read = [...variablesRead()];

  // Assess
  const unaccounted = read.filter(
    (name) => !(DEPLOYMENT_SETTINGS as readonly string[]).includes(name) && !(name in NOT_DEPLOYED) && !TABLE_VARIABLES.includes(name),
  );
  expect(unaccounted).toEqual([]);
  expect(read).toEqual(expect.arrayContaining(['OPEN_METEO_AIR_QUALITY_URL', 'OPEN_METEO_GEOCODING_URL', 'SEC_WWW_BASE_URL', 'DNS_SERVERS']));
});

test('every deployment setting and every stated exception is read by the code (no stale names)', () => {
  // Act
  const read = variablesRead();

  // Assess
  expect([...DEPLOYMENT_SETTINGS, ...Object.keys(NOT_DEPLOYED)].filter((name) => !read.has(name))).toEqual([]);
});

test('passes on each deployment setting that is set, and nothing else of the environment', () => {
  // Prepare
  const env = { ...Object.fromEntries(DEPLOYMENT_SETTINGS.map((name) => [name, `value of ${name}`])), GITHUB_API_URL: 'x', HOME: '/root', FRED_API_KEY: '' };

  // Act
  const passed = deploymentSettings(env);

  // Assess
  expect(Object.keys(passed).sort()).toEqual(DEPLOYMENT_SETTINGS.filter((name) => name !== 'FRED_API_KEY').sort());
  expect(passed.OPEN_METEO_GEOCODING_URL).toBe('value of OPEN_METEO_GEOCODING_URL');
});

test('throttles the stage at 1000 requests per second and bursts of 2000 unless the operator says otherwise', () => {
  // Act / Assess
  expect(apiThrottle({})).toEqual({ rateLimit: 1000, burstLimit: 2000 });
  expect(apiThrottle({ API_THROTTLE_RATE_LIMIT: '50', API_THROTTLE_BURST_LIMIT: '100' })).toEqual({ rateLimit: 50, burstLimit: 100 });
  expect(() => apiThrottle({ API_THROTTLE_RATE_LIMIT: '0' })).toThrow("API_THROTTLE_RATE_LIMIT must be a whole number of requests, 1 or more (got '0')");
  expect(() => apiThrottle({ API_THROTTLE_BURST_LIMIT: 'lots' })).toThrow(/API_THROTTLE_BURST_LIMIT/);
});
