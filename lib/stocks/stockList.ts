import { DataUnavailableError, InvalidParameterError } from '../http/errors';
import { sampleMark } from '../http/sample';
import { stockTickers } from './store';

/**
 * /v1/stockpricelist: the ticker list (SEC company_tickers_exchange.json and the index table) in ticker
 * order, `limit` entries from `offset`. `offset` must point into the list (0 … size − 1): past the end is
 * 400, not an empty page (CONTRACT: out-of-bounds offsets are not clamped).
 */
export interface TickerListEntry {
  ticker: string;
  name: string;
  sample?: true;
}

export async function stockList(offset: number, limit: number, now: Date): Promise<TickerListEntry[]> {
  const tickers = await stockTickers.list(now);
  if (tickers.length === 0) throw new DataUnavailableError('The stock ticker list has not been ingested yet; try again later.');
  if (offset >= tickers.length) {
    throw new InvalidParameterError(`Parameter 'offset' must be below ${tickers.length}, the number of tickers.`, 'offset');
  }
  return tickers.slice(offset, offset + limit).map((entry) => ({ ticker: entry.value.ticker, name: entry.value.name, ...sampleMark(entry) }));
}
