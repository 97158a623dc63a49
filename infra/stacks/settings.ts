/**
 * Deployment settings: environment variables an operator sets when running `cdk deploy` (or synth) that are
 * passed on to every function — upstream keys, the SEC contact User-Agent, watchlists, base URLs.
 * Only the ones set are passed; unset ones keep the code's defaults. Keys end up in the functions'
 * environment: keep them in a secret store and export them for the deploy (README "Deploy to AWS").
 */
export const DEPLOYMENT_SETTINGS = [
  // upstream identity and keys
  'UPSTREAM_USER_AGENT',
  'SEC_USER_AGENT',
  'OPEN_METEO_API_KEY',
  'FRED_API_KEY',
  'EIA_API_KEY',
  'YAHOO_CHART_REQUESTS_PER_SECOND',
  // what the jobs keep up to date beyond the defaults
  'CRYPTO_HISTORY_SYMBOLS',
  'STOCK_WATCHLIST',
  'FUND_WATCHLIST',
  'FILINGS_WATCHLIST',
] as const;

/** every upstream client's base URL variable (BINANCE_BASE_URL, SEC_DATA_BASE_URL, ...): a mirror or proxy */
const BASE_URL_SETTING = /^[A-Z][A-Z0-9_]*_BASE_URL$/;

export function deploymentSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const names = Object.keys(env).filter((name) => (DEPLOYMENT_SETTINGS as readonly string[]).includes(name) || BASE_URL_SETTING.test(name));
  return Object.fromEntries(names.sort().flatMap((name) => (env[name] ? [[name, env[name]!]] : [])));
}
