import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { dateParam, enumParam, textParam } from '../http/params';
import { sampleField } from '../http/sample';
import { defineJob, jobFamily, type SampleUpstream } from '../ingest/definition';
import { unixSecondsParam } from '../markets/timeSeries';
import { CENTRAL_BANKS, CENTRAL_BANK_COUNTRIES, centralBankId, LENDING_RATE_IDS, RATE_IDS, rateInfo } from '../rates/catalogue';
import { LIBOR_TYPES } from '../rates/libor';
import { historyBounds, PAGE_SIZE } from '../rates/paging';
import { FRED_GRAPH_URL_ENV } from '../sources/fred';
import {
  BANK_OF_CANADA_BASE_URL_ENV,
  BCB_BASE_URL_ENV,
  BIS_BASE_URL_ENV,
  BNM_BASE_URL_ENV,
  BOE_BASE_URL_ENV,
  BOJ_PRIME_PAGE,
  BOJ_SITE_BASE_URL_ENV,
  BOJ_STAT_BASE_URL_ENV,
  CHINAMONEY_BASE_URL_ENV,
  ECB_DATA_BASE_URL_ENV,
  ESTR_SERIES,
  NYFED_BASE_URL_ENV,
  NYFED_RATES,
  SARB_BASE_URL_ENV,
  SNB_BASE_URL_ENV,
  SNB_RATES_CUBE,
  TJLP_SERIES,
  VALET_SERIES,
} from '../rates/publishers';
import { REFERENCE_DATA, liveData } from '../http/caching';

/**
 * Rates (spec 4.7): current rates and their daily history (hourly ingestion from each publisher, one job
 * per publisher), and the USD LIBOR history (static, imported reference data).
 */

const rateParam = () => enumParam(RATE_IDS, 'rate identifier (see the list above)');

const CENTRAL_BANK_LIST = CENTRAL_BANK_COUNTRIES.map((c) => `${centralBankId(c)} (${CENTRAL_BANKS[c].bank})`).join(', ');
const LENDING_LIST = LENDING_RATE_IDS.map((id) => `${id}: ${rateInfo(id).rateType} — ${rateInfo(id).source}`).join('; ');
const IDENTIFIERS =
  `Identifiers: 22 central banks from the BIS policy-rate statistics (WS_CBPOL): ${CENTRAL_BANK_LIST}. ` +
  'Where a central bank targets a band BIS reports the middle of the band (central_bank_us is the midpoint of the FOMC target range); ' +
  'central_bank_eu is the euro area (BIS area XM). Benchmarks: sofr and effr (New York Fed), estr (ECB), sonia (Bank of England), ' +
  'tona (Bank of Japan, uncollateralized overnight call rate), saron (Swiss National Bank data portal), corra (Bank of Canada). ' +
  `Prime and base lending rates (with rate_type and source): ${LENDING_LIST}. An unknown identifier is 400 listing the valid ones.`;

const boundParams = () => ({
  start_time: z.optional(unixSecondsParam('start of the range, inclusive')),
  end_time: z.optional(unixSecondsParam('end of the range, inclusive')),
  page: z.optional(textParam(400, "cursor from the 'next' field of the previous response")),
});

const nextField = () => z.nullable(z.string().check(z.meta({ description: 'cursor for the next page (pass it as page with the same query); null on the last page' })));

