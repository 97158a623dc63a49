import { DataUnavailableError, InvalidParameterError } from '../http/errors';
import { sampleMark } from '../http/sample';
import { TICKER_PAGE_SIZE, tickerPages } from './store';

/**
 * /v1/stockpricelist: the ticker list (SEC company_tickers_exchange.json and the index table) in ticker
 * order, `limit` entries from `offset`. `offset` must point into the list (0 … size − 1): past the end is
 * 400, not an empty page (CONTRACT: out-of-bounds offsets are not clamped). Reads only the pages of the
 * stored list that the window touches (lib/stocks/store.ts tickerPages).
 */
export interface TickerListEntry {
  ticker: string;
  name: string;
  sample?: true;
}

export async function stockList(offset: number, limit: number, now: Date): Promise<TickerListEntry[]> {
  const first = Math.floor(offset / TICKER_PAGE_SIZE);
  const last = Math.floor((offset + limit - 1) / TICKER_PAGE_SIZE);
  const pages = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => tickerPages.get(String(first + i), now)));
  const total = (pages[0] ?? (first > 0 ? await tickerPages.get('0', now) : undefined))?.value.total;
  if (total === undefined) throw new DataUnavailableError('The stock ticker list has not been ingested yet; try again later.');
  if (offset >= total) throw new InvalidParameterError(`Parameter 'offset' must be below ${total}, the number of tickers.`, 'offset');
  const entries = pages.flatMap((page) => (page ? page.value.entries.map(([ticker, name]) => ({ ticker, name, ...sampleMark(page) })) : []));
  const skip = offset - first * TICKER_PAGE_SIZE;
  return entries.slice(skip, skip + limit);
}
