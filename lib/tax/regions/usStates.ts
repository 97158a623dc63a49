/**
 * US state individual income tax tables, tax years 2024–2026, written by hand from the states' published
 * rate schedules / tax tables (cross-checked against the Tax Foundation's annual "State Individual Income
 * Tax Rates and Brackets" summaries). No machine-readable official source exists for these, so every figure
 * here was transcribed, and the `source` string names the publication it comes from.
 *
 * Honesty notes (also repeated in each affected `source`):
 * - These tables were written without network access, from the publications as known to the author.
 *   Figures marked "verify" are the ones with lower confidence.
 * - 2026: where a state had not published its 2026 inflation-adjusted thresholds (or the author does not
 *   know them), the 2025 thresholds are indexed by an ASSUMED 2.7 % (US CPI-U, June 2024 → June 2025) and
 *   rounded the state's way; such sources say "ESTIMATED", and so do those of 2026 tables that assume a 2025
 *   rate or amount unchanged; such tables are served with `estimated: true`. Rate changes legislated for 2026
 *   are applied. 2024–2026 tables are cross-checked against PolicyEngine-US (test/unit/taxReferenceCrossCheck.test.ts).
 * - Only the state's own wage/ordinary income tax on taxable income is modelled: local/county income taxes,
 *   credits, phase-outs of deductions/exemptions, recapture provisions and alternative minimum taxes are not.
 * - `standard_deduction` is the state's standard deduction (its maximum where it phases out with income);
 *   0 where the state uses personal exemptions or credits instead (noted per state). States that start from
 *   federal taxable income or define their standard deduction as the federal one carry the federal amount.
 */
import type { Bracket, CaTaxTable, SourcedTable, UsFilingStatus, UsTaxTable } from '../types';
import { roundMoney, roundRate } from '../brackets';

export type Year = 2024 | 2025 | 2026;
export const US_STATE_YEARS: readonly Year[] = [2024, 2025, 2026];

/**
 * (threshold, rate) pairs: the rate applies from this threshold up to the next one. A third element is the
 * bracket's `base`, the tax the law states as owed at the threshold (Ohio, Arkansas).
 */
export type RatePair = readonly [threshold: number, rate: number, base?: number];
export type RatePairs = ReadonlyArray<RatePair>;

/** Contiguous brackets from (threshold, rate[, base]) pairs; the first threshold must be 0, the last max is null. */
export function brackets(pairs: RatePairs): Bracket[] {
  return pairs.map(([min, rate, base], i) => ({ min, max: pairs[i + 1]?.[0] ?? null, rate, ...(base === undefined ? {} : { base }) }));
}

/** The same schedule multiplied (e.g. married = 2 × single); thresholds rounded to the dollar, bases to the cent. */
export function scaled(pairs: RatePairs, factor: number): RatePairs {
  return pairs.map(([threshold, rate, base]) =>
    base === undefined ? ([Math.round(threshold * factor), rate] as const) : ([Math.round(threshold * factor), rate, roundMoney(base * factor)] as const),
  );
}

/**
 * Thresholds indexed by `factor` and rounded to the nearest `roundTo` (the way the state rounds), rates kept.
 * Used only for ESTIMATED 2026 figures; a schedule with fixed amounts (`base`) cannot be indexed this way.
 */
export function indexed(pairs: RatePairs, factor: number, roundTo: number): RatePairs {
  return pairs.map(([threshold, rate, base]) => {
    if (base !== undefined) throw new Error('a schedule with base amounts cannot be indexed by a factor');
    return [roundAmount(threshold * factor, roundTo), rate] as const;
  });
}

function roundAmount(amount: number, roundTo: number): number {
  return Math.round(amount / roundTo) * roundTo;
}

/** Assumed 2026 indexation where a state's own 2026 figures are not known (US CPI-U June 2024 → June 2025). */
export const ASSUMED_2026_INDEXATION = 1.027;

/** One schedule for all four filing statuses. */
export function sameForAll(pairs: RatePairs): Record<UsFilingStatus, Bracket[]> {
  const schedule = brackets(pairs);
  return { single: schedule, married: schedule, married_separate: schedule, head_of_household: schedule };
}

/** A flat rate on all taxable income. */
export function flat(rate: number): Record<UsFilingStatus, Bracket[]> {
  return sameForAll([[0, rate]]);
}

/**
 * Schedules per filing status. Where a state defines no separate schedule, married filing separately and
 * head of household use the single schedule unless given.
 */
export function byStatus(schedules: {
  single: RatePairs;
  married: RatePairs;
  married_separate?: RatePairs;
  head_of_household?: RatePairs;
}): Record<UsFilingStatus, Bracket[]> {
  return {
    single: brackets(schedules.single),
    married: brackets(schedules.married),
    married_separate: brackets(schedules.married_separate ?? schedules.single),
    head_of_household: brackets(schedules.head_of_household ?? schedules.single),
  };
}

/** Standard deduction per status; married filing separately and head of household default to single's. */
export function deduction(
  single: number,
  married: number,
  married_separate: number = single,
  head_of_household: number = single,
): Record<UsFilingStatus, number> {
  return { single, married, married_separate, head_of_household };
}

/** No standard deduction (the state uses personal exemptions or credits instead, or taxes gross income). */
const NO_DEDUCTION = deduction(0, 0, 0, 0);

/**
 * Federal standard deduction (IRS Rev. Proc. 2023-34 for 2024; P.L. 119-21 "One Big Beautiful Bill Act"
 * amounts for 2025; Rev. Proc. 2025-32 for 2026), for states that use the federal amount.
 */
const FEDERAL_STD: Record<Year, Record<UsFilingStatus, number>> = {
  2024: deduction(14600, 29200, 14600, 21900),
  2025: deduction(15750, 31500, 15750, 23625),
  2026: deduction(16100, 32200, 16100, 24150),
};
const FEDERAL_STD_NOTE =
  'standard deduction = federal amount (IRS); the state\'s conformity to the 2025 federal increase (P.L. 119-21) may differ — verify';
/**
 * The 2025 federal standard deduction before P.L. 119-21 (IRS Rev. Proc. 2024-40 §3.15: 15,000 / 30,000 /
 * 22,500), kept by the states that did not adopt the 2025 increase (DC, Maine, South Carolina).
 */
const PRE_OBBBA_STD_2025 = deduction(15000, 30000, 15000, 22500);

/**
 * A table with the publication it was written from. A source that says ESTIMATED (some figure not yet
 * published: indexed by an assumed rate, or assumed unchanged) marks the table `estimated: true`, which
 * /v2/incometax serves.
 */
export function sourced<T extends UsTaxTable | CaTaxTable>(table: T, source: string): SourcedTable<T> {
  return { table: /\bESTIMATED\b/.test(source) ? { ...table, estimated: true } : table, source };
}

function entry(
  brackets: Record<UsFilingStatus, Bracket[]>,
  standard_deduction: Record<UsFilingStatus, number>,
  source: string,
): SourcedTable<UsTaxTable> {
  return sourced({ brackets, standard_deduction }, source);
}


function noIncomeTax(why: string): Record<Year, SourcedTable<UsTaxTable>> {
  const table = entry(flat(0), NO_DEDUCTION, why);
  return { 2024: table, 2025: table, 2026: table };
}

function everyYear(table: SourcedTable<UsTaxTable>): Record<Year, SourcedTable<UsTaxTable>> {
  return { 2024: table, 2025: table, 2026: table };
}

const EST_2026 = `2026 ESTIMATED: 2025 thresholds indexed by an assumed ${((ASSUMED_2026_INDEXATION - 1) * 100).toFixed(1)} % (state's 2026 figures not known to the author)`;

// ---------------------------------------------------------------------------------------------------------
// States, alphabetical by code. Each is year → table.
// ---------------------------------------------------------------------------------------------------------

const NO_WAGE_TAX = 'no tax on wage income';

/** Alabama: not indexed. Std deduction is the maximum (it phases down with AGI); also personal exemptions. */
const AL_SINGLE: RatePairs = [[0, 0.02], [500, 0.04], [3000, 0.05]];
const AL = everyYear(
  entry(
    byStatus({ single: AL_SINGLE, married: scaled(AL_SINGLE, 2) }),
    deduction(3000, 8500, 4250, 5200),
    'Alabama Department of Revenue, Form 40 instructions (tax rate schedule, standard deduction chart; maximum deduction shown), https://www.revenue.alabama.gov/individual-corporate/',
  ),
);

const AK = noIncomeTax(`Alaska levies no individual income tax (${NO_WAGE_TAX}); Alaska Department of Revenue, https://tax.alaska.gov/`);

