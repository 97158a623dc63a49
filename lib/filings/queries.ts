import { DataUnavailableError, needsPlan, NoDataError, PlanRequiredError } from '../http/errors';
import { ACCESS, type Plan } from '../http/plans';
import { sampleMark } from '../http/sample';
import { paddedCik } from '../sources/sec';
import type { Stored } from '../store/marketData';
import { searchCompanyByName } from './companies';
import { jobHasSucceeded } from '../ingest/job';
import {
  filingCompensation,
  filingEcd,
  filingStatements,
  secTicker,
  secTickers,
  type CompensationDocument,
  type EcdDocument,
  type StatementsDocument,
} from './filingStore';
import type { FiscalQuarter, StatementRecord } from './incomeStatements';
import { mergePayVersusPerformance } from './payVersusPerformance';
import { COMPENSATION_FIELDS } from './summaryCompensation';

/**
 * What the three filings endpoints answer, from the stored documents (spec 4.8, CONTRACT "Income statement objects").
 * Unknown company or period → 404 no_data; nothing ingested yet (the job never succeeded) → 503 data_unavailable.
 */

export const FILINGS_JOBS = { companies: 'filingCompanies', facts: 'filingFacts', proxies: 'filingProxies' } as const;

export interface CompanyQuery {
  ticker?: string;
  cik?: string;
}

async function missing(job: string, now: Date, message: string): Promise<never> {
  if (!(await jobHasSucceeded(job, now))) throw new DataUnavailableError('Company filings have not been ingested yet; try again later.');
  throw new NoDataError(message);
}

/** The 10-digit CIK a ticker or CIK parameter names. */
async function cikOf(query: CompanyQuery, now: Date): Promise<string> {
  if (query.cik !== undefined) return paddedCik(query.cik);
  const found = await secTickers.get(query.ticker!, now);
  if (!found) return missing(FILINGS_JOBS.companies, now, `No SEC-registered company has the ticker '${secTicker(query.ticker!)}'.`);
  return found.value.cik;
}

const describe = (query: CompanyQuery) => (query.cik !== undefined ? `CIK ${paddedCik(query.cik)}` : `'${secTicker(query.ticker!)}'`);

async function statementsFor(query: CompanyQuery, now: Date): Promise<Stored<StatementsDocument>> {
  const cik = await cikOf(query, now);
  const stored = await filingStatements.get(cik, now);
  return stored ?? missing(FILINGS_JOBS.facts, now, `No income statements are available for ${describe(query)}.`);
}

const QUARTER_ORDER: Record<FiscalQuarter, number> = { Q1: 1, Q2: 2, Q3: 3, Q4: 4, FY: 5 };

/** The most recent statement: the latest period end; a quarter before the fiscal year ending the same day. */
export function latestStatement(statements: readonly StatementRecord[]): StatementRecord | undefined {
  return [...statements].sort(
    (a, b) =>
      b.filing_info.period_end_date.localeCompare(a.filing_info.period_end_date) ||
      (a.fiscal_quarter === 'FY' ? 1 : 0) - (b.fiscal_quarter === 'FY' ? 1 : 0),
  )[0];
}

export async function incomeStatement(query: CompanyQuery & { period?: string; year?: number }, now: Date) {
  const stored = await statementsFor(query, now);
  const doc = stored.value;
  const statement =
    query.period !== undefined && query.year !== undefined
      ? doc.statements.find((s) => s.fiscal_year === query.year && s.fiscal_quarter === query.period!.toUpperCase())
      : latestStatement(doc.statements);
  if (!statement) {
    throw new NoDataError(`No income statement for ${query.period} ${query.year} is available for ${describe(query)}.`);
  }
  return {
    company_info: {
      ticker: query.ticker !== undefined ? secTicker(query.ticker) : doc.ticker,
      cik: doc.cik,
      company_name: doc.company_name,
      fiscal_year: statement.fiscal_year,
      fiscal_quarter: statement.fiscal_quarter,
    },
    income_statement: statement.income_statement,
    filing_info: statement.filing_info,
    ...sampleMark(stored),
  };
}

