/**
 * Deployment settings: environment variables an operator exports when running `cdk deploy` (or synth).
 *
 * - DEPLOYMENT_SETTINGS are passed on to a function only when its own code reads them: the stack finds
 *   `process.env.<NAME>` (or `env.<NAME>`) in the function's bundle (variablesReadBy), so each function's
 *   environment holds the settings its code reads and nothing else. Unset ones keep the code's defaults.
 * - UPSTREAM_KEYS are secrets and never reach a template: each is an SSM Parameter Store SecureString named
 *   `<SECRETS_PARAMETER_PATH><KEY>` (default /data-query-service/FRED_API_KEY, ...). A function whose code
 *   reads a key gets that NAME in `<KEY>_PARAMETER` and may read that one parameter
 *   (lib/sources/upstreamKey.ts reads it at run time). A key exported at synth is ignored.
 * - The rest configure the stacks themselves (deploymentConfig).
 *
 * Every variable the code reads is either one of these or listed in NOT_DEPLOYED with the reason
 * (test/infra/settings.test.ts reads the code to hold this).
 */
import { endpointList } from '../../lib/api/registry';
import { watchlistFrom } from '../../lib/crypto/symbols';
import { watchlist as filingsWatchlist } from '../../lib/filings/ingestion';
import { fundWatchlist } from '../../lib/funds/tickers';
import { watchlist as stockWatchlist } from '../../lib/stocks/tickers';

export const DEPLOYMENT_SETTINGS = [
  // upstream identity
  'UPSTREAM_USER_AGENT',
  'SEC_USER_AGENT',
  // what the jobs keep up to date beyond the defaults
  'CRYPTO_HISTORY_SYMBOLS',
  'STOCK_WATCHLIST',
  'FUND_WATCHLIST',
  'FILINGS_WATCHLIST',
  // pacing, resolvers and time limits
  'YAHOO_CHART_REQUESTS_PER_SECOND',
  'DNS_SERVERS',
  'DNS_TIMEOUT_MS',
  'WEBPAGE_TIMEOUT_MS',
  'AUTH_CACHE_SECONDS',
  // every upstream client's base URL: a mirror or proxy
  'BINANCE_BASE_URL',
  'YAHOO_CHART_BASE_URL',
  'SEC_WWW_BASE_URL',
  'SEC_DATA_BASE_URL',
  'FRED_GRAPH_BASE_URL',
  'FRED_API_BASE_URL',
  'EIA_BASE_URL',
  'ECB_BASE_URL',
  'ECB_DATA_BASE_URL',
  'OPEN_METEO_AIR_QUALITY_URL',
  'OPEN_METEO_GEOCODING_URL',
  'BIS_BASE_URL',
  'NYFED_BASE_URL',
  'BOE_BASE_URL',
  'BOJ_STAT_BASE_URL',
  'BOJ_SITE_BASE_URL',
  'SNB_BASE_URL',
  'BANK_OF_CANADA_BASE_URL',
  'SARB_BASE_URL',
  'CHINAMONEY_BASE_URL',
  'BNM_BASE_URL',
  'BCB_BASE_URL',
] as const;

/** Upstream API keys: SSM SecureStrings, read at run time; never in a template or an environment. */
export const UPSTREAM_KEYS = ['OPEN_METEO_API_KEY', 'FRED_API_KEY', 'EIA_API_KEY'] as const;
export type UpstreamKey = (typeof UPSTREAM_KEYS)[number];

/** The variable holding a key's parameter name in a function's environment. */
export const keyParameterVariable = (key: UpstreamKey): string => `${key}_PARAMETER`;

