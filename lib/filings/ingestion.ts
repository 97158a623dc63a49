import { UpstreamFailure } from '../sources/http';
import { paddedCik, type SecClient } from '../sources/sec';
import type { JobSummary } from '../ingest/job';
import type { WriteContext } from '../store/marketData';
import { companyIndex } from './companies';
import {
  filingCompensation,
  filingEcd,
  filingStatements,
  secCiks,
  secTicker,
  secTickers,
  type CompanyRef,
  type CompensationDocument,
  type EcdDocument,
  type StatementsDocument,
} from './filingStore';
import { extractIncomeStatements } from './incomeStatements';
import { payVersusPerformanceFromFacts } from './payVersusPerformance';
import { parseProxyStatement } from './proxyStatement';

/**
 * The filings jobs' work (functions/ingest/filing*.ts are their Lambda handlers). Each fetches and validates
 * first and writes only then. Per company: a 404 (no XBRL facts, no submissions) or a proxy without a
 * readable Summary Compensation Table is skipped with a note; any other failure (429/403 after retries,
 * 5xx, truncated or malformed payload) leaves that company's stored document as it was, the other
 * companies are written, and the run then fails naming the companies that failed (so it is retried and
 * the job-runs record shows the error). A run in which no company had anything to store fails too.
 */

export const FILINGS_WATCHLIST_ENV = 'FILINGS_WATCHLIST';

/** The companies with real sample payloads (Tesla, Snowflake, LPA, Cabot) and about twenty large US companies. */
export const DEFAULT_WATCHLIST = [
  'TSLA', 'SNOW', 'LPA', 'CBT',
  'AAPL', 'MSFT', 'NVDA', 'GOOGL', 'AMZN', 'META', 'BRK-B', 'JPM', 'V', 'JNJ', 'WMT',
  'XOM', 'UNH', 'PG', 'MA', 'HD', 'KO', 'PEP', 'COST', 'ORCL', 'NFLX', 'AVGO',
] as const;

/**
 * Most companies the setting may list: it travels in the functions' environment, which Lambda caps at 4 KB
 * (100 entries of 20 characters take 2,100 bytes), and each company costs several SEC requests a day.
 */
export const MAX_WATCHLIST = 100;

/**
 * FILINGS_WATCHLIST: comma-separated tickers (up to 20 characters) or CIKs; unset or empty → DEFAULT_WATCHLIST.
 * Throws on a malformed entry or too many.
 */
