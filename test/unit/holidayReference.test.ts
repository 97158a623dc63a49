/**
 * The served national public holidays against an independent reference (npm date-holidays) for 35 countries,
 * 2024–2027 (test/calendars/referenceComparison.ts): every disagreement is listed with the official calendar
 * that settles it (test/calendars/holidayDisagreements.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { publicHolidaysOn } from '../../lib/calendars/holidays';
import { HOLIDAY_DISAGREEMENTS } from '../calendars/holidayDisagreements';
import { compareWithReference, describeDay, explanationOf, REFERENCE_COUNTRIES, REFERENCE_YEARS, type DayDisagreement } from '../calendars/referenceComparison';

const { holidayDays, disagreements } = compareWithReference();

describe('national public holidays against date-holidays', () => {
  test('compares 35 countries over 2024–2027, and every day the two calendars disagree on is settled in the list', () => {
    // Act
    const unexplained = disagreements.filter((day) => !explanationOf(day)).map(describeDay);

    // Assess
    expect(REFERENCE_COUNTRIES.length).toBeGreaterThanOrEqual(30);
    expect(REFERENCE_YEARS).toEqual([2024, 2025, 2026, 2027]);
    expect(holidayDays).toBeGreaterThan(1500);
    expect(unexplained).toEqual([]);
  });

  test('every listed disagreement still occurs on every listed day, and names the publication that settles it', () => {
    // Prepare
    const occurring = new Set(disagreements.map((day) => `${explanationOf(day) ? HOLIDAY_DISAGREEMENTS.indexOf(explanationOf(day)!) : -1} ${day.date}`));

    // Act
    const stale = HOLIDAY_DISAGREEMENTS.flatMap((entry, i) => entry.dates.filter((date) => !occurring.has(`${i} ${date}`)).map((date) => `${entry.country} ${date} ${String(entry.name)}`));
    const uncited = HOLIDAY_DISAGREEMENTS.filter((entry) => !/https:\/\/\S+/.test(entry.settledBy));

    // Assess
    expect(stale).toEqual([]);
    expect(uncited).toEqual([]);
  });

  test('the days issue 27 named now agree: Australia Day 2025 on Monday 27 January, no Swedish Sundays', () => {
    // Act
    const named = disagreements.filter((day) => (day.country === 'AU' && day.date.startsWith('2025-01')) || (day.country === 'SE'));

    // Assess
    expect(named).toEqual([]);
    expect(publicHolidaysOn('AU', '2025-01-27')).toEqual(['Australia Day']);
    expect(publicHolidaysOn('AU', '2025-01-26')).toEqual([]);
  });

  test('finds a changed day: Australia Day 2025 served on the Sunday again is unexplained', () => {
    // Prepare
    const servedOn = (country: string, date: string) => {
      if (country === 'AU' && date === '2025-01-26') return ['Australia Day'];
      if (country === 'AU' && date === '2025-01-27') return [];
      return publicHolidaysOn(country, date);
    };

    // Act
    const unexplained = compareWithReference(servedOn).disagreements.filter((day: DayDisagreement) => !explanationOf(day)).map(describeDay);

    // Assess
    expect(unexplained).toEqual(['AU 2025-01-26: only service lists "Australia Day"', 'AU 2025-01-27: only date-holidays lists "Australia Day"']);
  });

  test('date-holidays is a pinned devDependency that no runtime, import or deployment code imports', () => {
    // Prepare
    const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const sources = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const path = join(folder, entry.name);
        return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : [];
      });

    // Act
    const importers = ['functions', 'lib', 'infra'].flatMap((folder) => sources(join(PROJECT_ROOT, folder))).filter((file) => /from\s+['"]date-holidays/.test(readFileSync(file, 'utf8')));

    // Assess
    expect(manifest.devDependencies['date-holidays']).toMatch(/^3\.\d+\.\d+$/);
    expect(manifest.dependencies['date-holidays']).toBeUndefined();
    expect(importers).toEqual([]);
  });
});