export const rateEndpoints = {
  interestRate: defineEndpoint({
    path: '/v2/interestrate',
    method: 'GET',
    entry: 'functions/interestRate.ts',
    summary: 'Current central bank, benchmark, prime and base lending rates',
    description:
      `${IDENTIFIERS} Refreshed hourly from each publisher; last_updated (MM-DD-YYYY) is the day the rate applies to as the publisher dates it ` +
      '(BIS lags by several days; prime_jp is dated by its last change; base_lending_my by the day it was read). ' +
      'rate_type and source are present only for prime and base lending rates. 503 data_unavailable until the rate has been ingested.',
    access: 'all',
    metering: 'quota',
    cache: liveData(3600),
    params: () => z.object({ rate: rateParam() }),
    response: {
      json: () => z.object({
        rate_name: z.string(),
        rate_pct: z.number().check(z.meta({ description: 'percent per year' })),
        last_updated: z.string().check(z.meta({ description: 'MM-DD-YYYY' })),
        rate_type: z.optional(z.string()),
        source: z.optional(z.string()),
        sample: sampleField(),
      }),
    },
    tables: { market: 'read' },
  }),
  interestRateHistorical: defineEndpoint({
    path: '/v2/interestratehistorical',
    method: 'GET',
    entry: 'functions/interestRateHistorical.ts',
    summary: 'Daily history of a rate, oldest first, paged',
    description:
      `Same identifiers as /v2/interestrate. Bounds: start_date/end_date (YYYY-MM-DD, inclusive, UTC days) or start_time/end_time ` +
      '(Unix seconds, inclusive); a date and a time for the same side is 400, a start after the end is 400. Without a start the history ' +
      `begins at its first point; without an end it runs to now. At most ${PAGE_SIZE} points per call, oldest first; next is an opaque ` +
      'cursor to pass as page with the same rate and bounds (null on the last page); a malformed cursor or one from another query is 400. ' +
      'Points are the days the publisher published (BIS: every day, carried over weekends; prime rates: the days they were published or changed); ' +
      'timestamp is 00:00 UTC of date and carries no time of day. History depth: US and Canadian prime from 1990, Japanese prime from 1989, ' +
      'Brazil (TJLP) from 2011, central banks and benchmarks from 2000 (or their first publication); South Africa, China and Malaysia from ' +
      'when collection began.',
    access: 'premium',
    metering: 'quota',
    cache: liveData(3600),
    params: () => z.object({
      rate: rateParam(),
      start_date: z.optional(dateParam('first day, inclusive (UTC)')),
      end_date: z.optional(dateParam('last day, inclusive (UTC)')),
      ...boundParams(),
    }),
    rules: (p) => {
      historyBounds(p);
    },
    response: {
      json: () => z.object({
        name: z.string(),
        data: z.array(
          z.object({
            timestamp: z.int().check(z.meta({ description: 'Unix seconds, 00:00 UTC of date' })),
            date: z.string().check(z.meta({ description: 'YYYY-MM-DD (UTC)' })),
            rate_pct: z.number(),
            sample: sampleField(),
          }),
        ),
        next: nextField(),
        sample: sampleField(),
      }),
    },
    tables: { market: 'read' },
  }),
  liborHistorical: defineEndpoint({
    path: '/v1/liborhistorical',
    method: 'GET',
    entry: 'functions/liborHistorical.ts',
    summary: 'USD LIBOR daily fixings (history only), oldest first, paged',
    description:
      `type: ${LIBOR_TYPES.join(', ')}. start_time/end_time are Unix seconds, inclusive (start after end is 400). At most ${PAGE_SIZE} ` +
      'fixings per call, oldest first; next is an opaque cursor for the following page with the same type and bounds (null on the last page). ' +
      'LIBOR publication has ended: USD fixings run from 1986 to 2021 (tenors end at different dates). ' +
      'Licence: LIBOR is ICE Benchmark Administration data; source and licence in every response say where the fixings come from and on ' +
      'what terms they are served (the demonstration data set may be used for demonstration and tests only). 503 until the fixings are imported.',
    access: 'business',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({ type: enumParam(LIBOR_TYPES, 'LIBOR tenor'), ...boundParams() }),
    rules: (p) => {
      historyBounds(p);
    },
    response: {
      json: () => z.object({
        name: z.string().check(z.meta({ description: 'e.g. USD LIBOR - 3 months' })),
        data: z.array(z.object({ timestamp: z.int().check(z.meta({ description: 'Unix seconds, 00:00 UTC of the fixing day' })), rate_pct: z.number() })),
        next: nextField(),
        source: z.string(),
        licence: z.string(),
      }),
    },
    layers: ['referenceData'],
  }),
};

// ---- ingestion ----

/**
 * The seed's clock for the rate jobs: after the newest payload. NY Fed (SOFR, EFFR) and FRED (DPRIME) are real
 * recordings (../shared/recordings), and so is BIS's Swiss policy rate (datasets/interest-rates, its own clock); the
 * other publishers' payloads are hand-written (test/fixtures/rates-*), no recording of them exists (BoJ's and BCB's
 * recordings are of other series than TONA and TJLP).
 */