/** Arizona: flat 2.5 % from 2023; standard deduction defined as the federal one. */
const AZ_SOURCE = 'Arizona Department of Revenue, Form 140 instructions (flat 2.5 % rate, A.R.S. 43-1011), https://azdor.gov/individuals';
const AZ: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(flat(0.025), FEDERAL_STD[2024], AZ_SOURCE),
  2025: entry(flat(0.025), FEDERAL_STD[2025], `${AZ_SOURCE}; ${FEDERAL_STD_NOTE}`),
  2026: entry(flat(0.025), FEDERAL_STD[2026], `${AZ_SOURCE}; ${FEDERAL_STD_NOTE}`),
};

/**
 * Arkansas (A.C.A. § 26-51-201): one schedule for every filing status, whose form depends on net income. The
 * DFA publishes it as "rate × net income − an amount" per income range:
 * - up to the high-income threshold, the regular table: 0 % / 2 % / 3 % / 3.4 % / 3.9 % (a progressive
 *   schedule, written here as brackets);
 * - just above it, the bracket adjustment: 3.9 % of net income less an amount that falls by $10 for each
 *   further $100 of income, so the benefit of the lower brackets phases out;
 * - above that, the high-income table: 3.9 % less a fixed amount.
 * The last two are written as $100 brackets whose `base` is the formula at the bracket's start (the DFA's
 * range "95,001–95,100" is net income over 95,000 up to 95,100). The low-income tax tables (by AGI and number
 * of dependents, in lieu of the deduction) are not modelled. Standard deduction per person; married = both.
 */
function arkansas(regular: RatePairs, adjustment: { over: number; reduction: number; finalReduction: number }): RatePairs {
  const top = regular[regular.length - 1]![1];
  const steps = Math.round((adjustment.reduction - adjustment.finalReduction) / 10);
  const ranges = Array.from({ length: steps + 1 }, (_, k): RatePair => {
    const min = adjustment.over + 100 * k;
    return [min, top, roundMoney(top * min - (adjustment.reduction - 10 * k))];
  });
  return [...regular, ...ranges];
}
const AR_TABLES = (year: number, page: number) =>
  `Arkansas Department of Finance and Administration, ${year} AR1000F/AR1000NR instructions and ${year} indexed tax brackets (regular table, bracket adjustment, high-income table; p. ${page}), https://www.dfa.arkansas.gov/office/taxes/income-tax-administration/`;
// Regular thresholds 5,500 / 10,900 / 15,600 / 25,700 (2024) and 5,600 / 11,200 / 16,000 / 26,400 (2025), bracket
// adjustments from 92,300 (397.40 → 87.40) and 95,000 (369.00 → 89.00): DFA "2024 Indexed Tax Brackets"
// (https://www.dfa.arkansas.gov/wp-content/uploads/2024_TaxBrackets.pdf) and 2025 AR1000F instructions p. 26
// (https://www.dfa.arkansas.gov/wp-content/uploads/2025_AR1000F_and_AR1000NR_Instructions.pdf#page=26), read
// through PolicyEngine-US's transcription (the DFA PDFs were out of reach): not an independent check of it.
const AR_2024 = arkansas([[0, 0], [5500, 0.02], [10900, 0.03], [15600, 0.034], [25700, 0.039]], { over: 92300, reduction: 397.4, finalReduction: 87.4 });
const AR_2025 = arkansas([[0, 0], [5600, 0.02], [11200, 0.03], [16000, 0.034], [26400, 0.039]], { over: 95000, reduction: 369, finalReduction: 89 });
const AR: Record<Year, SourcedTable<UsTaxTable>> = {
  // Standard deduction 2,410 / 4,820 (2024), 2,470 / 4,940 (2025): 2024 and 2025 AR1000F instructions p. 14
  // (https://www.dfa.arkansas.gov/wp-content/uploads/2025_AR1000F_and_AR1000NR_Instructions.pdf#page=14).
  2024: entry(sameForAll(AR_2024), deduction(2410, 4820), AR_TABLES(2024, 26)),
  2025: entry(sameForAll(AR_2025), deduction(2470, 4940), AR_TABLES(2025, 26)),
  2026: entry(
    sameForAll(AR_2025),
    deduction(2470, 4940),
    `${AR_TABLES(2025, 26)}; 2026 ESTIMATED: the 2025 schedule and deduction carried forward (2026 indexation and any 2026 rate change not known to the author)`,
  ),
};

/**
 * California: FTB tax rate schedules (indexed by the California CPI). Married filing separately uses the
 * single schedule; married = 2 × single. The 1 % Mental Health Services Tax on taxable income above
 * $1,000,000 (any status, not indexed) is included as a 13.3 % top bracket.
 */
const CA_2024_SINGLE: RatePairs = [
  [0, 0.01], [10756, 0.02], [25499, 0.04], [40245, 0.06], [55866, 0.08], [70606, 0.093],
  [360659, 0.103], [432787, 0.113], [721314, 0.123],
];
const CA_2024_HOH: RatePairs = [
  [0, 0.01], [21527, 0.02], [51000, 0.04], [65744, 0.06], [81364, 0.08], [96107, 0.093],
  [490493, 0.103], [588593, 0.113], [980987, 0.123],
];
const CA_2025_SINGLE: RatePairs = [
  [0, 0.01], [11079, 0.02], [26264, 0.04], [41452, 0.06], [57542, 0.08], [72724, 0.093],
  [371479, 0.103], [445771, 0.113], [742953, 0.123],
];
const CA_2025_HOH: RatePairs = [
  [0, 0.01], [22173, 0.02], [52530, 0.04], [67716, 0.06], [83805, 0.08], [98990, 0.093],
  [505208, 0.103], [606251, 0.113], [1010417, 0.123],
];

/** Adds the 1 % mental-health surcharge above $1,000,000 (inserted in order; above it the rate is top + 1 %). */
function withMillionaireSurcharge(pairs: RatePairs): RatePairs {
  const below = pairs.filter(([threshold]) => threshold < 1_000_000);
  const above = pairs.filter(([threshold]) => threshold > 1_000_000);
  const rateAtMillion = below[below.length - 1]![1];
  return [
    ...below,
    [1_000_000, roundRate(rateAtMillion + 0.01)],
    ...above.map(([threshold, rate]) => [threshold, roundRate(rate + 0.01)] as const),
  ];
}

function californiaSchedules(single: RatePairs, hoh: RatePairs): Record<UsFilingStatus, Bracket[]> {
  return byStatus({
    single: withMillionaireSurcharge(single),
    married: withMillionaireSurcharge(scaled(single, 2)),
    married_separate: withMillionaireSurcharge(single),
    head_of_household: withMillionaireSurcharge(hoh),
  });
}

const CA_SOURCE = (year: number) =>
  `Franchise Tax Board, "${year} California Tax Rate Schedules" (Form 540 instructions), https://www.ftb.ca.gov/forms/${year}/${year}-540-tax-rate-schedules.pdf; plus 1 % Mental Health Services Tax above $1,000,000`;
const CA: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(californiaSchedules(CA_2024_SINGLE, CA_2024_HOH), deduction(5540, 11080, 5540, 11080), CA_SOURCE(2024)),
  2025: entry(californiaSchedules(CA_2025_SINGLE, CA_2025_HOH), deduction(5706, 11412, 5706, 11412), CA_SOURCE(2025)),
  2026: entry(
    californiaSchedules(indexed(CA_2025_SINGLE, ASSUMED_2026_INDEXATION, 1), indexed(CA_2025_HOH, ASSUMED_2026_INDEXATION, 1)),
    deduction(5860, 11720, 5860, 11720),
    `${CA_SOURCE(2025)}; ${EST_2026} (FTB indexes by the California CPI)`,
  ),
};

/** Colorado: flat rate on federal taxable income (so the federal standard deduction applies). */
const CO_SOURCE = 'Colorado Department of Revenue, DR 0104 Individual Income Tax Guide, https://tax.colorado.gov/individual-income-tax';
const CO: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(flat(0.0425), FEDERAL_STD[2024], `${CO_SOURCE}; 4.25 % for 2024 (temporary TABOR rate reduction, SB24-228); starts from federal taxable income`),
  2025: entry(flat(0.044), FEDERAL_STD[2025], `${CO_SOURCE}; 4.40 %; starts from federal taxable income`),
  2026: entry(flat(0.044), FEDERAL_STD[2026], `${CO_SOURCE}; 2026 ESTIMATED: 4.40 % assumed (no TABOR reduction known for 2026); starts from federal taxable income`),
};

