/**
 * The served income statements of the real companyfacts payloads in ../shared against what the companies
 * published, three ways:
 * - `published`: the figures of test/filings/publishedFigures.ts (10-K statement lines, Tesla's update letter);
 * - `filer Q4`: the three-month Q4 figures a 10-K tags in its quarterly-data note (filed to 2020), against the
 *   served Q4 = FY − Q1 − Q2 − Q3 of every flow field, both of that 10-K;
 * - `derived Q4 EPS`: the Q4 EPS such a note publishes, against the Q4 EPS the service derives when the payload's
 *   Q4 share and EPS facts are removed (what it serves for the years after 2020, when 10-Ks stopped tagging them).
 * Every difference must be listed in test/filings/acceptedDifferences.ts with the publication that settles it.
 */
import { FIELD_KIND, INCOME_STATEMENT_FIELDS, US_GAAP_CONCEPTS, type IncomeStatementField } from '../../lib/filings/concepts';
import { extractIncomeStatements, type FiscalQuarter, type StatementRecord } from '../../lib/filings/incomeStatements';
import { parseCompanyFacts, type Fact } from '../../lib/sources/sec';
import { REAL_COMPANY_FACTS, realCompanyFactsJson, type RealCompany } from '../support/filingsDatasets';
import { ACCEPTED_DIFFERENCES, type AcceptedDifference } from './acceptedDifferences';
import { PUBLISHED_FIGURES, secFiling } from './publishedFigures';

export type Check = 'published' | 'filer Q4' | 'derived Q4 EPS';

export interface Difference {
  check: Check;
  company: RealCompany;
  fiscal_year: number;
  fiscal_quarter: FiscalQuarter;
  field: IncomeStatementField;
  served: number | null;
  published: number;
  source: string;
}

export const COMPANIES = Object.keys(REAL_COMPANY_FACTS) as RealCompany[];

type UsGaap = Record<string, { units: Record<string, Fact[]> }>;

const factsCache = new Map<RealCompany, UsGaap>();
/** A company's us-gaap facts as parsed from its real payload. */
function usGaapFacts(company: RealCompany): UsGaap {
  let facts = factsCache.get(company);
  if (!facts) factsCache.set(company, (facts = parseCompanyFacts(realCompanyFactsJson(company)).facts['us-gaap'] ?? {}));
  return facts;
}

const servedCache = new Map<RealCompany, StatementRecord[]>();
/** The statements the service extracts from a company's real payload. */
export function servedStatements(company: RealCompany): StatementRecord[] {
  let list = servedCache.get(company);
  if (!list) servedCache.set(company, (list = extractIncomeStatements(parseCompanyFacts(realCompanyFactsJson(company)))));
  return list;
}

const statementOf = (list: readonly StatementRecord[], year: number, quarter: FiscalQuarter) =>
  list.find((s) => s.fiscal_year === year && s.fiscal_quarter === quarter)?.income_statement;

const FLOW_FIELDS = INCOME_STATEMENT_FIELDS.filter((field) => FIELD_KIND[field] === 'flow');

export interface IdentityResult {
  /** company-year-field triples where Q1–Q4 and the year are all served */
  checked: number;
  /** `TSLA 2021 net_income: Q4 2321 ≠ FY − Q1 − Q2 − Q3 = 2320` */
  broken: string[];
  /** a Q4 served without all of Q1–Q3 and the year, or missing while all of them are served */
  unbalanced: string[];
}

