/**
 * Deployment settings: environment variables an operator sets when running `cdk deploy` (or synth) that are
 * passed on to every function — upstream keys, the SEC contact User-Agent, watchlists, base URLs, limits.
 * Only the ones set are passed; unset ones keep the code's defaults. Keys end up in the functions'
 * environment: keep them in a secret store and export them for the deploy (README "Deploy to AWS").
 *
 * Every variable the code reads is either a deployment setting or listed in NOT_DEPLOYED with the reason
 * (test/infra/settings.test.ts reads the code to hold this).
 */
export const DEPLOYMENT_SETTINGS = [
  // upstream identity and keys
  'UPSTREAM_USER_AGENT',
  'SEC_USER_AGENT',
  'OPEN_METEO_API_KEY',
  'FRED_API_KEY',
  'EIA_API_KEY',
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
  ACS_DIR: 'read at synth by the reference-data import (export it for cdk synth / deploy)',
  LIBOR_LICENCE_NOTE: 'read at synth by the reference-data import (export it for cdk synth / deploy)',
  UPSTREAM_PACING: 'the seed only (recordings served on 127.0.0.1)',
  YAHOO_FUTURES_BACKOFF_MS: 'tests only',
  AIR_QUALITY_SAMPLE_FALLBACK: 'local runs only; never in a deployment',
  WEBPAGE_ALLOWED_TEST_HOSTS: 'tests only; never in a deployment',
  AWS_LAMBDA_LOG_LEVEL: "set by Lambda from the function's logging configuration (none set: INFO)",
  POWERTOOLS_LOG_LEVEL: 'local runs and tests (npm start: WARN); in Lambda the log level is INFO unless AWS_LAMBDA_LOG_LEVEL says otherwise',
  LOG_LEVEL: 'local runs and tests, as POWERTOOLS_LOG_LEVEL',
  POWERTOOLS_METRICS_DISABLED: 'local runs and tests (npm start turns metrics off); in Lambda every call records its metric',
};

export function deploymentSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries([...DEPLOYMENT_SETTINGS].sort().flatMap((name) => (env[name] ? [[name, env[name]!]] : [])));
}

/**
 * The HTTP API stage's throttling (API Gateway answers 429 beyond it, before any function runs):
 * API_THROTTLE_RATE_LIMIT requests per second on average (default 1000) and API_THROTTLE_BURST_LIMIT at once
 * (default 2000), read at synth.
 */
export function apiThrottle(env: NodeJS.ProcessEnv = process.env): { rateLimit: number; burstLimit: number } {
  const read = (name: string, fallback: number) => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a whole number of requests, 1 or more (got '${value}')`);
    return Number(value);
  };
  return { rateLimit: read('API_THROTTLE_RATE_LIMIT', 1000), burstLimit: read('API_THROTTLE_BURST_LIMIT', 2000) };
}