/** Connecticut: not indexed; personal exemption/credit system instead of a standard deduction. */
const CT_SINGLE: RatePairs = [
  [0, 0.02], [10000, 0.045], [50000, 0.055], [100000, 0.06], [200000, 0.065], [250000, 0.069], [500000, 0.0699],
];
const CT = everyYear(
  entry(
    byStatus({
      single: CT_SINGLE,
      married: scaled(CT_SINGLE, 2),
      head_of_household: [
        [0, 0.02], [16000, 0.045], [80000, 0.055], [160000, 0.06], [320000, 0.065], [400000, 0.069], [800000, 0.0699],
      ],
    }),
    NO_DEDUCTION,
    'Connecticut Department of Revenue Services, Form CT-1040 instructions, tax calculation schedule (rates after 2023 Public Act 23-204), https://portal.ct.gov/drs; no standard deduction (personal exemption and credit instead)',
  ),
);

/** Delaware: one schedule, not indexed. */
const DE = everyYear(
  entry(
    sameForAll([[0, 0], [2000, 0.022], [5000, 0.039], [10000, 0.048], [20000, 0.052], [25000, 0.0555], [60000, 0.066]]),
    deduction(3250, 6500, 3250, 3250),
    'Delaware Division of Revenue, Form PIT-RES instructions (tax rate schedule, standard deduction), https://revenue.delaware.gov/',
  ),
);

/** District of Columbia: one schedule; standard deduction = federal, except the 2025 increase (P.L. 119-21), which DC did not adopt. */
const DC_SCHEDULE = sameForAll([
  [0, 0.04], [10000, 0.06], [40000, 0.065], [60000, 0.085], [250000, 0.0925], [500000, 0.0975], [1000000, 0.1075],
]);
const DC_SOURCE = 'Office of Tax and Revenue, D-40 booklet (tax rate table), https://otr.cfo.dc.gov/';
const DC: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(DC_SCHEDULE, FEDERAL_STD[2024], DC_SOURCE),
  // 15,000 / 30,000 / 22,500: 2025 D-40 booklet p. 13 (standard deduction; DC Act 26-214, D.C. Code § 47-1801.04(3A)),
  // https://otr.cfo.dc.gov/sites/default/files/dc/sites/otr/publication/attachments/2025_D40_Book_Final_wLinks_030526_v1.0.pdf#page=13
  2025: entry(DC_SCHEDULE, PRE_OBBBA_STD_2025, `${DC_SOURCE}; 2025 D-40 booklet p. 13: standard deduction 15,000 / 30,000 / 22,500 (DC did not adopt the P.L. 119-21 increase)`),
  2026: entry(DC_SCHEDULE, FEDERAL_STD[2026], `${DC_SOURCE}; 2026 ESTIMATED: standard deduction shown as the federal amount; DC's 2026 amount not known to the author (DC did not adopt the 2025 increase)`),
};

const FL = noIncomeTax(`Florida levies no individual income tax (${NO_WAGE_TAX}; Fla. Const. art. VII §5); Florida Department of Revenue, https://floridarevenue.com/`);

/** Georgia: flat tax from 2024 (HB 1437, accelerated by HB 1015 and HB 111); personal exemption replaced. */
const GA_SOURCE = 'Georgia Department of Revenue, IT-511 Individual Income Tax Booklet, https://dor.georgia.gov/';
const GA_STD = deduction(12000, 24000, 12000, 12000);
const GA: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(flat(0.0539), GA_STD, `${GA_SOURCE}; 5.39 % (HB 1015)`),
  2025: entry(flat(0.0519), GA_STD, `${GA_SOURCE}; 5.19 % (HB 111)`),
  2026: entry(flat(0.0509), GA_STD, `${GA_SOURCE}; 2026 ESTIMATED: 5.09 % = HB 111 schedule (−0.10 pt a year to 4.99 %), personal exemption 2025's; any later 2026 legislation not reflected — verify`),
};

/**
 * Hawaii: Act 46 (SLH 2024) widens the brackets from tax year 2025 and raises the standard deduction in
 * steps; 2024 keeps the earlier schedule. Married = 2 × single, head of household = 1.5 × single.
 */
const HI_2024_SINGLE: RatePairs = [
  [0, 0.014], [2400, 0.032], [4800, 0.055], [9600, 0.064], [14400, 0.068], [19200, 0.072],
  [24000, 0.076], [36000, 0.079], [48000, 0.0825], [150000, 0.09], [175000, 0.1], [200000, 0.11],
];
const HI_SINGLE: RatePairs = [
  [0, 0.014], [9600, 0.032], [14400, 0.055], [19200, 0.064], [24000, 0.068], [36000, 0.072],
  [48000, 0.076], [125000, 0.079], [175000, 0.0825], [225000, 0.09], [275000, 0.1], [325000, 0.11],
];
const hawaii = (single: RatePairs) => byStatus({ single, married: scaled(single, 2), head_of_household: scaled(single, 1.5) });
const HI_SCHEDULES = hawaii(HI_SINGLE);
const HI_SOURCE = 'Hawaii Department of Taxation, Form N-11 instructions (tax rate schedules; Act 46, SLH 2024, HRS § 235-51), https://tax.hawaii.gov/';
const HI: Record<Year, SourcedTable<UsTaxTable>> = {
  // 2,400 / 4,800 / … / 200,000: 2024 Form N-11 instructions p. 48 (tax rate schedules), https://files.hawaii.gov/tax/forms/2024/n11ins.pdf#page=48
  2024: entry(hawaii(HI_2024_SINGLE), deduction(4400, 8800, 4400, 6424), `${HI_SOURCE}; 2024 Form N-11 instructions p. 48: the Act 46 brackets start in tax year 2025`),
  // 9,600 / 14,400 / … / 325,000: 2025 Form N-11 instructions p. 48, https://files.hawaii.gov/tax/forms/current/n11ins.pdf#page=48
  2025: entry(HI_SCHEDULES, deduction(4400, 8800, 4400, 6424), `${HI_SOURCE}; 2025 Form N-11 instructions p. 48 (Act 46 brackets)`),
  2026: entry(HI_SCHEDULES, deduction(8000, 16000, 8000, 11680), `${HI_SOURCE}; 2026 ESTIMATED: standard deduction step of Act 46 as recalled — verify`),
};

/** Idaho: flat rate above a 0 % band (indexed); married/HOH band doubled; standard deduction = federal. */
function idaho(zeroBand: number, rate: number): Record<UsFilingStatus, Bracket[]> {
  return byStatus({
    single: [[0, 0], [zeroBand, rate]],
    married: [[0, 0], [zeroBand * 2, rate]],
    head_of_household: [[0, 0], [zeroBand * 2, rate]],
  });
}
const ID_SOURCE = 'Idaho State Tax Commission, Form 40 instructions (tax rate and 0 % band), https://tax.idaho.gov/';
const ID: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(idaho(4673, 0.05695), FEDERAL_STD[2024], `${ID_SOURCE}; 5.695 % (HB 521, 2024)`),
  2025: entry(idaho(4811, 0.053), FEDERAL_STD[2025], `${ID_SOURCE}; 5.3 % (HB 40, 2025); ${FEDERAL_STD_NOTE}`),
  2026: entry(idaho(roundAmount(4811 * ASSUMED_2026_INDEXATION, 1), 0.053), FEDERAL_STD[2026], `${ID_SOURCE}; ${EST_2026}; ${FEDERAL_STD_NOTE}`),
};

/** Illinois: flat 4.95 %; personal exemption ($2,775 for 2024, $2,850 for 2025) instead of a standard deduction. */
const IL = everyYear(
  entry(flat(0.0495), NO_DEDUCTION, 'Illinois Department of Revenue, IL-1040 instructions (flat 4.95 %, 35 ILCS 5/201), https://tax.illinois.gov/; no standard deduction (personal exemption instead)'),
);

/** Indiana: flat rate stepping down under HEA 1001 (2023); exemptions instead of a standard deduction; county tax excluded. */
const IN_SOURCE = 'Indiana Department of Revenue, IT-40 instructions / Departmental Notice #1 (state adjusted gross income tax rate), https://www.in.gov/dor/; county tax not included; no standard deduction (exemptions)';
const IN: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(flat(0.0305), NO_DEDUCTION, IN_SOURCE),
  2025: entry(flat(0.03), NO_DEDUCTION, IN_SOURCE),
  2026: entry(flat(0.0295), NO_DEDUCTION, `${IN_SOURCE}; 2.95 % for 2026 per HEA 1001 (2023) schedule`),
};

/** Iowa: three brackets in 2024, flat 3.8 % from 2025 (SF 2442, 2024); starts from federal taxable income. */
const IA_2024_SINGLE: RatePairs = [[0, 0.044], [6210, 0.0482], [31050, 0.057]];
const IA_SOURCE = 'Iowa Department of Revenue, IA 1040 instructions (tax rate schedule), https://revenue.iowa.gov/';
const IA: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(byStatus({ single: IA_2024_SINGLE, married: scaled(IA_2024_SINGLE, 2) }), FEDERAL_STD[2024], `${IA_SOURCE}; starts from federal taxable income (federal standard deduction)`),
  2025: entry(flat(0.038), FEDERAL_STD[2025], `${IA_SOURCE}; flat 3.8 % (SF 2442); ${FEDERAL_STD_NOTE}`),
  2026: entry(flat(0.038), FEDERAL_STD[2026], `${IA_SOURCE}; flat 3.8 % (SF 2442); ${FEDERAL_STD_NOTE}`),
};

