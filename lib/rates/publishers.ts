/**
 * Where each rate publisher lives: the base-URL environment variables (tests and `npm run seed` point them at
 * 127.0.0.1) and the series and paths the clients ask for. Kept apart from the clients so the endpoint
 * definitions (lib/api/rates.ts) can name them without pulling client code into handler bundles.
 */

export const BIS_BASE_URL_ENV = 'BIS_BASE_URL';
export const NYFED_BASE_URL_ENV = 'NYFED_BASE_URL';
export const NYFED_RATES = {
  sofr: { path: '/api/rates/secured/sofr/search.json', type: 'SOFR' },
  effr: { path: '/api/rates/unsecured/effr/search.json', type: 'EFFR' },
} as const;
export const ECB_DATA_BASE_URL_ENV = 'ECB_DATA_BASE_URL';
export const ESTR_SERIES = 'EST/B.EU000A2X2A25.WT';
export const BOE_BASE_URL_ENV = 'BOE_BASE_URL';
export const SONIA_SERIES = 'IUDSOIA';
export const BOJ_STAT_BASE_URL_ENV = 'BOJ_STAT_BASE_URL';
export const BOJ_SITE_BASE_URL_ENV = 'BOJ_SITE_BASE_URL';
export const TONA_SERIES = { db: 'FM01', code: 'STRDCLUCON' } as const;
export const BOJ_PRIME_PAGE = '/statistics/dl/loan/prime/prime.htm';
export const SNB_BASE_URL_ENV = 'SNB_BASE_URL';
export const SNB_RATES_CUBE = 'snbgwdzid';
export const SARON_MEMBER = 'SARON';
export const BANK_OF_CANADA_BASE_URL_ENV = 'BANK_OF_CANADA_BASE_URL';
export const VALET_SERIES = { corra: 'AVG.INTWO', prime: 'V80691311' } as const;
export const SARB_BASE_URL_ENV = 'SARB_BASE_URL';
export const CHINAMONEY_BASE_URL_ENV = 'CHINAMONEY_BASE_URL';
export const BNM_BASE_URL_ENV = 'BNM_BASE_URL';
export const BCB_BASE_URL_ENV = 'BCB_BASE_URL';
export const TJLP_SERIES = 256;
export const BCB_MAX_YEARS = 10;