export const RATES_RECORDED_AT = '2025-06-20T12:00:00Z';
/** The real BIS WS_CBPOL response (SDMX-ML, series M.CH) in the datasets, and when BIS prepared it. */
export const BIS_SWISS_RECORDING = 'interest-rates/bis_ws_cbpol_M.CH_sdmx-generic_2026-03-17.xml';
export const BIS_RECORDED_AT = '2026-03-17T10:50:43Z';

const upstream = (baseUrlEnv: string, provider: string, routes: SampleUpstream['routes']): SampleUpstream => ({ baseUrlEnv, provider, routes });
const sample = (...upstreams: SampleUpstream[]) => ({ recordedAt: RATES_RECORDED_AT, upstreams });
const HOURLY = 'rate(1 hour)';

const BIS_AREAS_PATH = `/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/D.${CENTRAL_BANK_COUNTRIES.map((c) => CENTRAL_BANKS[c].area).join('+')}`;

/** Scheduled ingestion jobs of this family (one per publisher), in the order `npm run seed` runs them. */
export const rateJobs = jobFamily('rates', {
  rateBis: defineJob({
    name: 'rateBis',
    entry: 'functions/ingest/rateBis.ts',
    schedule: HOURLY,
    summary: 'Policy rates of 22 central banks from BIS WS_CBPOL (first run: daily history from 2000, in 5-year requests; monthly where BIS has no daily series)',
    timeoutSeconds: 600,
    memoryMb: 512,
    // run when the real BIS response was prepared (2026-03-17): the Swiss rate comes from it, the others from the
    // hand-written daily file, which leaves Switzerland out so that the job reads BIS's monthly series for it
    sample: {
      recordedAt: BIS_RECORDED_AT,
      upstreams: [
        upstream(BIS_BASE_URL_ENV, 'rates-bis', {
          // the hand-written file covers 2025-06-01 … 2025-06-13; other windows hold nothing (SDMX 404)
          [BIS_AREAS_PATH]: (q) => ((q.get('startPeriod') ?? '') <= '2025-06-13' && (q.get('endPeriod') ?? '') >= '2025-06-01' ? 'ws_cbpol_daily.csv' : undefined),
          // the real SDMX-ML response of M.CH: 2025-12 … 2026-02
          '/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/M.CH': (q) =>
            (q.get('startPeriod') ?? '') <= '2026-02' && (q.get('endPeriod') ?? '') >= '2025-12' ? `datasets:${BIS_SWISS_RECORDING}` : undefined,
        }),
      ],
    },
  }),
  rateNyFed: defineJob({
    name: 'rateNyFed',
    entry: 'functions/ingest/rateNyFed.ts',
    schedule: HOURLY,
    summary: 'SOFR and EFFR from the New York Fed Markets API',
    timeoutSeconds: 120,
    // real answers, recorded 2024-06-27: SOFR 2024-06-03 … 06-06, EFFR 2023-01-03 … 06-06
    sample: sample(
      upstream(NYFED_BASE_URL_ENV, 'rates-nyfed', {
        [NYFED_RATES.sofr.path]: 'recordings:nyfed/sofr-search-2024-06-01-to-2024-06-06.json',
        [NYFED_RATES.effr.path]: 'recordings:nyfed/effr-search-2023-01-01-to-2023-06-06.json',
      }),
    ),
  }),
  rateEcb: defineJob({
    name: 'rateEcb',
    entry: 'functions/ingest/rateEcb.ts',
    schedule: HOURLY,
    summary: '€STR from the ECB Data Portal',
    timeoutSeconds: 120,
    sample: sample(upstream(ECB_DATA_BASE_URL_ENV, 'rates-ecb', { [`/service/data/${ESTR_SERIES}`]: 'estr.csv' })),
  }),
  rateBoe: defineJob({
    name: 'rateBoe',
    entry: 'functions/ingest/rateBoe.ts',
    schedule: HOURLY,
    summary: 'SONIA from the Bank of England IADB',
    timeoutSeconds: 120,
    sample: sample(upstream(BOE_BASE_URL_ENV, 'rates-boe', { '/boeapps/database/_iadb-fromshowcolumns.asp': 'sonia.csv' })),
  }),
  rateBoj: defineJob({
    name: 'rateBoj',
    entry: 'functions/ingest/rateBoj.ts',
    schedule: HOURLY,
    summary: 'TONA (stat-search API) and the short-term prime rate (prime-rate table) from the Bank of Japan',
    timeoutSeconds: 120,
    sample: sample(
      upstream(BOJ_STAT_BASE_URL_ENV, 'rates-boj', { '/api/v1/getDataCode': 'tona.json' }),
      upstream(BOJ_SITE_BASE_URL_ENV, 'rates-boj', { [BOJ_PRIME_PAGE]: 'prime.htm' }),
    ),
  }),
  rateSnb: defineJob({
    name: 'rateSnb',
    entry: 'functions/ingest/rateSnb.ts',
    schedule: HOURLY,
    summary: 'SARON from the Swiss National Bank data portal',
    timeoutSeconds: 120,
    sample: sample(upstream(SNB_BASE_URL_ENV, 'rates-snb', { [`/api/cube/${SNB_RATES_CUBE}/data/csv/en`]: 'saron.csv' })),
  }),
  rateBankOfCanada: defineJob({
    name: 'rateBankOfCanada',
    entry: 'functions/ingest/rateBankOfCanada.ts',
    schedule: HOURLY,
    summary: 'CORRA and the chartered-bank prime rate from Bank of Canada Valet',
    timeoutSeconds: 120,
    sample: sample(
      upstream(BANK_OF_CANADA_BASE_URL_ENV, 'rates-boc', { [`/valet/observations/${VALET_SERIES.corra}/json`]: 'corra.json', [`/valet/observations/${VALET_SERIES.prime}/json`]: 'prime.json' }),
    ),
  }),
  rateFredPrime: defineJob({
    name: 'rateFredPrime',
    entry: 'functions/ingest/rateFredPrime.ts',
    schedule: HOURLY,
    summary: 'US bank prime loan rate (FRED DPRIME), from 1990',
    timeoutSeconds: 120,
    // the real fredgraph download of 2020-05 (old DATE header): every day since 1955, the job keeps those from 1990
    sample: sample(upstream(FRED_GRAPH_URL_ENV, 'rates-fred', { '/graph/fredgraph.csv': (q) => (q.get('id') === 'DPRIME' ? 'recordings:fred/fredgraph-DPRIME-DATE-header-2020.csv' : undefined) })),
  }),
  rateSarb: defineJob({
    name: 'rateSarb',
    entry: 'functions/ingest/rateSarb.ts',
    schedule: HOURLY,
    summary: 'South African prime lending rate from the SARB web indicators',
    timeoutSeconds: 60,
    sample: sample(upstream(SARB_BASE_URL_ENV, 'rates-sarb', { '/SarbWebApi/WebIndicators/HomePageRates': 'home-page-rates.json' })),
  }),
  rateChinamoney: defineJob({
    name: 'rateChinamoney',
    entry: 'functions/ingest/rateChinamoney.ts',
    schedule: HOURLY,
    summary: '1-year Loan Prime Rate from chinamoney.com.cn (CFETS)',
    timeoutSeconds: 60,
    sample: sample(upstream(CHINAMONEY_BASE_URL_ENV, 'rates-chinamoney', { '/r/cms/www/chinamoney/data/currency/bk-lpr.json': 'bk-lpr.json' })),
  }),
  rateBnm: defineJob({
    name: 'rateBnm',
    entry: 'functions/ingest/rateBnm.ts',
    schedule: HOURLY,
    summary: 'Malaysian base lending rate (median of the listed banks) from the Bank Negara Malaysia OpenAPI',
    timeoutSeconds: 60,
    sample: sample(upstream(BNM_BASE_URL_ENV, 'rates-bnm', { '/public/base-rate': 'base-rate.json' })),
  }),
  rateBcb: defineJob({
    name: 'rateBcb',
    entry: 'functions/ingest/rateBcb.ts',
    schedule: HOURLY,
    summary: 'TJLP (prime_br) from Banco Central do Brasil SGS, from 2011 in 10-year windows',
    timeoutSeconds: 120,
    sample: sample(
      upstream(BCB_BASE_URL_ENV, 'rates-bcb', { [`/dados/serie/bcdata.sgs.${TJLP_SERIES}/dados`]: (q) => (q.get('dataInicial') === '01/01/2011' ? 'tjlp-2011-2020.json' : 'tjlp.json') }),
    ),
  }),
});
