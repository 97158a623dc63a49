import type { CompanyFacts, Fact } from '../sources/sec';
import { roundDecimal } from '../numbers/round';
import {
  COMBINED_SGA,
  FIELD_KIND,
  IFRS_CONCEPTS,
  INCOME_STATEMENT_FIELDS,
  LARGEST_WINS,
  PERIOD_ANCHORS,
  UNIT_OF_KIND,
  US_GAAP_CONCEPTS,
  type ConceptMap,
  type IncomeStatement,
  type IncomeStatementField,
} from './concepts';
import { daysCovered, durationKind, effectiveMonth, fiscalPeriodOf, fiscalYearOfAnnualEnd, nextDay, type DurationKind } from './fiscalCalendar';

/**
 * Income statements (spec 2.9) from a companyfacts payload: Q1–Q4 and the fiscal year for every fiscal year
 * the filer reported.
 *
 * - Periods are found by fact duration (fiscalCalendar.ts), among the revenue and net income facts.
 * - One concept per field and fiscal year serves all five periods (concepts.ts says which), so that the
 *   year's figures are one series: Q4 = FY − Q1 − Q2 − Q3 holds for every flow field.
 * - One basis per field and fiscal year: Q1–Q3 are read as the filer stated them on the day it filed the
 *   annual figure served (the latest filed on or before it); that figure is the latest one whose quarters were
 *   restated with it, else the year as first reported (annualOnBasis), so a restatement or a stock split
 *   reaches the five periods together or not at all. A year without an annual figure yet reads the latest quarters.
 * - A later figure that only repeats an earlier one rounded to its own unit (a 10-K showing its third year
 *   in millions where the earlier filings had thousands) is not a restatement: the precise figure stays.
 * - Q1–Q3 flow items come from the three-month fact, or from year-to-date facts when the filer reports
 *   only those (cash-flow items): Q2 = 6-month YTD − Q1, Q3 = 9-month YTD − 6-month YTD (or − Q1 − Q2).
 * - Q4 flow items: the annual figure − Q1 − Q2 − Q3 of the same concept and basis (or − the 9-month YTD when
 *   a quarter is missing); a three-month Q4 fact in the 10-K (the quarterly-data note) is not used for flows.
 * - Q4 weighted shares and EPS: the filer's own Q4 figure where its 10-K tags one; otherwise shares from the
 *   day-weighted identity FY × days(FY) = Σ quarter × days(quarter), and EPS recomputed from Q4 net income and
 *   those shares (diluted = basic for a loss, antidilution), never subtracted (EPS does not add up over
 *   quarters). Without quarterly share counts Q4 shares and EPS are null.
 * - Only facts from periodic reports count (10-K, 10-Q, 20-F, 40-F and amendments).
 * - A field the filer does not report for the period is null; gross profit, where revenue − cost of revenue
 *   covers more of the year than the filer's own GrossProfit, is that difference for the year.
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

  /** A period's facts in filing order (empty when none). */
  facts(concept: string, unit: string, period: Period | undefined): Fact[] {
    return (period && this.index(concept, unit).get(keyOf(period))) || [];
  }

  /** The fact for a period: the latest filed, or with `asOf` the latest filed on or before it (else the first after it). */
  fact(concept: string, unit: string, period: Period | undefined, asOf?: string): Fact | undefined {
    const list = this.facts(concept, unit, period);
    if (list.length === 0) return undefined;
    const known = asOf === undefined ? list : list.filter((f) => f.filed <= asOf);
    return known.length ? latestFigure(known) : list[0];
  }
}

/** The last of facts in filing order, unless it only repeats an earlier figure rounded to its own unit: then that earlier one. */
function latestFigure(facts: Fact[]): Fact {
  const latest = facts[facts.length - 1]!;
  for (let i = facts.length - 2; i >= 0; i--) if (isRoundedRepeat(latest.val as number, facts[i]!.val as number)) return facts[i]!;
  return latest;
}

/**
 * Whether `later` is `earlier` rounded to thousands or millions (the unit its trailing zeros show, at most a
 * million: NVIDIA's fiscal 2014 revenue 4,130,162,000, shown as 4,130 million in the 10-K filed in 2016).
 */
