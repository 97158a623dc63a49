import { zonedDate, zonedMinuteOfDay, zoneOffsetSeconds, zonedTime } from '../../lib/time/zoned';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceDataDir } from '../../lib/reference/referenceData';
import { TABLE_ZONES, tableOffsetSeconds, ZONE_TABLE_FILE, type ZoneTable } from '../../lib/time/zoneTable';
import { recordingsDir } from '../support/fakeUpstream';

const formats = new Map<string, Intl.DateTimeFormat>();
const format = (timeZone: string) =>
  formats.get(timeZone) ??
  formats
    .set(timeZone, new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }))
    .get(timeZone)!;

/** The reference: the zone's wall clock and offset as Intl.DateTimeFormat gives them, for each instant read alone. */
function intlWallClock(seconds: number, timeZone: string) {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(new Date(seconds * 1000))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const offset = (Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - seconds * 1000) / 1000;
  return { ...parts, offset };
}

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Sydney',
  'Australia/Lord_Howe', // half-hour DST
  'America/St_Johns', // −3:30
  'Pacific/Chatham', // +12:45 / +13:45
  'America/Sao_Paulo', // DST until 2019
  'Africa/Casablanca', // DST suspended during Ramadan: changes weeks apart
  'Asia/Tehran',
];
const FROM = Date.UTC(2000, 0, 1) / 1000;
const TO = Date.UTC(2031, 0, 1) / 1000;
const STEP = 12 * 3600;

describe('zoneOffsetSeconds', () => {
  test.each(ZONES)('equals Intl every 12 hours from 2000 to 2030, and at each offset change to the second, in %s', (zone) => {
    // Prepare: the changes, found with Intl
    const changes: number[] = [];
    let previous = intlWallClock(FROM, zone).offset;
    const mismatches: string[] = [];

    // Act / Assess
    for (let t = FROM; t < TO; t += STEP) {
      const truth = intlWallClock(t, zone).offset;
      if (zoneOffsetSeconds(t, zone) !== truth) mismatches.push(`${new Date(t * 1000).toISOString()}: ${zoneOffsetSeconds(t, zone)} ≠ ${truth}`);
      if (truth !== previous) {
        let low = t - STEP;
        let high = t;
        while (high - low > 1) {
          const middle = Math.floor((low + high) / 2);
          if (intlWallClock(middle, zone).offset === previous) low = middle;
          else high = middle;
        }
        changes.push(high);
      }
      previous = truth;
    }
    for (const change of changes) {
      for (const t of [change - 1, change, change + 1]) {
        const truth = intlWallClock(t, zone).offset;
        if (zoneOffsetSeconds(t, zone) !== truth) mismatches.push(`${new Date(t * 1000).toISOString()}: ${zoneOffsetSeconds(t, zone)} ≠ ${truth}`);
      }
    }
    expect(mismatches).toEqual([]);
    if (!['Asia/Tokyo', 'Asia/Kolkata'].includes(zone)) expect(changes.length).toBeGreaterThan(0);
  });
});

describe('zoned wall clock', () => {
  const instants = Array.from({ length: 400 }, (_, i) => FROM + i * 2_333_333 + (i % 7) * 997);

  test.each(['America/New_York', 'Asia/Tokyo', 'Australia/Lord_Howe', 'America/St_Johns'])('zonedDate and zonedMinuteOfDay equal Intl in %s', (zone) => {
    // Act / Assess
    for (const t of instants) {
      const w = intlWallClock(t, zone);
      expect(zonedDate(t, zone)).toBe(`${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`);
      expect(zonedMinuteOfDay(t, zone)).toBe(w.hour * 60 + w.minute);
    }
  });

  test.each(['America/New_York', 'Europe/London', 'Pacific/Chatham'])('zonedTime gives the instant whose wall clock is the local time asked for, in %s', (zone) => {
    // Act / Assess: every day of 2024 (both DST changes) at 00:00, 12:00 and 17:00
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
      for (const [hour, minute] of [[0, 0], [12, 0], [17, 0]] as const) {
        const w = intlWallClock(zonedTime(date, hour, minute, zone), zone);
        expect([`${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`, w.hour, w.minute]).toEqual([date, hour, minute]);
      }
    }
  });
});

