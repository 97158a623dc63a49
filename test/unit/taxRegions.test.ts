import { CA_FEDERAL_TABLES, CA_PROVINCE_TABLES } from '../../lib/tax/regions/canada';
import { US_STATE_TABLES, brackets, sourced } from '../../lib/tax/regions/usStates';
import { US_FILING_STATUSES, type Bracket, type CaTaxTable } from '../../lib/tax/types';

const YEARS = [2024, 2025, 2026];

// Written out independently of the module under test.
const US_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH',
  'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
];
const CA_CODES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];
const NO_WAGE_TAX = ['AK', 'FL', 'NV', 'NH', 'SD', 'TN', 'TX', 'WA', 'WY'];

/** Problems with a bracket list (empty when it is well formed). */
function bracketProblems(list: Bracket[], maxRate = 0.2): string[] {
  const problems: string[] = [];
  if (list.length === 0) problems.push('no brackets');
  list.forEach((bracket, i) => {
    const isTop = i === list.length - 1;
    if (i === 0 && bracket.min !== 0) problems.push(`first min ${bracket.min}`);
    if (i > 0 && bracket.min !== list[i - 1]!.max) problems.push(`bracket ${i} min ${bracket.min} != previous max ${list[i - 1]!.max}`);
    if (isTop && bracket.max !== null) problems.push('top max not null');
    if (!isTop && (bracket.max === null || bracket.max <= bracket.min)) problems.push(`bracket ${i} max ${bracket.max} not above min ${bracket.min}`);
    if (!(bracket.rate >= 0 && bracket.rate <= maxRate)) problems.push(`bracket ${i} rate ${bracket.rate}`);
    if (!Number.isInteger(bracket.min)) problems.push(`bracket ${i} min ${bracket.min} not whole dollars`);
  });
  return problems;
}

/** Tax on `income` under a bracket list, computed bracket by bracket. */
function taxOn(list: Bracket[], income: number): number {
  return list.reduce((sum, { min, max, rate }) => sum + Math.max(0, Math.min(income, max ?? Infinity) - min) * rate, 0);
}

function rateAt(list: Bracket[], income: number): number | undefined {
  return list.find(({ min, max }) => income >= min && (max === null || income < max))?.rate;
}

function usTable(year: number, code: string) {
  const entry = US_STATE_TABLES[year]?.[code];
  if (!entry) throw new Error(`no US table for ${code} ${year}`);
  return entry.table;
}

function caProvince(year: number, code: string) {
  const entry = CA_PROVINCE_TABLES[year]?.[code];
  if (!entry) throw new Error(`no CA table for ${code} ${year}`);
  return entry.table;
}

describe('brackets helper', () => {
  test('turns threshold/rate pairs into contiguous brackets with an open top', () => {
    // Act
    const list = brackets([[0, 0.02], [10000, 0.04], [25000, 0.06]]);

    // Assess
    expect(list).toEqual([
      { min: 0, max: 10000, rate: 0.02 },
      { min: 10000, max: 25000, rate: 0.04 },
      { min: 25000, max: null, rate: 0.06 },
    ]);
  });
});

describe('sourced tables', () => {
  test('a source that says ESTIMATED marks the table estimated; others carry no estimated field', () => {
    // Prepare
    const table: CaTaxTable = { brackets: [{ min: 0, max: null, rate: 0.05 }], basic_personal_amount: 10000 };

    // Act
    const estimate = sourced(table, 'Publication; 2026 ESTIMATED: indexed by an assumed 2 %');
    const published = sourced(table, 'Publication');

    // Assess
    expect(estimate.table.estimated).toBe(true);
    expect(published.table).not.toHaveProperty('estimated');
  });

  test('no 2024 or 2025 table is estimated; 2026 estimates are the tables whose source says so', () => {
    // Act
    const early = [2024, 2025].flatMap((year) => Object.entries(US_STATE_TABLES[year]!).filter(([, s]) => s.table.estimated).map(([code]) => `${code} ${year}`));
    const mismatched = Object.entries(US_STATE_TABLES[2026]!).filter(([, s]) => Boolean(s.table.estimated) !== /ESTIMATED/.test(s.source));

    // Assess
    expect(early).toEqual([]);
    expect(mismatched).toEqual([]);
    expect(US_STATE_TABLES[2026]!.CA!.table.estimated).toBe(true);
  });
});

