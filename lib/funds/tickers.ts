import type { FundClassEntry } from '../sources/sec';

/**
 * Fund share-class tickers: the SEC's company_tickers_mf.json lists one row per class
 * (cik, seriesId, classId, symbol). Symbols are served and stored upper-case; rows whose symbol is not
 * a plain ticker (a few carry parentheses) are not kept.
 */
export const FUND_TICKER = /^[A-Z0-9]{1,10}$/;

export interface FundClass {
  ticker: string;
  cik: number;
  series_id: string;
  class_id: string;
}

/** One entry per ticker (upper-case); on a clash the row already upper-case in the file wins, then the first. */
export function fundClassesOf(entries: readonly FundClassEntry[]): FundClass[] {
  const byTicker = new Map<string, FundClass & { exact: boolean }>();
  for (const entry of entries) {
    const ticker = entry.symbol.trim().toUpperCase();
    if (!FUND_TICKER.test(ticker) || !/^S\d{9}$/.test(entry.seriesId) || !/^C\d{9}$/.test(entry.classId)) continue;
    const exact = entry.symbol.trim() === ticker;
    const existing = byTicker.get(ticker);
    if (existing && (existing.exact || !exact)) continue;
    byTicker.set(ticker, { ticker, cik: entry.cik, series_id: entry.seriesId, class_id: entry.classId, exact });
  }
  return [...byTicker.values()].map(({ exact: _exact, ...fundClass }) => fundClass);
}

/** Large funds profiled when FUND_WATCHLIST is not set (all in the SEC list). */
export const DEFAULT_FUND_WATCHLIST = ['VFIAX', 'VTSAX', 'FXAIX', 'AGTHX', 'VTIAX', 'SWPPX', 'VBTLX', 'FCNTX', 'PRGFX', 'DODGX'] as const;
export const FUND_WATCHLIST_ENV = 'FUND_WATCHLIST';
/** Most funds one profile run covers (SEC fair access, Lambda time). */
export const MAX_WATCHLIST = 50;

/** FUND_WATCHLIST: comma-separated tickers; throws on a malformed entry so a typo does not pass silently. */
export function fundWatchlist(value: string | undefined = process.env.FUND_WATCHLIST): string[] {
  if (value === undefined || value.trim() === '') return [...DEFAULT_FUND_WATCHLIST];
  const tickers = [...new Set(value.split(',').map((t) => t.trim().toUpperCase()).filter((t) => t !== ''))];
  const bad = tickers.filter((t) => !FUND_TICKER.test(t));
  if (bad.length) throw new Error(`${FUND_WATCHLIST_ENV} has entries that are not tickers: ${bad.join(', ')}`);
  if (tickers.length > MAX_WATCHLIST) throw new Error(`${FUND_WATCHLIST_ENV} lists ${tickers.length} funds; at most ${MAX_WATCHLIST}`);
  return tickers;
}
