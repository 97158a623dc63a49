import {
  dailyBarState,
  dailyBarsFromRead,
  hasSession,
  isPublished,
  latestDailyTransition,
  publishTime,
  settleDeadline,
  settleFromTime,
  type ListingClock,
  type SourceBar,
} from '../../lib/stocks/dailyBars';
import { zonedTime } from '../../lib/time/zoned';
import { nextRun, parseSchedule } from '../../lib/ingest/schedule';
import { stockJobs } from '../../lib/api/stocks';

/** A clock on New York time: et('2025-08-12', 17, 0) = 17:00 ET on 12 August 2025 (Unix seconds). */
const et = (date: string, hour: number, minute = 0) => zonedTime(date, hour, minute, 'America/New_York');
const utc = (iso: string) => Date.parse(iso) / 1000;

const US: ListingClock = { timeZone: 'America/New_York', openMinute: 9 * 60 + 30 };
const TOKYO: ListingClock = { timeZone: 'Asia/Tokyo', openMinute: 9 * 60 };
const XETRA: ListingClock = { timeZone: 'Europe/Berlin', openMinute: 9 * 60 };

const bar = (time: number, close = 100): SourceBar => ({ time, open: close - 1, high: close + 1, low: close - 2, close, volume: 1_000_000 });

describe('daily bar publication on the US clock', () => {
  const session = '2025-08-12';
  const read = (readAt: number) => dailyBarsFromRead([bar(et(session, 9, 30))], US, readAt);

  test('has no bar for a session in progress: the newest bar is the previous completed session', () => {
    // Prepare: Monday settled, Tuesday trading at 11:00 ET (the source already shows Tuesday's partial row)
    const rows = [bar(et('2025-08-11', 9, 30), 99), bar(et(session, 11, 0), 101)];

    // Act
    const stored = dailyBarsFromRead(rows, US, et(session, 11, 0));

    // Assess
    expect(stored.map((b) => b.session)).toEqual(['2025-08-11']);
    expect(stored[0]!.provisional).toBeUndefined();
  });

  test('still has no bar after the 16:00 close until the clock reaches 17:00', () => {
    expect(read(et(session, 16, 0))).toEqual([]);
    expect(read(et(session, 16, 59) + 59)).toEqual([]);
    expect(dailyBarState(session, et(session, 17) - 1)).toBe('none');
  });

  test('publishes the bar as provisional at 17:00 ET on the session day', () => {
    // Act
    const [published] = read(et(session, 17, 0));

    // Assess
    expect(published).toMatchObject({ session, close: 100, volume: 1_000_000, provisional: true });
    expect(published!.time).toBe(et(session, 9, 30));
  });

  test('keeps a bar re-read the same evening or overnight provisional', () => {
    expect(read(et(session, 17, 15))[0]!.provisional).toBe(true);
    expect(read(et(session, 23, 45))[0]!.provisional).toBe(true);
    expect(read(et('2025-08-13', 3, 59))[0]!.provisional).toBe(true);
  });

  test('settles the bar on a re-read the next morning before 14:00 ET (provisional field omitted)', () => {
    // Act
    const [early] = read(et('2025-08-13', 4, 0));
    const [beforeDeadline] = read(et('2025-08-13', 13, 59));

    // Assess
    expect(early).not.toHaveProperty('provisional');
    expect(beforeDeadline).not.toHaveProperty('provisional');
    expect(settleDeadline(session)).toBe(et('2025-08-13', 14, 0));
  });

  test('settles a bar first read after 14:00 ET the next day at once (a late run or an on-demand read)', () => {
    expect(dailyBarState(session, et('2025-08-13', 14, 1))).toBe('settled');
    expect(read(et('2025-08-13', 15, 0))[0]).not.toHaveProperty('provisional');
    expect(read(et('2025-08-20', 12, 0))[0]).not.toHaveProperty('provisional');
  });

  test('revises the volume of a provisional bar on re-read while OHLC stay as the source gives them', () => {
    // Prepare
    const evening = dailyBarsFromRead([{ ...bar(et(session, 9, 30)), volume: 1_000_000 }], US, et(session, 17, 5));
    const morning = dailyBarsFromRead([{ ...bar(et(session, 9, 30)), volume: 1_040_000 }], US, et('2025-08-13', 6, 0));

    // Assess
    expect(evening[0]).toMatchObject({ volume: 1_000_000, provisional: true });
    expect(morning[0]).toMatchObject({ volume: 1_040_000, close: 100 });
    expect(morning[0]!.time).toBe(evening[0]!.time);
  });

  test('serves a stored bar only from its session\'s 17:00 ET', () => {
    expect(isPublished(session, et(session, 16, 59))).toBe(false);
    expect(isPublished(session, et(session, 17, 0))).toBe(true);
  });

  test('stamps every session at its regular open, also the current session whose row carries the last trade time', () => {
    // Act
    const stored = dailyBarsFromRead([bar(et(session, 16, 0))], US, et(session, 18, 0));

    // Assess
    expect(stored[0]!.time).toBe(et(session, 9, 30));
  });

  test('keeps one bar per session when the source repeats a session (the last row wins)', () => {
    const stored = dailyBarsFromRead([bar(et(session, 9, 30), 100), bar(et(session, 15, 59), 102)], US, et(session, 18, 0));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.close).toBe(102);
  });
});

