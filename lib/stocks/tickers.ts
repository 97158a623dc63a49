/**
 * Stock and index symbols: the accepted ticker form, the index table, the watchlist and the ticker list
 * built from the SEC's company_tickers_exchange.json.
 *
 * - A ticker is upper case: letters and digits in parts joined by `.`, `-` or `=`, optionally starting with
 *   `^` (indices) and ending in `=` (Yahoo's futures/FX forms), at most 20 characters: AAPL, BRK-B, ^GSPC,
 *   7203.T, SAP.DE, EURUSD=X. Lower-case input is upper-cased.
 * - The SEC list covers US-registered companies only; indices come from the fixed table below. Non-US
 *   listings (7203.T) are served on demand from the chart source but are not in the list.
 */
import { paddedCik, type ExchangeTickerEntry } from '../sources/sec';

/** The ticker list job's name: its run record (job-runs) tells whether the list was ever ingested. */
export const STOCK_TICKERS_JOB = 'stockTickers';

export const TICKER_PATTERN = /^\^?[A-Z0-9]+(?:[.\-=][A-Z0-9]+)*=?$/;
export const TICKER_MAX_LENGTH = 20;

export function isTicker(value: string): boolean {
  return value.length <= TICKER_MAX_LENGTH && TICKER_PATTERN.test(value);
}

/** An entry of /v1/stockpricelist and the name/exchange source of /v1/stockprice. */
export interface TickerRecord {
  ticker: string;
  name: string;
  /** e.g. Nasdaq, NYSE, OTC, CBOE; for indices the index publisher's venue; null when the SEC lists none */
  exchange: string | null;
  /** 10-digit zero-padded SEC CIK; null for indices */
  cik: string | null;
}

/** Indices served besides the SEC list (the exchange names are Yahoo's). */
export const INDICES: readonly TickerRecord[] = [
  { ticker: '^DJI', name: 'Dow Jones Industrial Average', exchange: 'DJI', cik: null },
  { ticker: '^GSPC', name: 'S&P 500', exchange: 'SNP', cik: null },
  { ticker: '^IXIC', name: 'NASDAQ Composite', exchange: 'Nasdaq GIDS', cik: null },
  { ticker: '^NDX', name: 'NASDAQ-100', exchange: 'Nasdaq GIDS', cik: null },
  { ticker: '^NYA', name: 'NYSE Composite', exchange: 'NYSE', cik: null },
  { ticker: '^RUT', name: 'Russell 2000', exchange: 'Chicago Options', cik: null },
  { ticker: '^VIX', name: 'CBOE Volatility Index', exchange: 'Chicago Options', cik: null },
];

/** The ticker list: the SEC entries with a valid ticker (first entry wins on a repeat) and the indices, in ticker order. */
export function tickerList(entries: readonly ExchangeTickerEntry[]): TickerRecord[] {
  const byTicker = new Map<string, TickerRecord>();
  for (const entry of entries) {
    const ticker = entry.ticker.trim().toUpperCase();
    if (!isTicker(ticker) || byTicker.has(ticker)) continue;
    byTicker.set(ticker, { ticker, name: entry.name.trim(), exchange: entry.exchange, cik: paddedCik(entry.cik) });
  }
  for (const index of INDICES) byTicker.set(index.ticker, index);
  return [...byTicker.values()].sort((a, b) => compareTickers(a.ticker, b.ticker));
}

/** Ticker order: by code unit (^ indices after letters and digits, as in ASCII). */
export function compareTickers(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The default watchlist: large US companies, the main US indices and two non-US listings. */
export const DEFAULT_WATCHLIST: readonly string[] = [
  'AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'GOOG', 'META', 'TSLA', 'BRK-B', 'JPM',
  'V', 'MA', 'JNJ', 'WMT', 'XOM', 'CVX', 'UNH', 'PG', 'HD', 'AVGO',
  'LLY', 'COST', 'KO', 'PEP', 'BAC', 'ORCL', 'MRK', 'ABBV', 'NFLX', 'AMD',
  'ADBE', 'CSCO', 'INTC', 'DIS',
  '^GSPC', '^DJI', '^IXIC', '^RUT', '^VIX',
  '7203.T', 'SAP.DE',
];

export const WATCHLIST_ENV = 'STOCK_WATCHLIST';
/**
 * Most tickers the setting may list: it travels in the functions' environment, which Lambda caps at 4 KB
 * (100 tickers of the longest form, 20 characters, take 2,100 bytes), and every one is read each 5 minutes.
 */
export const MAX_WATCHLIST = 100;

/**
 * The tickers the ingestion jobs keep current: STOCK_WATCHLIST (comma- or space-separated) or the default.
 * Throws on a malformed ticker or too many, so a typo in the setting fails loudly instead of being skipped.
 */
export function watchlist(setting = process.env.STOCK_WATCHLIST): string[] {
  if (setting === undefined || setting.trim() === '') return [...DEFAULT_WATCHLIST];
  const tickers = setting
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((t) => t.toUpperCase());
  const bad = tickers.filter((t) => !isTicker(t));
  if (bad.length) throw new Error(`${WATCHLIST_ENV} has malformed tickers: ${bad.join(', ')}`);
  const unique = [...new Set(tickers)];
  if (unique.length > MAX_WATCHLIST) throw new Error(`${WATCHLIST_ENV} lists ${unique.length} tickers; at most ${MAX_WATCHLIST}`);
  return unique;
}
