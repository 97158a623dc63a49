import { COMMODITIES, type Exchange } from '../../lib/commodities/catalog';

/**
 * Yahoo chart API v8 payloads (the real response layout, SOURCES.md §2) for futures, with synthetic
 * values: used by the commodity tests (timestamps relative to the test's clock) and by
 * test/fixtures/yahoo-futures/generate.ts (the recordings for the seed).
 */
export interface SyntheticBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
}

export const YAHOO_EXCHANGE: Record<Exchange, { exchangeName: string; fullExchangeName: string; timeZone: string }> = {
  CME: { exchangeName: 'CME', fullExchangeName: 'Chicago Mercantile Exchange', timeZone: 'America/Chicago' },
  CBOT: { exchangeName: 'CBT', fullExchangeName: 'CBOT', timeZone: 'America/Chicago' },
  NYMEX: { exchangeName: 'NYM', fullExchangeName: 'NY Mercantile', timeZone: 'America/New_York' },
  COMEX: { exchangeName: 'CMX', fullExchangeName: 'COMEX', timeZone: 'America/New_York' },
  ICE: { exchangeName: 'NYB', fullExchangeName: 'ICE Futures', timeZone: 'America/New_York' },
};

/** Plausible late-2026 front-month prices in each contract's quotation unit (synthetic). */
export const BASE_PRICE: Record<string, number> = {
  GC: 4052.3, PL: 1548.6, SIL: 50.42, HE: 82.15, ZC: 435.25, ZO: 309.5, SI: 50.41, ZS: 1121.75, LBR: 561.5, LE: 214.875,
  NG: 4.215, CL: 62.48, OJ: 241.3, KC: 389.65, CT: 66.12, HG: 5.0485, MGC: 4052.4, GF: 319.8, ZR: 11.215, PA: 1402.5,
  CC: 5893, RB: 1.9214, HO: 2.3518, ZL: 51.06, ZW: 539.5, ALI: 2748.5, ZM: 321.4, SB: 15.21, BZ: 66.31, DC: 17.52,
};

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedOf = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

/** A random walk of `times.length` bars, scaled so that the last close is `lastClose`. */
export function syntheticBars(key: string, times: readonly number[], lastClose: number, volatility: number, volume: number): SyntheticBar[] {
  const next = random(seedOf(key));
  const decimals = lastClose < 10 ? 4 : 2;
  const round = (v: number) => Number(v.toFixed(decimals));
  let price = 1;
  const walk = times.map((time) => {
    const open = price;
    const close = open * (1 + volatility * 2 * (next() - 0.5));
    const high = Math.max(open, close) * (1 + volatility * next() * 0.5);
    const low = Math.min(open, close) * (1 - volatility * next() * 0.5);
    price = close;
    return { time, open, high, low, close, volume: Math.round(volume * (0.5 + next())) };
  });
  const scale = lastClose / price;
  return walk.map((b, i) => ({
    ...b,
    open: round(b.open * scale),
    high: round(b.high * scale),
    low: round(b.low * scale),
    close: i === walk.length - 1 ? lastClose : round(b.close * scale),
  }));
}

export function contractName(root: string, year: number, month: number): string {
  const commodity = COMMODITIES.find((c) => c.root === root);
  const product = (commodity?.displayName ?? root).replace(/ Futures$/, '');
  return `${product} ${MONTH_NAMES[month - 1]} ${String(year % 100).padStart(2, '0')}`;
}

export interface ChartSpec {
  symbol: string;
  exchange: Exchange;
  shortName: string;
  granularity: string;
  bars: readonly SyntheticBar[];
  /** "now" of the answer (default: the last bar's time + 60) */
  regularMarketTime?: number;
  regularMarketPrice?: number;
  chartPreviousClose?: number;
  /** intraday answers carry previousClose */
  previousClose?: number;
  range?: string;
}