/** Kansas: two brackets from 2024 (SB 1, 2024 special session); not indexed. HOH and MFS use the single schedule. */
const KS = everyYear(
  entry(
    byStatus({ single: [[0, 0.052], [23000, 0.0558]], married: [[0, 0.052], [46000, 0.0558]] }),
    deduction(3605, 8240, 4120, 6180),
    'Kansas Department of Revenue, K-40 instructions (tax computation schedules after SB 1, 2024 special session), https://www.ksrevenue.gov/',
  ),
);

/** Kentucky: flat rate (HB 1, 2025 sets 3.5 % for 2026); per-person standard deduction, indexed. */
const KY_SOURCE = 'Kentucky Department of Revenue, Form 740 instructions (flat rate, standard deduction), https://revenue.ky.gov/';
const KY: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(flat(0.04), deduction(3160, 3160), `${KY_SOURCE}; married shown per spouse`),
  2025: entry(flat(0.04), deduction(3270, 3270), `${KY_SOURCE}; married shown per spouse`),
  2026: entry(flat(0.035), deduction(3360, 3360), `${KY_SOURCE}; 3.5 % (HB 1, 2025); 2026 ESTIMATED: standard deduction 3,360 as recalled — verify`),
};

/** Louisiana: graduated in 2024; flat 3 % with a $12,500/$25,000 standard deduction from 2025 (Act 11, 2024 3rd Ext. Sess.). */
const LA_2024_SINGLE: RatePairs = [[0, 0.0185], [12500, 0.035], [50000, 0.0425]];
const LA_SOURCE = 'Louisiana Department of Revenue, IT-540 instructions (tax tables), https://revenue.louisiana.gov/';
const LA: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(byStatus({ single: LA_2024_SINGLE, married: scaled(LA_2024_SINGLE, 2) }), NO_DEDUCTION, `${LA_SOURCE}; 2024 has personal exemptions instead of a standard deduction`),
  2025: entry(flat(0.03), deduction(12500, 25000, 12500, 25000), `${LA_SOURCE}; flat 3 % (Act 11, 2024 3rd Extraordinary Session)`),
  2026: entry(flat(0.03), deduction(12500, 25000, 12500, 25000), `${LA_SOURCE}; flat 3 %; 2026 ESTIMATED: 2025 standard deduction kept (its indexation from 2026 not applied) — verify`),
};

/** Maine: indexed; standard deduction = federal, except the 2025 increase (P.L. 119-21), which Maine did not adopt. */
function maine(single: RatePairs, married: RatePairs, hoh: RatePairs) {
  return byStatus({ single, married, head_of_household: hoh });
}
const ME_2025 = {
  single: [[0, 0.058], [26800, 0.0675], [63450, 0.0715]] as RatePairs,
  married: [[0, 0.058], [53600, 0.0675], [126900, 0.0715]] as RatePairs,
  hoh: [[0, 0.058], [40200, 0.0675], [95150, 0.0715]] as RatePairs,
};
const ME_SOURCE = 'Maine Revenue Services, Individual income tax rate schedules (Form 1040ME), https://www.maine.gov/revenue/';
const ME: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(
    maine([[0, 0.058], [26050, 0.0675], [61600, 0.0715]], [[0, 0.058], [52100, 0.0675], [123250, 0.0715]], [[0, 0.058], [39050, 0.0675], [92450, 0.0715]]),
    FEDERAL_STD[2024],
    ME_SOURCE,
  ),
  // 15,000 / 30,000 / 22,500: 2025 Form 1040ME booklet, standard deduction chart for line 17 (p. 4; 36 M.R.S. § 5124-C, conformity
  // with the Code as of December 31, 2024), https://www.maine.gov/revenue/sites/maine.gov.revenue/files/inline-files/25_1040me_gen_instr_w_cover_pg.pdf
  2025: entry(
    maine(ME_2025.single, ME_2025.married, ME_2025.hoh),
    PRE_OBBBA_STD_2025,
    `${ME_SOURCE}; 2025 Form 1040ME booklet p. 4: standard deduction 15,000 / 30,000 / 22,500 (Maine did not adopt the P.L. 119-21 increase)`,
  ),
  2026: entry(
    maine(
      indexed(ME_2025.single, ASSUMED_2026_INDEXATION, 50),
      indexed(ME_2025.married, ASSUMED_2026_INDEXATION, 50),
      indexed(ME_2025.hoh, ASSUMED_2026_INDEXATION, 50),
    ),
    FEDERAL_STD[2026],
    `${ME_SOURCE}; ${EST_2026}; standard deduction shown as the federal amount, Maine's 2026 amount not known to the author`,
  ),
};

/**
 * Maryland: state tax only (county tax excluded). HOH uses the joint schedule. 2025 adds 6.25 %/6.5 % brackets
 * and a flat standard deduction (HB 352, Budget Reconciliation and Financing Act of 2025). The 2024 standard
 * deduction is 15 % of AGI between a minimum and maximum; the maximum is shown (verify).
 */
const MD_2024_SINGLE: RatePairs = [
  [0, 0.02], [1000, 0.03], [2000, 0.04], [3000, 0.0475], [100000, 0.05], [125000, 0.0525], [150000, 0.055], [250000, 0.0575],
];
const MD_2024_JOINT: RatePairs = [
  [0, 0.02], [1000, 0.03], [2000, 0.04], [3000, 0.0475], [150000, 0.05], [175000, 0.0525], [225000, 0.055], [300000, 0.0575],
];
const MD_2025 = byStatus({
  single: [...MD_2024_SINGLE, [500000, 0.0625], [1000000, 0.065]],
  married: [...MD_2024_JOINT, [600000, 0.0625], [1200000, 0.065]],
  head_of_household: [...MD_2024_JOINT, [600000, 0.0625], [1200000, 0.065]],
});
const MD_SOURCE = 'Comptroller of Maryland, Resident Tax Booklet (Form 502) tax rate schedules I and II, https://www.marylandtaxes.gov/';
const MD: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(
    byStatus({ single: MD_2024_SINGLE, married: MD_2024_JOINT, head_of_household: MD_2024_JOINT }),
    deduction(2700, 5450, 2700, 5450),
    `${MD_SOURCE}; county tax not included; standard deduction maximum shown — verify`,
  ),
  2025: entry(MD_2025, deduction(3350, 6700, 3350, 6700), `${MD_SOURCE}; HB 352 (2025) brackets and flat standard deduction; county tax not included`),
  2026: entry(
    MD_2025,
    deduction(3350, 6700, 3350, 6700),
    `${MD_SOURCE}; 2025 schedule kept; 2026 ESTIMATED: 2025 standard deduction kept (its indexation from 2026 not applied) — verify; county tax not included`,
  ),
};

/** Massachusetts: 5 % plus the 4 % surtax above an indexed threshold (any filing status); exemptions instead of a standard deduction. */
function massachusetts(surtaxThreshold: number) {
  return sameForAll([[0, 0.05], [surtaxThreshold, 0.09]]);
}
const MA_SOURCE = 'Massachusetts Department of Revenue, Form 1 instructions (5 % Part B rate; 4 % surtax, Mass. Const. art. XLIV as amended), https://www.mass.gov/orgs/massachusetts-department-of-revenue; no standard deduction (personal exemptions)';
const MA: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(massachusetts(1053750), NO_DEDUCTION, MA_SOURCE),
  2025: entry(massachusetts(1083150), NO_DEDUCTION, MA_SOURCE),
  2026: entry(massachusetts(roundAmount(1083150 * ASSUMED_2026_INDEXATION, 50)), NO_DEDUCTION, `${MA_SOURCE}; ${EST_2026}`),
};

/** Michigan: flat 4.25 %; personal exemptions instead of a standard deduction; city taxes excluded. */
const MI = everyYear(
  entry(flat(0.0425), NO_DEDUCTION, 'Michigan Department of Treasury, MI-1040 instructions (4.25 %), https://www.michigan.gov/taxes; no standard deduction (personal exemptions); city income taxes not included'),
);

