/**
 * The PolicyEngine-US parameter files (<REFERENCE_DIR>/policyengine-us, see its SOURCE.md) read as the
 * income-tax tables they describe: federal and per state, per year, in the shape of the service's tables.
 * Test input only: read from ../shared, never copied into the project or shipped.
 *
 * A value counts for a year when the file states it for that year, or stated it earlier for a parameter that
 * is not uprated (law that stands until changed). An uprated parameter (metadata `uprating`) without an entry
 * for the year is projected by PolicyEngine, not stated, and is not compared. Where the file does not state a
 * whole schedule for a year, that schedule is not compared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { US_FILING_STATUSES, type UsFilingStatus } from '../../lib/tax/types';

/**
 * A bracket as compared: from `min` at `rate`; `base` = the tax owed at `min` where the law states one.
 * `unstated`: the reference has the bracket but does not state its min (an uprated threshold without an entry
 * for the year; `min` is then its last stated value, for order only) or its rate; those are not compared.
 */
export interface RefBracket {
  min: number;
  rate: number;
  base?: number;
  unstated?: Array<'min' | 'rate'>;
}
export type RefSchedule = RefBracket[];

/** What the reference states for one table and year; a missing entry is not stated (not compared). */
export interface RefUsTable {
  brackets: Partial<Record<UsFilingStatus, RefSchedule>>;
  standard_deduction: Partial<Record<UsFilingStatus, number>>;
}

type Node = unknown;
type Obj = Record<string, Node>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** PolicyEngine's filing-status keys and file names for ours (its surviving spouse has no status of ours). */
const PE_KEY: Record<UsFilingStatus, string> = { single: 'SINGLE', married: 'JOINT', married_separate: 'SEPARATE', head_of_household: 'HEAD_OF_HOUSEHOLD' };
const PE_FILE: Record<UsFilingStatus, string> = { single: 'single', married: 'joint', married_separate: 'separate', head_of_household: 'head_of_household' };

const isObj = (node: Node): node is Obj => typeof node === 'object' && node !== null && !Array.isArray(node);
const hasDates = (node: Node): node is Obj => isObj(node) && Object.keys(node).some((key) => DATE.test(key));
const uprated = (node: Node) => isObj(node) && isObj(node.metadata) && node.metadata.uprating !== undefined;

/** A YAML value as a number or boolean: "9_525" → 9525, .inf → Infinity; anything else → undefined. */
function scalar(value: Node): number | boolean | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^-?[\d_]+(\.\d+)?$/.test(value)) return Number(value.replace(/_/g, ''));
  return undefined;
}

export class PolicyEngineReference {
  private readonly files = new Map<string, Obj>();

  constructor(private readonly root: string) {}

  /** A parameter file under policyengine-us/gov/, e.g. 'states/oh/tax/income/rates'. */
  file(path: string): Obj {
    let parsed = this.files.get(path);
    if (!parsed) {
      parsed = load(readFileSync(join(this.root, 'policyengine-us', 'gov', `${path}.yaml`), 'utf8')) as Obj;
      this.files.set(path, parsed);
    }
    return parsed;
  }

  /**
   * The value of a parameter node in effect for a tax year (on January 1) and whether the file states it for
   * that year (see the module comment); undefined when nothing is in effect yet. `upratedAbove`: an enclosing
   * node is uprated.
   */
  static entryIn(node: Node, year: number, upratedAbove = false): { value: number | boolean | undefined; stated: boolean } | undefined {
    const dated = hasDates(node) ? node : isObj(node) && hasDates(node.values) ? node.values : undefined;
    if (!dated) return undefined;
    const dates = Object.keys(dated).filter((key) => DATE.test(key)).sort();
    const midYear = dates.filter((date) => date.startsWith(`${year}-`) && date !== `${year}-01-01`);
    if (midYear.length > 0) throw new Error(`mid-year change (${midYear.join(', ')}) in a reference parameter: compare ${year} by hand`);
    const inEffect = dates.filter((date) => date <= `${year}-01-01`).pop();
    if (inEffect === undefined) return undefined;
    return { value: scalar(dated[inEffect]), stated: !(upratedAbove || uprated(node)) || inEffect.startsWith(`${year}-`) };
  }

