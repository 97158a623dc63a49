/**
 * The income statements served from the real companyfacts in ../shared (Apple, NVIDIA, Tesla, Snowflake, LPA)
 * add up, and agree with what the companies published (test/filings/crossCheck.ts), except the differences
 * listed with their publication in test/filings/acceptedDifferences.ts.
 */
import { ACCEPTED_DIFFERENCES } from '../filings/acceptedDifferences';
import { COMPANIES, crossCheck, describeDifference, quarterIdentity, servedStatements } from '../filings/crossCheck';
import type { StatementRecord } from '../../lib/filings/incomeStatements';

describe('Q4 = FY − Q1 − Q2 − Q3 on the real companyfacts', () => {
  test.each(COMPANIES)('%s: every flow field of every fiscal year adds up, and no Q4 is missing where its inputs are served', (company) => {
    // Act
    const { checked, broken, unbalanced } = quarterIdentity(company, servedStatements(company));

    // Assess
    expect(broken).toEqual([]);
    expect(unbalanced).toEqual([]);
    if (company === 'LPA') expect(checked).toBe(0); // a 20-F filer: fiscal years only
    else expect(checked).toBeGreaterThan(50);
  });

  test('a Q4 that is not the year minus its quarters is reported', () => {
    // Prepare: Tesla's Q4 2021 revenue one dollar off
    const list = structuredClone(servedStatements('TSLA')) as StatementRecord[];
    list.find((s) => s.fiscal_year === 2021 && s.fiscal_quarter === 'Q4')!.income_statement.total_revenue! += 1;

    // Act
    const { broken } = quarterIdentity('TSLA', list);

    // Assess
    expect(broken).toEqual(['TSLA 2021 total_revenue: Q4 17719000001 ≠ FY − Q1 − Q2 − Q3 = 17719000000']);
  });
});

describe('the served statements against the published figures', () => {
  const result = crossCheck();

  test('every published figure, every Q4 a 10-K tags and every Q4 EPS it publishes matches, or is an accepted difference', () => {
    // Assess
    expect(result.unexplained.map(describeDifference)).toEqual([]);
    expect(result.compared.published).toBeGreaterThanOrEqual(39);
    expect(result.compared['filer Q4']).toBeGreaterThan(100);
    expect(result.compared['derived Q4 EPS']).toBeGreaterThan(40);
  });

  test('every accepted difference still occurs and names the publication that settles it', () => {
    // Prepare
    const used = new Set(result.accepted.map(({ by }) => by));

    // Act
    const stale = ACCEPTED_DIFFERENCES.filter((accepted) => !used.has(accepted));
    const uncited = ACCEPTED_DIFFERENCES.filter((accepted) => !/https:\/\/\S+/.test(accepted.settledBy));

    // Assess
    expect(stale).toEqual([]);
    expect(uncited).toEqual([]);
  });

  test('finds a changed value: Tesla 2021 net income served 1 M off is unexplained', () => {
    // Prepare
    const changed = (company: (typeof COMPANIES)[number]) => {
      const list = structuredClone(servedStatements(company)) as StatementRecord[];
      if (company === 'TSLA') list.find((s) => s.fiscal_year === 2021 && s.fiscal_quarter === 'FY')!.income_statement.net_income = 5_520_000_000;
      return list;
    };

    // Act
    const { unexplained } = crossCheck(changed);

    // Assess
    expect(unexplained.map(describeDifference)).toEqual([
      expect.stringContaining('published: TSLA 2021 FY net_income served 5520000000, published 5519000000'),
    ]);
  });
});
