import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { InvalidParameterError, MissingParameterError } from '../http/errors';
import { enumParam, integerParam, patternParam, textParam } from '../http/params';
import { sampleField } from '../http/sample';
import { defineJob, jobFamily } from '../ingest/definition';
import { SEC_DATA_URL_ENV, SEC_WWW_URL_ENV } from '../sources/sec';
import { liveData } from '../http/caching';

/**
 * Company filings (spec 2.9, 2.10, 4.8): income statements and executive compensation from SEC EDGAR.
 * Jobs: filingCompanies (ticker ↔ CIK), filingFacts (companyfacts → income statements per company of the
 * FILINGS_WATCHLIST), filingProxies (the latest DEF 14A → executives and pay versus performance).
 */

/** Free keys may ask for these years and later (spec: data before 2025 needs Premium). */
export const FREE_FROM_YEAR = 2025;

const tickerParam = () => patternParam(/^[A-Za-z0-9.\-/]{1,12}$/, 'a stock ticker such as AAPL or BRK.B', 'stock ticker (e.g. TSLA)');
const cikParam = () => patternParam(/^\d{1,10}$/, 'a CIK of up to 10 digits', 'SEC Central Index Key, with or without leading zeros (e.g. 1318605 or 0001318605)');
const yearParam = (description: string) => integerParam(2001, 2100, description);

/** ticker or cik, not both, one of them required (unless `name` may stand in). */
function companyRule(p: { ticker?: string; cik?: string; name?: string }, nameAllowed: boolean) {
  if (p.ticker !== undefined && p.cik !== undefined) throw new InvalidParameterError("Give either 'ticker' or 'cik', not both.", 'cik');
  if (p.ticker === undefined && p.cik === undefined && !(nameAllowed && p.name !== undefined)) {
    throw new InvalidParameterError(nameAllowed ? "Give one of 'ticker', 'cik' or 'name'." : "Give either 'ticker' or 'cik'.");
  }
}

const money = () => z.nullable(z.number());
const companyInfo = () => ({
  ticker: z.nullable(z.string()),
  cik: z.string().check(z.meta({ description: '10-digit zero-padded CIK' })),
  company_name: z.string(),
});

const incomeStatementObject = () => z.object({
  total_revenue: money(),
  cost_of_revenue: money(),
  gross_profit: money(),
  operating_income: money(),
  net_income: money(),
  earnings_per_share_basic: money(),
  earnings_per_share_diluted: money(),
  weighted_average_shares_basic: money(),
  weighted_average_shares_diluted: money(),
  research_and_development: money(),
  sales_and_marketing: money(),
  general_and_administrative: money(),
  stock_based_compensation: money(),
  depreciation_and_amortization: money(),
  interest_expense: money(),
  tax_provision: money(),
});

const executiveRecord = () => z.object({
  name: z.string(),
  position: z.nullable(z.string()),
  is_ceo: z.boolean(),
  fiscal_year: z.int(),
  salary: money(),
  bonus: money(),
  stock_awards: money(),
  option_awards: money(),
  non_equity_incentive: money(),
  pension_and_deferred_compensation: money(),
  all_other_compensation: money(),
  total: money(),
});

const pvpRecord = () => z.object({
  fiscal_year: z.int(),
  ceo: z.nullable(z.string()),
  ceo_total_compensation: money(),
  ceo_compensation_actually_paid: money(),
  average_neo_total_compensation: money(),
  average_neo_compensation_actually_paid: money(),
  total_shareholder_return: money(),
  peer_group_total_shareholder_return: money(),
  net_income: money(),
  company_selected_measure: z.object({ name: z.nullable(z.string()), value: money() }),
});

const SOURCES_NOTE = 'Source: SEC EDGAR XBRL company facts and proxy statements (public domain).';