function offsetSeconds(unixSeconds: number, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const p = Object.fromEntries(f.formatToParts(new Date(unixSeconds * 1000)).map((x) => [x.type, x.value]));
  return Math.round(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) / 1000 - unixSeconds);
}

/** The chart response body exactly as Yahoo lays it out. */
export function chartPayload(spec: ChartSpec): unknown {
  const { exchangeName, fullExchangeName, timeZone } = YAHOO_EXCHANGE[spec.exchange];
  const last = spec.bars[spec.bars.length - 1];
  const time = spec.regularMarketTime ?? (last ? last.time + 60 : 0);
  const gmtoffset = offsetSeconds(time, timeZone);
  const dayStart = Math.floor((time + gmtoffset) / 86_400) * 86_400 - gmtoffset;
  const today = spec.bars.filter((b) => b.time >= dayStart);
  const period = (start: number, end: number) => ({ timezone: gmtoffset === -18000 ? 'EST' : gmtoffset === -21600 ? 'CST' : 'EDT', start, end, gmtoffset });
  const meta: Record<string, unknown> = {
    currency: 'USD',
    symbol: spec.symbol,
    exchangeName,
    fullExchangeName,
    instrumentType: 'FUTURE',
    firstTradeDate: 967608000,
    regularMarketTime: time,
    hasPrePostMarketData: false,
    gmtoffset,
    timezone: period(0, 0).timezone,
    exchangeTimezoneName: timeZone,
    regularMarketPrice: spec.regularMarketPrice ?? last?.close ?? 0,
    fiftyTwoWeekHigh: Number((Math.max(...spec.bars.map((b) => b.high), 0) * 1.12).toFixed(2)),
    fiftyTwoWeekLow: Number((Math.min(...spec.bars.map((b) => b.low)) * 0.81).toFixed(2)),
    regularMarketDayHigh: today.length ? Math.max(...today.map((b) => b.high)) : (last?.high ?? 0),
    regularMarketDayLow: today.length ? Math.min(...today.map((b) => b.low)) : (last?.low ?? 0),
    regularMarketVolume: today.reduce((n, b) => n + (b.volume ?? 0), 0),
    shortName: spec.shortName,
    chartPreviousClose: spec.chartPreviousClose ?? spec.bars[0]?.open ?? 0,
    ...(spec.previousClose !== undefined ? { previousClose: spec.previousClose, scale: 3 } : {}),
    priceHint: 2,
    currentTradingPeriod: {
      pre: period(dayStart, dayStart),
      regular: period(dayStart, dayStart + 86_340),
      post: period(dayStart + 86_340, dayStart + 86_340),
    },
    dataGranularity: spec.granularity,
    range: spec.range ?? '',
    validRanges: ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'],
  };
  const result: Record<string, unknown> = { meta };
  if (spec.bars.length > 0) {
    result.timestamp = spec.bars.map((b) => b.time);
    const quote = {
      open: spec.bars.map((b) => b.open),
      high: spec.bars.map((b) => b.high),
      low: spec.bars.map((b) => b.low),
      close: spec.bars.map((b) => b.close),
      volume: spec.bars.map((b) => b.volume),
    };
    result.indicators = spec.granularity === '1d' ? { quote: [quote], adjclose: [{ adjclose: quote.close }] } : { quote: [quote] };
  } else {
    result.indicators = { quote: [{}] };
  }
  return { chart: { result: [result], error: null } };
}

/** Weekday trading dates (YYYY-MM-DD) up to and including `lastDate`, `count` of them, oldest first. */
export function tradingDates(lastDate: string, count: number): string[] {
  const dates: string[] = [];
  const day = new Date(`${lastDate}T00:00:00Z`);
  while (dates.length < count) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.unshift(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  return dates;
}

/** 00:00 of a date in a time zone, Unix seconds (Yahoo's daily bar stamp for futures). */
export function midnightIn(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) / 1000;
  return wall - offsetSeconds(wall - offsetSeconds(wall, timeZone), timeZone);
}