describe('US state tables', () => {
  test.each(YEARS)('%i has the 50 states and DC, nothing else', (year) => {
    // Act
    const codes = Object.keys(US_STATE_TABLES[year] ?? {});

    // Assess
    expect(codes).toHaveLength(51);
    expect([...codes].sort()).toEqual([...US_CODES].sort());
  });

  test.each(YEARS)('%i tables are contiguous, ordered, with rates between 0 and 20 %', (year) => {
    // Prepare
    const problems: string[] = [];

    // Act
    for (const code of US_CODES) {
      const table = usTable(year, code);
      for (const status of US_FILING_STATUSES) {
        for (const problem of bracketProblems(table.brackets[status])) problems.push(`${code} ${status}: ${problem}`);
        const deduction = table.standard_deduction[status];
        if (!(Number.isFinite(deduction) && deduction >= 0)) problems.push(`${code} ${status}: deduction ${deduction}`);
      }
    }

    // Assess
    expect(problems).toEqual([]);
  });

  test.each(YEARS)('%i rates never fall as income rises (no state has a regressive schedule)', (year) => {
    // Prepare
    const falling: string[] = [];

    // Act
    for (const code of US_CODES) {
      for (const status of US_FILING_STATUSES) {
        const list = usTable(year, code).brackets[status];
        list.forEach((b, i) => {
          if (i > 0 && b.rate < list[i - 1]!.rate) falling.push(`${code} ${status} at ${b.min}`);
        });
      }
    }

    // Assess
    expect(falling).toEqual([]);
  });

  test.each(YEARS)('%i names a publication with a URL for every state', (year) => {
    // Act
    const missing = US_CODES.filter((code) => !/https?:\/\/\S+/.test(US_STATE_TABLES[year]?.[code]?.source ?? ''));

    // Assess
    expect(missing).toEqual([]);
  });

  test.each(YEARS)('%i states without a wage income tax have one zero-rate bracket and no deduction', (year) => {
    for (const code of NO_WAGE_TAX) {
      // Act
      const table = usTable(year, code);

      // Assess
      for (const status of US_FILING_STATUSES) {
        expect(table.brackets[status]).toEqual([{ min: 0, max: null, rate: 0 }]);
        expect(table.standard_deduction[status]).toBe(0);
      }
    }
  });

  test('every other state taxes some income', () => {
    // Prepare
    const taxing = US_CODES.filter((code) => !NO_WAGE_TAX.includes(code));

    // Act
    const untaxed = YEARS.flatMap((year) =>
      taxing.filter((code) => taxOn(usTable(year, code).brackets.single, 1_000_000) === 0).map((code) => `${code} ${year}`),
    );

    // Assess
    expect(untaxed).toEqual([]);
  });

  test('California 2024: 12.3 % from $721,314 for single filers (FTB 2024 rate schedule X)', () => {
    // Act
    const single = usTable(2024, 'CA').brackets.single;

    // Assess
    expect(single.find((b) => b.rate === 0.123)).toEqual({ min: 721314, max: 1000000, rate: 0.123 });
    expect(rateAt(single, 721313)).toBe(0.113);
    expect(single[0]).toEqual({ min: 0, max: 10756, rate: 0.01 });
  });

  test('California joint thresholds are twice the single ones below the $1M surcharge', () => {
    // Prepare
    const { single, married } = usTable(2025, 'CA').brackets;

    // Act
    const doubled = single.filter((b) => b.min * 2 < 1_000_000).map((b) => b.min * 2);
    const joint = married.filter((b) => b.min < 1_000_000).map((b) => b.min);

    // Assess
    expect(joint).toEqual(doubled);
    expect(rateAt(married, 2_000_000)).toBe(0.133);
  });

  test('California 2024 standard deduction is $5,540 single and $11,080 joint', () => {
    // Act
    const deduction = usTable(2024, 'CA').standard_deduction;

    // Assess
    expect(deduction.single).toBe(5540);
    expect(deduction.married).toBe(11080);
  });

  test.each([
    ['IL', 0.0495],
    ['PA', 0.0307],
    ['MI', 0.0425],
    ['AZ', 0.025],
  ])('%s is a flat %f in every year', (code, rate) => {
    for (const year of YEARS) {
      // Act
      const table = usTable(year, code);

      // Assess
      for (const status of US_FILING_STATUSES) expect(table.brackets[status]).toEqual([{ min: 0, max: null, rate }]);
    }
  });

  test.each([
    [2024, 0.045],
    [2025, 0.0425],
    [2026, 0.0399],
  ])('North Carolina %i flat rate is %f with a $12,750 single standard deduction', (year, rate) => {
    // Act
    const table = usTable(year, 'NC');

    // Assess
    expect(table.brackets.single).toEqual([{ min: 0, max: null, rate }]);
    expect(table.standard_deduction.single).toBe(12750);
    expect(table.standard_deduction.married).toBe(25500);
  });

  test('New York 2024 single: 10.9 % above $25 million, 6.85 % from $215,400', () => {
    // Act
    const single = usTable(2024, 'NY').brackets.single;

    // Assess
    expect(single[single.length - 1]).toEqual({ min: 25_000_000, max: null, rate: 0.109 });
    expect(rateAt(single, 215_400)).toBe(0.0685);
    expect(single[0]).toEqual({ min: 0, max: 8500, rate: 0.04 });
  });

  test('Massachusetts adds the 4 % surtax above $1,053,750 in 2024', () => {
    // Act
    const single = usTable(2024, 'MA').brackets.single;

    // Assess
    expect(single).toEqual([
      { min: 0, max: 1053750, rate: 0.05 },
      { min: 1053750, max: null, rate: 0.09 },
    ]);
  });

  test('New Jersey tops out at 10.75 % above $1 million for every status', () => {
    for (const status of US_FILING_STATUSES) {
      // Act
      const list = usTable(2025, 'NJ').brackets[status];

      // Assess
      expect(list[list.length - 1]).toEqual({ min: 1_000_000, max: null, rate: 0.1075 });
    }
  });

  test('Kansas 2024: 5.2 % up to $23,000 (single) / $46,000 (joint), 5.58 % above', () => {
    // Act
    const { single, married } = usTable(2024, 'KS').brackets;

    // Assess
    expect(single).toEqual([{ min: 0, max: 23000, rate: 0.052 }, { min: 23000, max: null, rate: 0.0558 }]);
    expect(married).toEqual([{ min: 0, max: 46000, rate: 0.052 }, { min: 46000, max: null, rate: 0.0558 }]);
  });

  test('Virginia taxes $17,000 of income at $720 (2 %/3 %/5 % bands)', () => {
    // Prepare: 3,000 × 2 % + 2,000 × 3 % + 12,000 × 5 %
    const expected = 60 + 60 + 600;

    // Act
    const tax = taxOn(usTable(2025, 'VA').brackets.single, 17000);

    // Assess
    expect(tax).toBeCloseTo(expected, 6);
  });
});

