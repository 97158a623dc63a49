/**
 * The served income-tax tables against independent references (REFERENCE_DIR, default ../shared/reference:
 * PolicyEngine-US parameters, the Canadian reference). CI always has ../shared; without it this suite fails
 * and says which folder to point REFERENCE_DIR at. `npm run tax:crosscheck` prints the same comparison.
 */
import { ACCEPTED_DIFFERENCES } from '../tax/acceptedDifferences';
import { canonical, crossCheck, describeDifference, loadReferences, servedTables, type YearResult } from '../tax/crossCheck';
import { arkansasSchedule, ohioSchedule, PolicyEngineReference, STATE_READERS } from '../tax/policyEngineReference';
import { CA_PROVINCE_CODES } from '../../lib/tax/regionCodes';
import type { TaxTablesFile } from '../../lib/tax/tables';

const references = loadReferences();
const served = servedTables();
const results = crossCheck(served, references);
const result = (year: number): YearResult => {
  const found = results.find((r) => r.year === year);
  if (!found) throw new Error(`nothing compared for ${year}`);
  return found;
};

describe('income-tax tables against the independent references', () => {
  test.each([2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026])(
    '%i: every compared value matches, or is an accepted difference with its publication (2026: or is on a table served as estimated)',
    (year) => {
      // Act
      const { compared, unexplained } = result(year);

      // Assess
      expect(compared).toBeGreaterThan(0);
      expect(unexplained.map(describeDifference)).toEqual([]);
    },
  );

  test.each([2024, 2025])('%i compares federal, every state the reference has and the 14 Canadian tables', (year) => {
    // Prepare
    const expected = ['US federal', ...Object.keys(STATE_READERS).map((code) => `US ${code}`), 'CA federal', ...CA_PROVINCE_CODES.map((code) => `CA ${code}`)];

    // Act
    const { tables, compared } = result(year);

    // Assess
    expect([...tables].sort()).toEqual(expected.sort());
    expect(compared).toBeGreaterThan(1500);
  });

  test('2026: federal matches, and the differences left are all on tables served with estimated: true', () => {
    // Act
    const { tables, estimated, accepted } = result(2026);

    // Assess
    expect(tables.has('US federal')).toBe(true);
    expect(estimated.length).toBeGreaterThan(0);
    for (const difference of estimated) {
      const code = difference.table.replace('US ', '');
      expect({ table: difference.table, estimated: served.US['2026']!.states[code]?.estimated }).toEqual({ table: difference.table, estimated: true });
    }
    expect([...new Set(accepted.map((d) => d.table))]).toEqual(['US KS']);
  });

  test('every accepted difference still occurs and names the publication that settles it', () => {
    // Prepare
    const used = new Set(results.flatMap((r) => r.accepted.map((difference) => difference.by)));

    // Act
    const stale = ACCEPTED_DIFFERENCES.filter((accepted) => !used.has(accepted));
    const uncited = ACCEPTED_DIFFERENCES.filter((accepted) => !/https:\/\/\S+/.test(accepted.settledBy));

    // Assess
    expect(stale).toEqual([]);
    expect(uncited).toEqual([]);
  });

  test('finds a changed value: an Ohio 2024 base of 300 instead of 360.69 is unexplained', () => {
    // Prepare: married only (the statuses share one schedule object)
    const changed = structuredClone(served) as TaxTablesFile;
    const ohio = changed.US['2024']!.states.OH!;
    ohio.brackets = { ...ohio.brackets, married: ohio.brackets.married.map((b, i) => (i === 1 ? { ...b, base: 300 } : b)) };

    // Act
    const { unexplained } = crossCheck(changed, references).find((r) => r.year === 2024)!;

    // Assess: the stated $2,394.32 at $100,000 no longer follows from the brackets below, so it shows as a jump too
    expect(unexplained).toEqual([
      { year: 2024, table: 'US OH', status: 'married', field: 'base 1', served: 300, reference: 360.69 },
      { year: 2024, table: 'US OH', status: 'married', field: 'base 2', served: 2394.32, reference: 'none' },
    ]);
  });

  test('finds a removed bracket as a difference in the schedule', () => {
    // Prepare
    const changed = structuredClone(served) as TaxTablesFile;
    const single = changed.CA['2025']!.provinces.ON!.brackets;
    single.splice(3, 2, { min: 150000, max: null, rate: 0.1216 });

    // Act
    const { unexplained } = crossCheck(changed, references).find((r) => r.year === 2025)!;

    // Assess
    expect(unexplained.map((d) => `${d.table} ${d.field}`)).toEqual(['CA ON brackets']);
  });
});

describe('reading the references', () => {
  const ref = references.policyEngine;

  test('a value counts for a year when stated that year, or earlier for a parameter that is not uprated', () => {
    // Prepare
    const standing = { '2021-01-01': 0.05 };
    const indexed = { values: { '2024-01-01': '1_000', '2025-01-01': '1_030' }, metadata: { uprating: 'gov.irs.uprating' } };

    // Act
    const values = [
      PolicyEngineReference.valueIn(standing, 2026),
      PolicyEngineReference.valueIn(indexed, 2025),
      PolicyEngineReference.valueIn(indexed, 2026),
      PolicyEngineReference.valueIn(indexed, 2023),
    ];

    // Assess
    expect(values).toEqual([0.05, 1030, undefined, undefined]);
  });

  test('canonical form merges brackets at one rate and keeps a base only where the tax jumps', () => {
    // Prepare: 1 % to 1,000 (10 owed there), 2 % from 1,000 split in two, then a base equal to what the brackets add up to
    const schedule = [
      { min: 0, rate: 0.01 },
      { min: 1000, rate: 0.02 },
      { min: 5000, rate: 0.02 },
      { min: 10000, rate: 0.03, base: 190 },
      { min: 20000, rate: 0.03, base: 500 },
    ];

    // Act
    const form = canonical(schedule);

    // Assess: 10 + 2 % × 9,000 = 190 at 10,000 (no jump); 190 + 3 % × 10,000 = 490 ≠ 500 at 20,000 (a jump)
    expect(form).toEqual([
      { min: 0, rate: 0.01 },
      { min: 1000, rate: 0.02 },
      { min: 10000, rate: 0.03 },
      { min: 20000, rate: 0.03, base: 500 },
    ]);
  });

  test("Ohio's implied first-bracket rate becomes the statute's fixed amount at $26,050", () => {
    // Act
    const [first, second] = ohioSchedule(ref, 2024)!;

    // Assess: 0.0138462 × 26,050 = 360.69
    expect(first).toEqual({ min: 0, rate: 0 });
    expect(second).toEqual({ min: 26050, rate: 0.0275, base: 360.69 });
  });

  test("Arkansas's rate-less-reduction ranges become brackets, with bases where the bracket adjustment jumps", () => {
    // Act
    const schedule = arkansasSchedule(ref, 2025)!;

    // Assess: 3.9 % × 95,000 − 369 = 3,336 at the first adjustment range; 3.9 % × 97,800 − 89 = 3,725.20 at the last
    expect(schedule.slice(0, 6)).toEqual([
      { min: 0, rate: 0 },
      { min: 5600, rate: 0.02 },
      { min: 11200, rate: 0.03 },
      { min: 16000, rate: 0.034 },
      { min: 26400, rate: 0.039 },
      { min: 95000, rate: 0.039, base: 3336 },
    ]);
    expect(schedule.at(-1)).toEqual({ min: 97800, rate: 0.039, base: 3725.2 });
  });
});