/** Minnesota: four brackets per status, indexed; own standard deduction. */
const MN_2025 = {
  single: [[0, 0.0535], [32570, 0.068], [106990, 0.0785], [198630, 0.0985]] as RatePairs,
  married: [[0, 0.0535], [47620, 0.068], [189180, 0.0785], [330410, 0.0985]] as RatePairs,
  married_separate: [[0, 0.0535], [23810, 0.068], [94590, 0.0785], [165205, 0.0985]] as RatePairs,
  head_of_household: [[0, 0.0535], [40100, 0.068], [161130, 0.0785], [264050, 0.0985]] as RatePairs,
};
const MN_SOURCE = 'Minnesota Department of Revenue, Form M1 instructions (tax rate schedules, standard deduction), https://www.revenue.state.mn.us/';
const MN: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(
    byStatus({
      single: [[0, 0.0535], [31690, 0.068], [104090, 0.0785], [193240, 0.0985]],
      married: [[0, 0.0535], [46330, 0.068], [184040, 0.0785], [321450, 0.0985]],
      married_separate: [[0, 0.0535], [23165, 0.068], [92020, 0.0785], [160725, 0.0985]],
      head_of_household: [[0, 0.0535], [39010, 0.068], [156760, 0.0785], [256880, 0.0985]],
    }),
    deduction(14575, 29150, 14575, 21900),
    MN_SOURCE,
  ),
  2025: entry(byStatus(MN_2025), deduction(14950, 29900, 14950, 22500), MN_SOURCE),
  2026: entry(
    byStatus({
      single: indexed(MN_2025.single, ASSUMED_2026_INDEXATION, 10),
      married: indexed(MN_2025.married, ASSUMED_2026_INDEXATION, 10),
      married_separate: indexed(MN_2025.married_separate, ASSUMED_2026_INDEXATION, 5),
      head_of_household: indexed(MN_2025.head_of_household, ASSUMED_2026_INDEXATION, 10),
    }),
    deduction(15350, 30700, 15350, 23100),
    `${MN_SOURCE}; ${EST_2026}`,
  ),
};

/** Mississippi: 0 % on the first $10,000, then a flat rate stepping down (HB 531, 2022); own standard deduction. */
const MS_SOURCE = 'Mississippi Department of Revenue, Form 80-100 instructions (tax rate, standard deduction), https://www.dor.ms.gov/';
const MS_STD = deduction(2300, 4600, 2300, 3400);
const MS: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(sameForAll([[0, 0], [10000, 0.047]]), MS_STD, MS_SOURCE),
  2025: entry(sameForAll([[0, 0], [10000, 0.044]]), MS_STD, MS_SOURCE),
  2026: entry(sameForAll([[0, 0], [10000, 0.04]]), MS_STD, `${MS_SOURCE}; 4.0 % for 2026 per HB 531 (2022)`),
};

/** Missouri: one schedule, indexed; top rate cut by revenue triggers; standard deduction = federal. */
function missouri(step: number, top: number) {
  return sameForAll([
    [0, 0], [step, 0.02], [step * 2, 0.025], [step * 3, 0.03], [step * 4, 0.035], [step * 5, 0.04], [step * 6, 0.045], [step * 7, top],
  ]);
}
const MO_SOURCE = 'Missouri Department of Revenue, Form MO-1040 instructions / tax chart, https://dor.mo.gov/';
const MO: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(missouri(1273, 0.048), FEDERAL_STD[2024], MO_SOURCE),
  2025: entry(missouri(1313, 0.047), FEDERAL_STD[2025], `${MO_SOURCE}; ${FEDERAL_STD_NOTE}`),
  2026: entry(
    missouri(roundAmount(1313 * ASSUMED_2026_INDEXATION, 1), 0.047),
    FEDERAL_STD[2026],
    `${MO_SOURCE}; ${EST_2026}; top rate 4.7 % assumed (no further trigger cut known); ${FEDERAL_STD_NOTE}`,
  ),
};

/**
 * Montana: two brackets on federal taxable income (from 2024); HB 337 (2025) widens the 4.7 % band and cuts
 * the top rate. Married = 2 × single; head of household 1.5 × single as the department rounds it.
 */
function montana(singleBand: number, top: number, headOfHousehold = singleBand * 1.5) {
  return byStatus({
    single: [[0, 0.047], [singleBand, top]],
    married: [[0, 0.047], [singleBand * 2, top]],
    head_of_household: [[0, 0.047], [headOfHousehold, top]],
  });
}
const MT_SOURCE = 'Montana Department of Revenue, Form 2 instructions (tax rate schedule), https://mtrevenue.gov/';
const MT: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(montana(20500, 0.059), FEDERAL_STD[2024], `${MT_SOURCE}; starts from federal taxable income`),
  // head of household 31,700 (not 1.5 × 21,100 = 31,650): Montana DOR "2025 Tax Rates and Deductions",
  // https://revenue.mt.gov/files/BIT/Montana-Tax-Tables-and-Deductions/2025-Tax-Rates-and-Deductions.pdf
  2025: entry(montana(21100, 0.059, 31700), FEDERAL_STD[2025], `${MT_SOURCE}; 2025 Tax Rates and Deductions (head of household 31,700); ${FEDERAL_STD_NOTE}`),
  2026: entry(montana(47500, 0.0565), FEDERAL_STD[2026], `${MT_SOURCE}; HB 337 (2025): 4.7 % up to $47,500 single, 5.65 % above; ${FEDERAL_STD_NOTE}`),
};

/** Nebraska: indexed; top rate stepping down under LB 754 (2023). Married filing separately uses the single schedule. */
const NE_2025 = {
  single: [[0, 0.0246], [4030, 0.0351], [24120, 0.0501], [38870, 0.052]] as RatePairs,
  married: [[0, 0.0246], [8040, 0.0351], [48250, 0.0501], [77730, 0.052]] as RatePairs,
  head_of_household: [[0, 0.0246], [7510, 0.0351], [38590, 0.0501], [57630, 0.052]] as RatePairs,
};
/** Nebraska's 2025 standard deductions: single, married filing jointly, married filing separately, head of household (Form 1040N booklet). */
const NE_2025_DEDUCTION = [8600, 17200, 8600, 12600] as const;
const NE_SOURCE = 'Nebraska Department of Revenue, Form 1040N instructions (tax rate schedules), https://revenue.nebraska.gov/';
const NE_BOOKLET = (year: number, page: number) =>
  `Nebraska Department of Revenue, ${year} Nebraska Individual Income Tax Booklet p. ${page} (tax rate schedules, standard deduction line 6), https://revenue.nebraska.gov/sites/default/files/doc/tax-forms/${year}/f_Individual_Income_Tax_Booklet.pdf`;
/** LB 754 from 2026: the third and top brackets share one rate, so the last two bands merge. */
function withMergedTopRate(pairs: RatePairs, top: number): RatePairs {
  return [...pairs.slice(0, pairs.length - 2), [pairs[pairs.length - 2]![0], top] as const];
}
const NE: Record<Year, SourcedTable<UsTaxTable>> = {
  // 3,900 / 7,790 / 46,760 / 7,270 and standard deduction 8,350 / 16,700 / 12,250: 2024 booklet (rate schedules; line 6 p. 10)
  2024: entry(
    byStatus({
      single: [[0, 0.0246], [3900, 0.0351], [23370, 0.0501], [37670, 0.0584]],
      married: [[0, 0.0246], [7790, 0.0351], [46760, 0.0501], [75340, 0.0584]],
      head_of_household: [[0, 0.0246], [7270, 0.0351], [37400, 0.0501], [55850, 0.0584]],
    }),
    deduction(8350, 16700, 8350, 12250),
    NE_BOOKLET(2024, 10),
  ),
  // standard deduction 8,600 / 17,200 / 12,600: 2025 booklet line 6 (p. 13); brackets: its tax table (p. 49)
  2025: entry(byStatus(NE_2025), deduction(...NE_2025_DEDUCTION), `${NE_BOOKLET(2025, 13)}; top rate 5.20 % (LB 754)`),
  2026: entry(
    byStatus({
      single: withMergedTopRate(indexed(NE_2025.single, ASSUMED_2026_INDEXATION, 10), 0.0455),
      married: withMergedTopRate(indexed(NE_2025.married, ASSUMED_2026_INDEXATION, 10), 0.0455),
      head_of_household: withMergedTopRate(indexed(NE_2025.head_of_household, ASSUMED_2026_INDEXATION, 10), 0.0455),
    }),
    deduction(...(NE_2025_DEDUCTION.map((amount) => roundAmount(amount * ASSUMED_2026_INDEXATION, 50)) as [number, number, number, number])),
    `${NE_SOURCE}; third and top brackets at 4.55 % for 2026 (LB 754), so they merge — verify; ${EST_2026} (standard deduction: 2025's × 1.027, to $50)`,
  ),
};

const NV = noIncomeTax(`Nevada levies no individual income tax (${NO_WAGE_TAX}; Nev. Const. art. 10 §1(9)); Nevada Department of Taxation, https://tax.nv.gov/`);