describe('Canadian tables', () => {
  test.each(YEARS)('%i has a federal table and the 13 provinces and territories', (year) => {
    // Act
    const provinces = Object.keys(CA_PROVINCE_TABLES[year] ?? {});

    // Assess
    expect(CA_FEDERAL_TABLES[year]).toBeDefined();
    expect(provinces).toHaveLength(13);
    expect([...provinces].sort()).toEqual([...CA_CODES].sort());
  });

  // Canadian top rates exceed 20 % (federal 33 %, Québec 25.75 %, BC 20.5 %, NL 21.8 %): the ceiling here is 35 %.
  test.each(YEARS)('%i tables are contiguous, ordered, with rates between 0 and 35 % and a source', (year) => {
    // Prepare
    const tables = [
      ['federal', CA_FEDERAL_TABLES[year]!] as const,
      ...CA_CODES.map((code) => [code, CA_PROVINCE_TABLES[year]![code]!] as const),
    ];
    const problems: string[] = [];

    // Act
    for (const [code, { table, source }] of tables) {
      for (const problem of bracketProblems(table.brackets, 0.35)) problems.push(`${code}: ${problem}`);
      for (let i = 1; i < table.brackets.length; i++) {
        if (table.brackets[i]!.rate <= table.brackets[i - 1]!.rate) problems.push(`${code}: rate does not rise at bracket ${i}`);
      }
      if (!(table.basic_personal_amount > 0)) problems.push(`${code}: BPA ${table.basic_personal_amount}`);
      if (!/https?:\/\/\S+/.test(source)) problems.push(`${code}: source without URL`);
    }

    // Assess
    expect(problems).toEqual([]);
  });

  test('federal 2024: 15 % to $55,867, brackets at 111,733 / 173,205 / 246,752, BPA 15,705', () => {
    // Act
    const { brackets: list, basic_personal_amount } = CA_FEDERAL_TABLES[2024]!.table;

    // Assess
    expect(list).toEqual([
      { min: 0, max: 55867, rate: 0.15 },
      { min: 55867, max: 111733, rate: 0.205 },
      { min: 111733, max: 173205, rate: 0.26 },
      { min: 173205, max: 246752, rate: 0.29 },
      { min: 246752, max: null, rate: 0.33 },
    ]);
    expect(basic_personal_amount).toBe(15705);
  });

  test('federal 2025: blended 14.5 % to $57,375, brackets at 114,750 / 177,882 / 253,414, BPA 16,129', () => {
    // Act
    const { brackets: list, basic_personal_amount } = CA_FEDERAL_TABLES[2025]!.table;

    // Assess
    expect(list.map((b) => b.min)).toEqual([0, 57375, 114750, 177882, 253414]);
    expect(list.map((b) => b.rate)).toEqual([0.145, 0.205, 0.26, 0.29, 0.33]);
    expect(basic_personal_amount).toBe(16129);
  });

  test('federal 2026: lowest rate 14 %, 2025 thresholds indexed by 2.0 %', () => {
    // Prepare
    const previous = CA_FEDERAL_TABLES[2025]!.table.brackets.map((b) => Math.round(b.min * 1.02));

    // Act
    const list = CA_FEDERAL_TABLES[2026]!.table.brackets;

    // Assess
    expect(list[0]!.rate).toBe(0.14);
    list.forEach((b, i) => expect(Math.abs(b.min - previous[i]!)).toBeLessThanOrEqual(1));
  });

  test('federal tax on $100,000 in 2024 is $17,427.315', () => {
    // Prepare: 55,867 × 15 % + (100,000 − 55,867) × 20.5 %
    const expected = 55867 * 0.15 + (100000 - 55867) * 0.205;

    // Act
    const tax = taxOn(CA_FEDERAL_TABLES[2024]!.table.brackets, 100000);

    // Assess
    expect(tax).toBeCloseTo(expected, 6);
    expect(tax).toBeCloseTo(17427.315, 3);
  });

  test('Ontario 2024: first bracket to $51,446 at 5.05 %, BPA 12,399', () => {
    // Act
    const table = caProvince(2024, 'ON');

    // Assess
    expect(table.brackets[0]).toEqual({ min: 0, max: 51446, rate: 0.0505 });
    expect(table.brackets[table.brackets.length - 1]).toEqual({ min: 220000, max: null, rate: 0.1316 });
    expect(table.basic_personal_amount).toBe(12399);
  });

  test('Alberta 2025 adds an 8 % bracket on the first $60,000', () => {
    // Act
    const table = caProvince(2025, 'AB');

    // Assess
    expect(table.brackets[0]).toEqual({ min: 0, max: 60000, rate: 0.08 });
    expect(caProvince(2024, 'AB').brackets[0]).toEqual({ min: 0, max: 148269, rate: 0.1 });
  });

  test('Québec 2024: 14 % to $51,780 and 25.75 % above $126,000', () => {
    // Act
    const list = caProvince(2024, 'QC').brackets;

    // Assess
    expect(list[0]).toEqual({ min: 0, max: 51780, rate: 0.14 });
    expect(list[list.length - 1]).toEqual({ min: 126000, max: null, rate: 0.2575 });
  });

  test('New Brunswick and Nova Scotia basic personal amounts as on the TD1 forms', () => {
    // Act
    const amounts = [caProvince(2024, 'NB'), caProvince(2025, 'NB'), caProvince(2024, 'NS')].map((t) => t.basic_personal_amount);

    // Assess: TD1NB 2024 13,044, TD1NB 2025 13,396, TD1NS 2024 8,481 (without the low-income supplement)
    expect(amounts).toEqual([13044, 13396, 8481]);
  });

  test('Yukon thresholds follow the federal ones below its $500,000 bracket', () => {
    for (const year of YEARS) {
      // Act
      const yukon = caProvince(year, 'YT');
      const federal = CA_FEDERAL_TABLES[year]!.table;

      // Assess
      expect(yukon.brackets.slice(0, 4).map((b) => b.min)).toEqual(federal.brackets.slice(0, 4).map((b) => b.min));
      expect(yukon.brackets[4]!.min).toBe(500000);
      expect(yukon.basic_personal_amount).toBe(federal.basic_personal_amount);
    }
  });

  test('Manitoba thresholds stay frozen at $47,000 / $100,000', () => {
    for (const year of YEARS) {
      // Act
      const mins = caProvince(year, 'MB').brackets.map((b) => b.min);

      // Assess
      expect(mins).toEqual([0, 47000, 100000]);
    }
  });
});
