import { getRecord, putBars, putRecords, queryBars, replaceCollection, type Stored, type WriteContext } from '../store/marketData';
import { JOB_RUNS, type JobRun } from '../ingest/job';
import type { FundClass } from './tickers';

/**
 * The fund family's stored data in the `market` table:
 *
 * | what | where | written by |
 * |---|---|---|
 * | share classes (ticker → cik, series, class) | records `fund-classes`, id = ticker | fundTickers (daily, whole list replaced) |
 * | fund profiles (name, identifiers, AUM, holdings, expense ratio) | records `fund-profiles`, id = ticker | fundProfiles (daily) |
 * | NAVs, one bar a day | bars `funds|<ticker>|1d` | fundPrices |
 */
export const FUND_CLASSES = 'fund-classes';
export const FUND_PROFILES = 'fund-profiles';
export const FUND_TICKERS_JOB = 'fundTickers';
const NAV_SERIES = (ticker: string) => ({ dataset: 'funds', symbol: ticker, period: '1d' });

export interface FundHolding {
  /** the holding's ticker when the filing gives one, else null */
  ticker: string | null;
  name: string;
  /** percent of the fund's net assets */
  weight_pct: number;
}

export interface FundProfile {
  ticker: string;
  cik: number;
  series_id: string;
  class_id: string;
  /** the series name in the N-PORT report */
  fund_name: string;
  registrant_name: string | null;
  /** ISO 3166 alpha-2 of the registrant (issuer) address */
  country: string | null;
  cusip: string | null;
  isin: string | null;
  /** percent (0.2 = 0.2 %); null when no prospectus fee fact was found for the class */
  expense_ratio: number | null;
  /** net assets of the series, USD */
  aum: number;
  num_holdings: number;
  holdings: FundHolding[];
  /** N-PORT period end (YYYY-MM-DD) and filing */
  report_date: string;
  nport_accession: string;
  /** the prospectus filing the expense ratio / CUSIP came from */
  prospectus_accession: string | null;
}

export interface NavBar {
  /** Unix seconds (Yahoo stamps a fund's daily bar at the session open) */
  time: number;
  /** net asset value per share, USD */
  nav: number;
}

export const storeFundClasses = (classes: readonly FundClass[], context: WriteContext) =>
  replaceCollection(FUND_CLASSES, classes.map((c) => ({ id: c.ticker, value: c })), context);

export const getFundClass = (ticker: string, now: Date) => getRecord<FundClass>(FUND_CLASSES, ticker, now);

/** True once fundTickers has stored the SEC class list at least once. */
export async function fundClassesIngested(now: Date): Promise<boolean> {
  const run = await getRecord<JobRun>(JOB_RUNS, FUND_TICKERS_JOB, now);
  return typeof run?.value.last_success === 'number';
}

export const storeFundProfiles = (profiles: readonly FundProfile[], context: WriteContext) =>
  putRecords(FUND_PROFILES, profiles.map((p) => ({ id: p.ticker, value: p })), context);

export const getFundProfile = (ticker: string, now: Date) => getRecord<FundProfile>(FUND_PROFILES, ticker, now);

export const storeNavBars = (ticker: string, bars: readonly NavBar[], context: WriteContext) => putBars(NAV_SERIES(ticker), bars, context);

export async function latestNav(ticker: string, now: Date): Promise<Stored<NavBar> | undefined> {
  const [bar] = await queryBars<NavBar>(NAV_SERIES(ticker), { limit: 1, order: 'newest' }, now);
  return bar;
}