const NH = noIncomeTax(
  `New Hampshire does not tax wage income; its Interest and Dividends Tax (3 % in 2024) was repealed from 2025 and is not modelled; New Hampshire Department of Revenue Administration, https://www.revenue.nh.gov/`,
);

/** New Jersey: not indexed; HOH uses the joint schedule (Table B); exemptions instead of a standard deduction. */
const NJ_SINGLE: RatePairs = [
  [0, 0.014], [20000, 0.0175], [35000, 0.035], [40000, 0.05525], [75000, 0.0637], [500000, 0.0897], [1000000, 0.1075],
];
const NJ_JOINT: RatePairs = [
  [0, 0.014], [20000, 0.0175], [50000, 0.0245], [70000, 0.035], [80000, 0.05525], [150000, 0.0637], [500000, 0.0897], [1000000, 0.1075],
];
const NJ = everyYear(
  entry(
    byStatus({ single: NJ_SINGLE, married: NJ_JOINT, head_of_household: NJ_JOINT }),
    NO_DEDUCTION,
    'New Jersey Division of Taxation, NJ-1040 instructions, tax rate schedules (Tables A and B), https://www.nj.gov/treasury/taxation/; no standard deduction (personal exemptions)',
  ),
);

/** New Mexico: HB 252 (2024) restructures brackets from 2025; HOH uses the joint schedule; standard deduction = federal. */
const NM_2025 = byStatus({
  single: [[0, 0.015], [5500, 0.032], [16500, 0.043], [33500, 0.047], [66500, 0.049], [210000, 0.059]],
  married: [[0, 0.015], [8000, 0.032], [25000, 0.043], [50000, 0.047], [100000, 0.049], [315000, 0.059]],
  married_separate: [[0, 0.015], [4000, 0.032], [12500, 0.043], [25000, 0.047], [50000, 0.049], [157500, 0.059]],
  head_of_household: [[0, 0.015], [8000, 0.032], [25000, 0.043], [50000, 0.047], [100000, 0.049], [315000, 0.059]],
});
const NM_SOURCE = 'New Mexico Taxation and Revenue Department, PIT-1 instructions (tax rate tables), https://www.tax.newmexico.gov/';
const NM: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(
    byStatus({
      single: [[0, 0.017], [5500, 0.032], [11000, 0.047], [16000, 0.049], [210000, 0.059]],
      married: [[0, 0.017], [8000, 0.032], [16000, 0.047], [24000, 0.049], [315000, 0.059]],
      married_separate: [[0, 0.017], [4000, 0.032], [8000, 0.047], [12000, 0.049], [157500, 0.059]],
      head_of_household: [[0, 0.017], [8000, 0.032], [16000, 0.047], [24000, 0.049], [315000, 0.059]],
    }),
    FEDERAL_STD[2024],
    NM_SOURCE,
  ),
  2025: entry(NM_2025, FEDERAL_STD[2025], `${NM_SOURCE}; HB 252 (2024) brackets; ${FEDERAL_STD_NOTE}`),
  2026: entry(NM_2025, FEDERAL_STD[2026], `${NM_SOURCE}; HB 252 (2024) brackets (not indexed); ${FEDERAL_STD_NOTE}`),
};

/**
 * New York State (New York City/Yonkers taxes excluded; the tax-benefit recapture for high incomes is not
 * modelled). MFS uses the single schedule. The FY2026 budget cuts the five lowest rates by 0.1 pt for 2026.
 */
const NY_THRESHOLDS = {
  single: [0, 8500, 11700, 13900, 80650, 215400, 1077550, 5000000, 25000000],
  married: [0, 17150, 23600, 27900, 161550, 323200, 2155350, 5000000, 25000000],
  head_of_household: [0, 12800, 17650, 20900, 107650, 269300, 1616450, 5000000, 25000000],
};
function newYork(rates: readonly number[]) {
  const pairs = (thresholds: number[]): RatePairs => thresholds.map((threshold, i) => [threshold, rates[i]!] as const);
  return byStatus({
    single: pairs(NY_THRESHOLDS.single),
    married: pairs(NY_THRESHOLDS.married),
    head_of_household: pairs(NY_THRESHOLDS.head_of_household),
  });
}
const NY_RATES_2024 = [0.04, 0.045, 0.0525, 0.055, 0.06, 0.0685, 0.0965, 0.103, 0.109];
const NY_RATES_2026 = [0.039, 0.044, 0.0515, 0.054, 0.059, 0.0685, 0.0965, 0.103, 0.109];
const NY_STD = deduction(8000, 16050, 8000, 11200);
const NY_SOURCE = 'New York State Department of Taxation and Finance, Form IT-201 instructions, New York State tax rate schedule, https://www.tax.ny.gov/';
const NY: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(newYork(NY_RATES_2024), NY_STD, `${NY_SOURCE}; NYC/Yonkers tax and recapture not included`),
  2025: entry(newYork(NY_RATES_2024), NY_STD, `${NY_SOURCE}; NYC/Yonkers tax and recapture not included`),
  2026: entry(newYork(NY_RATES_2026), NY_STD, `${NY_SOURCE}; 2026 rate cut on the five lowest brackets (FY2026 budget, Part A); NYC/Yonkers tax and recapture not included`),
};

/** North Carolina: flat rate stepping down (S.L. 2023-134); own standard deduction. */
const NC_SOURCE = 'North Carolina Department of Revenue, D-400 instructions (tax rate, standard deduction), https://www.ncdor.gov/';
const NC_STD = deduction(12750, 25500, 12750, 19125);
const NC: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(flat(0.045), NC_STD, NC_SOURCE),
  2025: entry(flat(0.0425), NC_STD, NC_SOURCE),
  2026: entry(flat(0.0399), NC_STD, `${NC_SOURCE}; 3.99 % for 2026 per S.L. 2023-134`),
};

/** North Dakota: 0 % band then two rates (HB 1158, 2023), indexed; starts from federal taxable income. Thresholds verify. */
const ND_2025 = {
  single: [[0, 0], [48475, 0.0195], [244825, 0.025]] as RatePairs,
  married: [[0, 0], [80975, 0.0195], [298075, 0.025]] as RatePairs,
  married_separate: [[0, 0], [40475, 0.0195], [149025, 0.025]] as RatePairs,
  head_of_household: [[0, 0], [64950, 0.0195], [271450, 0.025]] as RatePairs,
};
const ND_SOURCE = 'Office of State Tax Commissioner, ND-1 instructions (tax rate schedules), https://www.tax.nd.gov/';
const ND: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(
    byStatus({
      single: [[0, 0], [47150, 0.0195], [238200, 0.025]],
      married: [[0, 0], [78775, 0.0195], [289975, 0.025]],
      married_separate: [[0, 0], [39375, 0.0195], [144975, 0.025]],
      // 264,100 (was 263,800): 2024 individual income tax booklet p. 29 (rate schedules),
      // https://www.tax.nd.gov/sites/www/files/documents/forms/individual/2024-iit/2024-individual-income-tax-booklet.pdf#page=29
      head_of_household: [[0, 0], [63175, 0.0195], [264100, 0.025]],
    }),
    FEDERAL_STD[2024],
    `${ND_SOURCE}; 2024 individual income tax booklet p. 29; starts from federal taxable income`,
  ),
  2025: entry(byStatus(ND_2025), FEDERAL_STD[2025], `${ND_SOURCE}; thresholds verify; ${FEDERAL_STD_NOTE}`),
  2026: entry(
    byStatus({
      single: indexed(ND_2025.single, ASSUMED_2026_INDEXATION, 25),
      married: indexed(ND_2025.married, ASSUMED_2026_INDEXATION, 25),
      married_separate: indexed(ND_2025.married_separate, ASSUMED_2026_INDEXATION, 25),
      head_of_household: indexed(ND_2025.head_of_household, ASSUMED_2026_INDEXATION, 25),
    }),
    FEDERAL_STD[2026],
    `${ND_SOURCE}; ${EST_2026}; ${FEDERAL_STD_NOTE}`,
  ),
};

/**
 * Ohio: one schedule (nonbusiness income), not indexed; HB 96 (2025) lowers the top rate, then one rate from
 * 2026. Ohio Revised Code 5747.02 states the tax above $26,050 as a fixed amount plus a rate on the excess
 * ("$360.69 plus 2.75 % of the amount in excess of $26,050" for 2024): the fixed amounts are bracket bases.
 */
