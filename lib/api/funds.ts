import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { patternParam } from '../http/params';
import { sampleField } from '../http/sample';
import { defineJob, jobFamily } from '../ingest/definition';
import { SEC_DATA_URL_ENV, SEC_WWW_URL_ENV } from '../sources/sec';
import { TOP_HOLDINGS } from '../funds/holdings';
import { liveData } from '../http/caching';
import { FUND_WATCHLIST_ENV } from '../funds/tickers';

const nullableString = (description: string) => z.nullable(z.string().check(z.meta({ description })));

const mutualFundObject = () => z.object({
  fund_ticker: z.string().check(z.meta({ description: 'share-class ticker, upper-case' })),
  fund_name: z.string().check(z.meta({ description: 'fund (series) name as in its latest N-PORT report' })),
  isin: nullableString('ISIN of the share class (US + CUSIP + check digit); null when no CUSIP is known'),
  cusip: nullableString('9-character CUSIP of the share class, as printed in its prospectus; null when the prospectus prints none'),
  country: nullableString('ISO 3166 alpha-2 country of the issuer (the registrant\'s address in the N-PORT report)'),
  price: z.optional(z.nullable(z.number().check(z.meta({ description: 'Premium: latest net asset value per share, USD; null before the first NAV is stored' })))),
  expense_ratio: z.optional(
    z.nullable(z.number().check(z.meta({ description: 'Premium: net annual expense ratio in percent (0.2 = 0.2 %) from the prospectus fee table; null when not found' }))),
  ),
  aum: z.optional(z.number().check(z.meta({ description: 'Premium: net assets of the fund (all classes), USD, at the N-PORT report date' }))),
  num_holdings: z.optional(z.int().check(z.meta({ description: 'Premium: number of investments in the N-PORT report' }))),
  holdings: z.optional(
    z.array(
      z.object({
        ticker: nullableString('ticker of the holding when the filing gives one, else null'),
        name: z.string(),
        weight_pct: z.number().check(z.meta({ description: 'percent of the fund\'s net assets' })),
      }),
    ).check(z.meta({ description: `Premium: the top ${TOP_HOLDINGS} holdings, largest weight first` })),
  ),
  sample: sampleField(),
});

/** Mutual funds (spec 4.6): identity from the SEC fund list and filings, NAV from the Yahoo chart API. */
export const fundEndpoints = {
  mutualFund: defineEndpoint({
    path: '/v1/mutualfund',
    method: 'GET',
    entry: 'functions/mutualFund.ts',
    summary: 'Mutual fund share class: identifiers, country; Premium: NAV, expense ratio, assets and top holdings',
    description:
      'ticker (required, case-insensitive) is a share-class ticker from the SEC mutual fund list. All plans get fund_ticker, fund_name, ' +
      'isin, cusip and country; Premium keys also get price (latest NAV, USD), expense_ratio (percent: 0.2 means 0.2 %), aum (net assets in USD), ' +
      `num_holdings and holdings (top ${TOP_HOLDINGS}: {ticker, name, weight_pct}, largest first). Names, assets and holdings come from the ` +
      'fund\'s latest public N-PORT report, the expense ratio (net of waivers where given) and the CUSIP from its prospectus (485BPOS/497K), ' +
      'the ISIN is derived from the CUSIP. Fields a filing does not give are null. A ticker the SEC does not list → 404 no_data; a listed ' +
      'fund whose profile has not been ingested yet (profiles cover the configured watchlist) → 503 data_unavailable.',
    access: 'all',
    metering: 'quota',
    cache: liveData(3600),
    params: () => z.object({
      ticker: z.pipe(
        patternParam(/^[A-Za-z0-9]{1,10}$/, 'a ticker of 1 to 10 letters or digits', 'mutual fund share-class ticker (e.g. VFIAX)'),
        z.transform((s: string) => s.toUpperCase()),
      ),
    }),
    response: { json: () => mutualFundObject() },
    tables: { market: 'read' },
  }),
};

