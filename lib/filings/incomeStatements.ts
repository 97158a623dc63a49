import type { CompanyFacts, Fact } from '../sources/sec';
import { roundDecimal } from '../numbers/round';
import {
  FIELD_KIND,
  IFRS_CONCEPTS,
  INCOME_STATEMENT_FIELDS,
  PERIOD_ANCHORS,
  UNIT_OF_KIND,
  US_GAAP_CONCEPTS,
  type ConceptMap,
  type ConceptSource,
  type IncomeStatement,
  type IncomeStatementField,
} from './concepts';
import { daysCovered, durationKind, effectiveMonth, fiscalPeriodOf, fiscalYearOfAnnualEnd, nextDay, type DurationKind } from './fiscalCalendar';

/**
 * Income statements (spec 2.9) from a companyfacts payload: Q1–Q4 and the fiscal year for every fiscal year
 * the filer reported.
 *
 * - Periods are found by fact duration (fiscalCalendar.ts), among the revenue and net income facts.
 * - Restatements: several filings repeat a period (this year's 10-Q shows last year's quarter); the
 *   latest `filed` wins.
 * - Q1–Q3 flow items come from the three-month fact, or from year-to-date facts when the filer reports
 *   only those (cash-flow items): Q2 = 6-month YTD − Q1, Q3 = 9-month YTD − 6-month YTD (or − Q1 − Q2).
 * - Q4 flow items: the 10-K's annual figure − Q1 − Q2 − Q3 (or − the 9-month YTD), each input being the
 *   value known when the annual figure was filed, so that all of them are on the same basis (a stock split
 *   restates later comparatives, not the 10-K). One concept serves all inputs of a derivation.
 * - Q4 weighted shares: the day-weighted identity FY × days(FY) = Σ quarter × days(quarter); Q4 EPS is
 *   recomputed from Q4 net income and those shares (diluted = basic for a loss, antidilution), never subtracted.
 *   Without quarterly share counts Q4 shares and EPS are null.
 * - Only facts from periodic reports count (10-K, 10-Q, 20-F, 40-F and amendments).
 * - A field the filer does not report for the period is null; gross profit, when not reported, is revenue − cost of revenue.
 * - filing_info names the period's own report (the first 10-Q, or 10-K/20-F/40-F for the year and Q4,
 *   that carried the period); values may come from a later filing that restated it.
 */

export type FiscalQuarter = 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'FY';

export interface FilingInfo {
  filing_type: string;
  filing_date: string;
  period_end_date: string;
}

export interface StatementRecord {
  fiscal_year: number;
  fiscal_quarter: FiscalQuarter;
  /** first day of the period the statement covers */
  period_start_date: string;
  income_statement: IncomeStatement;
  filing_info: FilingInfo;
}

interface Period {
  start: string;
  end: string;
}

const keyOf = (p: Period) => `${p.start}|${p.end}`;

/**
 * Periodic reports only: 10-K, 10-Q (with amendments and transition reports), 20-F, 40-F. A proxy (DEF 14A)
 * repeats net income rounded to millions for its pay-versus-performance table, filed after the 10-K: it must
 * not win as a "restatement".
 */
const REPORT_FORMS = /^(10-K|10-Q|20-F|40-F)/;

/** Facts of one concept and unit by period, each list in filing order (oldest filed first). */
type ConceptIndex = Map<string, Fact[]>;

class FactBook {
  private readonly cache = new Map<string, ConceptIndex>();
  constructor(private readonly concepts: Record<string, { units: Record<string, Fact[]> }>) {}

  index(concept: string, unit: string): ConceptIndex {
    const cacheKey = `${concept}|${unit}`;
    let index = this.cache.get(cacheKey);
    if (index) return index;
    index = new Map();
    for (const fact of this.concepts[concept]?.units[unit] ?? []) {
      if (fact.start === undefined || typeof fact.val !== 'number' || !Number.isFinite(fact.val) || !REPORT_FORMS.test(fact.form)) continue;
      const key = `${fact.start}|${fact.end}`;
      const list = index.get(key) ?? [];
      list.push(fact);
      index.set(key, list);
    }
    for (const list of index.values()) list.sort((a, b) => a.filed.localeCompare(b.filed));
    this.cache.set(cacheKey, index);
    return index;
  }

  /** The fact for a period: the latest filed, or with `asOf` the latest filed on or before it (else the first after it). */
  fact(concept: string, unit: string, period: Period | undefined, asOf?: string): Fact | undefined {
    if (!period) return undefined;
    const list = this.index(concept, unit).get(keyOf(period));
    if (!list || list.length === 0) return undefined;
    if (asOf === undefined) return list[list.length - 1];
    const known = list.filter((f) => f.filed <= asOf);
    return known.length ? known[known.length - 1] : list[0];
  }
}

