/**
 * Canadian federal and provincial/territorial income tax tables, tax years 2024–2026, written by hand from
 * the CRA page "Canadian income tax rates for individuals – current and previous years", the CRA TD1
 * (federal and provincial) personal tax credits returns / indexation tables, and Revenu Québec's income tax
 * rates page for Québec.
 *
 * Honesty notes:
 * - Written without network access, from the publications as known to the author; figures marked "verify"
 *   have lower confidence. 2026 figures that the author could not recall as published are derived by the
 *   jurisdiction's indexation rule (factor stated in the `source`), and marked ESTIMATED (served as
 *   `estimated: true`). 2024–2025 tables are cross-checked against an independent reference in
 *   test/unit/taxReferenceCrossCheck.test.ts.
 * - `basic_personal_amount` is the maximum amount (the federal BPA is reduced for incomes in the top two
 *   brackets; Manitoba's is phased out for high incomes from 2025; Nova Scotia's is reduced above $25,000).
 * - Not modelled: Ontario surtax and Ontario Health Premium, PEI surtax (abolished 2024), the Québec abatement
 *   (16.5 % reduction of basic federal tax for Québec residents), low-income reductions and other credits.
 */
import type { CaTaxTable, SourcedTable } from '../types';
import { brackets, sourced, type RatePairs } from './usStates';

export const CA_YEARS = [2024, 2025, 2026] as const;

/** Thresholds of a (threshold, rate) schedule replaced, rates kept: for yearly indexation of a fixed structure. */
function withThresholds(rates: readonly number[], thresholds: readonly number[]): RatePairs {
  if (thresholds.length !== rates.length - 1) throw new Error('one threshold per rate after the first');
  return rates.map((rate, i) => [i === 0 ? 0 : thresholds[i - 1]!, rate] as const);
}

function entry(rates: readonly number[], thresholds: readonly number[], bpa: number, source: string): SourcedTable<CaTaxTable> {
  return sourced({ brackets: brackets(withThresholds(rates, thresholds)), basic_personal_amount: bpa }, source);
}

const CRA_RATES =
  'CRA, "Canadian income tax rates for individuals – current and previous years", https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/canadian-income-tax-rates-individuals-current-previous-years.html';
const TD1 = (form: string, year: number) =>
  `CRA, "${form} ${year} Personal Tax Credits Return" (TD1 forms for pay received on January 1, ${year} or later), https://www.canada.ca/en/revenue-agency/services/forms-publications/td1-personal-tax-credits-returns.html`;

// ---------------------------------------------------------------------------------------------------------
// Federal. Lowest rate: 15 % (2024); 14.5 % for 2025 (14 % from 2025-07-01, blended for the year); 14 % (2026).
// ---------------------------------------------------------------------------------------------------------
const FED_RATES_TAIL = [0.205, 0.26, 0.29, 0.33];
export const CA_FEDERAL_TABLES: Record<number, SourcedTable<CaTaxTable>> = {
  2024: entry([0.15, ...FED_RATES_TAIL], [55867, 111733, 173205, 246752], 15705, `${CRA_RATES}; ${TD1('TD1', 2024)}`),
  2025: entry(
    [0.145, ...FED_RATES_TAIL],
    [57375, 114750, 177882, 253414],
    16129,
    `${CRA_RATES}; ${TD1('TD1', 2025)}; lowest rate 14.5 % = blended (15 % Jan–Jun, 14 % from 2025-07-01)`,
  ),
  2026: entry(
    [0.14, ...FED_RATES_TAIL],
    [58523, 117045, 181440, 258482],
    16452,
    `${CRA_RATES}; ${TD1('TD1', 2026)}; 2025 brackets and BPA indexed by 2.0 % (CRA indexation for 2026); lowest rate 14 %`,
  ),
};

// ---------------------------------------------------------------------------------------------------------
// Provinces and territories.
// ---------------------------------------------------------------------------------------------------------

/** Alberta: Budget 2025 adds an 8 % bracket on the first $60,000 from 2025. */
const AB_2024_RATES = [0.1, 0.12, 0.13, 0.14, 0.15];
const AB_RATES = [0.08, 0.1, 0.12, 0.13, 0.14, 0.15];

/** British Columbia: seven brackets. */
const BC_RATES = [0.0506, 0.077, 0.105, 0.1229, 0.147, 0.168, 0.205];

/** Manitoba: Budget 2024 froze the thresholds at $47,000 / $100,000 from 2025 (and the BPA at $15,780). */
const MB_RATES = [0.108, 0.1275, 0.174];

