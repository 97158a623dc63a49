/**
 * Cross-check of the served income-tax tables (what the import writes into tax-tables.json) with independent
 * references: PolicyEngine-US for the US federal and state tables, the Canadian reference for the Canadian
 * ones (both under REFERENCE_DIR, default ../shared/reference; test input only). Every bracket threshold,
 * rate and base and every standard deduction / basic personal amount that both sides have for a year is
 * compared; each difference is either listed in acceptedDifferences.ts with the publication that settles it,
 * or (2026 only) on a table the service marks `estimated`, or it is unexplained.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildTaxTables, REGIONAL_SOURCES } from '../../lib/tax/import';
import type { TaxTablesFile } from '../../lib/tax/tables';
import type { TaxCalculatorPolicy } from '../../lib/tax/taxCalculatorPolicy';
import { US_FILING_STATUSES, type Bracket, type UsTaxTable } from '../../lib/tax/types';
import { ACCEPTED_DIFFERENCES, type AcceptedDifference } from './acceptedDifferences';
import { federalTable, PolicyEngineReference, STATE_READERS, type RefBracket, type RefSchedule, type RefUsTable } from './policyEngineReference';
import { REFERENCE_DIR } from '../support/referenceDir';

export { REFERENCE_DIR };
const DATASETS_DIR = resolve(process.env.DATASETS_DIR ?? '../shared/datasets');

/** The years compared: US states 2024–2026, Canada 2024–2025 (the reference's years), US federal every year both have. */
export const STATE_YEARS = [2024, 2025, 2026];

export interface Difference {
  year: number;
  /** 'US federal', 'US OH', 'CA federal', 'CA NB' */
  table: string;
  /** filing status (US) or undefined */
  status?: string;
  /** 'threshold 2' (the min of the 3rd bracket), 'rate 0', 'base 1', 'brackets' (count differs), 'standard_deduction', 'basic_personal_amount' */
  field: string;
  served: number | string;
  reference: number | string;
}

export interface YearResult {
  year: number;
  /** values compared (thresholds, rates, bases, deductions / basic personal amounts, per filing status) */
  compared: number;
  /** tables with at least one value compared */
  tables: Set<string>;
  accepted: Array<Difference & { by: AcceptedDifference }>;
  /** differences on tables marked estimated (reported, not failures) */
  estimated: Difference[];
  unexplained: Difference[];
}

/** Reads the references; fails with the path and the variable to set when they are absent. */
export function loadReferences(): { policyEngine: PolicyEngineReference; canada: CanadaReference } {
  const canadaFile = join(REFERENCE_DIR, 'canada', 'canada_reference.json');
  if (!existsSync(join(REFERENCE_DIR, 'policyengine-us', 'gov')) || !existsSync(canadaFile)) {
    throw new Error(
      `Tax references not found under ${REFERENCE_DIR} (policyengine-us/gov, canada/canada_reference.json); set REFERENCE_DIR to the shared reference folder.`,
    );
  }
  return { policyEngine: new PolicyEngineReference(REFERENCE_DIR), canada: JSON.parse(readFileSync(canadaFile, 'utf8')) as CanadaReference };
}

/** The served tables as the import builds them from the datasets and lib/tax/regions. */
export function servedTables(): TaxTablesFile {
  const policy = JSON.parse(readFileSync(join(DATASETS_DIR, 'tax', 'taxcalc_policy_current_law.json'), 'utf8')) as TaxCalculatorPolicy;
  return buildTaxTables(policy, REGIONAL_SOURCES).tables;
}