/** The slots of one fiscal year: direct periods found in the facts. */
interface FiscalYearPeriods {
  fiscalYear: number;
  quarters: [Period | undefined, Period | undefined, Period | undefined, Period | undefined];
  sixMonths?: Period;
  nineMonths?: Period;
  annual?: Period;
}

export function conceptMapFor(facts: CompanyFacts): ConceptMap | undefined {
  const hasAny = (map: ConceptMap) =>
    PERIOD_ANCHORS.some((field) => map.concepts[field].some((c) => typeof c === 'string' && facts.facts[map.taxonomy]?.[c] !== undefined));
  if (hasAny(US_GAAP_CONCEPTS)) return US_GAAP_CONCEPTS;
  if (hasAny(IFRS_CONCEPTS)) return IFRS_CONCEPTS;
  return undefined;
}

const firstConcept = (source: ConceptSource) => (typeof source === 'string' ? source : source.sum[0]);

/** The fiscal-year-end month: the effective month of the latest annual period; December when there is none. */
function fiscalYearEndMonth(periods: Period[]): number {
  const annual = periods.filter((p) => durationKind(p.start, p.end) === 'annual').sort((a, b) => a.end.localeCompare(b.end));
  const latest = annual[annual.length - 1];
  return latest ? effectiveMonth(latest.end).month : 12;
}

function fiscalYearsOf(periods: Map<string, { period: Period; weight: number }>, yearEndMonth: number): FiscalYearPeriods[] {
  const years = new Map<number, FiscalYearPeriods>();
  const best = new Map<string, { period: Period; weight: number }>();
  for (const candidate of periods.values()) {
    const { period } = candidate;
    const kind = durationKind(period.start, period.end);
    const fiscal = fiscalPeriodOf(period.end, yearEndMonth);
    if (!kind || !fiscal) continue;
    const expectedQuarter: Record<DurationKind, number | undefined> = { quarter: undefined, sixMonths: 2, nineMonths: 3, annual: 4 };
    if (expectedQuarter[kind] !== undefined && expectedQuarter[kind] !== fiscal.quarter) continue;
    const fiscalYear = kind === 'annual' ? fiscalYearOfAnnualEnd(period.end) : fiscal.fiscalYear;
    const slot = `${fiscalYear}|${kind}|${kind === 'quarter' ? fiscal.quarter : ''}`;
    const current = best.get(slot);
    if (!current || candidate.weight > current.weight || (candidate.weight === current.weight && period.end > current.period.end)) {
      best.set(slot, candidate);
    }
  }
  for (const [slot, { period }] of best) {
    const [yearText, kind, quarterText] = slot.split('|') as [string, DurationKind, string];
    const fiscalYear = Number(yearText);
    const year = years.get(fiscalYear) ?? { fiscalYear, quarters: [undefined, undefined, undefined, undefined] };
    if (kind === 'quarter') year.quarters[Number(quarterText) - 1] = period;
    else if (kind === 'sixMonths') year.sixMonths = period;
    else if (kind === 'nineMonths') year.nineMonths = period;
    else year.annual = period;
    years.set(fiscalYear, year);
  }
  return [...years.values()].sort((a, b) => a.fiscalYear - b.fiscalYear);
}

const sumOf = (values: (number | undefined)[]) => (values.every((v): v is number => v !== undefined) ? values.reduce((a, b) => a + b, 0) : undefined);

/** Removes floating-point noise from sums of whole-dollar amounts. */
const clean = (value: number) => (Number.isInteger(value) ? value : Math.round(value * 1e6) / 1e6);

