import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { InvalidParameterError } from '../http/errors';
import { enumParam, patternParam } from '../http/params';
import { sampleField } from '../http/sample';
import { defineJob, jobFamily } from '../ingest/definition';
import { periodParam, unixSecondsParam } from '../markets/timeSeries';
import { BENCHMARKS, BENCHMARK_INFO } from '../energy/benchmarks';
import { batchRules, TYPES_GATE, typeParam, typesParam, unitParam } from '../energy/batch';
import { UNITS } from '../energy/units';
import { currencyParam } from '../fx/currencies';
import { YAHOO_CHART_URL_ENV } from '../sources/yahooChart';
import { COMMODITIES, COMMODITY_NAMES, QUOTE_UNITS } from '../commodities/catalog';
import { FUTURES_JOBS } from '../commodities/history';
import { FUTURES_SAMPLE_RECORDED_AT, futuresSampleRoutes } from '../commodities/sampleRoutes';
import { liveData } from '../http/caching';

/**
 * Futures-based energy and commodity endpoints (spec 4.3 /v1/oilprice, /v1/oilpricehistorical; 4.4
 * /v1/commodity*), all served from the front-month and contract-month quotes and bars the commodity jobs
 * ingest from the Yahoo chart API.
 */
const FIXED_ORDER = COMMODITIES.map((c, i) => `${i}: ${c.name}`).join(', ');
const CATALOG_TABLE = COMMODITIES.map((c) => `${c.name} (${c.exchange} ${c.root}, ${c.yahooSymbol}, ${c.currencyUnit} per ${c.unit})`).join('; ');

const bar = () => ({
  open: z.number(),
  low: z.number(),
  high: z.number(),
  close: z.number(),
  volume: z.nullable(z.number()),
  time: z.int().check(z.meta({ description: 'bar open time, Unix seconds' })),
});

const oilPriceObject = () => z.object({
  type: z.enum(BENCHMARKS),
  name: z.string(),
  price: z.number(),
  unit: z.enum(UNITS as [string, ...string[]]),
  currency_unit: z.string().check(z.meta({ description: 'ISO 4217 code of price' })),
  previous_close: z.nullable(z.number()),
  change_24h: z.nullable(z.number()),
  change_24h_percent: z.nullable(z.number()),
  high_24h: z.optional(z.nullable(z.number().check(z.meta({ description: 'Premium only: high of the current trading day' })))),
  low_24h: z.optional(z.nullable(z.number().check(z.meta({ description: 'Premium only: low of the current trading day' })))),
  high_52w: z.optional(z.nullable(z.number().check(z.meta({ description: 'Premium only' })))),
  low_52w: z.optional(z.nullable(z.number().check(z.meta({ description: 'Premium only' })))),
  updated: z.int().check(z.meta({ description: 'Unix seconds: last trade (Premium), or the daily close time (free)' })),
  futures_contract: z.nullable(z.string().check(z.meta({ description: 'front contract, e.g. CLF27' }))),
  futures_contract_month: z.nullable(z.string().check(z.meta({ description: 'YYYY-MM' }))),
  sample: sampleField(),
});

const commodityName = () => enumParam(COMMODITY_NAMES, 'commodity name');
const contractSymbolParam = (rule: string, description: string) =>
  z.pipe(patternParam(/^[A-Za-z0-9]{1,10}$/, rule, description), z.transform((s: string) => s.toUpperCase()));

const contractObject = () => z.object({
  symbol: z.string(),
  last_price: z.number(),
  last_updated: z.int().check(z.meta({ description: 'last trade, Unix seconds' })),
  sample: sampleField(),
});

