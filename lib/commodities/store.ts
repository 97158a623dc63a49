import type { Period } from '../markets/timeSeries';
import {
  getRecord,
  getRecords,
  listRecords,
  putBars,
  putRecords,
  queryBars,
  replaceCollection,
  type BarRange,
  type Stored,
  type WriteContext,
} from '../store/marketData';
import { FUTURES_DATASET, RETENTION_SECONDS, type FuturesBar } from './bars';
import type { FuturesQuote } from './quotes';

/**
 * Futures data in the market table (lib/store/marketData.ts), shared by /v1/commodity* and /v1/oilprice*:
 *
 * | what | where | id / symbol |
 * |---|---|---|
 * | front-month quotes | collection `futures-quotes` | Yahoo symbol (GC=F, CL=F …), each fetched once for both families |
 * | front-month bars | bars, dataset `futures` | Yahoo symbol, periods 1m … 1d |
 * | single contract months | collection `futures-contracts` (replaced as a whole by each run) | contract symbol (GCZ26) |
 */
export const QUOTES_COLLECTION = 'futures-quotes';
export const CONTRACTS_COLLECTION = 'futures-contracts';

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

export function putQuotes(quotes: readonly FuturesQuote[], context: WriteContext): Promise<void> {
  return putRecords(QUOTES_COLLECTION, quotes.map((quote) => ({ id: quote.symbol, value: quote })), context);
}

export function getQuote(symbol: string, now: Date): Promise<Stored<FuturesQuote> | undefined> {
  return getRecord<FuturesQuote>(QUOTES_COLLECTION, symbol, now);
}

export function getQuotes(symbols: readonly string[], now: Date): Promise<Map<string, Stored<FuturesQuote>>> {
  return getRecords<FuturesQuote>(QUOTES_COLLECTION, symbols, now);
}

export function putFuturesBars(symbol: string, period: Period, bars: readonly FuturesBar[], context: WriteContext): Promise<void> {
  return putBars({ dataset: FUTURES_DATASET, symbol, period }, bars, context, RETENTION_SECONDS[period]);
}

export function queryFuturesBars(symbol: string, period: Period, range: BarRange, now: Date): Promise<Stored<FuturesBar>[]> {
  return queryBars<FuturesBar>({ dataset: FUTURES_DATASET, symbol, period }, range, now);
}

/** Whether any bar of the series is stored (an empty window is then an empty answer, not a 503). */
export async function hasFuturesBars(symbol: string, period: Period, now: Date): Promise<boolean> {
  return (await queryFuturesBars(symbol, period, { limit: 1, order: 'newest' }, now)).length > 0;
}

export function replaceContracts(contracts: readonly ContractQuote[], context: WriteContext): Promise<void> {
  return replaceCollection(CONTRACTS_COLLECTION, contracts.map((contract) => ({ id: contract.symbol, value: contract })), context);
}

export function getContract(symbol: string, now: Date): Promise<Stored<ContractQuote> | undefined> {
  return getRecord<ContractQuote>(CONTRACTS_COLLECTION, symbol, now);
}

export function listContracts(now: Date): Promise<(Stored<ContractQuote> & { id: string })[]> {
  return listRecords<ContractQuote>(CONTRACTS_COLLECTION, now);
}
