import { easterSunday, isNyseSession, nyseHolidayName, nyseHolidays, sessionCloseTime, sessionOnOrBefore } from '../../lib/stocks/tradingCalendar';
import { addDays } from '../../lib/time/calendarDate';
import { zonedDate, zonedTime } from '../../lib/time/zoned';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('NYSE holidays by rule', () => {
  const published: Record<number, string[]> = {
    2022: ['2022-01-17', '2022-02-21', '2022-04-15', '2022-05-30', '2022-06-20', '2022-07-04', '2022-09-05', '2022-11-24', '2022-12-26'],
    2023: ['2023-01-02', '2023-01-16', '2023-02-20', '2023-04-07', '2023-05-29', '2023-06-19', '2023-07-04', '2023-09-04', '2023-11-23', '2023-12-25'],
    2024: ['2024-01-01', '2024-01-15', '2024-02-19', '2024-03-29', '2024-05-27', '2024-06-19', '2024-07-04', '2024-09-02', '2024-11-28', '2024-12-25'],
    2025: ['2025-01-01', '2025-01-09', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25'],
    2026: ['2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25'],
    2027: ['2027-01-01', '2027-01-18', '2027-02-15', '2027-03-26', '2027-05-31', '2027-06-18', '2027-07-05', '2027-09-06', '2027-11-25', '2027-12-24'],
  };

  test.each(Object.entries(published))('lists exactly the published NYSE closures of %s', (year, dates) => {
    // Act
    const holidays = [...nyseHolidays(Number(year)).keys()].sort();

    // Assess
    expect(holidays).toEqual(dates);
  });

  test('does not observe New Year on the Friday before when 1 January is a Saturday (31 Dec 2021 traded)', () => {
    expect(isNyseSession('2021-12-31')).toBe(true);
    expect(nyseHolidayName('2022-01-03')).toBeUndefined();
  });

  test('has no Juneteenth closure before 2022', () => {
    expect(isNyseSession('2021-06-18')).toBe(true);
    expect(nyseHolidays(2021).has('2021-06-18')).toBe(false);
  });

  test('names holidays and moves weekend holidays to the nearest weekday', () => {
    expect(nyseHolidayName('2022-06-20')).toBe('Juneteenth National Independence Day');
    expect(nyseHolidayName('2021-07-05')).toBe('Independence Day');
    expect(nyseHolidayName('2021-12-24')).toBe('Christmas Day');
    expect(nyseHolidayName('2025-01-09')).toBe('National Day of Mourning for Jimmy Carter');
    expect(nyseHolidayName('2012-10-29')).toBe('Hurricane Sandy');
  });

  test('computes Easter for known years (Good Friday two days before)', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  test('treats weekends as closed and ordinary weekdays as sessions', () => {
    expect(isNyseSession('2025-08-16')).toBe(false);
    expect(isNyseSession('2025-08-17')).toBe(false);
    expect(isNyseSession('2025-08-15')).toBe(true);
  });

  test('finds the last session on or before a date across a holiday weekend', () => {
    expect(sessionOnOrBefore('2025-09-01')).toBe('2025-08-29');
    expect(sessionOnOrBefore('2025-04-20')).toBe('2025-04-17');
    expect(sessionOnOrBefore('2025-08-15')).toBe('2025-08-15');
  });
});

describe('The close time of free quotes', () => {
  test('stamps free quotes at 16:00 ET of the session day, early-close days included, across DST', () => {
    expect(iso(sessionCloseTime('2025-11-28'))).toBe('2025-11-28T21:00:00.000Z');
    expect(iso(sessionCloseTime('2025-08-15'))).toBe('2025-08-15T20:00:00.000Z');
    expect(iso(sessionCloseTime('2025-01-15'))).toBe('2025-01-15T21:00:00.000Z');
  });
});

describe('zoned time', () => {
  test('turns New York wall-clock times into instants on both sides of the DST changes', () => {
    expect(iso(zonedTime('2025-03-07', 17, 0, 'America/New_York'))).toBe('2025-03-07T22:00:00.000Z');
    expect(iso(zonedTime('2025-03-10', 17, 0, 'America/New_York'))).toBe('2025-03-10T21:00:00.000Z');
    expect(iso(zonedTime('2025-10-31', 17, 0, 'America/New_York'))).toBe('2025-10-31T21:00:00.000Z');
    expect(iso(zonedTime('2025-11-03', 17, 0, 'America/New_York'))).toBe('2025-11-03T22:00:00.000Z');
    expect(iso(zonedTime('2025-08-12', 9, 0, 'Asia/Tokyo'))).toBe('2025-08-12T00:00:00.000Z');
  });

  test('reads local dates and adds calendar days across month and year ends', () => {
    expect(zonedDate(Date.parse('2025-08-16T03:30:00Z') / 1000, 'America/New_York')).toBe('2025-08-15');
    expect(zonedDate(Date.parse('2025-08-15T16:00:00Z') / 1000, 'Asia/Tokyo')).toBe('2025-08-16');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});
