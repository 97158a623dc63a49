import { ACCESS, type Plan } from '../http/plans';
import { DataUnavailableError, NoDataError } from '../http/errors';
import { sampleMark } from '../http/sample';
import { jobHasSucceeded } from '../ingest/job';
import { fundClasses, fundNavs, fundProfiles, FUND_TICKERS_JOB, type FundHolding } from './store';

/**
 * GET /v1/mutualfund: a fund share class by ticker.
 *
 * - Every plan: fund_ticker, fund_name, isin, cusip, country (identity, from the fund's N-PORT report and
 *   prospectus). Premium (any paid plan) also: price (latest NAV, USD), expense_ratio (percent),
 *   aum (net assets, USD), num_holdings, holdings (top holdings by weight, descending).
 * - Answers come from the stored profile (fundProfiles job, the FUND_WATCHLIST funds). A ticker in the
 *   SEC fund list without a profile yet → 503 data_unavailable; a ticker the SEC does not list → 404
 *   no_data; before the SEC list was ever ingested → 503.
 * - Values a filing does not give are null (isin/cusip when the prospectus prints no CUSIP,
 *   expense_ratio when no fee fact was found for the class, price before the first NAV is stored).
 */

export interface MutualFundAnswer {
  fund_ticker: string;
  fund_name: string;
  isin: string | null;
  cusip: string | null;
  country: string | null;
  price?: number | null;
  expense_ratio?: number | null;
  aum?: number;
  num_holdings?: number;
  holdings?: FundHolding[];
  sample?: true;
}

export async function mutualFund(ticker: string, plan: Plan, now: Date): Promise<MutualFundAnswer> {
  const profile = await fundProfiles.get(ticker, now);
  if (!profile) throw await missingProfile(ticker, now);
  const fund = profile.value;
  const identity = { fund_ticker: fund.ticker, fund_name: fund.fund_name, isin: fund.isin, cusip: fund.cusip, country: fund.country };
  if (!ACCESS.premium.allows(plan)) return { ...identity, ...sampleMark(profile) };
  const nav = await fundNavs.newest(ticker, '1d', now);
  return {
    ...identity,
    price: nav?.value.nav ?? null,
    expense_ratio: fund.expense_ratio,
    aum: fund.aum,
    num_holdings: fund.num_holdings,
    holdings: [...fund.holdings].sort((a, b) => b.weight_pct - a.weight_pct),
    ...sampleMark(profile, ...(nav ? [nav] : [])),
  };
}

async function missingProfile(ticker: string, now: Date): Promise<Error> {
  if (await fundClasses.get(ticker, now)) {
    return new DataUnavailableError(`The profile of fund ${ticker} (from its SEC filings) has not been ingested yet; try again later.`);
  }
  if (!(await jobHasSucceeded(FUND_TICKERS_JOB, now))) return new DataUnavailableError('The SEC mutual fund list has not been ingested yet; try again later.');
  return new NoDataError(`No mutual fund share class with ticker '${ticker}' is listed by the SEC.`);
}
