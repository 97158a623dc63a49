import { longestGapMs, nextRun, parseSchedule, ScheduleExpressionError } from '../../lib/ingest/schedule';
import { thrown } from '../support/thrown';

const next = (expression: string, after: string) => nextRun(parseSchedule(expression), new Date(after))?.toISOString();

describe('EventBridge schedule expressions', () => {
  it('runs a rate schedule one interval after the previous run', () => {
    // Prepare / Act / Assess
    expect(next('rate(1 minute)', '2026-03-02T10:00:30Z')).toBe('2026-03-02T10:01:30.000Z');
    expect(next('rate(15 minutes)', '2026-03-02T10:00:00Z')).toBe('2026-03-02T10:15:00.000Z');
    expect(next('rate(6 hours)', '2026-03-02T10:00:00Z')).toBe('2026-03-02T16:00:00.000Z');
    expect(next('rate(1 day)', '2026-03-02T10:00:00Z')).toBe('2026-03-03T10:00:00.000Z');
  });

  it('rejects a rate whose unit does not agree with its count, as EventBridge does', () => {
    expect(thrown(ScheduleExpressionError, () => parseSchedule('rate(1 minutes)')).message).toMatch(/bad rate/);
    expect(thrown(ScheduleExpressionError, () => parseSchedule('rate(5 minute)')).message).toMatch(/bad rate/);
    expect(thrown(ScheduleExpressionError, () => parseSchedule('rate(0 minutes)')).message).toMatch(/bad rate/);
  });

  it('fires a cron schedule at the next matching UTC minute, strictly after the given time', () => {
    expect(next('cron(0/15 * * * ? *)', '2026-03-02T10:07:10Z')).toBe('2026-03-02T10:15:00.000Z');
    expect(next('cron(0/15 * * * ? *)', '2026-03-02T10:15:00Z')).toBe('2026-03-02T10:30:00.000Z');
    expect(next('cron(5 22 * * ? *)', '2026-03-02T22:05:00Z')).toBe('2026-03-03T22:05:00.000Z');
  });

  it('reads weekday names and numbers (1 = Sunday) and skips to the next weekday', () => {
    // 2026-03-06 is a Friday
    expect(next('cron(0 21 ? * MON-FRI *)', '2026-03-06T21:00:00Z')).toBe('2026-03-09T21:00:00.000Z');
    expect(next('cron(0 21 ? * 2-6 *)', '2026-03-06T21:00:00Z')).toBe('2026-03-09T21:00:00.000Z');
    expect(next('cron(30 9 ? * SUN *)', '2026-03-06T00:00:00Z')).toBe('2026-03-08T09:30:00.000Z');
  });

  it('handles lists, ranges, month names, days of the month and years', () => {
    expect(next('cron(0 8,20 * * ? *)', '2026-03-02T09:00:00Z')).toBe('2026-03-02T20:00:00.000Z');
    expect(next('cron(0 0 1 JAN,JUL ? *)', '2026-03-02T00:00:00Z')).toBe('2026-07-01T00:00:00.000Z');
    expect(next('cron(0 12 31 * ? *)', '2026-04-01T00:00:00Z')).toBe('2026-05-31T12:00:00.000Z');
    expect(next('cron(0 0 1 1 ? 2027)', '2026-03-02T00:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
    expect(next('cron(0 0 1 1 ? 2025)', '2026-03-02T00:00:00Z')).toBeUndefined();
  });

  it('rejects malformed cron expressions with a reason', () => {
    expect(thrown(ScheduleExpressionError, () => parseSchedule('cron(0 21 * * MON-FRI *)')).message).toMatch(/exactly one/);
    expect(thrown(ScheduleExpressionError, () => parseSchedule('cron(0 21 ? * MON-FRI)')).message).toMatch(/6 fields/);
    expect(thrown(ScheduleExpressionError, () => parseSchedule('cron(61 * * * ? *)')).message).toMatch(/outside 0-59/);
    expect(thrown(ScheduleExpressionError, () => parseSchedule('cron(0/0 * * * ? *)')).message).toMatch(/bad step/);
    expect(thrown(ScheduleExpressionError, () => parseSchedule('every minute')).message).toMatch(/neither/);
  });
});

describe('longestGapMs', () => {
  const hours = (ms: number) => ms / 3_600_000;

  it('is the interval of a rate, and the weekend of a weekday cron', () => {
    expect(hours(longestGapMs(['rate(1 hour)']))).toBe(1);
    // Friday 23:55 to Monday 00:00
    expect(hours(longestGapMs(['cron(0/5 * ? * MON-FRI *)']))).toBe(48 + 5 / 60);
  });

  it('takes the schedules together: a daily job fills the weekend of a weekday one', () => {
    // weekdays every 5 minutes, and every day at 11:30: Saturday 11:30 to Sunday 11:30 is the longest gap
    expect(hours(longestGapMs(['cron(0/5 * ? * MON-FRI *)', 'cron(30 11 * * ? *)']))).toBe(24);
    expect(hours(longestGapMs(['rate(1 minute)', 'rate(6 hours)']))).toBe(1 / 60);
  });

  it('refuses schedules that do not run twice in two weeks', () => {
    expect(thrown(ScheduleExpressionError, () => longestGapMs(['cron(0 0 1 1 ? 2025)'])).message).toMatch(/do not run twice/);
  });
});