const NB_RATES = [0.094, 0.14, 0.16, 0.195];
const NL_RATES = [0.087, 0.145, 0.158, 0.178, 0.198, 0.208, 0.213, 0.218];
const NS_RATES = [0.0879, 0.1495, 0.1667, 0.175, 0.21];
const NT_RATES = [0.059, 0.086, 0.122, 0.1405];
const NU_RATES = [0.04, 0.07, 0.09, 0.115];
const ON_RATES = [0.0505, 0.0915, 0.1116, 0.1216, 0.1316];
const PE_2024_RATES = [0.0965, 0.1363, 0.1665, 0.18, 0.1875];
const PE_RATES = [0.095, 0.1347, 0.166, 0.1762, 0.19];
const QC_RATES = [0.14, 0.19, 0.24, 0.2575];
const SK_RATES = [0.105, 0.125, 0.145];
/** Yukon: thresholds follow the federal ones, plus a fixed $500,000 top threshold; BPA = federal BPA. */
const YT_RATES = [0.064, 0.09, 0.109, 0.128, 0.15];

const REVENU_QUEBEC =
  'Revenu Québec, "Income tax rates", https://www.revenuquebec.ca/en/citizens/income-tax-return/completing-your-income-tax-return/income-tax-rates/; TP-1015.3 (source deductions return) for the basic personal amount';