  /** The value a file states for the year (entryIn), else undefined. */
  static valueIn(node: Node, year: number, upratedAbove = false): number | boolean | undefined {
    const entry = PolicyEngineReference.entryIn(node, year, upratedAbove);
    return entry?.stated ? entry.value : undefined;
  }

  /** A number, or undefined when not stated. */
  number(path: string, year: number, key?: string): number | undefined {
    const file = this.file(path);
    const value = PolicyEngineReference.valueIn(key === undefined ? file : file[key], year, uprated(file));
    return typeof value === 'number' ? value : undefined;
  }

  /** A yes/no switch (PolicyEngine's `applies` parameters); undefined when not stated. */
  flag(path: string, year: number): boolean | undefined {
    const value = PolicyEngineReference.valueIn(this.file(path), year);
    return typeof value === 'boolean' ? value : undefined;
  }

  /** A per-filing-status amount file (standard deductions), only the statuses it states for the year. */
  byStatus(path: string, year: number): Partial<Record<UsFilingStatus, number>> {
    const result: Partial<Record<UsFilingStatus, number>> = {};
    for (const status of US_FILING_STATUSES) {
      const value = this.number(path, year, PE_KEY[status]);
      if (value !== undefined) result[status] = value;
    }
    return result;
  }

  /** One amount for every filing status. */
  forAll(value: number | undefined): Partial<Record<UsFilingStatus, number>> {
    return value === undefined ? {} : Object.fromEntries(US_FILING_STATUSES.map((status) => [status, value]));
  }

  /**
   * A scale file (`brackets: [{threshold, rate|amount}]`) as brackets for the year, without those PolicyEngine
   * switches off with an infinite threshold; `unstated` marks what the file does not state for the year.
   * Undefined when the scale is not in effect yet.
   */
  scale(path: string, year: number, valueKey: 'rate' | 'amount' = 'rate'): RefSchedule | undefined {
    const list = this.file(path).brackets;
    if (!Array.isArray(list)) throw new Error(`${path} is not a scale`);
    const schedule: RefSchedule = [];
    for (const [i, bracket] of (list as Obj[]).entries()) {
      const threshold = i === 0 ? { value: 0, stated: true } : PolicyEngineReference.entryIn(bracket.threshold, year);
      if (threshold?.value === Infinity) continue;
      const value = PolicyEngineReference.entryIn(bracket[valueKey], year);
      if (typeof threshold?.value !== 'number' || typeof value?.value !== 'number') return undefined;
      const unstated = [...(threshold.stated ? [] : ['min' as const]), ...(value.stated ? [] : ['rate' as const])];
      schedule.push({ min: threshold.value, rate: value.value, ...(unstated.length > 0 ? { unstated } : {}) });
    }
    return schedule.sort((a, b) => a.min - b.min);
  }

  /** A marginal-rate scale as a schedule. */
  schedule(path: string, year: number): RefSchedule | undefined {
    return this.scale(path, year);
  }

  /** `<dir>/single.yaml`, `joint.yaml`, … per filing status (PolicyEngine's file names by default). */
  schedules(dir: string, year: number, files: Partial<Record<UsFilingStatus, string>> = {}): Partial<Record<UsFilingStatus, RefSchedule>> {
    const result: Partial<Record<UsFilingStatus, RefSchedule>> = {};
    for (const status of US_FILING_STATUSES) {
      const schedule = this.schedule(`${dir}/${files[status] ?? PE_FILE[status]}`, year);
      if (schedule) result[status] = schedule;
    }
    return result;
  }

  /** One schedule for every filing status. */
  same(schedule: RefSchedule | undefined): Partial<Record<UsFilingStatus, RefSchedule>> {
    return schedule ? Object.fromEntries(US_FILING_STATUSES.map((status) => [status, schedule])) : {};
  }

  /** A flat rate file as a one-bracket schedule for every filing status. */
  flat(path: string, year: number): Partial<Record<UsFilingStatus, RefSchedule>> {
    const rate = this.number(path, year);
    return rate === undefined ? {} : this.same([{ min: 0, rate }]);
  }
}