describe("the exchanges' zone table (written by the reference-data import)", () => {
  const DAY = 86_400;
  const TABLE_FROM = Date.UTC(1970, 0, 1) / 1000;
  const TABLE_UNTIL = Date.UTC(2061, 0, 1) / 1000;
  const table = JSON.parse(readFileSync(join(referenceDataDir(), ZONE_TABLE_FILE), 'utf8')) as ZoneTable;

  test.each([...TABLE_ZONES])('equals Intl at every day and at each offset change (to the second) from 1970 to 2060 in %s', (zone) => {
    // Prepare
    const mismatches: string[] = [];
    const check = (t: number) => {
      const fromTable = tableOffsetSeconds(t, zone);
      const truth = intlWallClock(t, zone).offset;
      if (fromTable !== truth) mismatches.push(`${new Date(t * 1000).toISOString()}: ${fromTable} ≠ ${truth}`);
    };
    let previous = intlWallClock(TABLE_FROM, zone).offset;
    let changes = 0;

    // Act / Assess: day by day, and around every change Intl shows
    for (let t = TABLE_FROM; t < TABLE_UNTIL; t += DAY) {
      check(t);
      const next = intlWallClock(t + DAY, zone).offset;
      if (next === previous) continue;
      let low = t;
      let high = t + DAY;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (intlWallClock(middle, zone).offset === previous) low = middle;
        else high = middle;
      }
      for (const around of [high - 1, high, high + 1]) check(around);
      changes += 1;
      previous = next;
    }
    expect(mismatches).toEqual([]);
    expect((table.zones[zone]!.length - 1) / 2).toBe(changes);
    expect([table.from, table.until]).toEqual([TABLE_FROM, TABLE_UNTIL]);
  });

  test('leaves other zones and other years to Intl, which zoneOffsetSeconds then answers with', () => {
    // Prepare
    const beforeTable = Date.UTC(1969, 6, 1) / 1000;
    const afterTable = Date.UTC(2070, 6, 1) / 1000;

    // Act / Assess
    expect(tableOffsetSeconds(Date.UTC(2024, 6, 1) / 1000, 'Australia/Lord_Howe')).toBeUndefined();
    expect(tableOffsetSeconds(beforeTable, 'America/New_York')).toBeUndefined();
    expect(tableOffsetSeconds(afterTable, 'America/New_York')).toBeUndefined();
    expect(zoneOffsetSeconds(beforeTable, 'America/New_York')).toBe(intlWallClock(beforeTable, 'America/New_York').offset);
    expect(zoneOffsetSeconds(afterTable, 'America/New_York')).toBe(-14_400);
  });
});

describe('zone offsets against the exchanges\' offsets in the real Yahoo chart recordings (RECORDINGS_DIR/yahoo, 2025-02/03)', () => {
  /** Each recording's exchange zone and the offset Yahoo gives for its pre, regular and post trading periods. */
  const periods = readdirSync(join(recordingsDir(), 'yahoo'))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const meta = JSON.parse(readFileSync(join(recordingsDir(), 'yahoo', file), 'utf8')).chart?.result?.[0]?.meta;
      const trading = meta?.currentTradingPeriod as Record<string, { start: number; gmtoffset: number }> | undefined;
      if (!meta?.exchangeTimezoneName || !trading) return [];
      return Object.entries(trading).map(([period, { start, gmtoffset }]) => ({ file, zone: meta.exchangeTimezoneName as string, period, start, gmtoffset }));
    });

  test('every trading period\'s offset equals zoneOffsetSeconds at its start, from the table for the table\'s zones', () => {
    // Act
    const mismatches = periods
      .filter(({ start, gmtoffset, zone }) => zoneOffsetSeconds(start, zone) !== gmtoffset)
      .map(({ file, period, zone, gmtoffset, start }) => `${file} ${period}: ${zone} ${zoneOffsetSeconds(start, zone)} ≠ Yahoo ${gmtoffset}`);

    // Assess: 43 recordings, 8 zones, winter and summer time (AAPL of 2025-03-24 in EDT)
    expect(periods.length).toBeGreaterThan(100);
    expect(new Set(periods.map((p) => p.zone)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(periods.filter((p) => p.zone === 'America/New_York').map((p) => p.gmtoffset))).toEqual(new Set([-18000, -14400]));
    expect(periods.every((p) => tableOffsetSeconds(p.start, p.zone) !== undefined)).toBe(true);
    expect(mismatches).toEqual([]);
  });
});