/**
 * The seed's fund recordings: the real N-PORT reports there are (the Goldman Sachs Bond Fund's, 8 share classes, in
 * the datasets; Dupree's Kentucky Tax-Free Short-to-Medium Series in the recordings), found through hand-written
 * submissions indexes of their trusts (test/fixtures/sec-funds: the format is real, the accession numbers are
 * placeholders). No prospectus of these funds and no NAV of any fund is recorded: their expense ratio, CUSIP and
 * price are null.
 */
const SAMPLE_FUND_SUBMISSIONS = {
  '/submissions/CIK0000822977.json': 'submissions-CIK0000822977.json',
  '/submissions/CIK0000311101.json': 'submissions-CIK0000311101.json',
};
const SAMPLE_FUND_DOCUMENTS = {
  '/Archives/edgar/data/822977/000082297723900001/primary_doc.xml': 'datasets:mutual-funds/nport-p_GoldmanSachsBondFund_S000013795_2023-03-31.xml',
  '/Archives/edgar/data/311101/000031110123900001/primary_doc.xml': 'recordings:sec/nport-primary_doc-Dupree-S000012000-2022-12.xml',
};
/** the funds the recordings hold: the seed's watchlist */
export const SAMPLE_FUND_TICKERS = ['GSFAX', 'GSFCX', 'GSNIX', 'GSNSX', 'GSNRX', 'GSNTX', 'GSFUX', 'GMVPX', 'KYSMX'];
const secWww = (routes: Record<string, string>) => ({ baseUrlEnv: SEC_WWW_URL_ENV, provider: 'sec-funds', routes });
/** the recordings' clock: the SEC fund list is of September 2025 */
const RECORDED_AT = '2025-09-15T23:30:00Z';

/** Scheduled ingestion jobs of this family, in the order `npm run seed` runs them. */
export const fundJobs = jobFamily('funds', {
  fundTickers: defineJob({
    name: 'fundTickers',
    entry: 'functions/ingest/fundTickers.ts',
    // the SEC refreshes its ticker files daily
    schedule: 'cron(15 6 * * ? *)',
    summary: 'SEC mutual fund share classes (company_tickers_mf.json): ticker → CIK, series and class ids',
    timeoutSeconds: 300,
    sample: {
      recordedAt: RECORDED_AT,
      upstreams: [secWww({ '/files/company_tickers_mf.json': 'datasets:sec/company_tickers_mf.json' })],
    },
  }),
  fundProfiles: defineJob({
    name: 'fundProfiles',
    entry: 'functions/ingest/fundProfiles.ts',
    // N-PORTs are published monthly, prospectuses yearly: a daily run picks them up within a day
    schedule: 'cron(45 6 * * ? *)',
    summary: 'Fund profiles of the FUND_WATCHLIST funds: N-PORT (name, country, assets, holdings) and prospectus (expense ratio, CUSIP)',
    timeoutSeconds: 900,
    memoryMb: 1536,
    sample: {
      recordedAt: RECORDED_AT,
      upstreams: [
        secWww({ '/files/company_tickers_mf.json': 'datasets:sec/company_tickers_mf.json', ...SAMPLE_FUND_DOCUMENTS }),
        { baseUrlEnv: SEC_DATA_URL_ENV, provider: 'sec-funds', routes: SAMPLE_FUND_SUBMISSIONS },
      ],
      settings: { [FUND_WATCHLIST_ENV]: SAMPLE_FUND_TICKERS.join(',') },
    },
  }),
  fundPrices: defineJob({
    name: 'fundPrices',
    entry: 'functions/ingest/fundPrices.ts',
    // NAVs are struck at the 16:00 ET close and published in the evening: 23:30 and 01:30 UTC, Monday–Friday evenings ET
    schedule: 'cron(30 23,1 ? * MON-SAT *)',
    summary: 'Daily NAVs of the FUND_WATCHLIST funds from the Yahoo chart API (last month of daily bars)',
    timeoutSeconds: 120,
    // no recording of a fund's NAVs exists: the seed stores none (price null)
  }),
});
