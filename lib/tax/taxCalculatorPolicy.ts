/**
 * US federal tables from the PSLmodels Tax-Calculator parameter file (`policy_current_law.json`, CC0):
 * each parameter lists `{year, MARS?, value}` entries where its value is stated. A parameter the file
 * marks `indexed` (brackets, standard deduction, wage base) is projected by Tax-Calculator for years it
 * does not state, so only the years with an explicit entry are used; a parameter that is not indexed
 * (rates, Additional Medicare threshold) keeps its last stated value, as the file defines.
 */
import type { Bracket, UsFilingStatus, UsTaxTable } from './types';
import { US_FILING_STATUSES } from './types';
import type { FicaParameters } from './tables';

/** Tax-Calculator's MARS labels for our filing statuses (the file's `widow` has no filing_status of ours). */
export const MARS_BY_FILING_STATUS: Record<UsFilingStatus, string> = {
  single: 'single',
  married: 'mjoint',
  married_separate: 'mseparate',
  head_of_household: 'headhh',
};

/** Tax-Calculator writes "no upper threshold" as 9e99. */
const UNBOUNDED = 1e99;

interface ParameterEntry {
  year: number;
  MARS?: string;
  value: number;
}

interface Parameter {
  indexed?: boolean;
  value: ParameterEntry[];
}

export type TaxCalculatorPolicy = Record<string, unknown>;

export interface UsFederalYear {
  federal: UsTaxTable;
  fica: FicaParameters;
}

export const BRACKET_PARAMETERS = ['II_brk1', 'II_brk2', 'II_brk3', 'II_brk4', 'II_brk5', 'II_brk6', 'II_brk7'];
export const RATE_PARAMETERS = ['II_rt1', 'II_rt2', 'II_rt3', 'II_rt4', 'II_rt5', 'II_rt6', 'II_rt7', 'II_rt8'];
const OTHER_PARAMETERS = [
  'STD',
  'FICA_ss_trt_employee',
  'FICA_ss_trt_employer',
  'FICA_mc_trt_employee',
  'FICA_mc_trt_employer',
  'SS_Earnings_c',
  'AMEDT_ec',
  'AMEDT_rt',
];
export const REQUIRED_PARAMETERS = [...BRACKET_PARAMETERS, ...RATE_PARAMETERS, ...OTHER_PARAMETERS];

function parameter(policy: TaxCalculatorPolicy, name: string): Parameter {
  const p = policy[name] as Parameter | undefined;
  if (!p || !Array.isArray(p.value) || p.value.some((e) => typeof e?.year !== 'number' || typeof e.value !== 'number')) {
    throw new Error(`Tax-Calculator parameter ${name} is missing or malformed`);
  }
  return p;
}

/** The value for a year (and MARS): stated that year, or for non-indexed parameters the last stated before it. */
function valueFor(p: Parameter, year: number, mars?: string): number | undefined {
  const entries = p.value.filter((e) => (mars === undefined ? true : e.MARS === undefined || e.MARS === mars));
  if (p.indexed) return entries.find((e) => e.year === year)?.value;
  const stated = entries.filter((e) => e.year <= year).sort((a, b) => b.year - a.year);
  return stated[0]?.value;
}

function brackets(policy: TaxCalculatorPolicy, year: number, mars: string): Bracket[] | undefined {
  const thresholds = BRACKET_PARAMETERS.map((name) => valueFor(parameter(policy, name), year, mars));
  const rates = RATE_PARAMETERS.map((name) => valueFor(parameter(policy, name), year, mars));
  if (thresholds.some((v) => v === undefined) || rates.some((v) => v === undefined)) return undefined;
  const result: Bracket[] = [];
  let min = 0;
  for (let i = 0; i < rates.length; i += 1) {
    const upper = i < thresholds.length ? thresholds[i]! : UNBOUNDED;
    const top = upper >= UNBOUNDED;
    if (!top && upper <= min) continue; // an empty bracket (the file repeats a threshold)
    result.push({ min, max: top ? null : upper, rate: rates[i]! });
    if (top) break;
    min = upper;
  }
  return result;
}