describe('no session, no bar', () => {
  test('drops a US listing\'s row dated on a weekend', () => {
    const stored = dailyBarsFromRead([bar(et('2025-08-16', 9, 30))], US, et('2025-08-18', 12));
    expect(stored).toEqual([]);
  });

  test('drops a US listing\'s row dated on an NYSE holiday (Independence Day, Good Friday)', () => {
    const rows = [bar(et('2025-07-03', 9, 30)), bar(et('2025-07-04', 9, 30)), bar(et('2025-04-18', 9, 30))];
    const stored = dailyBarsFromRead(rows, US, et('2025-07-07', 12));
    expect(stored.map((b) => b.session)).toEqual(['2025-07-03']);
  });

  test('gives a weekend or holiday no bar of its own: after a holiday weekend the newest bar is the last session before it', () => {
    // Prepare: Friday 29 August, then Labor Day (1 September) — the source has no row for the holiday
    const rows = [bar(et('2025-08-28', 9, 30), 98), bar(et('2025-08-29', 9, 30), 99)];

    // Act
    const stored = dailyBarsFromRead(rows, US, et('2025-09-01', 18));

    // Assess
    expect(stored.at(-1)!.session).toBe('2025-08-29');
    expect(hasSession('2025-09-01', 'America/New_York')).toBe(false);
  });
});

describe('non-US listings follow the same schedule on the US clock', () => {
  test('7203.T: the Tokyo session ends at 02:30 ET, yet its bar appears only at 17:00 ET that day', () => {
    // Prepare: Tokyo session of 12 August, stamped 09:00 JST (00:00 UTC)
    const rows = [bar(zonedTime('2025-08-12', 9, 0, 'Asia/Tokyo'), 2729)];

    // Act
    const atNoon = dailyBarsFromRead(rows, TOKYO, et('2025-08-12', 12));
    const atFive = dailyBarsFromRead(rows, TOKYO, et('2025-08-12', 17));
    const nextMorning = dailyBarsFromRead(rows, TOKYO, et('2025-08-13', 5));

    // Assess
    expect(atNoon).toEqual([]);
    expect(atFive[0]).toMatchObject({ session: '2025-08-12', provisional: true, time: utc('2025-08-12T00:00:00Z') });
    expect(nextMorning[0]).not.toHaveProperty('provisional');
  });

  test('SAP.DE: the XETRA close (11:30 ET) does not publish the bar; 17:00 ET does', () => {
    const rows = [bar(zonedTime('2025-08-12', 9, 0, 'Europe/Berlin'), 244.1)];
    expect(dailyBarsFromRead(rows, XETRA, et('2025-08-12', 16, 59))).toEqual([]);
    expect(dailyBarsFromRead(rows, XETRA, et('2025-08-12', 17))[0]).toMatchObject({ session: '2025-08-12', provisional: true });
  });

  test('a non-US listing trades on a US holiday: its bar is kept and published at 17:00 ET', () => {
    const rows = [bar(zonedTime('2025-07-04', 9, 0, 'Asia/Tokyo'), 2600)];
    expect(dailyBarsFromRead(rows, TOKYO, et('2025-07-04', 17))[0]).toMatchObject({ session: '2025-07-04', provisional: true });
  });

  test('a non-US listing has no weekend sessions', () => {
    expect(dailyBarsFromRead([bar(zonedTime('2025-08-16', 9, 0, 'Asia/Tokyo'))], TOKYO, et('2025-08-18', 12))).toEqual([]);
  });
});

