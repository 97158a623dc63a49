/**
 * EventBridge schedule expressions, read the way EventBridge reads them, so that `npm start` runs the
 * ingestion jobs on the schedules the deployed rules use:
 *
 * - `rate(<n> minute|minutes|hour|hours|day|days)`
 * - `cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>)`, in UTC; each field takes `*`,
 *   numbers, ranges `a-b`, steps `a/n` and `*\/n`, and lists; month names JAN–DEC, weekday names SUN–SAT
 *   (1 = SUN … 7 = SAT); one of day-of-month and day-of-week is `?`. (`L`, `W` and `#` are not supported.)
 */

export class ScheduleExpressionError extends Error {
  override readonly name = 'ScheduleExpressionError';
}

export type Schedule = { kind: 'rate'; everyMs: number } | { kind: 'cron'; fields: CronFields };

interface CronFields {
  minutes: Set<number>;
  hours: Set<number>;
  daysOfMonth: Set<number> | 'any';
  months: Set<number>;
  daysOfWeek: Set<number> | 'any';
  years: Set<number> | 'any';
}

const RATE_UNITS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function parseField(text: string, min: number, max: number, names: string[] = [], nameBase = 1): Set<number> {
  const valueOf = (token: string): number => {
    const named = names.indexOf(token.toUpperCase());
    const value = named >= 0 ? named + nameBase : /^\d+$/.test(token) ? Number(token) : NaN;
    if (!(value >= min && value <= max)) throw new ScheduleExpressionError(`'${token}' is outside ${min}-${max}`);
    return value;
  };
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new ScheduleExpressionError(`bad step in '${part}'`);
    let low: number;
    let high: number;
    if (range === '*') [low, high] = [min, max];
    else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      [low, high] = [valueOf(a), valueOf(b)];
    } else {
      low = valueOf(range);
      high = stepText === undefined ? low : max;
    }
    if (low > high) throw new ScheduleExpressionError(`empty range '${part}'`);
    for (let v = low; v <= high; v += step) values.add(v);
  }
  return values;
}

export function parseSchedule(expression: string): Schedule {
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (rate) {
    const count = Number(rate[1]);
    const unit = rate[2]!.replace(/s$/, '');
    if (count < 1 || (count === 1) !== (unit === rate[2])) throw new ScheduleExpressionError(`bad rate '${expression}'`);
    return { kind: 'rate', everyMs: count * RATE_UNITS[unit]! };
  }
  const cron = /^cron\((.+)\)$/.exec(expression.trim());
  const parts = cron?.[1]!.trim().split(/\s+/);
  if (!parts || parts.length !== 6) throw new ScheduleExpressionError(`'${expression}' is neither rate(...) nor cron(6 fields)`);
  const [minutes, hours, dom, month, dow, year] = parts as [string, string, string, string, string, string];
  if ((dom === '?') === (dow === '?')) throw new ScheduleExpressionError('exactly one of day-of-month and day-of-week must be ?');
  return {
    kind: 'cron',
    fields: {
      minutes: parseField(minutes, 0, 59),
      hours: parseField(hours, 0, 23),
      daysOfMonth: dom === '?' ? 'any' : parseField(dom, 1, 31),
      months: parseField(month, 1, 12, MONTHS),
      daysOfWeek: dow === '?' ? 'any' : parseField(dow, 1, 7, WEEKDAYS),
      years: year === '*' ? 'any' : parseField(year, 1970, 2199),
    },
  };
}

const DAY_MS = 86_400_000;

function dayMatches(fields: CronFields, day: Date): boolean {
  return (
    (fields.years === 'any' || fields.years.has(day.getUTCFullYear())) &&
    fields.months.has(day.getUTCMonth() + 1) &&
    (fields.daysOfMonth === 'any' || fields.daysOfMonth.has(day.getUTCDate())) &&
    (fields.daysOfWeek === 'any' || fields.daysOfWeek.has(day.getUTCDay() + 1))
  );
}

/** The first time after `after` (strictly) at which the schedule fires; undefined when it never does again. */
export function nextRun(schedule: Schedule, after: Date): Date | undefined {
  if (schedule.kind === 'rate') return new Date(after.getTime() + schedule.everyMs);
  const { fields } = schedule;
  const start = Math.floor(after.getTime() / 60_000) * 60_000 + 60_000;
  const limit = start + 5 * 366 * DAY_MS;
  let dayStart = Math.floor(start / DAY_MS) * DAY_MS;
  for (; dayStart < limit; dayStart += DAY_MS) {
    if (!dayMatches(fields, new Date(dayStart))) continue;
    for (const hour of [...fields.hours].sort((a, b) => a - b)) {
      for (const minute of [...fields.minutes].sort((a, b) => a - b)) {
        const time = dayStart + hour * 3_600_000 + minute * 60_000;
        if (time >= start) return new Date(time);
      }
    }
  }
  return undefined;
}

/**
 * The longest time (ms) between two consecutive runs of any of the schedules together, over two weeks from
 * `from` (every weekday seen twice): how long a family can go without a run of any of its jobs (its stale-data
 * alarm waits a multiple of it).
 */
export function longestGapMs(expressions: readonly string[], from = new Date(Date.UTC(2024, 0, 1))): number {
  const end = from.getTime() + 14 * DAY_MS;
  const times = new Set<number>();
  for (const schedule of expressions.map(parseSchedule)) {
    for (let run = nextRun(schedule, from); run && run.getTime() <= end; run = nextRun(schedule, run)) times.add(run.getTime());
  }
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length < 2) throw new ScheduleExpressionError(`the schedules ${expressions.join(', ')} do not run twice in two weeks`);
  return Math.max(...sorted.slice(1).map((time, i) => time - sorted[i]!));
}
