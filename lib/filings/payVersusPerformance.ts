import type { CompanyFacts } from '../sources/sec';
import { fiscalYearOfAnnualEnd } from './fiscalCalendar';
import type { InlineXbrl } from './inlineXbrl';

/**
 * Pay-versus-performance rows (spec 2.10; Item 402(v) tables tagged with the `ecd` taxonomy), one per
 * fiscal year from 2022 on, from a proxy's inline XBRL or from companyfacts `facts.ecd`.
 *
 * - Amounts are read from facts without dimensions. A year with several PEOs tags them per
 *   ecd:IndividualAxis member and has no plain PEO amounts: its PEO amounts are then null and `ceo` names
 *   them all (joined by " and ").
 * - A PEO total or compensation actually paid at or above $1bn is a scale-tagging error (one filer tagged
 *   $3.78bn) and is dropped (null).
 * - `ceo`: ecd:PeoName for the year; a proxy often tags it once, for the latest year, with a sentence
 *   saying it applies to every year — so a year without its own PeoName takes the only name the
 *   document tags, if it tags exactly one. companyfacts carries no text facts: `ceo` and the selected
 *   measure's name are null there unless the proxy supplies them.
 * - The company-selected measure's name is tagged once (for the latest year) and names the measure of the table.
 */

export interface PayVersusPerformanceRow {
  fiscal_year: number;
  ceo: string | null;
  ceo_total_compensation: number | null;
  ceo_compensation_actually_paid: number | null;
  average_neo_total_compensation: number | null;
  average_neo_compensation_actually_paid: number | null;
  total_shareholder_return: number | null;
  peer_group_total_shareholder_return: number | null;
  net_income: number | null;
  company_selected_measure: { name: string | null; value: number | null };
}

export const FIRST_PVP_YEAR = 2022;
export const PEO_SCALE_ERROR_USD = 1_000_000_000;

const AMOUNTS = {
  ceo_total_compensation: 'PeoTotalCompAmt',
  ceo_compensation_actually_paid: 'PeoActuallyPaidCompAmt',
  average_neo_total_compensation: 'NonPeoNeoAvgTotalCompAmt',
  average_neo_compensation_actually_paid: 'NonPeoNeoAvgCompActuallyPaidAmt',
  total_shareholder_return: 'TotalShareholderRtnAmt',
  peer_group_total_shareholder_return: 'PeerGroupTotalShareholderRtnAmt',
  company_selected_measure: 'CoSelectedMeasureAmt',
} as const;

/** One fiscal year's facts, whatever their source. */
interface YearFacts {
  amounts: Partial<Record<keyof typeof AMOUNTS | 'net_income', number>>;
  peoNames: string[];
  /** PEO names tagged per ecd:IndividualAxis member */
  individualPeoNames: string[];
  measureName?: string;
}

const cleanName = (text: string) => text.replace(/\s+/g, ' ').replace(/[,.;]+$/, '').trim();

function rowsOf(years: Map<number, YearFacts>, documentPeoNames: string[], documentMeasureName: string | undefined): PayVersusPerformanceRow[] {
  const onlyPeo = [...new Set(documentPeoNames)].length === 1 ? documentPeoNames[0]! : null;
  return [...years.entries()]
    .filter(([year]) => year >= FIRST_PVP_YEAR)
    .sort(([a], [b]) => b - a)
    .map(([fiscalYear, facts]) => {
      const amount = (key: keyof YearFacts['amounts']) => facts.amounts[key] ?? null;
      const peoAmount = (key: 'ceo_total_compensation' | 'ceo_compensation_actually_paid') => {
        const value = amount(key);
        return value !== null && Math.abs(value) >= PEO_SCALE_ERROR_USD ? null : value;
      };
      const ceo = facts.peoNames[0] ?? (facts.individualPeoNames.length ? [...new Set(facts.individualPeoNames)].join(' and ') : onlyPeo);
      return {
        fiscal_year: fiscalYear,
        ceo,
        ceo_total_compensation: peoAmount('ceo_total_compensation'),
        ceo_compensation_actually_paid: peoAmount('ceo_compensation_actually_paid'),
        average_neo_total_compensation: amount('average_neo_total_compensation'),
        average_neo_compensation_actually_paid: amount('average_neo_compensation_actually_paid'),
        total_shareholder_return: amount('total_shareholder_return'),
        peer_group_total_shareholder_return: amount('peer_group_total_shareholder_return'),
        net_income: amount('net_income'),
        company_selected_measure: { name: facts.measureName ?? documentMeasureName ?? null, value: amount('company_selected_measure') },
      };
    })
    .filter((row) => Object.keys(AMOUNTS).some((key) => (key === 'company_selected_measure' ? row.company_selected_measure.value : row[key as Exclude<keyof typeof AMOUNTS, 'company_selected_measure'>]) !== null));
}