describe('DST change weeks', () => {
  test('publishes at 17:00 ET, 22:00 UTC before and 21:00 UTC after the March change', () => {
    expect(publishTime('2025-03-07')).toBe(utc('2025-03-07T22:00:00Z'));
    expect(publishTime('2025-03-10')).toBe(utc('2025-03-10T21:00:00Z'));
    expect(dailyBarState('2025-03-10', utc('2025-03-10T21:30:00Z'))).toBe('provisional');
    expect(dailyBarState('2025-03-07', utc('2025-03-07T21:30:00Z'))).toBe('none');
  });

  test('publishes at 17:00 ET, 21:00 UTC before and 22:00 UTC after the November change', () => {
    expect(publishTime('2025-10-31')).toBe(utc('2025-10-31T21:00:00Z'));
    expect(publishTime('2025-11-03')).toBe(utc('2025-11-03T22:00:00Z'));
    expect(dailyBarState('2025-11-03', utc('2025-11-03T21:30:00Z'))).toBe('none');
  });

  test('settles Friday\'s bar on the Saturday of the change weekend from 04:00 ET', () => {
    expect(settleFromTime('2025-10-31')).toBe(utc('2025-11-01T08:00:00Z'));
    expect(settleFromTime('2025-03-07')).toBe(utc('2025-03-08T09:00:00Z'));
  });
});

describe('the schedules keep the promise', () => {
  const settleRuns = parseSchedule(stockJobs.stockDailyBarsSettle.schedule);
  const publishRuns = parseSchedule(stockJobs.stockDailyBars.schedule);

  test.each(['2025-01-10', '2025-03-07', '2025-03-10', '2025-07-03', '2025-08-15', '2025-10-31', '2025-11-03', '2025-12-24'])(
    'the first settle run after 04:00 ET the day after the %s session comes before 14:00 ET',
    (session) => {
      // Act
      const run = nextRun(settleRuns, new Date((settleFromTime(session) - 1) * 1000))!;

      // Assess
      expect(run.getTime() / 1000).toBeLessThan(settleDeadline(session));
    },
  );

  test.each(['2025-03-07', '2025-03-10', '2025-08-15', '2025-11-03'])('a 15-minute run publishes the %s bar within 15 minutes of 17:00 ET', (session) => {
    const run = nextRun(publishRuns, new Date((publishTime(session) - 1) * 1000))!;
    expect(run.getTime() / 1000 - publishTime(session)).toBeLessThan(15 * 60);
  });

  test('the data read since the latest 17:00 or 04:00 ET transition are current', () => {
    expect(latestDailyTransition(et('2025-08-12', 17, 30))).toBe(et('2025-08-12', 17));
    expect(latestDailyTransition(et('2025-08-13', 2))).toBe(et('2025-08-12', 17));
    expect(latestDailyTransition(et('2025-08-13', 9))).toBe(et('2025-08-13', 4));
  });
});