/** Two schedules added together (a surtax on top of the main rates): the rates add up from each threshold. */
export function addSchedules(a: RefSchedule | undefined, b: RefSchedule | undefined): RefSchedule | undefined {
  if (!a || !b) return undefined;
  const inEffect = (schedule: RefSchedule, x: number) => schedule.filter((bracket) => bracket.min <= x).pop();
  const mins = [...new Set([...a, ...b].map((bracket) => bracket.min))].sort((x, y) => x - y);
  return mins.map((min) => {
    const [left, right] = [inEffect(a, min), inEffect(b, min)];
    const unstated = [
      ...([...a, ...b].some((bracket) => bracket.min === min && !bracket.unstated?.includes('min')) ? [] : ['min' as const]),
      ...([left, right].some((bracket) => bracket?.unstated?.includes('rate')) ? ['rate' as const] : []),
    ];
    const rate = Math.round(((left?.rate ?? 0) + (right?.rate ?? 0)) * 1e9) / 1e9;
    return { min, rate, ...(unstated.length > 0 ? { unstated } : {}) };
  });
}

/**
 * Arkansas, which PolicyEngine writes as the DFA does: tax = rate × net income − a reduction, each by income
 * range (rates/main/rate, rates/main/reduction). As brackets: where the formula joins the previous range
 * (within 5 cents), the range is a plain bracket from its threshold; where it jumps (the bracket adjustment,
 * the high-income table), it is a bracket with a base. PolicyEngine writes the DFA's whole-dollar range
 * "95,001–95,100" by its first dollar; as a bracket over a minimum it starts over 95,000.
 */
export function arkansasSchedule(ref: PolicyEngineReference, year: number): RefSchedule | undefined {
  const rateScale = ref.scale('states/ar/tax/income/rates/main/rate', year, 'amount');
  const reductionScale = ref.scale('states/ar/tax/income/rates/main/reduction', year, 'amount');
  // Only a fully stated year is compared: the brackets are derived from both scales together.
  if (![...(rateScale ?? [undefined]), ...(reductionScale ?? [undefined])].every((bracket) => bracket && !bracket.unstated)) return undefined;
  const rates = rateScale!.map(({ min, rate }) => [min, rate] as const);
  const reductions = reductionScale!.map(({ min, rate }) => [min, rate] as const);
  const at = (pairs: ReadonlyArray<readonly [number, number]>, x: number) => pairs.filter(([threshold]) => threshold <= x).pop()![1];
  const thresholds = [...new Set([...rates, ...reductions].map(([threshold]) => threshold))].sort((x, y) => x - y);
  const schedule: RefSchedule = [];
  for (const threshold of thresholds) {
    const rate = at(rates, threshold);
    const owed = rate * threshold - at(reductions, threshold);
    const previous = schedule[schedule.length - 1];
    if (!previous) {
      schedule.push({ min: threshold, rate });
      continue;
    }
    const joined = Math.abs(owed - (at(rates, threshold - 1) * threshold - at(reductions, threshold - 1))) <= 0.05;
    if (joined) {
      if (rate !== previous.rate) schedule.push({ min: threshold, rate });
    } else {
      schedule.push({ min: threshold - 1, rate, base: Math.round((rate * (threshold - 1) - at(reductions, threshold)) * 100) / 100 });
    }
  }
  return schedule;
}

/**
 * Ohio: PolicyEngine writes the fixed amount Ohio adds at $26,050 as an implied rate on the first bracket (its
 * SOURCE.md); the statute states it as that amount plus 2.75 % of the excess. As brackets: the first at 0 %,
 * the second with base = implied rate × its threshold.
 */
export function ohioSchedule(ref: PolicyEngineReference, year: number): RefSchedule | undefined {
  const schedule = ref.schedule('states/oh/tax/income/rates', year);
  if (!schedule || schedule.length < 2) return schedule;
  const [first, second, ...rest] = schedule;
  if (first!.unstated || second!.unstated) return undefined;
  return [{ min: 0, rate: 0 }, { ...second!, base: Math.round(first!.rate * second!.min * 100) / 100 }, ...rest];
}

type StateReader = (ref: PolicyEngineReference, year: number) => RefUsTable;

const st = (code: string) => `states/${code}/tax/income`;
const table = (brackets: RefUsTable['brackets'], standard_deduction: RefUsTable['standard_deduction'] = {}): RefUsTable => ({ brackets, standard_deduction });

/**
 * Where each state's rates and standard deduction are in the reference. A state missing here has no file in
 * it (the states without a wage income tax but New Hampshire). No standard deduction is compared where the
 * reference has none, where it marks the state's own as not applying (the state starts from federal taxable
 * income, or uses exemptions), or where it is not a general deduction (Michigan's are age-based).
 */