/** Q4 = FY − Q1 − Q2 − Q3 for every flow field of every fiscal year of the given statements. */
export function quarterIdentity(company: string, list: readonly StatementRecord[]): IdentityResult {
  const result: IdentityResult = { checked: 0, broken: [], unbalanced: [] };
  for (const year of new Set(list.map((s) => s.fiscal_year))) {
    const [q1, q2, q3, q4, fy] = (['Q1', 'Q2', 'Q3', 'Q4', 'FY'] as const).map((quarter) => statementOf(list, year, quarter));
    for (const field of FLOW_FIELDS) {
      const inputs = [fy?.[field], q1?.[field], q2?.[field], q3?.[field]];
      const complete = inputs.every((value) => typeof value === 'number');
      const fourth = q4?.[field];
      if (!complete) continue;
      if (typeof fourth !== 'number') {
        result.unbalanced.push(`${company} ${year} ${field}: Q1–Q3 and FY served, Q4 ${fourth === undefined ? 'missing' : 'null'}`);
        continue;
      }
      result.checked += 1;
      const [annual, a, b, c] = inputs as number[];
      const expected = annual! - a! - b! - c!;
      if (Math.abs(fourth - expected) > 1e-6) result.broken.push(`${company} ${year} ${field}: Q4 ${fourth} ≠ FY − Q1 − Q2 − Q3 = ${expected}`);
    }
  }
  return result;
}

function publishedDifferences(company: RealCompany, list: readonly StatementRecord[]): { compared: number; differences: Difference[] } {
  const mine = PUBLISHED_FIGURES.filter((figure) => figure.company === company);
  const differences: Difference[] = [];
  for (const figure of mine) {
    const served = statementOf(list, figure.fiscal_year, figure.fiscal_quarter)?.[figure.field] ?? null;
    if (served !== figure.value) differences.push({ check: 'published', ...figure, served, published: figure.value });
  }
  return { compared: mine.length, differences };
}

const isQuarter = (fact: Fact) => fact.start !== undefined && (Date.parse(fact.end) - Date.parse(fact.start)) / 86_400_000 < 100;
const ANNUAL_REPORT = /^10-K/;

/** The 10-K facts of a concept for a period, in filing order. */
function tenKFacts(facts: UsGaap, concept: string, unit: string, start: string, end: string): Fact[] {
  return (facts[concept]?.units[unit] ?? [])
    .filter((f) => f.start === start && f.end === end && ANNUAL_REPORT.test(f.form) && typeof f.val === 'number')
    .sort((a, b) => a.filed.localeCompare(b.filed));
}

/** Served Q4 flows against the Q4 the same 10-K tags (its quarterly-data note), where its year equals the served year. */
function filerQuarterDifferences(company: RealCompany, list: readonly StatementRecord[]): { compared: number; differences: Difference[] } {
  const facts = usGaapFacts(company);
  let compared = 0;
  const differences: Difference[] = [];
  for (const q4 of list.filter((s) => s.fiscal_quarter === 'Q4')) {
    const fy = list.find((s) => s.fiscal_year === q4.fiscal_year && s.fiscal_quarter === 'FY');
    if (!fy) continue;
    for (const field of FLOW_FIELDS) {
      const [served, servedYear] = [q4.income_statement[field], fy.income_statement[field]];
      for (const concept of US_GAAP_CONCEPTS.concepts[field]) {
        const years = tenKFacts(facts, concept, 'USD', fy.period_start_date, fy.filing_info.period_end_date);
        const quarter = tenKFacts(facts, concept, 'USD', q4.period_start_date, q4.filing_info.period_end_date).find((f) =>
          years.some((y) => y.accn === f.accn && y.val === servedYear),
        );
        if (!quarter) continue;
        compared += 1;
        if (served !== quarter.val) {
          differences.push({
            check: 'filer Q4',
            company,
            fiscal_year: q4.fiscal_year,
            fiscal_quarter: 'Q4',
            field,
            served,
            published: quarter.val as number,
            source: `${concept}, accession ${quarter.accn}, ${secFiling(company, quarter.accn)}`,
          });
        }
        break;
      }
    }
  }
  return { compared, differences };
}

const PER_SHARE_FIELDS = ['earnings_per_share_basic', 'earnings_per_share_diluted', 'weighted_average_shares_basic', 'weighted_average_shares_diluted'] as const;

