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
  // upstream base URLs (a mirror or proxy)
  'BINANCE_BASE_URL',
  'YAHOO_CHART_BASE_URL',
  'SEC_WWW_BASE_URL',
  'SEC_DATA_BASE_URL',
  'FRED_GRAPH_BASE_URL',
  'FRED_API_BASE_URL',
] as const;

export function deploymentSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(DEPLOYMENT_SETTINGS.flatMap((name) => (env[name] ? [[name, env[name]!]] : [])));
}
