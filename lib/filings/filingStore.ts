import { JOB_RUNS, type JobRun } from '../ingest/job';
import { getRecord, getRecords, listRecords, putRecords, replaceCollection, type Stored, type WriteContext } from '../store/marketData';
import type { StatementRecord } from './incomeStatements';
import type { PayVersusPerformanceRow } from './payVersusPerformance';
import type { ExecutiveRecord } from './proxyStatement';

/**
 * The filings family's records in the `market` table (lib/store/marketData.ts):
 *
 * | collection | id | value |
 * |---|---|---|
 * | `sec-tickers` | ticker (SEC spelling, e.g. BRK-B) | {ticker, cik, name} |
 * | `sec-ciks` | 10-digit CIK | {cik, name, tickers} (tickers in the SEC's order: the first is the main listing) |
 * | `filing-statements` | 10-digit CIK | the company's income statements (not the raw facts) |
 * | `filing-ecd` | 10-digit CIK | pay-versus-performance rows from companyfacts `facts.ecd` |
 * | `filing-compensation` | 10-digit CIK | executives and PvP rows from the latest proxy statement |
 */

export const TICKERS = 'sec-tickers';
export const CIKS = 'sec-ciks';
export const STATEMENTS = 'filing-statements';
export const ECD = 'filing-ecd';
export const COMPENSATION = 'filing-compensation';

export interface TickerRecord {
  ticker: string;
  cik: string;
  name: string;
}

export interface CikRecord {
  cik: string;
  name: string;
  tickers: string[];
}

export interface CompanyRef {
  cik: string;
  /** null for a company without a listed ticker */
  ticker: string | null;
  company_name: string;
}

export interface StatementsDocument extends CompanyRef {
  statements: StatementRecord[];
}

export interface EcdDocument extends CompanyRef {
  pay_versus_performance: PayVersusPerformanceRow[];
}

export interface CompensationDocument extends CompanyRef {
  proxy: { accession_number: string; filing_date: string; form: string };
  executives: ExecutiveRecord[];
  pay_versus_performance: PayVersusPerformanceRow[];
}

/** Tickers as the SEC writes them: upper case, class separator '-' (BRK.B → BRK-B). */
export function secTicker(ticker: string): string {
  return ticker.trim().toUpperCase().replace(/[./]/g, '-');
}

export async function replaceCompanies(tickers: TickerRecord[], ciks: CikRecord[], context: WriteContext): Promise<void> {
  await replaceCollection(TICKERS, tickers.map((value) => ({ id: value.ticker, value })), context);
  await replaceCollection(CIKS, ciks.map((value) => ({ id: value.cik, value })), context);
}

export const tickerRecords = (tickers: readonly string[], now: Date) => getRecords<TickerRecord>(TICKERS, tickers.map(secTicker), now);
export const tickerRecord = (ticker: string, now: Date) => getRecord<TickerRecord>(TICKERS, secTicker(ticker), now);
export const cikRecords = (ciks: readonly string[], now: Date) => getRecords<CikRecord>(CIKS, ciks, now);
export const cikRecord = (cik: string, now: Date) => getRecord<CikRecord>(CIKS, cik, now);

export const putStatements = (docs: StatementsDocument[], context: WriteContext) => putRecords(STATEMENTS, docs.map((value) => ({ id: value.cik, value })), context);
export const statementsOf = (cik: string, now: Date) => getRecord<StatementsDocument>(STATEMENTS, cik, now);

export const putEcd = (docs: EcdDocument[], context: WriteContext) => putRecords(ECD, docs.map((value) => ({ id: value.cik, value })), context);
export const ecdOf = (cik: string, now: Date) => getRecord<EcdDocument>(ECD, cik, now);

export const putCompensation = (docs: CompensationDocument[], context: WriteContext) => putRecords(COMPENSATION, docs.map((value) => ({ id: value.cik, value })), context);
export const compensationOf = (cik: string, now: Date) => getRecord<CompensationDocument>(COMPENSATION, cik, now);
export const allCompensation = (now: Date): Promise<(Stored<CompensationDocument> & { id: string })[]> => listRecords<CompensationDocument>(COMPENSATION, now);

/** Whether the job has ever succeeded (its data exist, even if empty for a company). */
export async function jobHasRun(job: string, now: Date): Promise<boolean> {
  const run = await getRecord<JobRun>(JOB_RUNS, job, now);
  return run?.value.last_success !== null && run?.value.last_success !== undefined;
}
