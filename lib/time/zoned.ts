/**
 * Wall-clock time in a named time zone (IANA, e.g. America/New_York), without a date library: Intl gives
 * the zone's offset at an instant, which turns a local date and time into Unix seconds and back. Used by
 * every market clock: the stock rules (US Eastern), the futures' trading days and daily closes (the
 * exchange's zone) and the NYSE trading calendar.
 *
 * Offsets are kept per zone and UTC day, with the instant the offset changes on the days it does (a zone
 * changes its offset at most once a day): a series of bars costs two Intl reads per day it spans the first
 * time and none after, where reading every instant cost three reads per daily bar (/v1/oilpricehistorical:
 * ~1 ms of each warm call for 57 bars; npm run bench, warm overhead). The first Intl formatter of a process
 * costs ~12 ms of ICU set-up (npm run bench), so the exchanges' zones are read from a table the import step
 * writes (zoneTable.ts) and Intl answers only for other zones and years.
 */

import { utcDate } from './calendarDate';
import { tableOffsetSeconds } from './zoneTable';

const DAY_SECONDS = 86_400;
/** days kept per process, over all zones (~30 years of one zone; then it starts again) */
const MAX_DAYS = 12_000;

/** A UTC day of a zone: its offset (seconds) at the start of the day and, when it changes that day, from when. */
interface ZoneDay {
  offset: number;
  change?: { at: number; offset: number };
}

/** zone → UTC day number → its ZoneDay */
const zones = new Map<string, Map<number, ZoneDay>>();
let daysKept = 0;

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

/** The zone's offset at an instant (whole seconds), as Intl gives it (also what the zone table is written from). */
export function readOffset(seconds: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(new Date(seconds * 1000))) parts[type] = Number(value);
  return (Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - seconds * 1000) / 1000;
}

function readDay(day: number, timeZone: string): ZoneDay {
  const start = day * DAY_SECONDS;
  const offset = readOffset(start, timeZone);
  const last = readOffset(start + DAY_SECONDS - 1, timeZone);
  if (last === offset) return { offset };
  return { offset, change: { at: changeInstant(start, start + DAY_SECONDS - 1, timeZone), offset: last } };
}

/** The first second after `low` (which has the old offset) with the new one, found by halving up to `high` (which has it). */
export function changeInstant(low: number, high: number, timeZone: string): number {
  const offset = readOffset(low, timeZone);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (readOffset(middle, timeZone) === offset) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The zone's offset from UTC at an instant, in seconds (New York: −14400 in summer, −18000 in winter): from the
 * exchanges' zone table when it covers the zone and instant (no Intl, zoneTable.ts), else from Intl.
 */
export function zoneOffsetSeconds(seconds: number, timeZone: string): number {
  const s = Math.floor(seconds);
  const fromTable = tableOffsetSeconds(s, timeZone);
  if (fromTable !== undefined) return fromTable;
  const day = Math.floor(s / DAY_SECONDS);
  let days = zones.get(timeZone);
  let zoneDay = days?.get(day);
  if (!zoneDay) {
    zoneDay = readDay(day, timeZone);
    if (daysKept >= MAX_DAYS) {
      zones.clear();
      daysKept = 0;
      days = undefined;
    }
    if (!days) zones.set(timeZone, (days = new Map()));
    days.set(day, zoneDay);
    daysKept += 1;
  }
  return zoneDay.change && s >= zoneDay.change.at ? zoneDay.change.offset : zoneDay.offset;
}

/** The local date and time of an instant in the zone, as the UTC fields of a Date. */
function wallClock(seconds: number, timeZone: string): Date {
  const s = Math.floor(seconds);
  return new Date((s + zoneOffsetSeconds(s, timeZone)) * 1000);
}

/** YYYY-MM-DD of an instant (Unix seconds) in the zone. */
export function zonedDate(seconds: number, timeZone: string): string {
  return utcDate(wallClock(seconds, timeZone));
}

/** Minutes since local midnight of an instant in the zone. */
export function zonedMinuteOfDay(seconds: number, timeZone: string): number {
  const w = wallClock(seconds, timeZone);
  return w.getUTCHours() * 60 + w.getUTCMinutes();
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