export const filingEndpoints = {
  incomeStatement: defineEndpoint({
    path: '/v1/incomestatement',
    method: 'GET',
    entry: 'functions/incomeStatement.ts',
    summary: 'Income statement of a US-listed company for a fiscal quarter or year',
    description:
      "Give ticker or cik (with or without leading zeros; both → 400). period (q1, q2, q3, q4, fy) and year go together (one without the other → 400); " +
      `year after 2000; years before ${FREE_FROM_YEAR} need Premium (403 for free keys). With neither, the most recent statement (all plans): the latest ` +
      'period end, the three-month Q4 rather than the fiscal year when both end that day. Q1–Q3 come from 10-Q facts (three-month figures, or year-to-date ' +
      'differences for items filed only year-to-date), Q4 = the 10-K annual figure − Q1 − Q2 − Q3 for amounts; Q4 weighted shares are day-weighted from ' +
      'the annual and quarterly averages and Q4 EPS is net income / those shares (diluted = basic for a loss). Restated periods show the latest filed ' +
      'values; filing_info names the period\'s own report (10-Q, or the 10-K for Q4 and fy; 20-F for foreign IFRS filers, which have fiscal years only). ' +
      'Fields the filer does not report are null (e.g. sales_and_marketing for filers reporting only SG&A, which general_and_administrative then holds). ' +
      'fiscal_year is named by the calendar year in which the fiscal year ends. Unknown company or period → 404 no_data. ' + SOURCES_NOTE,
    access: 'all',
    metering: 'quota',
    cache: liveData(3600),
    params: () => z.object({
      ticker: z.optional(tickerParam()),
      cik: z.optional(cikParam()),
      period: z.optional(enumParam(['q1', 'q2', 'q3', 'q4', 'fy'], 'fiscal period (with year)')),
      year: z.optional(yearParam('fiscal year, after 2000 (with period)')),
    }),
    paramGates: { year: { access: 'premium', freeValue: (year) => year !== undefined && year >= FREE_FROM_YEAR } },
    rules: (p) => {
      companyRule(p, false);
      if (p.period !== undefined && p.year === undefined) throw new MissingParameterError('year', "Parameter 'year' is required with 'period'.");
      if (p.year !== undefined && p.period === undefined) throw new MissingParameterError('period', "Parameter 'period' is required with 'year'.");
    },
    response: {
      json: () => z.object({
        company_info: z.object({
          ...companyInfo(),
          fiscal_year: z.int(),
          fiscal_quarter: z.enum(['Q1', 'Q2', 'Q3', 'Q4', 'FY']),
        }),
        income_statement: incomeStatementObject(),
        filing_info: z.object({
          filing_type: z.string().check(z.meta({ description: '10-Q, 10-K (20-F, 40-F for foreign filers)' })),
          filing_date: z.string().check(z.meta({ format: 'date' })),
          period_end_date: z.string().check(z.meta({ format: 'date' })),
        }),
        sample: sampleField(),
      }),
    },
    tables: { market: 'read' },
  }),
  incomeStatementAvailability: defineEndpoint({
    path: '/v1/incomestatementavailability',
    method: 'GET',
    entry: 'functions/incomeStatementAvailability.ts',
    summary: 'Fiscal years and periods with an income statement for a company',
    description:
      'Developer tier and above. Give ticker or cik (both → 400). available_periods: newest year first, each with its periods in the order q1, q2, q3, q4, fy. ' +
      'Unknown company → 404 no_data. ' + SOURCES_NOTE,
    access: 'developer',
    metering: 'quota',
    cache: liveData(3600),
    params: () => z.object({ ticker: z.optional(tickerParam()), cik: z.optional(cikParam()) }),
    rules: (p) => companyRule(p, false),
    response: {
      json: () => z.object({
        company_info: z.object(companyInfo()),
        available_periods: z.array(z.object({ year: z.int(), periods: z.array(z.enum(['q1', 'q2', 'q3', 'q4', 'fy'])) })),
        sample: sampleField(),
      }),
    },
    tables: { market: 'read' },
  }),
  executiveCompensation: defineEndpoint({
    path: '/v1/executivecompensation',
    method: 'GET',
    entry: 'functions/executiveCompensation.ts',
    summary: "Named executives' compensation and pay versus performance from the latest proxy statement",
    description:
      "Give ticker, cik (with or without leading zeros) or name (a company name search, used only when neither ticker nor cik is given); ticker and cik " +
      'together → 400. year: 4-digit fiscal year, default the latest in the proxy; other years need Premium (403 for free keys); a year without data → 404 no_data. ' +
      'executives: the Summary Compensation Table rows of that year (all money in USD; a dash in the table is 0, a column the table lacks is null). ' +
      'Free keys get only the CEO (is_ceo) record with total; its other money fields are null. pay_versus_performance (Premium only; absent for free keys): ' +
      'one row per fiscal year from 2022 up to the year asked, newest first, from the ecd: facts of the proxy (or companyfacts); PEO amounts of $1bn or more are ' +
      'treated as tagging errors (null). ' + SOURCES_NOTE,
    access: 'all',
    metering: 'quota',
    cache: liveData(3600),
    params: () => z.object({
      ticker: z.optional(tickerParam()),
      cik: z.optional(cikParam()),
      name: z.optional(textParam(100, 'company name search (when no ticker or cik)')),
      year: z.optional(z.pipe(patternParam(/^\d{4}$/, 'a 4-digit year', 'fiscal year (default: the latest)'), z.transform((s: string) => Number(s)))),
    }),
    rules: (p) => companyRule(p, true),
    response: {
      json: () => z.object({
        ...companyInfo(),
        executives: z.array(executiveRecord()),
        pay_versus_performance: z.optional(z.array(pvpRecord())),
        sample: sampleField(),
      }),
    },
    tables: { market: 'read' },
  }),
};

