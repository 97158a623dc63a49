import type { Access } from '../http/plans';
import { SYMBOL_PATTERN, type ExchangeSymbol } from '../sources/binance';

/**
 * Crypto symbols: the form a trading-pair symbol takes, the list the service serves (Binance spot pairs
 * that are TRADING), and the watchlist whose bars are ingested on a schedule (CRYPTO_HISTORY_SYMBOLS).
 * Symbols outside the watchlist get their bars on demand (read-through).
 */

/** A trading-pair symbol as Binance spells it, upper case: BTCUSDT, 1INCHUSDT, 币安人生USDT. */
export { SYMBOL_PATTERN };

/** Who may call /v1/cryptosymbols (the registry's rule; a 404 points only those callers at it). */
export const SYMBOL_LIST_ACCESS = 'premium' satisfies Access;

/** The symbols job's name: its run record (job-runs) tells whether the list was ever ingested. */
export const SYMBOLS_JOB = 'cryptoSymbols';

export const WATCHLIST_ENV = 'CRYPTO_HISTORY_SYMBOLS';

/** The 20 major USDT pairs whose bars are ingested when CRYPTO_HISTORY_SYMBOLS is not set. */
export const DEFAULT_WATCHLIST = [
  'BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT', 'TRXUSDT', 'AVAXUSDT', 'LINKUSDT',
  'DOTUSDT', 'LTCUSDT', 'BCHUSDT', 'XLMUSDT', 'UNIUSDT', 'ATOMUSDT', 'ETCUSDT', 'NEARUSDT', 'FILUSDT', 'APTUSDT',
] as const;

/** One entry of the symbol list (collection `crypto-symbols`, id = symbol). */
export interface SymbolRecord {
  symbol: string;
  base_asset: string;
  quote_asset: string;
}

/** The symbols the service lists: spot pairs Binance is trading now, sorted. */
export function tradingSymbols(exchange: readonly ExchangeSymbol[]): SymbolRecord[] {
  return exchange
    .filter((s) => s.status === 'TRADING' && s.isSpotTradingAllowed)
    .map((s) => ({ symbol: s.symbol, base_asset: s.baseAsset, quote_asset: s.quoteAsset }))
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}

export interface Watchlist {
  symbols: string[];
  /** entries of the variable that are not symbols */
  ignored: string[];
}

/**
 * Most symbols the setting may list: it travels in the job's environment, which Lambda caps at 4 KB (40
 * symbols of 20 characters in a 3-byte script take 2,440 bytes), and each one's bars are read every minute.
 */
export const MAX_WATCHLIST = 40;

/**
 * CRYPTO_HISTORY_SYMBOLS: comma- or space-separated symbols (case-insensitive); unset or empty → the default 20.
 * Throws when it lists more than MAX_WATCHLIST symbols.
 */
export function watchlistFrom(value: string | undefined): Watchlist {
  const entries = (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  if (entries.length === 0) return { symbols: [...DEFAULT_WATCHLIST], ignored: [] };
  const symbols = [...new Set(entries.filter((s) => SYMBOL_PATTERN.test(s)))];
  if (symbols.length > MAX_WATCHLIST) throw new Error(`${WATCHLIST_ENV} lists ${symbols.length} symbols; at most ${MAX_WATCHLIST}`);
  return { symbols, ignored: entries.filter((s) => !SYMBOL_PATTERN.test(s)) };
}
