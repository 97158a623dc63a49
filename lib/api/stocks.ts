import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { integerParam } from '../http/params';
import { sampleField } from '../http/sample';
import { defineJob, jobFamily } from '../ingest/definition';
import { periodParam, unixSecondsParam } from '../markets/timeSeries';
import { SEC_WWW_URL_ENV } from '../sources/sec';
import { YAHOO_CHART_URL_ENV } from '../sources/yahooChart';
import { isTicker, STOCK_TICKERS_JOB, TICKER_MAX_LENGTH } from '../stocks/tickers';
import { liveData } from '../http/caching';

/** A ticker, upper-cased: AAPL, BRK-B, ^GSPC, 7203.T, SAP.DE. */
function tickerParam(description: string) {
  return z
    .pipe(
      z.pipe(z.string(), z.transform((s: string) => s.toUpperCase())),
      z.string().check(
        z.refine(isTicker, `must be a ticker of letters and digits in parts joined by '.', '-' or '=', optionally starting with '^' (e.g. AAPL, BRK-B, ^GSPC, 7203.T), at most ${TICKER_MAX_LENGTH} characters`),
      ),
    )
    .check(z.meta({ type: 'string', maxLength: TICKER_MAX_LENGTH, description }));
}

const nullableNumber = (description: string) => z.nullable(z.number().check(z.meta({ description })));

const stockBar = () => z.object({
  open: z.number(),
  low: z.number(),
  high: z.number(),
  close: z.number(),
  volume: z.nullable(z.int().check(z.meta({ description: 'shares (index: as the source reports; null when it has none)' }))),
  time: z.int().check(z.meta({ description: 'bar open time, Unix seconds (daily: the session open)' })),
  provisional: z.optional(z.literal(true).check(z.meta({ description: 'daily bars only, present only when true: published at 17:00 ET, volume may still rise until settled the next day' }))),
  sample: sampleField(),
});

const HISTORY_SOURCE =
  'Source: Yahoo Finance chart API (unofficial; not an exchange feed). ';