/** The variables the code reads that are not passed from the operator's environment, and why. */
export const NOT_DEPLOYED: Record<string, string> = {
  DYNAMODB_ENDPOINT: 'set by the stack (empty: AWS); sam-env.json points it at the local store',
  AWS_REGION: 'set by Lambda',
  REFERENCE_DATA_DIR: 'set by the reference-data layer',
  MODELS_DIR: 'set by the model layer',
  VPIC_DB_PATH: 'set by the vpic layer',
  DOCS_ASSETS_DIR: 'set by the docs layer',
  ENDPOINT_FUNCTION_PREFIX: "set by the API stack on the MCP function (the prefix of the tools' function names)",
  MODEL_PATH: 'local runs (in Lambda the model layer sets MODELS_DIR)',
  ...Object.fromEntries(
    UPSTREAM_KEYS.flatMap((key) => [
      [key, `a secret: in AWS an SSM SecureString (README "Deploy to AWS"); local runs read the variable`],
      [keyParameterVariable(key), `set by the stack: the name of the ${key} parameter, on the functions that read it`],
    ]),
  ),
  ACS_DIR: 'read at synth by the reference-data import (export it for cdk synth / deploy)',
  LIBOR_LICENCE_NOTE: 'read at synth by the reference-data import (export it for cdk synth / deploy)',
  UPSTREAM_PACING: 'the seed only (recordings served on 127.0.0.1)',
  YAHOO_FUTURES_BACKOFF_MS: 'tests only',
  AIR_QUALITY_SAMPLE_FALLBACK: 'local runs only; never in a deployment',
  WEBPAGE_ALLOWED_TEST_HOSTS: 'tests only; never in a deployment',
  AWS_ENDPOINT_URL_SSM: "tests only (the fake AWS); in Lambda SSM's regional endpoint",
  AWS_ENDPOINT_URL_LAMBDA: "tests only (the fake AWS); in Lambda Lambda's regional endpoint",
  AWS_LAMBDA_LOG_LEVEL: "set by Lambda from the function's logging configuration (none set: INFO)",
  POWERTOOLS_LOG_LEVEL: 'local runs and tests (npm start: WARN); in Lambda the log level is INFO unless AWS_LAMBDA_LOG_LEVEL says otherwise',
  LOG_LEVEL: 'local runs and tests, as POWERTOOLS_LOG_LEVEL',
  POWERTOOLS_METRICS_DISABLED: 'local runs and tests (npm start turns metrics off); in Lambda every call records its metric',
};

/**
 * The names among `names` that a bundle reads: `process.env.NAME`, or `env.NAME` on an environment passed in,
 * as property accesses (minified code keeps them; a name only quoted, e.g. in a constant, does not count).
 */
export function variablesReadBy(bundle: string, names: Iterable<string>): string[] {
  return [...names].filter((name) => new RegExp(`\\.${name}(?![\\w$])`).test(bundle));
}

/** A setting the deployment cannot go ahead with; its message is the one line `cdk` prints. */
export class DeploymentSettingError extends Error {
  override readonly name = 'DeploymentSettingError';
}

/** What the stacks are built from: read once from the environment at synth (deploymentConfig). */
export interface DeploymentConfig {
  /** the operator's values of DEPLOYMENT_SETTINGS that are set */
  settings: Partial<Record<(typeof DEPLOYMENT_SETTINGS)[number], string>>;
  /** SSM path of the upstream keys' parameters, with a trailing slash (SECRETS_PARAMETER_PATH) */
  secretsParameterPath: string;
  /** subscribed to the alarm topic (ALARM_EMAIL) */
  alarmEmail?: string;
  /** reserved concurrency per endpoint (RESERVED_CONCURRENCY), none by default */
  reservedConcurrency: Record<string, number>;
  /** the HTTP API stage's throttling */
  apiThrottle: { rateLimit: number; burstLimit: number };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The HTTP API stage's throttling (API Gateway answers 429 beyond it, before any function runs):
 * API_THROTTLE_RATE_LIMIT requests per second on average (default 1000) and API_THROTTLE_BURST_LIMIT at once
 * (default 2000), read at synth.
 */
export function apiThrottle(env: NodeJS.ProcessEnv = process.env): { rateLimit: number; burstLimit: number } {
  const read = (name: string, fallback: number) => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new DeploymentSettingError(`${name} must be a whole number of requests, 1 or more (got '${value}')`);
    return Number(value);
  };
  return { rateLimit: read('API_THROTTLE_RATE_LIMIT', 1000), burstLimit: read('API_THROTTLE_BURST_LIMIT', 2000) };
}