/** The Q4 EPS the service derives with the 10-Ks' own Q4 share and EPS facts removed, against those published figures. */
function derivedEpsDifferences(company: RealCompany, list: readonly StatementRecord[]): { compared: number; differences: Difference[] } {
  const facts = usGaapFacts(company);
  const payload = structuredClone(realCompanyFactsJson(company)) as { facts: Record<string, UsGaap> };
  const stripped = payload.facts['us-gaap'] ?? {};
  const q4Ends = new Set(list.filter((s) => s.fiscal_quarter === 'Q4').map((s) => s.filing_info.period_end_date));
  for (const concept of PER_SHARE_FIELDS.flatMap((field) => US_GAAP_CONCEPTS.concepts[field])) {
    for (const [unit, unitFacts] of Object.entries(stripped[concept]?.units ?? {})) {
      stripped[concept]!.units[unit] = unitFacts.filter((f) => !(isQuarter(f) && q4Ends.has(f.end) && ANNUAL_REPORT.test(f.form)));
    }
  }
  const derived = extractIncomeStatements(parseCompanyFacts(payload));
  let compared = 0;
  const differences: Difference[] = [];
  for (const q4 of list.filter((s) => s.fiscal_quarter === 'Q4')) {
    for (const field of ['earnings_per_share_basic', 'earnings_per_share_diluted'] as const) {
      const own = US_GAAP_CONCEPTS.concepts[field].map((concept) => tenKFacts(facts, concept, 'USD/shares', q4.period_start_date, q4.filing_info.period_end_date)[0]).find(Boolean);
      if (!own) continue;
      compared += 1;
      const served = statementOf(derived, q4.fiscal_year, 'Q4')?.[field] ?? null;
      if (served !== own.val) {
        differences.push({
          check: 'derived Q4 EPS',
          company,
          fiscal_year: q4.fiscal_year,
          fiscal_quarter: 'Q4',
          field,
          served,
          published: own.val as number,
          source: `accession ${own.accn}, ${secFiling(company, own.accn)}`,
        });
      }
    }
  }
  return { compared, differences };
}

export interface CrossCheckResult {
  compared: Record<Check, number>;
  accepted: { difference: Difference; by: AcceptedDifference }[];
  unexplained: Difference[];
}

const matches = (accepted: AcceptedDifference, d: Difference) =>
  accepted.check === d.check &&
  accepted.company === d.company &&
  accepted.fiscal_year === d.fiscal_year &&
  accepted.fiscal_quarter === d.fiscal_quarter &&
  accepted.field === d.field &&
  accepted.served === d.served &&
  accepted.published === d.published;

/** Every check on every real company; `list` replaces a company's served statements (to test the check itself). */
export function crossCheck(served: (company: RealCompany) => StatementRecord[] = servedStatements): CrossCheckResult {
  const result: CrossCheckResult = { compared: { published: 0, 'filer Q4': 0, 'derived Q4 EPS': 0 }, accepted: [], unexplained: [] };
  for (const company of COMPANIES) {
    const list = served(company);
    const checks: [Check, { compared: number; differences: Difference[] }][] = [
      ['published', publishedDifferences(company, list)],
      ['filer Q4', filerQuarterDifferences(company, list)],
      ['derived Q4 EPS', derivedEpsDifferences(company, list)],
    ];
    for (const [check, { compared, differences }] of checks) {
      result.compared[check] += compared;
      for (const difference of differences) {
        const by = ACCEPTED_DIFFERENCES.find((accepted) => matches(accepted, difference));
        if (by) result.accepted.push({ difference, by });
        else result.unexplained.push(difference);
      }
    }
  }
  return result;
}

export const describeDifference = (d: Difference) =>
  `${d.check}: ${d.company} ${d.fiscal_year} ${d.fiscal_quarter} ${d.field} served ${d.served}, published ${d.published} (${d.source})`;