const yearOf = (years: Map<number, YearFacts>, year: number): YearFacts => {
  let facts = years.get(year);
  if (!facts) {
    facts = { amounts: {}, peoNames: [], individualPeoNames: [] };
    years.set(year, facts);
  }
  return facts;
};

/** PvP rows from a proxy's inline XBRL. */
export function payVersusPerformanceFromInline(document: InlineXbrl): PayVersusPerformanceRow[] {
  const years = new Map<number, YearFacts>();
  const documentPeoNames: string[] = [];
  let documentMeasureName: string | undefined;
  const byConcept = new Map<string, keyof YearFacts['amounts']>(Object.entries(AMOUNTS).map(([field, concept]) => [`ecd:${concept}`, field as keyof typeof AMOUNTS]));
  byConcept.set('us-gaap:NetIncomeLoss', 'net_income');
  for (const fact of document.facts) {
    const context = document.contexts.get(fact.contextRef);
    if (!context?.end || !context.start) continue;
    const year = fiscalYearOfAnnualEnd(context.end);
    const dimensions = Object.keys(context.dimensions);
    const field = byConcept.get(fact.name);
    if (field && typeof fact.value === 'number' && dimensions.length === 0) {
      yearOf(years, year).amounts[field] = fact.value;
    } else if (fact.name === 'ecd:PeoName' && typeof fact.value === 'string' && fact.value) {
      const name = cleanName(fact.value);
      documentPeoNames.push(name);
      if (dimensions.length === 0) yearOf(years, year).peoNames.push(name);
      else if (dimensions.includes('ecd:IndividualAxis')) yearOf(years, year).individualPeoNames.push(name);
    } else if (fact.name === 'ecd:CoSelectedMeasureName' && typeof fact.value === 'string' && fact.value && dimensions.length === 0) {
      const name = cleanName(fact.value);
      yearOf(years, year).measureName = name;
      documentMeasureName = name;
    }
  }
  return rowsOf(years, documentPeoNames, documentMeasureName);
}

/** PvP rows from companyfacts `facts.ecd` (numeric facts only: no names); [] when the filer has none. */
export function payVersusPerformanceFromFacts(companyFacts: CompanyFacts): PayVersusPerformanceRow[] {
  const ecd = companyFacts.facts.ecd;
  if (!ecd) return [];
  const years = new Map<number, YearFacts>();
  const latestFiled = new Map<string, string>();
  for (const [field, concept] of Object.entries(AMOUNTS) as [keyof typeof AMOUNTS, string][]) {
    for (const list of Object.values(ecd[concept]?.units ?? {})) {
      for (const fact of list) {
        if (!fact.start || typeof fact.val !== 'number') continue;
        const year = fiscalYearOfAnnualEnd(fact.end);
        const key = `${field}|${year}`;
        if ((latestFiled.get(key) ?? '') > fact.filed) continue;
        latestFiled.set(key, fact.filed);
        yearOf(years, year).amounts[field] = fact.val;
      }
    }
  }
  // net income of the PvP table: us-gaap NetIncomeLoss for the same annual periods, from the proxy (DEF 14A) filings
  const netIncome = companyFacts.facts['us-gaap']?.NetIncomeLoss?.units.USD ?? [];
  for (const fact of netIncome) {
    if (!fact.start || typeof fact.val !== 'number' || !/^DEF 14A/.test(fact.form)) continue;
    const year = fiscalYearOfAnnualEnd(fact.end);
    if (years.has(year)) yearOf(years, year).amounts.net_income = fact.val;
  }
  return rowsOf(years, [], undefined);
}

/** Rows of `primary`, plus the years only `secondary` has (newest first). */
export function mergePayVersusPerformance(primary: readonly PayVersusPerformanceRow[], secondary: readonly PayVersusPerformanceRow[]): PayVersusPerformanceRow[] {
  const years = new Set(primary.map((row) => row.fiscal_year));
  return [...primary, ...secondary.filter((row) => !years.has(row.fiscal_year))].sort((a, b) => b.fiscal_year - a.fiscal_year);
}