export const STATE_READERS: Record<string, StateReader> = {
  AL: (r, y) => table(r.schedules(`${st('al')}/rates`, y), r.byStatus(`${st('al')}/deductions/standard/amount/max`, y)),
  AR: (r, y) => table(r.same(arkansasSchedule(r, y)), r.byStatus(`${st('ar')}/deductions/standard`, y)),
  AZ: (r, y) => table(r.schedules(`${st('az')}/main`, y), r.byStatus(`${st('az')}/deductions/standard/amount`, y)),
  CA: (r, y) => {
    const surtax = r.schedule(`${st('ca')}/mental_health_services`, y);
    const brackets = Object.fromEntries(
      Object.entries(r.schedules(`${st('ca')}/rates`, y)).map(([status, schedule]) => [status, addSchedules(schedule, surtax)]),
    );
    return table(brackets, r.byStatus(`${st('ca')}/deductions/standard/amount`, y));
  },
  CO: (r, y) => table(r.flat(`${st('co')}/rate`, y)),
  CT: (r, y) => table(r.schedules(`${st('ct')}/rates`, y)),
  DC: (r, y) => table(r.same(r.schedule(`${st('dc')}/rates`, y)), r.byStatus(`${st('dc')}/deductions/standard/amount`, y)),
  DE: (r, y) => table(r.same(r.schedule(`${st('de')}/rate`, y)), r.byStatus(`${st('de')}/deductions/standard/amount`, y)),
  GA: (r, y) =>
    table(
      r.flag(`${st('ga')}/main/flat_applies`, y) ? r.flat(`${st('ga')}/main/flat_rate`, y) : r.schedules(`${st('ga')}/main`, y),
      r.flag(`${st('ga')}/deductions/standard/applies`, y) ? r.byStatus(`${st('ga')}/deductions/standard/amount`, y) : {},
    ),
  HI: (r, y) => table(r.schedules(`${st('hi')}/rates`, y), r.byStatus(`${st('hi')}/deductions/standard/amount`, y)),
  IA: (r, y) =>
    table(
      r.flag(`${st('ia')}/rates/by_filing_status/active`, y)
        ? r.schedules(`${st('ia')}/rates/by_filing_status`, y, { single: 'other', married: 'joint', married_separate: 'other', head_of_household: 'other' })
        : r.same(r.schedule(`${st('ia')}/rates/combined`, y)),
      r.flag(`${st('ia')}/deductions/standard/applies_federal`, y)
        ? r.byStatus('irs/deductions/standard/amount', y)
        : r.byStatus(`${st('ia')}/deductions/standard/amount`, y),
    ),
  ID: (r, y) => table(r.schedules(`${st('id')}/main`, y)),
  IL: (r, y) => table(r.flat(`${st('il')}/rate`, y)),
  IN: (r, y) => table(r.flat(`${st('in')}/agi_rate`, y)),
  KS: (r, y) =>
    table(
      r.schedules(`${st('ks')}/rates`, y, { single: 'other', married: 'joint', married_separate: 'other', head_of_household: 'other' }),
      r.byStatus(`${st('ks')}/deductions/standard/base_amount`, y),
    ),
  KY: (r, y) => table(r.flat(`${st('ky')}/rate`, y), r.forAll(r.number(`${st('ky')}/deductions/standard`, y))),
  LA: (r, y) =>
    table(
      r.flag(`${st('la')}/main/flat/applies`, y) ? r.flat(`${st('la')}/main/flat/rate`, y) : r.schedules(`${st('la')}/main/by_filing_status`, y),
      r.flag(`${st('la')}/deductions/standard/applies`, y) ? r.byStatus(`${st('la')}/deductions/standard/amount`, y) : {},
    ),
  MA: (r, y) => {
    const partB = r.number(`${st('ma')}/rates/part_b`, y);
    return table(r.same(addSchedules(partB === undefined ? undefined : [{ min: 0, rate: partB }], r.schedule(`${st('ma')}/rates/additional`, y))));
  },
  MD: (r, y) =>
    table(
      r.schedules(`${st('md')}/rates`, y),
      r.flag(`${st('md')}/deductions/standard/flat_deduction/applies`, y)
        ? r.byStatus(`${st('md')}/deductions/standard/flat_deduction/amount`, y)
        : r.byStatus(`${st('md')}/deductions/standard/max`, y),
    ),
  ME: (r, y) => table(r.schedules(`${st('me')}/main`, y), r.byStatus(`${st('me')}/deductions/standard/amount`, y)),
  MI: (r, y) => table(r.flat(`${st('mi')}/rate`, y)),
  MN: (r, y) => table(r.schedules(`${st('mn')}/rates`, y), r.byStatus(`${st('mn')}/deductions/standard/base`, y)),
  MO: (r, y) => table(r.same(r.schedule(`${st('mo')}/rates`, y))),
  MS: (r, y) => table(r.same(r.schedule(`${st('ms')}/rate`, y)), r.byStatus(`${st('ms')}/deductions/standard/amount`, y)),
  MT: (r, y) => table(r.schedules(`${st('mt')}/main`, y)),
  NC: (r, y) => table(r.flat(`${st('nc')}/rate`, y), r.byStatus(`${st('nc')}/deductions/standard/amount`, y)),
  ND: (r, y) => table(r.schedules(`${st('nd')}/rates`, y)),
  NE: (r, y) => table(r.schedules(`${st('ne')}/rates`, y), r.byStatus(`${st('ne')}/deductions/standard/base_amount`, y)),
  NH: (r, y) => table(r.flat(`${st('nh')}/rate`, y)),
  NJ: (r, y) => table(r.schedules(`${st('nj')}/main`, y)),
  NM: (r, y) => table(r.schedules(`${st('nm')}/main`, y)),
  NY: (r, y) => table(r.schedules(`${st('ny')}/main`, y), r.byStatus(`${st('ny')}/deductions/standard/amount`, y)),
  OH: (r, y) => table(r.same(ohioSchedule(r, y))),
  OK: (r, y) => table(r.schedules(`${st('ok')}/rates`, y), r.byStatus(`${st('ok')}/deductions/standard/amount`, y)),
  OR: (r, y) => table(r.schedules(`${st('or')}/rates`, y), r.byStatus(`${st('or')}/deductions/standard/amount`, y)),
  PA: (r, y) => table(r.flat(`${st('pa')}/rate`, y)),
  RI: (r, y) => table(r.same(r.schedule(`${st('ri')}/rate`, y)), r.byStatus(`${st('ri')}/deductions/standard/amount`, y)),
  SC: (r, y) => table(r.same(r.schedule(`${st('sc')}/rates`, y)), r.byStatus(`${st('sc')}/additions/obbba/pre_obbba_standard_deduction`, y)),
  UT: (r, y) => table(r.flat(`${st('ut')}/rate`, y)),
  VA: (r, y) => table(r.same(r.schedule(`${st('va')}/rates`, y)), r.byStatus(`${st('va')}/deductions/standard`, y)),
  VT: (r, y) => table(r.schedules(`${st('vt')}/rates`, y), r.byStatus(`${st('vt')}/deductions/standard/base`, y)),
  WI: (r, y) => table(r.schedules(`${st('wi')}/rates`, y), r.byStatus(`${st('wi')}/deductions/standard/max`, y)),
  WV: (r, y) => table(r.schedules(`${st('wv')}/rates`, y, { head_of_household: 'head' })),
};

/** The federal brackets (irs/income/bracket: rates 1–7, upper thresholds 1–6 per status) and standard deduction. */
export function federalTable(ref: PolicyEngineReference, year: number): RefUsTable {
  const file = ref.file('irs/income/bracket');
  const rates = file.rates as Obj;
  const thresholds = file.thresholds as Obj;
  const brackets: RefUsTable['brackets'] = {};
  for (const status of US_FILING_STATUSES) {
    const schedule: RefSchedule = [];
    for (let i = 1; i <= 7; i += 1) {
      const rate = PolicyEngineReference.valueIn(rates[String(i)], year);
      const min = i === 1 ? 0 : PolicyEngineReference.valueIn((thresholds[String(i - 1)] as Obj)[PE_KEY[status]], year);
      if (typeof rate !== 'number' || typeof min !== 'number') break;
      schedule.push({ min, rate });
    }
    if (schedule.length === 7) brackets[status] = schedule;
  }
  return table(brackets, ref.byStatus('irs/deductions/standard/amount', year));
}
