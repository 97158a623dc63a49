import { barCollection, recordCollection } from '../store/collections';
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
export const FUND_TICKERS_JOB = 'fundTickers';

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

export const fundClasses = recordCollection<FundClass>('fund-classes', { id: (fund) => fund.ticker });
export const fundProfiles = recordCollection<FundProfile>('fund-profiles', { id: (profile) => profile.ticker });
export const fundNavs = barCollection<NavBar, '1d'>('funds');