export function extractIncomeStatements(companyFacts: CompanyFacts): StatementRecord[] {
  const map = conceptMapFor(companyFacts);
  if (!map) return [];
  const book = new FactBook(companyFacts.facts[map.taxonomy] ?? {});

  // periods reported for revenue or net income, weighted by how many facts name them
  const candidates = new Map<string, { period: Period; weight: number }>();
  for (const field of PERIOD_ANCHORS) {
    for (const source of map.concepts[field]) {
      for (const [key, facts] of book.index(firstConcept(source), UNIT_OF_KIND[FIELD_KIND[field]])) {
        const [start, end] = key.split('|') as [string, string];
        const entry = candidates.get(key) ?? { period: { start, end }, weight: 0 };
        entry.weight += facts.length;
        candidates.set(key, entry);
      }
    }
  }
  const yearEndMonth = fiscalYearEndMonth([...candidates.values()].map((c) => c.period));
  const years = fiscalYearsOf(candidates, yearEndMonth);

  /** value of one concept source for a direct period */
  const direct = (source: ConceptSource, unit: string, period: Period | undefined, asOf?: string): { value: number; fact: Fact } | undefined => {
    if (typeof source === 'string') {
      const fact = book.fact(source, unit, period, asOf);
      return fact ? { value: fact.val as number, fact } : undefined;
    }
    const [head, ...rest] = source.sum;
    const first = book.fact(head, unit, period, asOf);
    if (!first) return undefined;
    const value = rest.reduce((total, concept) => total + ((book.fact(concept, unit, period, asOf)?.val as number | undefined) ?? 0), first.val as number);
    return { value, fact: first };
  };

  const statements: StatementRecord[] = [];
  for (const year of years) {
    const [q1, q2, q3, q4] = year.quarters;

    /** a flow value for quarter n (1–4) from one concept source: direct, else derived from YTD / annual figures */
    const flowQuarter = (source: ConceptSource, n: 1 | 2 | 3 | 4, asOf?: string): number | undefined => {
      const unit = 'USD';
      const period = year.quarters[n - 1];
      const own = direct(source, unit, period, asOf);
      if (own) return own.value;
      const at = (p: Period | undefined) => direct(source, unit, p, asOf)?.value;
      if (n === 2) {
        const six = at(year.sixMonths);
        const first = flowQuarter(source, 1, asOf);
        return six !== undefined && first !== undefined ? six - first : undefined;
      }
      if (n === 3) {
        const nine = at(year.nineMonths);
        if (nine === undefined) return undefined;
        const six = at(year.sixMonths);
        if (six !== undefined) return nine - six;
        const firstTwo = sumOf([flowQuarter(source, 1, asOf), flowQuarter(source, 2, asOf)]);
        return firstTwo !== undefined ? nine - firstTwo : undefined;
      }
      if (n === 4) {
        const annual = direct(source, unit, year.annual);
        if (!annual) return undefined;
        const basis = annual.fact.filed;
        const quarters = sumOf([flowQuarter(source, 1, basis), flowQuarter(source, 2, basis), flowQuarter(source, 3, basis)]);
        if (quarters !== undefined) return annual.value - quarters;
        const nine = direct(source, unit, year.nineMonths, basis);
        return nine ? annual.value - nine.value : undefined;
      }
      return undefined;
    };

    const firstValue = (field: IncomeStatementField, read: (source: ConceptSource) => number | undefined): number | null => {
      for (const source of map.concepts[field]) {
        const value = read(source);
        if (value !== undefined) return clean(value);
      }
      return null;
    };

    /** Q4 weighted shares: FY × days(FY) − Σ Q1..Q3 × days, over days(Q4); all as known when the annual figure was filed. */
    const q4Shares = (field: IncomeStatementField, q4Period: Period): number | null => {
      for (const source of map.concepts[field]) {
        const annual = direct(source, 'shares', year.annual);
        if (!annual || !year.annual) continue;
        const basis = annual.fact.filed;
        const total = annual.value * daysCovered(year.annual.start, year.annual.end);
        let known: number | undefined;
        const parts = [q1, q2, q3].map((p) => (p ? direct(source, 'shares', p, basis)?.value : undefined));
        if (parts.every((v) => v !== undefined) && q1 && q2 && q3) {
          known = parts[0]! * daysCovered(q1.start, q1.end) + parts[1]! * daysCovered(q2.start, q2.end) + parts[2]! * daysCovered(q3.start, q3.end);
        } else if (year.nineMonths) {
          const nine = direct(source, 'shares', year.nineMonths, basis);
          if (nine) known = nine.value * daysCovered(year.nineMonths.start, year.nineMonths.end);
        }
        if (known === undefined) continue;
        const shares = Math.round((total - known) / daysCovered(q4Period.start, q4Period.end));
        // a derivation far from the annual average means inputs on different bases (e.g. a split): unusable
        if (shares > 0 && shares > annual.value * 0.5 && shares < annual.value * 2) return shares;
      }
      return null;
    };

    const build = (fiscalQuarter: FiscalQuarter, period: Period, read: (field: IncomeStatementField) => number | null, info: FilingInfo) => {
      const statement = Object.fromEntries(INCOME_STATEMENT_FIELDS.map((field) => [field, read(field)])) as IncomeStatement;
      if (statement.gross_profit === null && statement.total_revenue !== null && statement.cost_of_revenue !== null) {
        statement.gross_profit = clean(statement.total_revenue - statement.cost_of_revenue);
      }
      if (statement.total_revenue === null && statement.net_income === null) return;
      statements.push({ fiscal_year: year.fiscalYear, fiscal_quarter: fiscalQuarter, period_start_date: period.start, income_statement: statement, filing_info: info });
    };

    const filingInfo = (period: Period, forms: RegExp): FilingInfo | undefined => {
      const reports: Fact[] = [];
      for (const field of PERIOD_ANCHORS) {
        for (const source of map.concepts[field]) {
          reports.push(...(book.index(firstConcept(source), 'USD').get(keyOf(period)) ?? []));
        }
      }
      if (reports.length === 0) return undefined;
      reports.sort((a, b) => a.filed.localeCompare(b.filed));
      const own = reports.find((f) => forms.test(f.form)) ?? reports[0]!;
      return { filing_type: own.form, filing_date: own.filed, period_end_date: period.end };
    };
    const QUARTERLY = /^10-Q/;
    const ANNUAL = /^(10-K|20-F|40-F)/;

    // Q1–Q3
    for (const n of [1, 2, 3] as const) {
      let period = year.quarters[n - 1];
      if (!period && n === 2 && q1 && year.sixMonths) period = { start: nextDay(q1.end), end: year.sixMonths.end };
      if (!period && n === 3 && year.nineMonths) {
        const before = q2?.end ?? year.sixMonths?.end;
        if (before) period = { start: nextDay(before), end: year.nineMonths.end };
      }
      if (!period) continue;
      const reportPeriod = year.quarters[n - 1] ?? (n === 2 ? year.sixMonths : year.nineMonths);
      const info = reportPeriod && filingInfo(reportPeriod, QUARTERLY);
      if (!info) continue;
      const quarterPeriod = period;
      build(
        `Q${n}`,
        quarterPeriod,
        (field) => {
          const kind = FIELD_KIND[field];
          if (kind === 'flow') return firstValue(field, (source) => flowQuarter(source, n));
          return firstValue(field, (source) => direct(source, UNIT_OF_KIND[kind], year.quarters[n - 1])?.value);
        },
        { ...info, period_end_date: quarterPeriod.end },
      );
    }

    // Q4 and the fiscal year
    if (year.annual) {
      const annualInfo = filingInfo(year.annual, ANNUAL);
      const before = q3?.end ?? year.nineMonths?.end;
      const q4Period = q4 ?? (before ? { start: nextDay(before), end: year.annual.end } : undefined);
      if (annualInfo && q4Period) {
        let netIncome: number | null = null;
        let basicShares: number | null = null;
        let dilutedShares: number | null = null;
        const values: Partial<Record<IncomeStatementField, number | null>> = {};
        for (const field of INCOME_STATEMENT_FIELDS) {
          if (FIELD_KIND[field] === 'flow') values[field] = firstValue(field, (source) => flowQuarter(source, 4));
        }
        netIncome = values.net_income ?? null;
        basicShares = q4 ? firstValue('weighted_average_shares_basic', (s) => direct(s, 'shares', q4)?.value) : q4Shares('weighted_average_shares_basic', q4Period);
        dilutedShares = q4 ? firstValue('weighted_average_shares_diluted', (s) => direct(s, 'shares', q4)?.value) : q4Shares('weighted_average_shares_diluted', q4Period);
        const epsBasic = netIncome !== null && basicShares ? roundDecimal(netIncome / basicShares, 2) : null;
        const epsDiluted =
          netIncome === null
            ? null
            : netIncome < 0
              ? epsBasic
              : dilutedShares
                ? roundDecimal(netIncome / Math.max(dilutedShares, basicShares ?? 0), 2)
                : null;
        values.weighted_average_shares_basic = basicShares;
        values.weighted_average_shares_diluted = dilutedShares;
        values.earnings_per_share_basic = epsBasic;
        values.earnings_per_share_diluted = epsDiluted;
        build('Q4', q4Period, (field) => values[field] ?? null, { ...annualInfo, period_end_date: q4Period.end });
      }
      if (annualInfo) {
        const annual = year.annual;
        build('FY', annual, (field) => firstValue(field, (source) => direct(source, UNIT_OF_KIND[FIELD_KIND[field]], annual)?.value), annualInfo);
      }
    }
  }
  const order: Record<FiscalQuarter, number> = { Q1: 1, Q2: 2, Q3: 3, Q4: 4, FY: 5 };
  return statements.sort((a, b) => b.fiscal_year - a.fiscal_year || order[b.fiscal_quarter] - order[a.fiscal_quarter]);
}