/**
 * RESERVED_CONCURRENCY: `<endpoint>=<n>` pairs (e.g. `objectDetection=5,webpage=10`), none by default. A
 * reservation caps what a flood of calls to that endpoint can run at once (and cost), and keeps that many
 * for it; but Lambda keeps 100 of the account's concurrency unreserved, so on a new account whose quota is
 * still 10 any reservation fails the deploy (README "Cost brakes").
 */
export function reservedConcurrency(value: string | undefined): Record<string, number> {
  const reserved: Record<string, number> = {};
  for (const pair of (value ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name = '', count = ''] = pair.split('=').map((part) => part.trim());
    if (!endpointList.some((entry) => entry.name === name)) {
      throw new DeploymentSettingError(`RESERVED_CONCURRENCY names '${name}', which is no endpoint (e.g. objectDetection=5,webpage=10)`);
    }
    if (!/^\d+$/.test(count) || Number(count) < 1) throw new DeploymentSettingError(`RESERVED_CONCURRENCY for ${name} must be a whole number, 1 or more (got '${count}')`);
    reserved[name] = Number(count);
  }
  return reserved;
}

/** Every watchlist setting that is set, checked with the parser its job uses (a typo fails the deploy, not the job). */
function checkWatchlists(env: NodeJS.ProcessEnv): void {
  const checks: Record<string, (value: string) => void> = {
    STOCK_WATCHLIST: (value) => stockWatchlist(value),
    FUND_WATCHLIST: (value) => fundWatchlist(value),
    FILINGS_WATCHLIST: (value) => filingsWatchlist(value),
    CRYPTO_HISTORY_SYMBOLS: (value) => {
      const { ignored } = watchlistFrom(value);
      if (ignored.length) throw new Error(`CRYPTO_HISTORY_SYMBOLS has entries that are not symbols: ${ignored.join(', ')}`);
    },
  };
  for (const [name, check] of Object.entries(checks)) {
    const value = env[name];
    if (!value) continue;
    try {
      check(value);
    } catch (error) {
      throw new DeploymentSettingError((error as Error).message);
    }
  }
}

/**
 * The deployment's configuration from the environment at synth. Fails fast, with one line, on what would
 * deploy a broken service: no SEC_USER_AGENT (SEC EDGAR blocks clients that do not name a contact), a
 * malformed watchlist, an unknown endpoint in RESERVED_CONCURRENCY, a malformed ALARM_EMAIL.
 */
export function deploymentConfig(env: NodeJS.ProcessEnv = process.env): DeploymentConfig {
  const secUserAgent = env.SEC_USER_AGENT?.trim();
  if (!secUserAgent) {
    throw new DeploymentSettingError(
      "SEC_USER_AGENT is not set: SEC EDGAR blocks clients that do not name a company and a contact address; export SEC_USER_AGENT='Your Company ops@your-company.example' and run it again",
    );
  }
  if (!/\S+@\S+\.\S+/.test(secUserAgent)) {
    throw new DeploymentSettingError(`SEC_USER_AGENT must name your company and a contact e-mail address (got '${secUserAgent}')`);
  }
  checkWatchlists(env);
  const alarmEmail = env.ALARM_EMAIL?.trim() || undefined;
  if (alarmEmail && !EMAIL.test(alarmEmail)) throw new DeploymentSettingError(`ALARM_EMAIL must be one e-mail address (got '${alarmEmail}')`);
  const secretsParameterPath = env.SECRETS_PARAMETER_PATH?.trim() || '/data-query-service/';
  if (!/^(\/[A-Za-z0-9_.-]+)+\/$/.test(secretsParameterPath)) {
    throw new DeploymentSettingError(`SECRETS_PARAMETER_PATH must be an SSM path such as /data-query-service/ (got '${secretsParameterPath}')`);
  }
  return {
    settings: Object.fromEntries(DEPLOYMENT_SETTINGS.flatMap((name) => (env[name]?.trim() ? [[name, env[name]!.trim()]] : []))),
    secretsParameterPath,
    alarmEmail,
    reservedConcurrency: reservedConcurrency(env.RESERVED_CONCURRENCY),
    apiThrottle: apiThrottle(env),
  };
}