const OH_SOURCE = 'Ohio Department of Taxation, IT 1040 instructions (tax rate schedule), https://tax.ohio.gov/; Ohio Revised Code 5747.02, https://codes.ohio.gov/ohio-revised-code/section-5747.02; no standard deduction (personal exemptions); municipal/school district taxes not included';
const OH: Record<Year, SourcedTable<UsTaxTable>> = {
  // $360.69 + 2.75 % over $26,050; $2,394.32 + 3.5 % over $100,000: ORC 5747.02(A); 2024 IT 1040 booklet p. 18,
  // https://dam.assets.ohio.gov/image/upload/v1735920104/tax.ohio.gov/forms/ohio_individual/individual/2024/it1040-booklet.pdf#page=18
  2024: entry(sameForAll([[0, 0], [26050, 0.0275, 360.69], [100000, 0.035, 2394.32]]), NO_DEDUCTION, `${OH_SOURCE}; 2024 IT 1040 booklet p. 18`),
  // $342.00 + 2.75 % over $26,050; $2,375.63 + 3.125 % over $100,000: ORC 5747.02 as amended by HB 96 (2025); 2025 IT 1040 booklet p. 18,
  // https://dam.assets.ohio.gov/image/upload/v1767095693/tax.ohio.gov/forms/ohio_individual/individual/2025/it1040-booklet.pdf#page=18
  2025: entry(sameForAll([[0, 0], [26050, 0.0275, 342], [100000, 0.03125, 2375.63]]), NO_DEDUCTION, `${OH_SOURCE}; 2025 IT 1040 booklet p. 18; 3.125 % top rate (HB 96, 2025)`),
  2026: entry(
    sameForAll([[0, 0], [26050, 0.0275]]),
    NO_DEDUCTION,
    `${OH_SOURCE}; 2.75 % above $26,050 from 2026 (HB 96, 2025); 2026 ESTIMATED: the fixed amount owed at $26,050 for 2026 is not known to the author and is left out — verify`,
  ),
};

/** Oklahoma: HOH uses the joint schedule; HB 2764 (2025) restructures the brackets from 2026. */
const OK_2024_SINGLE: RatePairs = [[0, 0.0025], [1000, 0.0075], [2500, 0.0175], [3750, 0.0275], [4900, 0.0375], [7200, 0.0475]];
const OK_2026_SINGLE: RatePairs = [[0, 0], [3750, 0.025], [4900, 0.035], [7200, 0.045]];
const OK_STD = deduction(6350, 12700, 6350, 9350);
const OK_SOURCE = 'Oklahoma Tax Commission, Form 511 instructions (tax rate schedules), https://oklahoma.gov/tax.html';
const OK: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(byStatus({ single: OK_2024_SINGLE, married: scaled(OK_2024_SINGLE, 2), head_of_household: scaled(OK_2024_SINGLE, 2) }), OK_STD, OK_SOURCE),
  2025: entry(byStatus({ single: OK_2024_SINGLE, married: scaled(OK_2024_SINGLE, 2), head_of_household: scaled(OK_2024_SINGLE, 2) }), OK_STD, OK_SOURCE),
  2026: entry(
    byStatus({ single: OK_2026_SINGLE, married: scaled(OK_2026_SINGLE, 2), head_of_household: scaled(OK_2026_SINGLE, 2) }),
    OK_STD,
    `${OK_SOURCE}; 2026 brackets per HB 2764 (2025)`,
  ),
};

/** Oregon: indexed (except the $125,000/$250,000 top thresholds); HOH uses the joint schedule. */
function oregon(first: number, second: number) {
  return byStatus({
    single: [[0, 0.0475], [first, 0.0675], [second, 0.0875], [125000, 0.099]],
    married: [[0, 0.0475], [first * 2, 0.0675], [second * 2, 0.0875], [250000, 0.099]],
    head_of_household: [[0, 0.0475], [first * 2, 0.0675], [second * 2, 0.0875], [250000, 0.099]],
  });
}
const OR_SOURCE = 'Oregon Department of Revenue, Publication OR-17 / Form OR-40 instructions (tax rate charts, standard deduction), https://www.oregon.gov/dor/';
const OR: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(oregon(4300, 10750), deduction(2745, 5495, 2745, 4420), OR_SOURCE),
  // second threshold 11,100 / 22,200 (was 11,050 / 22,100): 2025 Form OR-40 instructions p. 17 (tax rate charts),
  // https://www.oregon.gov/dor/forms/FormsPubs/form-or-40-inst_101-040-1_2025.pdf#page=17
  2025: entry(oregon(4400, 11100), deduction(2835, 5670, 2835, 4560), `${OR_SOURCE}; 2025 Form OR-40 instructions p. 17`),
  2026: entry(
    oregon(roundAmount(4400 * ASSUMED_2026_INDEXATION, 50), roundAmount(11100 * ASSUMED_2026_INDEXATION, 50)),
    deduction(2910, 5825, 2910, 4685),
    `${OR_SOURCE}; ${EST_2026}`,
  ),
};

/** Pennsylvania: flat 3.07 % on each class of income; no standard deduction; local earned income taxes excluded. */
const PA = everyYear(
  entry(flat(0.0307), NO_DEDUCTION, 'Pennsylvania Department of Revenue, PA-40 instructions (3.07 % flat rate, 72 P.S. §7302), https://www.revenue.pa.gov/; no standard deduction; local earned income tax not included'),
);

/** Rhode Island: one schedule, indexed. */
const RI_SOURCE = 'Rhode Island Division of Taxation, RI-1040 instructions / annual inflation-adjusted amounts advisory, https://tax.ri.gov/';
const RI: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(sameForAll([[0, 0.0375], [77450, 0.0475], [176050, 0.0599]]), deduction(10550, 21150, 10575, 15850), RI_SOURCE),
  2025: entry(sameForAll([[0, 0.0375], [79900, 0.0475], [181650, 0.0599]]), deduction(10900, 21800, 10900, 16350), RI_SOURCE),
  2026: entry(
    sameForAll(indexed([[0, 0.0375], [79900, 0.0475], [181650, 0.0599]], ASSUMED_2026_INDEXATION, 50)),
    deduction(11200, 22400, 11200, 16800),
    `${RI_SOURCE}; ${EST_2026}`,
  ),
};

/** South Carolina: one schedule, indexed; starts from federal taxable income, but kept the pre-P.L. 119-21 standard deduction for 2025. */
const SC_SOURCE = 'South Carolina Department of Revenue, SC1040 instructions (tax tables / rate schedule), https://dor.sc.gov/';
const SC: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(sameForAll([[0, 0], [3460, 0.03], [17330, 0.062]]), FEDERAL_STD[2024], `${SC_SOURCE}; top rate 6.2 % for 2024; starts from federal taxable income`),
  // standard deduction 15,000 / 30,000 / 22,500: SC DOR, "Internal Revenue Code Conformity Update" (SC Code § 12-6-40(A)(1)(a):
  // conformity as of December 31, 2024; the P.L. 119-21 increase is added back), https://dor.sc.gov/income-tax-south-carolina-internal-revenue-code-conformity-update
  2025: entry(
    sameForAll([[0, 0], [3560, 0.03], [17830, 0.06]]),
    PRE_OBBBA_STD_2025,
    `${SC_SOURCE}; top rate 6.0 % for 2025; standard deduction 15,000 / 30,000 / 22,500 (SC DOR Internal Revenue Code Conformity Update: the P.L. 119-21 increase is not adopted)`,
  ),
  2026: entry(
    sameForAll(indexed([[0, 0], [3560, 0.03], [17830, 0.06]], ASSUMED_2026_INDEXATION, 10)),
    FEDERAL_STD[2026],
    `${SC_SOURCE}; ${EST_2026}; top rate 6.0 % assumed (any 2026 restructuring not reflected — verify); ${FEDERAL_STD_NOTE}`,
  ),
};

const SD = noIncomeTax(`South Dakota levies no individual income tax (${NO_WAGE_TAX}); South Dakota Department of Revenue, https://dor.sd.gov/`);
const TN = noIncomeTax(`Tennessee does not tax wage income (the Hall tax on interest and dividends was repealed from 2021); Tennessee Department of Revenue, https://www.tn.gov/revenue.html`);
const TX = noIncomeTax(`Texas levies no individual income tax (${NO_WAGE_TAX}; Tex. Const. art. 8 §24-a); Texas Comptroller of Public Accounts, https://comptroller.texas.gov/`);

/** Utah: flat rate; a taxpayer credit (6 % of the federal standard deduction, phased out) instead of a standard deduction. */
const UT_SOURCE = 'Utah State Tax Commission, TC-40 instructions (flat rate), https://tax.utah.gov/; no standard deduction (taxpayer tax credit instead)';
const UT: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(flat(0.0455), NO_DEDUCTION, `${UT_SOURCE}; 4.55 % (HB 106, 2024)`),
  2025: entry(flat(0.045), NO_DEDUCTION, `${UT_SOURCE}; 4.5 % (HB 106, 2025)`),
  2026: entry(flat(0.045), NO_DEDUCTION, `${UT_SOURCE}; 2026 ESTIMATED: 4.5 % assumed unchanged — verify`),
};