interface CanadaReference {
  federal: Record<string, { brackets: Array<[number, number]>; bpa: number }>;
  provinces: Record<string, Record<string, { brackets: Array<[number, number]>; bpa: number }>>;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const sameRate = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * A schedule in one form for both sides: brackets by min, a base only where the tax jumps at min (the base
 * differs from what the brackets below add up to by more than a cent), and adjacent brackets at the same rate
 * without a jump merged (PolicyEngine splits some schedules into several brackets at one rate).
 */
export function canonical(schedule: ReadonlyArray<Pick<Bracket, 'min' | 'rate' | 'base'> & Pick<RefBracket, 'unstated'>>): RefSchedule {
  const out: RefSchedule = [];
  let previous: { min: number; rate: number; owed: number } | undefined;
  for (const { min, rate, base, unstated } of [...schedule].sort((a, b) => a.min - b.min)) {
    const cumulative = previous ? previous.owed + previous.rate * (min - previous.min) : 0;
    const owed = base ?? cumulative;
    const jumps = Math.abs(owed - cumulative) > 0.01;
    if (previous && !jumps && sameRate(rate, previous.rate)) continue;
    out.push({ min, rate, ...(jumps ? { base: round2(owed) } : {}), ...(unstated ? { unstated } : {}) });
    previous = { min, rate, owed };
  }
  return out;
}

const render = (schedule: RefSchedule) =>
  schedule.map(({ min, rate, base }) => `${min}:${rate}${base === undefined ? '' : `+${base}`}`).join(' ');

/** Compares two schedules value by value; returns the number of values compared and the differences. */
function compareSchedules(served: RefSchedule, reference: RefSchedule, at: Omit<Difference, 'field' | 'served' | 'reference'>) {
  const a = canonical(served);
  const b = canonical(reference);
  if (a.length !== b.length) {
    return { compared: 1, differences: [{ ...at, field: 'brackets', served: render(a), reference: render(b) }] };
  }
  const differences: Difference[] = [];
  let compared = 0;
  a.forEach((mine, i) => {
    const theirs = b[i]!;
    if (i > 0 && !theirs.unstated?.includes('min')) {
      compared += 1;
      if (mine.min !== theirs.min) differences.push({ ...at, field: `threshold ${i}`, served: mine.min, reference: theirs.min });
    }
    if (!theirs.unstated?.includes('rate')) {
      compared += 1;
      if (!sameRate(mine.rate, theirs.rate)) differences.push({ ...at, field: `rate ${i}`, served: mine.rate, reference: theirs.rate });
    }
    if (mine.base !== undefined || theirs.base !== undefined) {
      compared += 1;
      if (mine.base === undefined || theirs.base === undefined || Math.abs(mine.base - theirs.base) > 0.01) {
        differences.push({ ...at, field: `base ${i}`, served: mine.base ?? 'none', reference: theirs.base ?? 'none' });
      }
    }
  });
  return { compared, differences };
}

function compareAmount(served: number, reference: number | undefined, at: Omit<Difference, 'served' | 'reference'>) {
  if (reference === undefined) return { compared: 0, differences: [] };
  return { compared: 1, differences: served === reference ? [] : [{ ...at, served, reference }] };
}

function compareUs(served: UsTaxTable, reference: RefUsTable, year: number, name: string) {
  let compared = 0;
  const differences: Difference[] = [];
  for (const status of US_FILING_STATUSES) {
    const at = { year, table: name, status };
    const schedule = reference.brackets[status];
    const results = [
      schedule ? compareSchedules(served.brackets[status], schedule, at) : { compared: 0, differences: [] },
      compareAmount(served.standard_deduction[status], reference.standard_deduction[status], { ...at, field: 'standard_deduction' }),
    ];
    for (const result of results) {
      compared += result.compared;
      differences.push(...result.differences);
    }
  }
  return { compared, differences };
}

function matches(accepted: AcceptedDifference, difference: Difference): boolean {
  return (
    accepted.years.includes(difference.year) &&
    accepted.table === difference.table &&
    accepted.field === difference.field &&
    (accepted.statuses === undefined || accepted.statuses.includes(difference.status as never)) &&
    accepted.served === difference.served &&
    accepted.reference === difference.reference
  );
}

/** Every year compared, with its counts and its differences sorted into accepted, estimated and unexplained. */
export function crossCheck(served: TaxTablesFile, references = loadReferences()): YearResult[] {
  const { policyEngine, canada } = references;
  const results = new Map<number, YearResult>();
  const add = (year: number, name: string, estimated: boolean, { compared, differences }: { compared: number; differences: Difference[] }) => {
    if (compared === 0) return;
    const result = results.get(year) ?? { year, compared: 0, tables: new Set(), accepted: [], estimated: [], unexplained: [] };
    results.set(year, result);
    result.compared += compared;
    result.tables.add(name);
    for (const difference of differences) {
      const by = ACCEPTED_DIFFERENCES.find((accepted) => matches(accepted, difference));
      if (by) result.accepted.push({ ...difference, by });
      else if (estimated && year >= 2026) result.estimated.push(difference);
      else result.unexplained.push(difference);
    }
  };

  for (const [yearKey, usYear] of Object.entries(served.US)) {
    const year = Number(yearKey);
    add(year, 'US federal', Boolean(usYear.federal.estimated), compareUs(usYear.federal, federalTable(policyEngine, year), year, 'US federal'));
    for (const [code, table] of Object.entries(usYear.states)) {
      const reader = STATE_READERS[code];
      if (reader) add(year, `US ${code}`, Boolean(table.estimated), compareUs(table, reader(policyEngine, year), year, `US ${code}`));
    }
  }

  for (const [yearKey, caYear] of Object.entries(served.CA)) {
    const year = Number(yearKey);
    const tables = [['federal', caYear.federal, canada.federal[yearKey]] as const, ...Object.entries(caYear.provinces).map(
      ([code, table]) => [code, table, canada.provinces[yearKey]?.[code]] as const,
    )];
    for (const [code, table, reference] of tables) {
      if (!reference) continue;
      const name = `CA ${code}`;
      const at = { year, table: name };
      const schedule = compareSchedules(table.brackets, reference.brackets.map(([min, rate]) => ({ min, rate })), at);
      const bpa = compareAmount(table.basic_personal_amount, reference.bpa, { ...at, field: 'basic_personal_amount' });
      add(year, name, Boolean(table.estimated), {
        compared: schedule.compared + bpa.compared,
        differences: [...schedule.differences, ...bpa.differences],
      });
    }
  }
  return [...results.values()].sort((a, b) => a.year - b.year);
}

export const describeDifference = (d: Difference) =>
  `${d.year} ${d.table}${d.status ? ` ${d.status}` : ''} ${d.field}: served ${d.served}, reference ${d.reference}`;
