import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { sampleField } from '../http/sample';
import { defineJob, jobFamily } from '../ingest/definition';
import { BENCHMARKS, BENCHMARK_INFO } from '../energy/benchmarks';
import { batchRules, TYPES_GATE, typeParam, typesParam, unitParam } from '../energy/batch';
import { UNITS } from '../energy/units';
import { currencyParam } from '../fx/currencies';
import { FRED_GRAPH_URL_ENV } from '../sources/fred';
import { EIA_BASE_URL_ENV } from '../sources/eia';
import { ECB_90_DAYS_PATH, ECB_BASE_URL_ENV, ECB_DAILY_PATH } from '../sources/ecb';
import { liveData } from '../http/caching';

const oilSpotObject = () => z.object({
  type: z.enum(BENCHMARKS),
  name: z.string(),
  price: z.number(),
  spot_type: z.string().check(z.meta({ description: 'what is assessed, e.g. Spot Price FOB' })),
  date: z.string().check(z.meta({ format: 'date', description: 'trading day of the price (YYYY-MM-DD)' })),
  benchmark: z.string().check(z.meta({ description: 'physical spot benchmark, e.g. WTI Cushing, Oklahoma' })),
  previous_close: z.nullable(z.number()),
  change_24h: z.nullable(z.number()),
  change_24h_percent: z.nullable(z.number()),
  updated: z.int().check(z.meta({ description: 'Unix seconds: when the service first stored this trading day\'s price' })),
  unit: z.enum(UNITS as [string, ...string[]]),
  currency_unit: z.string().check(z.meta({ description: 'ISO 4217 code of price' })),
  sample: sampleField(),
});

/** FRED graph CSVs the seed serves: the real WTI download of 2026-02 (2021-02-09 … 2026-02-09); the others hand-written (test/fixtures/fred). */
const FRED_FILES: Record<string, string> = {
  ...Object.fromEntries(Object.values(BENCHMARK_INFO).map((info) => [info.spot.fredSeries, `${info.spot.fredSeries}.csv`])),
  DCOILWTICO: 'recordings:fred/fredgraph-DCOILWTICO-observation_date-2026-02.csv',
};
/** EIA answers (only read with EIA_API_KEY): hand-written daily series; the real EIA recordings are weekly, not what the job asks for. */
const EIA_FILES = Object.fromEntries(Object.values(BENCHMARK_INFO).map((info) => [info.spot.eiaSeries, `${info.spot.eiaSeries}.json`]));
const EIA_ROUTES = [...new Set(Object.values(BENCHMARK_INFO).map((info) => info.spot.eiaRoute))];

/** Oil and energy (spec 4.3): daily spot prices; the futures endpoints (/v1/oilprice, /v1/oilpricehistorical) reuse lib/energy. */
export const energyEndpoints = {
  oilSpot: defineEndpoint({
    path: '/v1/oilspot',
    method: 'GET',
    entry: 'functions/oilSpot.ts',
    summary: 'Daily spot price at the benchmark\'s physical delivery hub (WTI Cushing, Brent, Henry Hub, NY Harbor)',
    description:
      'Premium only. The EIA daily spot assessments (via FRED, or EIA API v2 when configured): WTI Cushing and Brent in USD/barrel, ' +
      'Henry Hub natural gas in USD/MMBtu, NY Harbor conventional gasoline and No. 2 heating oil (diesel) in USD/gallon. Spot prices ' +
      'are published with a delay of a few days: `date` is the trading day of the price, `previous_close` the price of the trading day ' +
      'before it (null when none is stored), change_24h = price − previous_close, change_24h_percent in percent (2 decimals). ' +
      'unit converts with exact factors (1 bbl = 42 US gal, 1 gal = 3.785411784 L, 1 MMBtu = 1.05505585262 GJ, 1 MWh = 3.6 GJ, ' +
      '1 therm = 0.1 MMBtu); a unit of the other dimension → 400. currency converts USD through the latest ECB euro foreign exchange ' +
      'reference rates (cross rate via EUR); a valid ISO 4217 code the ECB does not publish → 400 listing the supported ones. Prices ' +
      'are rounded to 4 decimals. types (Business+ or annual): comma-separated benchmarks answered as an array in the order asked ' +
      '(a name given twice is answered once); types with type → 400. Nothing ingested yet → 503 data_unavailable.',
    access: 'premium',
    metering: 'quota',
    cache: liveData(3600),
    params: () => z.object({
      type: z.optional(typeParam()),
      types: z.optional(typesParam()),
      currency: z._default(currencyParam('ISO 4217 currency of the price (default USD)'), 'USD'),
      unit: z.optional(unitParam()),
    }),
    paramGates: { types: TYPES_GATE },
    rules: batchRules,
    response: { json: () => z.union([oilSpotObject(), z.array(oilSpotObject())]) },
    tables: { market: 'read' },
  }),
};

/** Scheduled ingestion jobs of this family, in the order `npm run seed` runs them. */
export const energyJobs = jobFamily('energy', {
  fxRates: defineJob({
    name: 'fxRates',
    entry: 'functions/ingest/fxRates.ts',
    // the ECB publishes around 16:00 CET (15:00 UTC in winter, 14:00 UTC in summer) on TARGET days
    schedule: 'cron(30 15 ? * MON-FRI *)',
    summary: 'ECB euro foreign exchange reference rates (last 90 days) for currency conversion',
    sample: {
      // real ECB files: the 90-day file of 2014-06-13 (what the job reads) and the daily file of 2025-05-09
      recordedAt: '2014-06-13T16:30:00Z',
      upstreams: [
        {
          baseUrlEnv: ECB_BASE_URL_ENV,
          provider: 'ecb',
          routes: { [ECB_90_DAYS_PATH]: 'recordings:ecb/eurofxref-hist-90d-2014-06-13.xml', [ECB_DAILY_PATH]: 'recordings:ecb/eurofxref-daily-2025-05-09.xml' },
        },
      ],
    },
  }),
  oilSpot: defineJob({
    name: 'oilSpot',
    entry: 'functions/ingest/oilSpot.ts',
    // FRED mirrors the EIA spot series with a lag of days; once a day is plenty
    schedule: 'cron(0 21 * * ? *)',
    summary: 'Daily energy spot prices (WTI, Brent, Henry Hub, NY Harbor gasoline and heating oil) from FRED, or EIA v2 with EIA_API_KEY',
    timeoutSeconds: 120,
    sample: {
      recordedAt: '2026-11-20T21:00:00Z',
      upstreams: [
        { baseUrlEnv: FRED_GRAPH_URL_ENV, provider: 'fred', routes: { '/graph/fredgraph.csv': (query) => FRED_FILES[query.get('id') ?? ''] } },
        {
          baseUrlEnv: EIA_BASE_URL_ENV,
          provider: 'eia',
          routes: Object.fromEntries(EIA_ROUTES.map((route) => [`/v2/${route}/data/`, (query: URLSearchParams) => EIA_FILES[query.get('facets[series][]') ?? '']])),
        },
      ],
    },
  }),
});