/** The seed's clock: after the newest recording (NVIDIA's companyfacts, recorded 2026-07-09). */
const RECORDED_AT = '2026-07-10T06:00:00Z';

/** companyfacts: the real payloads in the datasets directory (Tesla, Snowflake, LPA) and the recordings (Apple, NVIDIA). */
const COMPANY_FACTS_ROUTES: Record<string, string> = {
  '/api/xbrl/companyfacts/CIK0001318605.json': 'datasets:sec/companyfacts/tsla_facts_edgartools.json',
  '/api/xbrl/companyfacts/CIK0001640147.json': 'datasets:sec/companyfacts/snow_facts_edgartools.json',
  '/api/xbrl/companyfacts/CIK0001997711.json': 'datasets:sec/companyfacts/lpa_facts_edgartools.json',
  '/api/xbrl/companyfacts/CIK0000320193.json': 'recordings:sec/companyfacts-CIK0000320193-AAPL.json',
  '/api/xbrl/companyfacts/CIK0001045810.json': 'recordings:sec/companyfacts-CIK0001045810-NVDA.json',
};

/**
 * Cabot's submissions (hand-written in the real format, test/fixtures/sec-filings: no recording of them exists)
 * and its real DEF 14A; Apple's and NVIDIA's real submissions (their proxies are not recorded: 404, skipped).
 */
export const CABOT_PROXY_PATH = '/Archives/edgar/data/16040/000001604024000004/cbt-20240126xdef14a.htm';

export const filingJobs = jobFamily('filings', {
  filingCompanies: defineJob({
    name: 'filingCompanies',
    entry: 'functions/ingest/filingCompanies.ts',
    schedule: 'cron(15 5 * * ? *)',
    summary: 'SEC company_tickers.json: ticker ↔ CIK ↔ company name (replaces the stored list)',
    timeoutSeconds: 300,
    memoryMb: 512,
    sample: {
      recordedAt: RECORDED_AT,
      upstreams: [{ baseUrlEnv: SEC_WWW_URL_ENV, provider: 'sec-filings', routes: { '/files/company_tickers.json': 'datasets:sec/company_tickers.json' } }],
    },
  }),
  filingFacts: defineJob({
    name: 'filingFacts',
    entry: 'functions/ingest/filingFacts.ts',
    schedule: 'cron(30 5 * * ? *)',
    summary: 'SEC companyfacts of the FILINGS_WATCHLIST companies → income statements (Q1–Q4, FY) and companyfacts pay-versus-performance rows',
    timeoutSeconds: 600,
    memoryMb: 1024,
    sample: {
      recordedAt: RECORDED_AT,
      upstreams: [{ baseUrlEnv: SEC_DATA_URL_ENV, provider: 'sec-filings', routes: COMPANY_FACTS_ROUTES }],
    },
  }),
  filingProxies: defineJob({
    name: 'filingProxies',
    entry: 'functions/ingest/filingProxies.ts',
    schedule: 'cron(0 6 ? * MON *)',
    summary: 'SEC submissions → the latest DEF 14A of each FILINGS_WATCHLIST company → Summary Compensation Table and pay versus performance',
    timeoutSeconds: 600,
    memoryMb: 1024,
    sample: {
      recordedAt: RECORDED_AT,
      upstreams: [
        {
          baseUrlEnv: SEC_DATA_URL_ENV,
          provider: 'sec-filings',
          routes: {
            '/submissions/CIK0000016040.json': 'submissions-CIK0000016040.json',
            '/submissions/CIK0000320193.json': 'recordings:sec/submissions-CIK0000320193-AAPL.json',
            '/submissions/CIK0001045810.json': 'recordings:sec/submissions-CIK0001045810-NVDA.json',
          },
        },
        { baseUrlEnv: SEC_WWW_URL_ENV, provider: 'sec-filings', routes: { [CABOT_PROXY_PATH]: 'datasets:sec/def14a/cabot.DEF14A.ixbrl.html' } },
      ],
    },
  }),
});