export function watchlist(env: string | undefined = process.env.FILINGS_WATCHLIST): string[] {
  const entries = (env ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((e) => !/^(\d{1,10}|[A-Za-z0-9][A-Za-z0-9./-]{0,19})$/.test(e));
  if (bad.length) throw new Error(`${FILINGS_WATCHLIST_ENV} has entries that are neither tickers nor CIKs: ${bad.join(', ')}`);
  const companies = [...new Set(entries.length ? entries.map((e) => (/^\d+$/.test(e) ? paddedCik(e) : secTicker(e))) : [...DEFAULT_WATCHLIST])];
  if (companies.length > MAX_WATCHLIST) throw new Error(`${FILINGS_WATCHLIST_ENV} lists ${companies.length} companies; at most ${MAX_WATCHLIST}`);
  return companies;
}

/** Watchlist entries → companies, through the stored ticker list (filingCompanies must have run). */
export async function resolveWatchlist(entries: readonly string[], now: Date): Promise<{ companies: CompanyRef[]; notes: string[] }> {
  const ciks = entries.filter((e) => /^\d{10}$/.test(e));
  const tickers = entries.filter((e) => !/^\d{10}$/.test(e));
  const [byTicker, byCik] = await Promise.all([secTickers.getMany(tickers, now), secCiks.getMany(ciks, now)]);
  if (byTicker.size === 0 && byCik.size === 0) {
    throw new Error('no watchlist company is in the stored SEC ticker list: run filingCompanies first');
  }
  const notes: string[] = [];
  const companies: CompanyRef[] = [];
  for (const entry of entries) {
    const ticker = byTicker.get(entry)?.value;
    const cik = byCik.get(entry)?.value;
    if (ticker) companies.push({ cik: ticker.cik, ticker: ticker.ticker, company_name: ticker.name });
    else if (cik) companies.push({ cik: cik.cik, ticker: cik.tickers[0] ?? null, company_name: cik.name });
    else notes.push(`${entry}: not in the SEC ticker list, skipped`);
  }
  return { companies: companies.filter((c, i) => companies.findIndex((d) => d.cik === c.cik) === i), notes };
}

const label = (company: CompanyRef) => `${company.ticker ?? 'CIK'} ${company.cik}`;
const notFound = (error: unknown) => error instanceof UpstreamFailure && error.status === 404;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function finish(written: number, requested: number, notes: string[], failures: string[], what: string): JobSummary {
  if (failures.length) throw new Error(`${what} failed for ${failures.length} compan${failures.length === 1 ? 'y' : 'ies'} (their stored data are unchanged): ${failures.join('; ')}`);
  return { written, requested, notes };
}

export async function ingestCompanies(client: SecClient, context: WriteContext): Promise<JobSummary> {
  const { tickers, ciks } = companyIndex(await client.companyTickers());
  await secTickers.replaceAll(tickers, context);
  await secCiks.replaceAll(ciks, context);
  return { written: tickers.length + ciks.length };
}

export async function ingestFacts(client: SecClient, companies: readonly CompanyRef[], context: WriteContext, notes: string[] = []): Promise<JobSummary> {
  const statements: StatementsDocument[] = [];
  const ecd: EcdDocument[] = [];
  const failures: string[] = [];
  for (const company of companies) {
    try {
      const facts = await client.companyFacts(company.cik);
      const list = extractIncomeStatements(facts);
      if (list.length) statements.push({ ...company, statements: list });
      else notes.push(`${label(company)}: no income-statement facts in USD, nothing stored`);
      const pvp = payVersusPerformanceFromFacts(facts);
      if (pvp.length) ecd.push({ ...company, pay_versus_performance: pvp });
    } catch (error) {
      if (notFound(error)) notes.push(`${label(company)}: no XBRL company facts (404), skipped`);
      else failures.push(`${label(company)}: ${message(error)}`);
    }
  }
  await filingStatements.put(statements, context);
  await filingEcd.put(ecd, context);
  return finish(statements.length + ecd.length, companies.length, notes, failures, 'companyfacts');
}

export async function ingestProxies(client: SecClient, companies: readonly CompanyRef[], context: WriteContext, notes: string[] = []): Promise<JobSummary> {
  const documents: CompensationDocument[] = [];
  const failures: string[] = [];
  for (const company of companies) {
    try {
      const submissions = await client.submissions(company.cik);
      const latest = submissions.recent.filter((f) => f.form === 'DEF 14A').sort((a, b) => b.filingDate.localeCompare(a.filingDate))[0];
      if (!latest) {
        notes.push(`${label(company)}: no DEF 14A among the recent filings, skipped`);
        continue;
      }
      const proxy = await client.archiveDocument(company.cik, latest.accessionNumber, latest.primaryDocument, parseProxyStatement);
      documents.push({
        ...company,
        proxy: { accession_number: latest.accessionNumber, filing_date: latest.filingDate, form: latest.form },
        ...proxy,
      });
    } catch (error) {
      if (notFound(error)) notes.push(`${label(company)}: not found upstream (404), skipped`);
      else if (error instanceof UpstreamFailure && error.kind === 'malformed' && /Summary Compensation Table/.test(error.message)) {
        notes.push(`${label(company)}: ${error.message}, skipped`);
      } else failures.push(`${label(company)}: ${message(error)}`);
    }
  }
  await filingCompensation.put(documents, context);
  return finish(documents.length, companies.length, notes, failures, 'proxy statements');
}