/** Stocks and indices (spec 2.6, 3, 4.6): price, history, ticker list. */
export const stockEndpoints = {
  stockPrice: defineEndpoint({
    path: '/v1/stockprice',
    method: 'GET',
    entry: 'functions/stockPrice.ts',
    summary: 'Price of a stock or index: close of the last completed session (free) or live (Premium)',
    description:
      'ticker is upper-cased; index symbols begin with ^ (^GSPC, ^DJI, ^IXIC, ^RUT, ^VIX), non-US listings carry the source suffix (7203.T, SAP.DE). ' +
      'Free keys get the close of the most recent completed session: a session counts from 17:00 ET on its day (the daily bar publication schedule), ' +
      'updated is that session\'s close on the US clock (16:00 ET, 13:00 ET on NYSE early-close days) and volume the session\'s volume. ' +
      'Premium keys get the live price, the time it was struck and the day\'s volume so far. previous_close is the close of the session before the one ' +
      'price belongs to (null when it is not stored, or when the newest stored session before is more than 14 days earlier: bars missing, not a market closure); ' +
      'change = price − previous_close (null without previous_close). Prices are rounded to the listing\'s ' +
      'quote precision (2 decimals for most stocks, 4 below 1.00), volumes to whole shares. name and exchange come from the SEC ticker list where the ' +
      'ticker is in it, else from the price source; currency and exchange may be null when the source has none. Prices are in the currency\'s major unit: ' +
      'London listings, which the source quotes in pence (GBp), are served in pounds (currency GBP, price ÷ 100), here and in /v1/stockpricehistorical. Unknown ticker → 404 no_data: a US-form ' +
      'ticker (letters, digits, -) in neither SEC list (company tickers, fund share classes) is answered so without asking the source; a ticker ' +
      'that is not stored and whose on-demand read fails → 502 upstream_error. ' +
      HISTORY_SOURCE,
    access: 'all',
    metering: 'quota',
    reachesInternet: true,
    cache: liveData(5 * 60),
    params: () => z.object({ ticker: tickerParam('stock or index ticker (e.g. AAPL, BRK-B, ^GSPC, 7203.T)') }),
    response: {
      json: () => z.object({
        ticker: z.string(),
        name: z.string(),
        price: z.number(),
        exchange: z.nullable(z.string()),
        updated: z.int().check(z.meta({ description: 'Unix seconds when the price was struck (free: the session close)' })),
        currency: z.nullable(z.string()),
        volume: z.nullable(z.int()),
        previous_close: nullableNumber('close of the session before the one price belongs to'),
        change: nullableNumber('price − previous_close'),
        sample: sampleField(),
      }),
    },
    tables: { market: 'readWrite' },
    layers: ['referenceData'], // the exchanges' time-zone table (lib/time/zoneTable.ts)
  }),
  stockPriceHistorical: defineEndpoint({
    path: '/v1/stockpricehistorical',
    method: 'GET',
    entry: 'functions/stockPriceHistorical.ts',
    summary: 'OHLCV bars of a stock or index, newest first (Premium)',
    description:
      'period 1m, 5m, 15m, 30m, 1h, 4h or 1d (default 1d). start and end are Unix seconds (inclusive, by bar open time); end defaults to now and ' +
      'start to end − 100 periods. At most 1000 bars, newest first. Daily bars follow the publication schedule: no bar for a session before 17:00 ET ' +
      'on its day (the session in progress never has one); a bar is provisional (provisional: true, volume may still rise) until re-read from the ' +
      'source from 04:00 ET the next day (settle runs are scheduled before 14:00 ET); non-US listings follow the same schedule on the US clock. ' +
      'Intraday bars only for periods that have ended, as deep as the source keeps them (1m: 7 days, 5m–30m: 60 days, 1h and 4h: 730 days); ' +
      '4h bars are built from 1h bars on UTC 4-hour periods. Prices are in the currency\'s major unit (London listings in pounds, not the pence the source quotes), as on /v1/stockprice. ' +
      'History depth: paid plans below Business (not annual) get the last 5 years and a ' +
      'start or end before that is 403 plan_required; Business and above and annual plans get the full archive. ' +
      HISTORY_SOURCE,
    access: 'premium',
    metering: 'quota',
    reachesInternet: true,
    cache: liveData(5 * 60),
    params: () => z.object({
      ticker: tickerParam('stock or index ticker'),
      period: z._default(periodParam('bar period'), '1d'),
      start: z.optional(unixSecondsParam('first bar open time')),
      end: z.optional(unixSecondsParam('last bar open time')),
    }),
    response: { json: () => z.array(stockBar()) },
    tables: { market: 'readWrite' },
    layers: ['referenceData'], // the exchanges' time-zone table (lib/time/zoneTable.ts)
  }),
  stockPriceList: defineEndpoint({
    path: '/v1/stockpricelist',
    method: 'GET',
    entry: 'functions/stockPriceList.ts',
    summary: 'Tickers with prices: SEC-registered companies and the main US indices (Premium)',
    description:
      'In ticker order (byte order: digits, then letters, then ^ indices). offset must point into the list (0 up to its size − 1; beyond → 400); ' +
      'limit 1 to 1000 (default 100). Source: SEC company_tickers_exchange.json (public domain), refreshed daily, plus a fixed table of indices. ' +
      'Non-US listings (e.g. 7203.T) are priced by /v1/stockprice but not listed.',
    access: 'premium',
    metering: 'quota',
    cache: liveData(3600),
    params: () => z.object({
      offset: z._default(integerParam(0, 1_000_000, 'entries to skip'), 0),
      limit: z._default(integerParam(1, 1000, 'entries to return, 1 to 1000'), 100),
    }),
    response: { json: () => z.array(z.object({ ticker: z.string(), name: z.string(), sample: sampleField() })) },
    tables: { market: 'read' },
  }),
};

