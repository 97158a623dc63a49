import type { JobSummary } from '../ingest/job';
import { UpstreamFailure } from '../sources/http';
import { secClient } from '../sources/sec';
import { yahooChartClient } from '../sources/yahooChart';
import type { WriteContext } from '../store/marketData';
import { readDaily, readQuote } from './sourceRead';
import { dailyCoverage, pagesOf, stockTickers, tickerPages, writeReads, type TickerRead } from './store';
import { INDICES, tickerList, watchlist } from './tickers';

/**
 * The stocks family's ingestion runs (functions/ingest/stock*.ts). Each reads everything first and writes
 * only then. A watchlist ticker the source does not know, or cannot serve after retries, is skipped with a
 * note and keeps what is stored; a run where every ticker failed, or none had anything to store, fails (and writes nothing).
 */

export async function ingestTickerList({ now, sample }: WriteContext): Promise<JobSummary> {
  const entries = await secClient().companyTickersExchange();
  const records = tickerList(entries);
  if (records.length <= INDICES.length) throw new Error('company_tickers_exchange.json has no usable tickers');
  await stockTickers.replaceAll(records, { now, sample });
  await tickerPages.replaceAll(pagesOf(records), { now, sample });
  return { written: records.length, notes: [`${records.length - INDICES.length} SEC tickers and ${INDICES.length} indices`] };
}

async function readWatchlist(read: (ticker: string) => Promise<TickerRead | undefined>): Promise<{ reads: TickerRead[]; notes: string[]; requested: number }> {
  const tickers = watchlist();
  const reads: TickerRead[] = [];
  const notes: string[] = [];
  const failures: string[] = [];
  for (const ticker of tickers) {
    try {
      const result = await read(ticker);
      if (result) reads.push(result);
      else notes.push(`${ticker}: unknown to the source, skipped`);
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      failures.push(`${ticker}: ${error.message}`);
    }
  }
  if (reads.length === 0 && failures.length > 0) throw new Error(`every watchlist read failed (${failures.length}); first: ${failures[0]}`);
  return { reads, notes: [...notes, ...failures.map((f) => `${f}; stored data kept`)], requested: tickers.length };
}

const jobClient = () => yahooChartClient();

/** The last five sessions of every watchlist ticker, through the publication state machine (also the settle runs). */
export async function ingestDailyBars({ now, sample }: WriteContext): Promise<JobSummary> {
  const readAt = Math.floor(now.getTime() / 1000);
  const client = jobClient();
  const coverages = await dailyCoverage.getMany(watchlist(), now);
  const { reads, notes, requested } = await readWatchlist((ticker) => readDaily(client, ticker, readAt, coverages.get(ticker)?.value));
  return { written: await writeReads(reads, { now, sample }), requested, notes };
}

/** The live price, time and volume of every watchlist ticker (Premium /v1/stockprice). */
export async function ingestQuotes({ now, sample }: WriteContext): Promise<JobSummary> {
  const readAt = Math.floor(now.getTime() / 1000);
  const client = jobClient();
  const { reads, notes, requested } = await readWatchlist((ticker) => readQuote(client, ticker, readAt));
  return { written: await writeReads(reads, { now, sample }), requested, notes };
}
