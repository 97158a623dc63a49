import { recordCollection } from '../store/collections';
import type { StatementRecord } from './incomeStatements';
import type { PayVersusPerformanceRow } from './payVersusPerformance';
import type { ExecutiveRecord } from './proxyStatement';

/**
 * The filings family's records in the `market` table:
 *
 * | collection | id | value |
 * |---|---|---|
 * | `sec-tickers` | ticker (SEC spelling, e.g. BRK-B) | {ticker, cik, name} |
 * | `sec-ciks` | 10-digit CIK | {cik, name, tickers} (tickers in the SEC's order: the first is the main listing) |
 * | `filing-statements` | 10-digit CIK | the company's income statements (not the raw facts) |
 * | `filing-ecd` | 10-digit CIK | pay-versus-performance rows from companyfacts `facts.ecd` |
 * | `filing-compensation` | 10-digit CIK | executives and PvP rows from the latest proxy statement |
 */

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

export const secTickers = recordCollection<TickerRecord>('sec-tickers', { id: (record) => record.ticker, key: secTicker });
export const secCiks = recordCollection<CikRecord>('sec-ciks', { id: (record) => record.cik });
export const filingStatements = recordCollection<StatementsDocument>('filing-statements', { id: (doc) => doc.cik });
export const filingEcd = recordCollection<EcdDocument>('filing-ecd', { id: (doc) => doc.cik });
export const filingCompensation = recordCollection<CompensationDocument>('filing-compensation', { id: (doc) => doc.cik });