/**
 * What `npm run seed` serves for the chart source: real chart v8 responses (../shared/recordings/yahoo,
 * recorded 2025-02) for the watchlist tickers recorded there. Each holds the bars of its recorded window
 * and the meta (live price) of its recording day; tickers without a recording answer 404 and are skipped.
 */
const SEEDED_CHARTS: Record<string, string> = {
  AAPL: 'recordings:yahoo/chart-AAPL-2020-08-31-to-2020-11-07.json',
  MSFT: 'recordings:yahoo/historical-via-chart-MSFT-dividends-2021-02-01-to-2022-01-31.csv.json',
  NVDA: 'recordings:yahoo/historical-via-chart-NVDA-split-2021-02-01-to-2022-01-31.csv.json',
  TSLA: 'recordings:yahoo/historical-via-chart-dividends-TSLA-no-dividends.json',
  AMZN: 'recordings:yahoo/chart-AMZN-2020-01-01-to-2020-01-03.json',
  GOOG: 'recordings:yahoo/chart-GOOG-2020-01-01-to-2020-01-03.json',
  ABBV: 'recordings:yahoo/chart-ABBV-2020-01-01-to-2020-01-03.json',
};

const chartRoutes = Object.fromEntries(Object.entries(SEEDED_CHARTS).map(([ticker, file]) => [`/v8/finance/chart/${ticker}`, file]));

/** Friday 2025-02-21 18:00 ET, after the recordings' last trade times: every recorded bar is settled. */
const RECORDED_AT = '2025-02-21T23:00:00Z';
const chartSample = { recordedAt: RECORDED_AT, upstreams: [{ baseUrlEnv: YAHOO_CHART_URL_ENV, provider: 'yahoo-stocks', routes: chartRoutes }] };

/** Scheduled ingestion jobs of this family, in the order `npm run seed` runs them. */
export const stockJobs = jobFamily('stocks', {
  stockTickers: defineJob({
    name: STOCK_TICKERS_JOB,
    entry: 'functions/ingest/stockTickers.ts',
    schedule: 'cron(30 11 * * ? *)',
    summary: 'Ticker list from the SEC (company_tickers_exchange.json) plus the index table, daily',
    timeoutSeconds: 300,
    memoryMb: 512,
    sample: {
      recordedAt: RECORDED_AT,
      upstreams: [
        { baseUrlEnv: SEC_WWW_URL_ENV, provider: 'yahoo-stocks', routes: { '/files/company_tickers_exchange.json': 'datasets:sec/company_tickers_exchange.json' } },
      ],
    },
  }),
  stockDailyBars: defineJob({
    name: 'stockDailyBars',
    entry: 'functions/ingest/stockDailyBars.ts',
    schedule: 'cron(0/15 * ? * MON-FRI *)',
    summary: 'Last five daily bars of each watchlist ticker every 15 minutes on weekdays (UTC): publishes provisional bars from 17:00 ET',
    timeoutSeconds: 300,
    sample: chartSample,
  }),
  stockDailyBarsSettle: defineJob({
    name: 'stockDailyBarsSettle',
    entry: 'functions/ingest/stockDailyBarsSettle.ts',
    // 10:00 and 16:00 UTC = 05:00/11:00 EST, 06:00/12:00 EDT: after 04:00 ET and before 14:00 ET the day after each session (Friday's on Saturday)
    schedule: 'cron(0 10,16 ? * TUE-SAT *)',
    summary: 'Settle runs: re-reads the watchlist\'s daily bars the morning after each session, before 14:00 ET',
    timeoutSeconds: 300,
  }),
  stockQuotes: defineJob({
    name: 'stockQuotes',
    entry: 'functions/ingest/stockQuotes.ts',
    schedule: 'cron(0/5 * ? * MON-FRI *)',
    summary: 'Live price, time and volume of each watchlist ticker every 5 minutes on weekdays (UTC)',
    timeoutSeconds: 240,
    sample: chartSample,
  }),
});