export const commodityEndpoints = {
  oilPrice: defineEndpoint({
    path: '/v1/oilprice',
    method: 'GET',
    entry: 'functions/oilPrice.ts',
    summary: 'Front-month futures price of an energy benchmark (wti, brent, natural_gas, gasoline, diesel)',
    description:
      'Futures: NYMEX CL (wti), NYMEX BZ Brent Last Day Financial (brent), NYMEX NG, RB (RBOB gasoline), HO (diesel = No. 2 heating oil / ULSD), ' +
      'the rolling front month; futures_contract/futures_contract_month name the contract quoted (null when the source names none). ' +
      'Free keys: wti and brent only (other types → 403), the latest daily close: the close of the trading day whose 17:00 New York time ' +
      '(the CME Globex daily close) has passed, `updated` = that instant, previous_close = the trading day before. Premium keys: the latest ' +
      'trade of every benchmark (`updated` its time), previous_close = the previous trading day\'s close, high_24h/low_24h = the current ' +
      'trading day\'s high and low, high_52w/low_52w (these four only for Premium keys; absent for free keys). change_24h = price − ' +
      'previous_close, change_24h_percent in percent (2 decimals). currency and unit are Premium parameters (a free key may send the ' +
      'defaults USD and barrel): unit converts with exact factors, a unit of the other dimension → 400; currency converts through the ' +
      'latest ECB euro reference rates. Prices rounded to 4 decimals. types (Business+ or annual): comma-separated, answered as an array ' +
      'in the order asked; types with type → 400. Nothing ingested yet → 503 data_unavailable.',
    access: 'all',
    metering: 'quota',
    cache: liveData(5 * 60),
    params: () => z.object({
      type: z.optional(typeParam()),
      types: z.optional(typesParam()),
      currency: z.optional(currencyParam('ISO 4217 currency of the price (Premium; default USD)')),
      unit: z.optional(unitParam()),
    }),
    paramGates: {
      types: TYPES_GATE,
      currency: { access: 'premium', freeValue: (currency) => currency === 'USD' },
      unit: { access: 'premium', freeValue: (unit) => unit === 'barrel' },
    },
    rules: batchRules,
    response: { json: () => z.union([oilPriceObject(), z.array(oilPriceObject())]) },
    tables: { market: 'read' },
    layers: ['referenceData'], // the exchanges' time-zone table (lib/time/zoneTable.ts)
  }),
  oilPriceHistorical: defineEndpoint({
    path: '/v1/oilpricehistorical',
    method: 'GET',
    entry: 'functions/oilPriceHistorical.ts',
    summary: 'Front-month futures OHLCV bars of an energy benchmark, newest first',
    description:
      'Premium only. USD per native unit (barrel for wti and brent, MMBtu for natural_gas, US gallon for gasoline and diesel). ' +
      'period 1m, 5m, 15m, 30m, 1h (default), 4h, 1d; start defaults to end − 100 periods, end to now; at most 1000 bars, newest first. ' +
      'Bars are UTC-aligned (daily bars open at 00:00 New York time of the trading day). `provisional` is true on a daily bar until it ' +
      'has been re-read from the source at or after 12:00 New York time of the day after its trading day (when the exchange\'s volume ' +
      'is final); always false on intraday bars. Retention: 1m 7 days, 5m 30 days, 15m/30m 60 days, 1h/4h 2 years, 1d kept. ' +
      'A window the store does not hold is read from the source on demand and stored; a window without bars (a weekend) is []; the source ' +
      'failing with no bar stored for the window → 502 upstream_error whose message names the range that is stored; nothing ingested for ' +
      'the period yet → 503 data_unavailable.',
    access: 'premium',
    metering: 'quota',
    reachesInternet: true,
    cache: liveData(5 * 60),
    params: () => z.object({
      type: z._default(typeParam(), 'wti'),
      period: z._default(periodParam('bar period (default 1h)'), '1h'),
      start: z.optional(unixSecondsParam('window start, inclusive (default end − 100 periods)')),
      end: z.optional(unixSecondsParam('window end, inclusive (default now)')),
    }),
    response: { json: () => z.array(z.object({ ...bar(), provisional: z.boolean(), sample: sampleField() })) },
    // stores the bars it reads on demand (read-through)
    tables: { market: 'readWrite' },
    layers: ['referenceData'], // the exchanges' time-zone table (lib/time/zoneTable.ts)
    timeoutSeconds: 15,
  }),
  commodityPrice: defineEndpoint({
    path: '/v1/commodityprice',
    method: 'GET',
    entry: 'functions/commodityPrice.ts',
    summary: 'Latest front-month futures price of a commodity (USD)',
    description:
      'Prices in US dollars or cents as quoted by the exchange, from rolling front-month futures: `currency_unit` is USD or USX (US ' +
      'cents) and `unit` the quantity the price is per (gold USD per troy_ounce, corn USX per bushel), from each contract\'s ' +
      'specifications; not suitable for live or high-frequency trading. `exchange` is the exchange the contract trades on (CME, CBOT, ' +
      'NYMEX, COMEX, ICE for ICE Futures U.S.), `name` the contract\'s name, `updated` the last trade (Unix seconds). previous_close is ' +
      "the previous trading day's close, change_24h = price − previous_close, change_24h_percent in percent (2 decimals), high_24h and " +
      "low_24h the current trading day's range, high_52w and low_52w the last 52 weeks', all from the same front-month quote (Yahoo's chart); " +
      'null when the quote lacks them. ' +
      'Commodities: ' +
      CATALOG_TABLE +
      '. Free keys can query 7 commodities a week: in the fixed order ' +
      FIXED_ORDER +
      ', the ISO week (Monday 00:00 UTC to Sunday 24:00 UTC) k weeks after Monday 2024-01-01 frees the 7 names starting at index ' +
      '(7 × k) mod 30, wrapping past the end; any other name → 403 listing this week\'s 7. Unknown name → 400 listing the valid names; ' +
      'nothing ingested yet → 503 data_unavailable.',
    access: 'all',
    metering: 'quota',
    cache: liveData(5 * 60),
    params: () => z.object({ name: commodityName() }),
    response: {
      json: () => z.object({
        exchange: z.string(),
        name: z.string(),
        value: z.string().check(z.meta({ description: 'the commodity as the name parameter names it (e.g. gold), as the live service sends it' })),
        price: z.number(),
        unit: z.enum(QUOTE_UNITS).check(z.meta({ description: 'the quantity price is per, as the exchange quotes it' })),
        currency_unit: z.enum(['USD', 'USX']).check(z.meta({ description: 'USD: US dollars; USX: US cents (as the exchange quotes it)' })),
        previous_close: z.nullable(z.number().check(z.meta({ description: "the previous trading day's close" }))),
        change_24h: z.nullable(z.number().check(z.meta({ description: 'price − previous_close' }))),
        change_24h_percent: z.nullable(z.number().check(z.meta({ description: 'change_24h in percent of previous_close, 2 decimals' }))),
        high_24h: z.nullable(z.number().check(z.meta({ description: 'high of the current trading day' }))),
        low_24h: z.nullable(z.number().check(z.meta({ description: 'low of the current trading day' }))),
        high_52w: z.nullable(z.number().check(z.meta({ description: 'high of the last 52 weeks' }))),
        low_52w: z.nullable(z.number().check(z.meta({ description: 'low of the last 52 weeks' }))),
        updated: z.int(),
        sample: sampleField(),
      }),
    },
    tables: { market: 'read' },
  }),
  commodityPriceHistorical: defineEndpoint({
    path: '/v1/commoditypricehistorical',
    method: 'GET',
    entry: 'functions/commodityPriceHistorical.ts',
    summary: 'Front-month futures OHLCV bars of a commodity (USD), newest first',
    description:
      'Premium only. period 1m, 5m, 15m, 30m, 1h (default), 4h, 1d; start defaults to 24 hours before end, end to now; at most 1000 ' +
      'bars, newest first. Same bars, retention and on-demand reads as /v1/oilpricehistorical (without `provisional`): a window without ' +
      'bars is []; the source failing with no bar stored for the window → 502 upstream_error naming the stored range; nothing ingested ' +
      'for the period yet → 503 data_unavailable.',
    access: 'premium',
    metering: 'quota',
    reachesInternet: true,
    cache: liveData(5 * 60),
    params: () => z.object({
      name: commodityName(),
      period: z._default(periodParam('bar period (default 1h)'), '1h'),
      start: z.optional(unixSecondsParam('window start, inclusive (default end − 24 hours)')),
      end: z.optional(unixSecondsParam('window end, inclusive (default now)')),
    }),
    response: { json: () => z.array(z.object({ ...bar(), sample: sampleField() })) },
    tables: { market: 'readWrite' },
    timeoutSeconds: 15,
  }),
  commodityContract: defineEndpoint({
    path: '/v1/commoditycontract',
    method: 'GET',
    entry: 'functions/commodityContract.ts',
    summary: 'Last price of futures contract months, by symbol or symbol prefix',
    description:
      'Business, Professional or annual plans. Exactly one of symbol (a full contract symbol: root + month code F G H J K M N Q U V X Z + ' +
      '2-digit year, e.g. GCZ26, CLF27; case-insensitive) → one object, or symbol_root (a prefix) → an array of every tracked contract whose ' +
      'symbol starts with it, in the order of /v1/commoditycontractlist (a literal prefix: SI also matches SIL micro silver months). Both ' +
      'or neither → 400. Unknown symbol → 404 no_data; a symbol_root nothing starts with → 200 []. The tracked contracts are the next 6 listed months of each of the 30 ' +
      'commodities, refreshed every 30 minutes; nothing ingested yet → 503 data_unavailable.',
    access: 'businessOrAnnual',
    metering: 'quota',
    cache: liveData(30 * 60),
    params: () => z.object({
      symbol: z.optional(contractSymbolParam('1 to 10 letters and digits', 'full contract symbol, e.g. GCZ26')),
      symbol_root: z.optional(contractSymbolParam('1 to 10 letters and digits', 'symbol prefix, e.g. GC')),
    }),
    rules: (p) => {
      if ((p.symbol === undefined) === (p.symbol_root === undefined)) {
        throw new InvalidParameterError("Give exactly one of 'symbol' (a full contract symbol) or 'symbol_root' (a prefix).", 'symbol');
      }
    },
    response: { json: () => z.union([contractObject(), z.array(contractObject())]) },
    tables: { market: 'read' },
  }),
  commodityContractList: defineEndpoint({
    path: '/v1/commoditycontractlist',
    method: 'GET',
    entry: 'functions/commodityContractList.ts',
    summary: 'Every tracked futures contract month and its commodity',
    description:
      'Business, Professional or annual plans. The next 6 listed contract months of each of the 30 commodities that have a recent trade, ' +
      'in the commodities\' fixed order, then by month. Nothing ingested yet → 503 data_unavailable.',
    access: 'businessOrAnnual',
    metering: 'quota',
    cache: liveData(30 * 60),
    params: () => z.object({}),
    response: { json: () => z.array(z.object({ symbol: z.string(), commodity: z.string(), sample: sampleField() })) },
    tables: { market: 'read' },
  }),
};