/** Vermont: indexed; own standard deduction. Several thresholds verify. */
const VT_2025 = {
  single: [[0, 0.0335], [49400, 0.066], [119700, 0.076], [249700, 0.0875]] as RatePairs,
  married: [[0, 0.0335], [82500, 0.066], [199450, 0.076], [304000, 0.0875]] as RatePairs,
  married_separate: [[0, 0.0335], [41250, 0.066], [99725, 0.076], [152000, 0.0875]] as RatePairs,
  // 171,000 / 276,850 (was 170,950 / 276,900): Vermont Department of Taxes, 2025 Income Tax Rate Schedules,
  // https://tax.vermont.gov/sites/tax/files/documents/RateSched-2025.pdf
  head_of_household: [[0, 0.0335], [66200, 0.066], [171000, 0.076], [276850, 0.0875]] as RatePairs,
};
const VT_SOURCE = 'Vermont Department of Taxes, IN-111 instructions (rate schedules), https://tax.vermont.gov/';
const VT: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(
    byStatus({
      single: [[0, 0.0335], [47900, 0.066], [116000, 0.076], [242000, 0.0875]],
      married: [[0, 0.0335], [79950, 0.066], [193300, 0.076], [294600, 0.0875]],
      married_separate: [[0, 0.0335], [39975, 0.066], [96650, 0.076], [147300, 0.0875]],
      head_of_household: [[0, 0.0335], [64200, 0.066], [165700, 0.076], [268300, 0.0875]],
    }),
    deduction(7400, 14850, 7400, 11100),
    VT_SOURCE,
  ),
  2025: entry(byStatus(VT_2025), deduction(7650, 15300, 7650, 11450), `${VT_SOURCE}; 2025 Income Tax Rate Schedules, https://tax.vermont.gov/sites/tax/files/documents/RateSched-2025.pdf`),
  2026: entry(
    byStatus({
      single: indexed(VT_2025.single, ASSUMED_2026_INDEXATION, 50),
      married: indexed(VT_2025.married, ASSUMED_2026_INDEXATION, 50),
      married_separate: indexed(VT_2025.married_separate, ASSUMED_2026_INDEXATION, 25),
      head_of_household: indexed(VT_2025.head_of_household, ASSUMED_2026_INDEXATION, 50),
    }),
    deduction(7850, 15700, 7850, 11750),
    `${VT_SOURCE}; ${EST_2026}`,
  ),
};

/** Virginia: one schedule, not indexed since 1990; standard deduction set by the budget acts. */
const VA_SCHEDULE = sameForAll([[0, 0.02], [3000, 0.03], [5000, 0.05], [17000, 0.0575]]);
const VA_SOURCE = 'Virginia Department of Taxation, Form 760 instructions (tax rate schedule, standard deduction), https://www.tax.virginia.gov/';
const VA: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(VA_SCHEDULE, deduction(8500, 17000), VA_SOURCE),
  2025: entry(VA_SCHEDULE, deduction(8750, 17500), VA_SOURCE),
  2026: entry(VA_SCHEDULE, deduction(8750, 17500), `${VA_SOURCE}; 2026 ESTIMATED: 2025 standard deduction assumed to continue — verify`),
};

const WA = noIncomeTax(
  `Washington does not tax wage income (its 7 % capital gains excise tax is not modelled); Washington State Department of Revenue, https://dor.wa.gov/`,
);

/** West Virginia: one schedule (MFS halves the thresholds); SB 2033 (2025) cut all rates by 4 %; exemptions instead of a standard deduction. */
function westVirginia(rates: readonly number[]) {
  const thresholds = [0, 10000, 25000, 40000, 60000];
  const pairs: RatePairs = thresholds.map((threshold, i) => [threshold, rates[i]!] as const);
  return byStatus({ single: pairs, married: pairs, married_separate: scaled(pairs, 0.5), head_of_household: pairs });
}
const WV_SOURCE = 'West Virginia State Tax Department, IT-140 instructions (tax rate schedules), https://tax.wv.gov/; no standard deduction (personal exemptions)';
const WV_2025_RATES = [0.0222, 0.0296, 0.0333, 0.0444, 0.0482];
const WV: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(westVirginia([0.0236, 0.0315, 0.0354, 0.0472, 0.0512]), NO_DEDUCTION, WV_SOURCE),
  2025: entry(westVirginia(WV_2025_RATES), NO_DEDUCTION, `${WV_SOURCE}; rates after SB 2033 (2025)`),
  2026: entry(westVirginia(WV_2025_RATES), NO_DEDUCTION, `${WV_SOURCE}; 2026 ESTIMATED: 2025 rates assumed (any further trigger cut not reflected — verify)`),
};

/**
 * Wisconsin: indexed; HOH uses the single schedule. Standard deduction is sliding; the maximum is shown.
 * 2025: 2025 Wisconsin Act 15 widens the 4.4 % bracket to $50,480 (single) and $67,300 (joint) per the
 * Department of Revenue's Wisconsin Tax Bulletin 230 (July 2025) as reported by EY Tax News 2025-1727
 * (https://taxnews.ey.com/news/2025-1727). DISPUTED: PolicyEngine-US has 51,130 / 68,170 (and 11,930 for the
 * married-separate standard deduction) citing the DOR's 2025 Form 1 instructions, which could not be reached
 * here; kept until that schedule is read (test/tax/acceptedDifferences.ts).
 */
const WI_2025 = {
  single: [[0, 0.035], [14680, 0.044], [50480, 0.053], [323290, 0.0765]] as RatePairs,
  married: [[0, 0.035], [19580, 0.044], [67300, 0.053], [431060, 0.0765]] as RatePairs,
  married_separate: [[0, 0.035], [9790, 0.044], [33650, 0.053], [215530, 0.0765]] as RatePairs,
};
const WI_SOURCE = 'Wisconsin Department of Revenue, Form 1 instructions (tax rate schedules, standard deduction table), https://www.revenue.wi.gov/';
const WI: Record<Year, SourcedTable<UsTaxTable>> = {
  2024: entry(
    byStatus({
      single: [[0, 0.035], [14320, 0.044], [28640, 0.053], [315310, 0.0765]],
      married: [[0, 0.035], [19090, 0.044], [38190, 0.053], [420420, 0.0765]],
      married_separate: [[0, 0.035], [9550, 0.044], [19090, 0.053], [210210, 0.0765]],
    }),
    deduction(13230, 24490, 11630, 17090),
    `${WI_SOURCE}; sliding standard deduction, maximum shown`,
  ),
  2025: entry(
    byStatus(WI_2025),
    deduction(13560, 25110, 11920, 17520),
    `${WI_SOURCE}; 4.4 % bracket to $50,480 / $67,300 by 2025 Act 15 (Wisconsin Tax Bulletin 230, July 2025) — DISPUTED (2025 Form 1 instructions may show 51,130 / 68,170), verify; sliding standard deduction, maximum shown — verify`,
  ),
  2026: entry(
    byStatus({
      single: indexed(WI_2025.single, ASSUMED_2026_INDEXATION, 10),
      married: indexed(WI_2025.married, ASSUMED_2026_INDEXATION, 10),
      married_separate: indexed(WI_2025.married_separate, ASSUMED_2026_INDEXATION, 10),
    }),
    deduction(13930, 25790, 12240, 17990),
    `${WI_SOURCE}; ${EST_2026}; sliding standard deduction, maximum shown`,
  ),
};

const WY = noIncomeTax(`Wyoming levies no individual income tax (${NO_WAGE_TAX}); Wyoming Department of Revenue, https://revenue.wyo.gov/`);

const BY_STATE: Record<string, Record<Year, SourcedTable<UsTaxTable>>> = {
  AL, AK, AZ, AR, CA, CO, CT, DE, DC, FL, GA, HI, ID, IL, IN, IA, KS, KY, LA, ME, MD, MA, MI, MN, MS, MO, MT,
  NE, NV, NH, NJ, NM, NY, NC, ND, OH, OK, OR, PA, RI, SC, SD, TN, TX, UT, VT, VA, WA, WV, WI, WY,
};

/** States (and DC) without a tax on wage income. */
export const US_NO_WAGE_TAX_STATES = ['AK', 'FL', 'NV', 'NH', 'SD', 'TN', 'TX', 'WA', 'WY'] as const;

/** year → 2-letter code (50 states + DC) → table with its source. */
export const US_STATE_TABLES: Record<number, Record<string, SourcedTable<UsTaxTable>>> = Object.fromEntries(
  US_STATE_YEARS.map((year) => [
    year,
    Object.fromEntries(Object.entries(BY_STATE).map(([code, years]) => [code, years[year]])),
  ]),
);