export const CA_PROVINCE_TABLES: Record<number, Record<string, SourcedTable<CaTaxTable>>> = {
  2024: {
    AB: entry(AB_2024_RATES, [148269, 177922, 237230, 355845], 21885, `${CRA_RATES}; ${TD1('TD1AB', 2024)}`),
    BC: entry(BC_RATES, [47937, 95875, 110076, 133664, 181232, 252752], 12580, `${CRA_RATES}; ${TD1('TD1BC', 2024)}`),
    MB: entry(MB_RATES, [47000, 100000], 15780, `${CRA_RATES}; ${TD1('TD1MB', 2024)}`),
    // BPA 13,044 (13,396 is 2025's): TD1NB 2024
    NB: entry(NB_RATES, [49958, 99916, 185064], 13044, `${CRA_RATES}; ${TD1('TD1NB', 2024)}`),
    NL: entry(NL_RATES, [43198, 86395, 154244, 215943, 275870, 551739, 1103478], 10818, `${CRA_RATES}; ${TD1('TD1NL', 2024)}`),
    // BPA 8,481 (8,744 = 8,481 × 1.031 is the 2025 indexed base): TD1NS 2024 shows 11,481 = 8,481 + the supplement of up to $3,000
    NS: entry(NS_RATES, [29590, 59180, 93000, 150000], 8481, `${CRA_RATES}; ${TD1('TD1NS', 2024)}; BPA excludes the supplement of up to $3,000 for incomes under $75,000`),
    NT: entry(NT_RATES, [50597, 101198, 164525], 17373, `${CRA_RATES}; ${TD1('TD1NT', 2024)}`),
    NU: entry(NU_RATES, [53268, 106537, 173205], 18767, `${CRA_RATES}; ${TD1('TD1NU', 2024)}`),
    ON: entry(ON_RATES, [51446, 102894, 150000, 220000], 12399, `${CRA_RATES}; ${TD1('TD1ON', 2024)}; Ontario surtax and Health Premium not included`),
    PE: entry(PE_2024_RATES, [32656, 64313, 105000, 140000], 13500, `${CRA_RATES}; ${TD1('TD1PE', 2024)}`),
    QC: entry(QC_RATES, [51780, 103545, 126000], 18056, `${REVENU_QUEBEC}; Québec abatement of federal tax not included`),
    SK: entry(SK_RATES, [52057, 148734], 18491, `${CRA_RATES}; ${TD1('TD1SK', 2024)}`),
    YT: entry(YT_RATES, [55867, 111733, 173205, 500000], 15705, `${CRA_RATES}; ${TD1('TD1YT', 2024)}`),
  },
  2025: {
    AB: entry(AB_RATES, [60000, 151234, 181481, 241974, 362961], 22323, `${CRA_RATES}; ${TD1('TD1AB', 2025)}; new 8 % bracket (Alberta Budget 2025)`),
    BC: entry(BC_RATES, [49279, 98560, 113158, 137407, 186306, 259829], 12932, `${CRA_RATES}; ${TD1('TD1BC', 2025)}`),
    MB: entry(MB_RATES, [47000, 100000], 15780, `${CRA_RATES}; ${TD1('TD1MB', 2025)}; thresholds and BPA frozen (Manitoba Budget 2024); BPA phased out for high incomes`),
    // BPA 13,396 (13,664 was not a published figure): TD1NB 2025
    NB: entry(NB_RATES, [51306, 102614, 190060], 13396, `${CRA_RATES}; ${TD1('TD1NB', 2025)}`),
    NL: entry(NL_RATES, [44192, 88382, 157792, 220910, 282214, 564429, 1128858], 11067, `${CRA_RATES}; ${TD1('TD1NL', 2025)}`),
    NS: entry(NS_RATES, [30507, 61015, 95883, 154650], 11744, `${CRA_RATES}; ${TD1('TD1NS', 2025)}; indexation resumed and BPA raised (Nova Scotia Budget 2025)`),
    NT: entry(NT_RATES, [51964, 103930, 168967], 17842, `${CRA_RATES}; ${TD1('TD1NT', 2025)}`),
    NU: entry(NU_RATES, [54707, 109413, 177881], 19274, `${CRA_RATES}; ${TD1('TD1NU', 2025)}`),
    ON: entry(ON_RATES, [52886, 105775, 150000, 220000], 12747, `${CRA_RATES}; ${TD1('TD1ON', 2025)}; Ontario surtax and Health Premium not included`),
    PE: entry(PE_RATES, [33328, 64656, 105000, 140000], 14650, `${CRA_RATES}; ${TD1('TD1PE', 2025)}; BPA verify`),
    QC: entry(QC_RATES, [53255, 106495, 129590], 18571, `${REVENU_QUEBEC}; Québec abatement of federal tax not included`),
    SK: entry(SK_RATES, [53463, 152750], 19491, `${CRA_RATES}; ${TD1('TD1SK', 2025)}; BPA includes the $500 increase (Saskatchewan Affordability Act)`),
    YT: entry(YT_RATES, [57375, 114750, 177882, 500000], 16129, `${CRA_RATES}; ${TD1('TD1YT', 2025)}`),
  },
  2026: {
    AB: entry(AB_RATES, [61200, 154259, 185111, 246813, 370220], 22769, `${CRA_RATES}; ${TD1('TD1AB', 2026)}; 2025 amounts indexed by 2.0 % (Alberta indexation for 2026)`),
    BC: entry(
      BC_RATES,
      [50363, 100728, 115648, 140430, 190405, 265545],
      13216,
      `${CRA_RATES}; ${TD1('TD1BC', 2026)}; 2025 amounts indexed by 2.2 % (BC indexation for 2026); any 2026 BC budget rate change not reflected — verify`,
    ),
    MB: entry(MB_RATES, [47000, 100000], 15780, `${CRA_RATES}; ${TD1('TD1MB', 2026)}; thresholds and BPA frozen (Manitoba Budget 2024)`),
    NB: entry(NB_RATES, [52332, 104666, 193861], 13664, `${CRA_RATES}; ${TD1('TD1NB', 2026)}; ESTIMATED: 2025 amounts indexed by 2.0 % (assumed New Brunswick indexation for 2026) — verify`),
    NL: entry(
      NL_RATES,
      [45076, 90150, 160948, 225328, 287858, 575718, 1151435],
      11288,
      `${CRA_RATES}; ${TD1('TD1NL', 2026)}; ESTIMATED: 2025 amounts indexed by 2.0 % (assumed Newfoundland and Labrador indexation for 2026) — verify`,
    ),
    NS: entry(NS_RATES, [31117, 62235, 97801, 157743], 11979, `${CRA_RATES}; ${TD1('TD1NS', 2026)}; ESTIMATED: 2025 amounts indexed by 2.0 % (assumed Nova Scotia indexation for 2026) — verify`),
    NT: entry(NT_RATES, [53003, 106009, 172346], 18199, `${CRA_RATES}; ${TD1('TD1NT', 2026)}; ESTIMATED: 2025 amounts indexed by 2.0 % (CRA indexation, which the NWT follows) — verify`),
    NU: entry(NU_RATES, [55801, 111601, 181439], 19659, `${CRA_RATES}; ${TD1('TD1NU', 2026)}; ESTIMATED: 2025 amounts indexed by 2.0 % (CRA indexation, which Nunavut follows) — verify`),
    ON: entry(ON_RATES, [53891, 107785, 150000, 220000], 12989, `${CRA_RATES}; ${TD1('TD1ON', 2026)}; 2025 amounts indexed by 1.9 % (Ontario indexation for 2026); $150,000/$220,000 not indexed; Ontario surtax and Health Premium not included`),
    PE: entry(PE_RATES, [33995, 65949, 105000, 140000], 15000, `${CRA_RATES}; ${TD1('TD1PE', 2026)}; ESTIMATED: first two thresholds indexed by 2.0 %, $105,000/$140,000 fixed, BPA $15,000 as recalled — verify`),
    QC: entry(QC_RATES, [54345, 108680, 132245], 18952, `${REVENU_QUEBEC}; 2025 amounts indexed by 2.05 % (Québec indexation for 2026, thresholds rounded to $5); Québec abatement of federal tax not included`),
    SK: entry(SK_RATES, [54532, 155805], 20381, `${CRA_RATES}; ${TD1('TD1SK', 2026)}; 2025 amounts indexed by 2.0 %, BPA also +$500 (Saskatchewan Affordability Act) — verify`),
    YT: entry(YT_RATES, [58523, 117045, 181440, 500000], 16452, `${CRA_RATES}; ${TD1('TD1YT', 2026)}; thresholds and BPA follow the federal 2026 amounts (indexed by 2.0 %)`),
  },
};