export async function incomeStatementAvailability(query: CompanyQuery, now: Date) {
  const stored = await statementsFor(query, now);
  const doc = stored.value;
  const years = new Map<number, Set<FiscalQuarter>>();
  for (const s of doc.statements) years.set(s.fiscal_year, (years.get(s.fiscal_year) ?? new Set()).add(s.fiscal_quarter));
  return {
    company_info: { ticker: query.ticker !== undefined ? secTicker(query.ticker) : doc.ticker, cik: doc.cik, company_name: doc.company_name },
    available_periods: [...years.entries()]
      .sort(([a], [b]) => b - a)
      .map(([year, periods]) => ({ year, periods: [...periods].sort((a, b) => QUARTER_ORDER[a] - QUARTER_ORDER[b]).map((p) => p.toLowerCase()) })),
    ...sampleMark(stored),
  };
}

export interface CompensationQuery extends CompanyQuery {
  name?: string;
  year?: number;
}

async function compensationFor(query: CompensationQuery, now: Date): Promise<{ compensation?: Stored<CompensationDocument>; ecd?: Stored<EcdDocument> }> {
  if (query.ticker === undefined && query.cik === undefined) {
    const all = await filingCompensation.list(now);
    const match = searchCompanyByName(query.name!, all.map((s) => s.value));
    if (!match) return missing(FILINGS_JOBS.proxies, now, `No executive compensation is available for a company named '${query.name}'.`);
    return { compensation: all.find((s) => s.value.cik === match.cik) };
  }
  const cik = await cikOf(query, now);
  const [compensation, ecd] = await Promise.all([filingCompensation.get(cik, now), filingEcd.get(cik, now)]);
  if (!compensation && !ecd) return missing(FILINGS_JOBS.proxies, now, `No executive compensation is available for ${describe(query)}.`);
  return { compensation, ecd };
}

export async function executiveCompensation(query: CompensationQuery, plan: Plan, now: Date) {
  const { compensation, ecd } = await compensationFor(query, now);
  const company = (compensation ?? ecd)!.value;
  const executives = compensation?.value.executives ?? [];
  const pvp = mergePayVersusPerformance(compensation?.value.pay_versus_performance ?? [], ecd?.value.pay_versus_performance ?? []);
  const years = new Set([...executives.map((e) => e.fiscal_year), ...pvp.map((r) => r.fiscal_year)]);
  const latest = executives.length ? Math.max(...executives.map((e) => e.fiscal_year)) : Math.max(...years);
  const premium = ACCESS.premium.allows(plan);
  const year = query.year ?? latest;
  if (!premium && year !== latest) {
    throw new PlanRequiredError('parameter', 'premium', needsPlan(`Years other than the latest (${latest})`, 'premium', plan.tier), 'year');
  }
  if (!years.has(year)) throw new NoDataError(`No executive compensation for fiscal year ${year} is available for ${company.company_name}.`);
  const ofYear = executives.filter((e) => e.fiscal_year === year);
  const mark = sampleMark(...[compensation, ecd].filter((s): s is Stored<never> => s !== undefined));
  return {
    ticker: query.ticker !== undefined ? secTicker(query.ticker) : company.ticker,
    company_name: company.company_name,
    cik: company.cik,
    executives: premium
      ? ofYear
      : ofYear
          .filter((e) => e.is_ceo)
          .slice(0, 1)
          .map((e) => ({ ...e, ...Object.fromEntries(COMPENSATION_FIELDS.map((f) => [f, f === 'total' ? e.total : null])) })),
    ...(premium ? { pay_versus_performance: pvp.filter((r) => r.fiscal_year <= year) } : {}),
    ...mark,
  };
}
