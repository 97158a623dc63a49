/**
 * Wall-clock time in a named time zone (IANA, e.g. America/New_York), without a date library: Intl gives
 * the zone's offset at an instant, which turns a local date and time into Unix seconds and back. Used by
 * every market clock: the stock rules (US Eastern), the futures' trading days and daily closes (the
 * exchange's zone) and the NYSE trading calendar.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(seconds: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(seconds * 1000)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in seconds (New York: −14400 in summer, −18000 in winter). */
export function zoneOffsetSeconds(seconds: number, timeZone: string): number {
  const w = wallClock(Math.floor(seconds), timeZone);
  return (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(seconds) * 1000) / 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of an instant (Unix seconds) in the zone. */
export function zonedDate(seconds: number, timeZone: string): string {
  const w = wallClock(Math.floor(seconds), timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Minutes since local midnight of an instant in the zone. */
export function zonedMinuteOfDay(seconds: number, timeZone: string): number {
  const w = wallClock(Math.floor(seconds), timeZone);
  return w.hour * 60 + w.minute;
}

/**
 * Unix seconds of a local date and time in the zone (`hour` may be 24 or more: the next days).
 * Times that do not exist or repeat at a DST change are not used by the market rules (they sit at 02:00).
 */
export function zonedTime(date: string, hour: number, minute: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, hour, minute) / 1000;
  // the offset at the guess, then once more at the corrected instant (settles across a DST change)
  const first = asUtc - zoneOffsetSeconds(asUtc, timeZone);
  return asUtc - zoneOffsetSeconds(first, timeZone);
}