const sample = (kind: Parameters<typeof futuresSampleRoutes>[0]) => ({
  recordedAt: FUTURES_SAMPLE_RECORDED_AT,
  upstreams: [{ baseUrlEnv: YAHOO_CHART_URL_ENV, provider: 'yahoo-futures', routes: futuresSampleRoutes(kind) }],
});

/** Scheduled ingestion jobs of this family, in the order `npm run seed` runs them. */
export const commodityJobs = jobFamily('commodities', {
  commodityQuotes: defineJob({
    name: FUTURES_JOBS.quotes,
    entry: 'functions/ingest/commodityQuotes.ts',
    schedule: 'rate(5 minutes)',
    summary: `Front-month futures quotes and daily bars of the 30 commodities and the oil benchmarks (${Object.values(BENCHMARK_INFO).map((b) => b.futuresSymbol).join(', ')}) from the Yahoo chart API`,
    timeoutSeconds: 180,
    sample: sample('quotes'),
  }),
  commodityIntradayBars: defineJob({
    name: FUTURES_JOBS.intraday,
    entry: 'functions/ingest/commodityIntradayBars.ts',
    schedule: 'rate(5 minutes)',
    summary: 'Front-month futures 1m bars and their 5m … 4h aggregates (1h history backfilled from 60m bars)',
    timeoutSeconds: 240,
    sample: sample('intraday'),
  }),
  commodityContracts: defineJob({
    name: 'commodityContracts',
    entry: 'functions/ingest/commodityContracts.ts',
    schedule: 'rate(30 minutes)',
    summary: 'Last prices of the next 6 listed contract months of each commodity',
    timeoutSeconds: 300,
    sample: sample('contracts'),
  }),
});