/** The federal table and FICA parameters of one year, or undefined when the file does not state them all. */
export function usFederalYear(policy: TaxCalculatorPolicy, year: number): UsFederalYear | undefined {
  const bracketsByStatus = {} as Record<UsFilingStatus, Bracket[]>;
  const standardDeduction = {} as Record<UsFilingStatus, number>;
  const threshold = {} as Record<UsFilingStatus, number>;
  for (const status of US_FILING_STATUSES) {
    const mars = MARS_BY_FILING_STATUS[status];
    const b = brackets(policy, year, mars);
    const std = valueFor(parameter(policy, 'STD'), year, mars);
    const amedt = valueFor(parameter(policy, 'AMEDT_ec'), year, mars);
    if (!b || std === undefined || amedt === undefined) return undefined;
    bracketsByStatus[status] = b;
    standardDeduction[status] = std;
    threshold[status] = amedt;
  }
  const scalar = (name: string) => valueFor(parameter(policy, name), year);
  const values = {
    ssEmployee: scalar('FICA_ss_trt_employee'),
    ssEmployer: scalar('FICA_ss_trt_employer'),
    mcEmployee: scalar('FICA_mc_trt_employee'),
    mcEmployer: scalar('FICA_mc_trt_employer'),
    wageBase: scalar('SS_Earnings_c'),
    amedtRate: scalar('AMEDT_rt'),
  };
  if (Object.values(values).some((v) => v === undefined)) return undefined;
  return {
    federal: { brackets: bracketsByStatus, standard_deduction: standardDeduction },
    fica: {
      social_security_rate: values.ssEmployee!,
      social_security_employer_rate: values.ssEmployer!,
      social_security_wage_cap: values.wageBase!,
      medicare_rate: values.mcEmployee!,
      medicare_employer_rate: values.mcEmployer!,
      additional_medicare_rate: values.amedtRate!,
      additional_medicare_threshold: threshold,
    },
  };
}

/**
 * A value the Tax-Calculator file states wrongly, with the publication that gives the right one. The import
 * replaces `stated` by `value`; once the file no longer says `stated`, the correction does nothing.
 */
export interface PolicyCorrection {
  parameter: string;
  year: number;
  MARS: string;
  stated: number;
  value: number;
  /** what the correction changes, as served, and the publication that settles it */
  note: string;
}

export const TAX_CALCULATOR_CORRECTIONS: readonly PolicyCorrection[] = [
  {
    // The file repeats the single amount (578,125) for married filing separately.
    parameter: 'II_brk6',
    year: 2023,
    MARS: 'mseparate',
    stated: 578125,
    value: 346875,
    note: 'married_separate 35 % bracket up to 346,875 (the file states 578,125): IRS Rev. Proc. 2022-38 §3.01 Table 4, https://www.irs.gov/pub/irs-drop/rp-22-38.pdf',
  },
];

/**
 * The policy with the corrections applied (a copy; the input is not changed), the notes of those applied by
 * year, and a warning for each whose entry says neither the wrong nor the right value (the file changed).
 */
export function correctedPolicy(
  policy: TaxCalculatorPolicy,
  corrections: readonly PolicyCorrection[] = TAX_CALCULATOR_CORRECTIONS,
): { policy: TaxCalculatorPolicy; applied: Map<number, string[]>; warnings: string[] } {
  const result: TaxCalculatorPolicy = { ...policy };
  const applied = new Map<number, string[]>();
  const warnings: string[] = [];
  for (const correction of corrections) {
    const p = policy[correction.parameter] as Parameter | undefined;
    const entry = p?.value?.find((e) => e.year === correction.year && e.MARS === correction.MARS);
    if (entry?.value === correction.value) continue;
    if (entry?.value !== correction.stated) {
      warnings.push(
        `Tax-Calculator correction of ${correction.parameter} ${correction.year} ${correction.MARS} not applied: the file states ${entry?.value ?? 'nothing'}, not ${correction.stated}.`,
      );
      continue;
    }
    result[correction.parameter] = { ...p, value: p!.value.map((e) => (e === entry ? { ...e, value: correction.value } : e)) };
    applied.set(correction.year, [...(applied.get(correction.year) ?? []), correction.note]);
  }
  return { policy: result, applied, warnings };
}

/** Every year of the file's range whose values are all stated, ascending, with its tables. */
export function usFederalYears(policy: TaxCalculatorPolicy): Map<number, UsFederalYear> {
  for (const name of REQUIRED_PARAMETERS) parameter(policy, name);
  const range = (policy.schema as { labels?: { year?: { validators?: { range?: { min?: number; max?: number } } } } } | undefined)
    ?.labels?.year?.validators?.range;
  const statedYears = REQUIRED_PARAMETERS.flatMap((name) => parameter(policy, name).value.map((e) => e.year));
  const first = range?.min ?? Math.min(...statedYears);
  const last = range?.max ?? Math.max(...statedYears);
  const years = new Map<number, UsFederalYear>();
  for (let year = first; year <= last; year += 1) {
    const tables = usFederalYear(policy, year);
    if (tables) years.set(year, tables);
  }
  return years;
}
