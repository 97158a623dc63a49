import type { Period } from '../markets/timeSeries';
import { barCollection, recordCollection } from '../store/collections';
import { FUTURES_DATASET, RETENTION_SECONDS, type FuturesBar } from './bars';
import type { FuturesQuote } from './quotes';

/**
 * Futures data in the market table, shared by /v1/commodity* and /v1/oilprice*:
 *
 * | what | where | id / symbol |
 * |---|---|---|
 * | front-month quotes | collection `futures-quotes` | Yahoo symbol (GC=F, CL=F …), each fetched once for both families |
 * | front-month bars | bars, dataset `futures` | Yahoo symbol, periods 1m … 1d |
 * | single contract months | collection `futures-contracts` (replaced as a whole by each run) | contract symbol (GCZ26) |
 */
export interface ContractQuote {
  /** e.g. GCZ26 */
  symbol: string;
  /** commodity name, e.g. gold */
  commodity: string;
  /** YYYY-MM */
  contract_month: string;
  last_price: number;
  /** last trade, Unix seconds */
  last_updated: number;
}

export const futuresQuotes = recordCollection<FuturesQuote>('futures-quotes', { id: (quote) => quote.symbol });
export const futuresContracts = recordCollection<ContractQuote>('futures-contracts', { id: (contract) => contract.symbol });
export const futuresBars = barCollection<FuturesBar, Period>(FUTURES_DATASET, { retentionSeconds: RETENTION_SECONDS });