export function isRoundedRepeat(later: number, earlier: number): boolean {
  if (later === earlier || later === 0 || !Number.isInteger(later) || !Number.isInteger(earlier)) return false;
  let unit = 1;
  while (unit < 1_000_000 && later % (unit * 10) === 0) unit *= 10;
  return unit >= 1000 && earlier % unit !== 0 && Math.abs(earlier - later) <= unit / 2;
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

/** One concept's figures for the periods of a fiscal year (and the 9-month YTD, for Q4 share counts). */
type Figures = Partial<Record<FiscalQuarter | 'nineMonths', number>>;

const SLOTS: readonly FiscalQuarter[] = ['Q1', 'Q2', 'Q3', 'Q4', 'FY'];

/** How many of the year's reported periods (Q1, Q2, Q3, the year; Q4 is derived) a concept covers. */
const coverage = (figures: Figures) => (['Q1', 'Q2', 'Q3', 'FY'] as const).filter((slot) => figures[slot] !== undefined).length;

/** The size of a concept's figures for the year: the annual figure, else the quarters' sum. */
const size = (figures: Figures) => Math.abs(figures.FY ?? (figures.Q1 ?? 0) + (figures.Q2 ?? 0) + (figures.Q3 ?? 0));

const SHARES_AND_EPS = [
  ['weighted_average_shares_basic', 'earnings_per_share_basic'],
  ['weighted_average_shares_diluted', 'earnings_per_share_diluted'],
] as const;

/**
 * Share counts tagged without their scale: NVIDIA's XBRL to fiscal 2011 has 549,574 shares for 549,574 thousand
 * (its 10-K filed 2012-03-13 repeats the year as 549,574,000). A count about a thousandth of net income ÷ EPS
 * for the same period is read × 1000.
 */
function fixUnscaledShares(shares: Figures, eps: Figures, netIncome: Figures): void {
  for (const slot of SLOTS) {
    const [count, perShare, income] = [shares[slot], eps[slot], netIncome[slot]];
    if (count === undefined || !perShare || income === undefined) continue;
    const ratio = (count * 1000 * perShare) / income;
    if (ratio > 0.5 && ratio < 2) shares[slot] = count * 1000;
  }
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
    for (const concept of map.concepts[field]) {
      for (const [key, facts] of book.index(concept, UNIT_OF_KIND[FIELD_KIND[field]])) {
        const [start, end] = key.split('|') as [string, string];
        const entry = candidates.get(key) ?? { period: { start, end }, weight: 0 };
        entry.weight += facts.length;
        candidates.set(key, entry);
      }
    }
  }
  const yearEndMonth = fiscalYearEndMonth([...candidates.values()].map((c) => c.period));
  const years = fiscalYearsOf(candidates, yearEndMonth);
  const at = (concept: string, unit: string, period: Period | undefined, asOf?: string) => book.fact(concept, unit, period, asOf)?.val as number | undefined;

  const statements: StatementRecord[] = [];
  for (const year of years) {
    const [q1, q2, q3] = year.quarters;
    const before = q3?.end ?? year.nineMonths?.end;
    const q4Period = year.quarters[3] ?? (year.annual && before ? { start: nextDay(before), end: year.annual.end } : undefined);

    /** a flow value for quarter n (1–3) of one concept: direct, else derived from year-to-date figures */
    const flowQuarter = (concept: string, n: 1 | 2 | 3, asOf: string | undefined): number | undefined => {
      const own = at(concept, 'USD', year.quarters[n - 1], asOf);
      if (own !== undefined || n === 1) return own;
      const six = at(concept, 'USD', year.sixMonths, asOf);
      if (n === 2) {
        const first = flowQuarter(concept, 1, asOf);
        return six !== undefined && first !== undefined ? six - first : undefined;
      }
      const nine = at(concept, 'USD', year.nineMonths, asOf);
      if (nine === undefined) return undefined;
      if (six !== undefined) return nine - six;
      const firstTwo = sumOf([flowQuarter(concept, 1, asOf), flowQuarter(concept, 2, asOf)]);
      return firstTwo !== undefined ? nine - firstTwo : undefined;
    };

    /**
     * A concept's annual figure and the day the year's quarters are read as of: the newest filing of the annual
     * figure at which the quarters stand on its basis. The annual figure as first reported goes with the
     * quarters as filed up to that day; a restated one (a later 10-K changed it, for a stock split or a change of
     * accounting) only if every quarter was restated too, filed on or after the restatement: Apple's fiscal
     * 2019 share counts, restated for the 2020 split by the 10-K of October 2020, never had split-adjusted
     * quarters, so that year stays as first reported; Tesla's 2020 quarters were restated by its 2021 10-Qs.
     */
    const annualOnBasis = (concept: string, unit: string): { annual?: Fact; basis?: string } => {
      const list = book.facts(concept, unit, year.annual);
      for (let i = list.length - 1; i >= 0; i--) {
        const annual = latestFigure(list.slice(0, i + 1));
        const basis = annual.filed;
        const since = list.find((f) => f.val === annual.val)!.filed;
        const restatedTogether = [q1, q2, q3, year.sixMonths, year.nineMonths].every((period) => (book.fact(concept, unit, period, basis)?.filed ?? since) >= since);
        if (annual.val === list[0]!.val || restatedTogether) return { annual, basis };
      }
      return {};
    };

    /** A flow concept's five figures on one basis; Q4 = FY − Q1 − Q2 − Q3 (or − the 9-month YTD). */
    const flowFigures = (concept: string): Figures => {
      const { annual, basis } = annualOnBasis(concept, 'USD');
      const figures: Figures = { FY: annual?.val as number | undefined, Q1: flowQuarter(concept, 1, basis), Q2: flowQuarter(concept, 2, basis), Q3: flowQuarter(concept, 3, basis) };
      if (figures.FY !== undefined) {
        const known = sumOf([figures.Q1, figures.Q2, figures.Q3]) ?? at(concept, 'USD', year.nineMonths, basis);
        if (known !== undefined) figures.Q4 = figures.FY - known;
      }
      return figures;
    };

    /** A share count or per-share concept's figures as stated directly, on one basis; Q4 only where the 10-K tags it. */
    const statedFigures = (concept: string, unit: string): Figures => {
      const { annual, basis } = annualOnBasis(concept, unit);
      const [Q1, Q2, Q3, Q4] = year.quarters.map((period) => at(concept, unit, period, basis));
      return { FY: annual?.val as number | undefined, Q1, Q2, Q3, Q4, nineMonths: at(concept, unit, year.nineMonths, basis) };
    };

    /** The concept that serves a field for this year: the best coverage, then the list order (or the largest). */
    const chosen = {} as Record<IncomeStatementField, Figures & { concept?: string }>;
    for (const field of INCOME_STATEMENT_FIELDS) {
      const kind = FIELD_KIND[field];
      let best: Figures & { concept?: string } = {};
      for (const concept of map.concepts[field]) {
        const figures = kind === 'flow' ? flowFigures(concept) : statedFigures(concept, UNIT_OF_KIND[kind]);
        const [mine, theirs] = [coverage(figures), coverage(best)];
        if (mine > theirs || (mine > 0 && mine === theirs && LARGEST_WINS.has(field) && size(figures) > size(best))) best = { ...figures, concept };
      }
      chosen[field] = best;
    }
    if (chosen.general_and_administrative.concept === COMBINED_SGA) chosen.sales_and_marketing = {};
    const { total_revenue: revenue, cost_of_revenue: cost } = chosen;
    const difference: Figures = Object.fromEntries(
      SLOTS.filter((slot) => revenue[slot] !== undefined && cost[slot] !== undefined).map((slot) => [slot, revenue[slot]! - cost[slot]!]),
    );
    if (coverage(difference) > coverage(chosen.gross_profit)) chosen.gross_profit = difference;
    for (const [shares, eps] of SHARES_AND_EPS) fixUnscaledShares(chosen[shares], chosen[eps], chosen.net_income);

    /** Q4 weighted shares: the filer's own, else FY × days(FY) − Σ Q1..Q3 × days (or the 9-month YTD), over days(Q4). */
    const q4Shares = (figures: Figures): number | undefined => {
      if (figures.Q4 !== undefined) return figures.Q4;
      if (figures.FY === undefined || !year.annual || !q4Period) return undefined;
      let known: number | undefined;
      if (q1 && q2 && q3 && figures.Q1 !== undefined && figures.Q2 !== undefined && figures.Q3 !== undefined) {
        known = figures.Q1 * daysCovered(q1.start, q1.end) + figures.Q2 * daysCovered(q2.start, q2.end) + figures.Q3 * daysCovered(q3.start, q3.end);
      } else if (year.nineMonths && figures.nineMonths !== undefined) {
        known = figures.nineMonths * daysCovered(year.nineMonths.start, year.nineMonths.end);
      }
      if (known === undefined) return undefined;
      const shares = Math.round((figures.FY * daysCovered(year.annual.start, year.annual.end) - known) / daysCovered(q4Period.start, q4Period.end));
      // a derivation far from the annual average means inputs on different bases (e.g. a split): unusable
      return shares > figures.FY * 0.5 && shares < figures.FY * 2 ? shares : undefined;
    };
    const netIncome = chosen.net_income.Q4;
    const basicShares = q4Shares(chosen.weighted_average_shares_basic);
    let dilutedShares = q4Shares(chosen.weighted_average_shares_diluted);
    if (chosen.weighted_average_shares_diluted.Q4 === undefined && basicShares !== undefined && netIncome !== undefined) {
      // antidilution (ASC 260-10-45-20): a loss quarter's diluted count is its basic count, and dilution never lowers it
      dilutedShares = netIncome < 0 ? basicShares : dilutedShares !== undefined ? Math.max(dilutedShares, basicShares) : undefined;
    }
    const perShare = (shares: number | undefined) => (netIncome !== undefined && shares ? roundDecimal(netIncome / shares, 2) : undefined);
    chosen.weighted_average_shares_basic.Q4 = basicShares;
    chosen.weighted_average_shares_diluted.Q4 = dilutedShares;
    chosen.earnings_per_share_basic.Q4 ??= perShare(basicShares);
    chosen.earnings_per_share_diluted.Q4 ??= perShare(dilutedShares);

    const build = (fiscalQuarter: FiscalQuarter, period: Period, info: FilingInfo) => {
      const statement = Object.fromEntries(
        INCOME_STATEMENT_FIELDS.map((field) => {
          const value = chosen[field][fiscalQuarter];
          return [field, value === undefined ? null : clean(value)];
        }),
      ) as IncomeStatement;
      if (statement.total_revenue === null && statement.net_income === null) return;
      statements.push({ fiscal_year: year.fiscalYear, fiscal_quarter: fiscalQuarter, period_start_date: period.start, income_statement: statement, filing_info: info });
    };

    const filingInfo = (period: Period, forms: RegExp): FilingInfo | undefined => {
      const reports: Fact[] = [];
      for (const field of PERIOD_ANCHORS) {
        for (const concept of map.concepts[field]) reports.push(...(book.index(concept, 'USD').get(keyOf(period)) ?? []));
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
        const previous = q2?.end ?? year.sixMonths?.end;
        if (previous) period = { start: nextDay(previous), end: year.nineMonths.end };
      }
      if (!period) continue;
      const reportPeriod = year.quarters[n - 1] ?? (n === 2 ? year.sixMonths : year.nineMonths);
      const info = reportPeriod && filingInfo(reportPeriod, QUARTERLY);
      if (info) build(`Q${n}`, period, { ...info, period_end_date: period.end });
    }

    // Q4 and the fiscal year
    const annualInfo = year.annual && filingInfo(year.annual, ANNUAL);
    if (annualInfo && q4Period) build('Q4', q4Period, { ...annualInfo, period_end_date: q4Period.end });
    if (annualInfo) build('FY', year.annual!, annualInfo);
  }
  const order: Record<FiscalQuarter, number> = { Q1: 1, Q2: 2, Q3: 3, Q4: 4, FY: 5 };
  return statements.sort((a, b) => b.fiscal_year - a.fiscal_year || order[b.fiscal_quarter] - order[a.fiscal_quarter]);
}
