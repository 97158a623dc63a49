/**
 * Bank of Japan, two publications:
 *
 * - Time-series API (stat-search, since 2026-02-18; SOURCES.md §6): TONA is the uncollateralized overnight
 *   call rate, `db=FM01&code=STRDCLUCON` (daily). `/api/v1/getDataCode?format=json&lang=en&db=…&code=…&startDate=YYYYMM&endDate=YYYYMM`
 *   → `{"STATUS": 200, "MESSAGEID": "M181000I", "RESULTSET": [{"VALUES": {"SURVEY_DATES": [20260105, …], "VALUES": [0.727, null, …]}}]}`.
 *   The API answers HTTP 200 even on errors: `STATUS` ≠ 200 with a `MESSAGE` is a failure; `M181030I` means
 *   "no data in the range" (an empty result). Daily series take YYYYMM bounds. Long answers are paged:
 *   `NEXTPOSITION` (null on the last page) is sent back as `startPosition` for the next page (API manual,
 *   "ページング"); the client follows it, at most BOJ_MAX_PAGES pages.
 * - The short-term prime lending rate is not a stat-search series: the Bank publishes it as the table
 *   "長・短期プライムレート" (`/statistics/dl/loan/prime/prime.htm`). Each row: the date a rate changed (TH),
 *   then the short-term prime rate, most frequent value (first TD), its range, and the long-term prime rate;
 *   `↓` marks "unchanged". We take the most frequent short-term rate on each date it changed.
 */
import { Parser } from 'htmlparser2';
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, type HttpClientOptions } from './http';
import { TONA_SERIES, BOJ_PRIME_PAGE } from '../rates/publishers';


const NO_DATA = 'M181030I';

export function parseBojDataCode(body: unknown): RateObservation[] {
  const b = (body ?? {}) as { STATUS?: unknown; MESSAGEID?: unknown; MESSAGE?: unknown; RESULTSET?: unknown };
  if (b.STATUS !== 200) throw new RatePayloadError(`BoJ API error ${String(b.STATUS)} ${String(b.MESSAGEID ?? '')}: ${String(b.MESSAGE ?? 'no message')}`.slice(0, 300));
  if (b.MESSAGEID === NO_DATA) return [];
  if (!Array.isArray(b.RESULTSET) || b.RESULTSET.length === 0) throw new RatePayloadError('no RESULTSET');
  const values = (b.RESULTSET[0] as { VALUES?: { SURVEY_DATES?: unknown; VALUES?: unknown } }).VALUES;
  const dates = values?.SURVEY_DATES;
  const rates = values?.VALUES;
  if (!Array.isArray(dates) || !Array.isArray(rates) || dates.length !== rates.length) throw new RatePayloadError('SURVEY_DATES and VALUES missing or of different lengths');
  return dates.flatMap((day: unknown, i) => {
    const rate = rates[i];
    if (rate === null || rate === undefined || rate === '') return [];
    const where = `BoJ point ${i}`;
    const text = String(day);
    if (!/^\d{8}$/.test(text)) throw new RatePayloadError(`${where}: '${text}' is not a YYYYMMDD date`);
    return [{ date: calendarDate(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`, where), rate_pct: ratePercent(rate, where) }];
  });
}

/** The `startPosition` of the next page, or null on the last page (`NEXTPOSITION` null or absent). */
export function bojNextPosition(body: unknown): number | null {
  const next = (body as { NEXTPOSITION?: unknown } | null)?.NEXTPOSITION;
  if (next === null || next === undefined || next === '') return null;
  const position = Number(next);
  if (!Number.isSafeInteger(position) || position < 1) throw new RatePayloadError(`NEXTPOSITION '${String(next)}' is not a position`);
  return position;
}

/** Pages one getDataCode answer may take (a daily series since 1985 fits in one; the bound stops a looping cursor). */
export const BOJ_MAX_PAGES = 20;

const ERAS: Record<string, number> = { 令和: 2018, R: 2018, 平成: 1988, H: 1988, 昭和: 1925, S: 1925 };

/** Full-width digits and punctuation to ASCII. */
const halfWidth = (text: string) => text.replace(/[０-９．／]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** A prime-table date cell: `2024年8月19日`, `令和6年8月19日`, `6（2024）年8月19日`, `R6.8.19`, `2024/8/19` → YYYY-MM-DD. */
export function bojTableDate(cell: string): string | undefined {
  const text = halfWidth(cell).replace(/\s+/g, '');
  const monthDay = /(\d{1,2})月(\d{1,2})日/.exec(text);
  const western = /(1[89]\d{2}|20\d{2})/.exec(text);
  const era = /(令和|平成|昭和|[RHS])(\d{1,2}|元)[年.]/.exec(text);
  const dotted = /^(?:(令和|平成|昭和|[RHS])(\d{1,2}|元)|(\d{4}))[./](\d{1,2})[./](\d{1,2})/.exec(text);
  let year: number | undefined;
  let month: string | undefined;
  let day: string | undefined;
  if (dotted) {
    year = dotted[3] ? Number(dotted[3]) : ERAS[dotted[1]!]! + (dotted[2] === '元' ? 1 : Number(dotted[2]));
    month = dotted[4];
    day = dotted[5];
  } else if (monthDay) {
    year = western ? Number(western[1]) : era ? ERAS[era[1]!]! + (era[2] === '元' ? 1 : Number(era[2])) : undefined;
    month = monthDay[1];
    day = monthDay[2];
  }
  if (year === undefined || month === undefined || day === undefined) return undefined;
  try {
    return calendarDate(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`, 'BoJ table');
  } catch {
    return undefined;
  }
}

/** Table rows of an HTML page as cells (tag and text). */
function tableRows(html: string): { tag: 'th' | 'td'; text: string }[][] {
  const rows: { tag: 'th' | 'td'; text: string }[][] = [];
  let row: { tag: 'th' | 'td'; text: string }[] | undefined;
  let cell: { tag: 'th' | 'td'; text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'tr') row = [];
        else if ((name === 'th' || name === 'td') && row) cell = { tag: name, text: '' };
      },
      ontext(text) {
        if (cell) cell.text += text;
      },
      onclosetag(name) {
        if ((name === 'th' || name === 'td') && row && cell) {
          row.push({ ...cell, text: cell.text.replace(/\s+/g, ' ').trim() });
          cell = undefined;
        } else if (name === 'tr' && row) {
          rows.push(row);
          row = undefined;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return rows;
}

/** The short-term prime rate (most frequent) on each date it changed, oldest first. */
export function parseBojPrimeTable(html: string): RateObservation[] {
  const observations: RateObservation[] = [];
  for (const cells of tableRows(html)) {
    const dateCell = cells.find((c) => c.tag === 'th') ?? cells[0];
    const values = cells.filter((c) => c.tag === 'td' && c !== dateCell);
    if (!dateCell || values.length === 0) continue;
    const date = bojTableDate(dateCell.text);
    if (!date) continue;
    const value = halfWidth(values[0]!.text);
    if (value === '' || value.startsWith('↓') || value.includes('不定') || value === '-') continue;
    const number = /^[-+]?\d+(\.\d+)?/.exec(value);
    if (!number) throw new RatePayloadError(`BoJ prime table ${date}: '${value}' is not a rate`);
    observations.push({ date, rate_pct: ratePercent(number[0], `BoJ prime table ${date}`) });
  }
  if (observations.length === 0) throw new RatePayloadError('no prime-rate rows in the BoJ page');
  return observations.sort((a, b) => (a.date < b.date ? -1 : 1));
}

export interface BojClient {
  tona(from: string, to: string): Promise<RateObservation[]>;
  shortTermPrime(): Promise<RateObservation[]>;
}

const yearMonth = (date: string) => date.slice(0, 7).replace('-', '');

export function bojClient(options: Partial<HttpClientOptions> = {}): BojClient {
  const common = { timeoutMs: 20_000, backoffMs: 1000, headers: { 'User-Agent': process.env.UPSTREAM_USER_AGENT ?? 'data-query-service/0.1 (rates ingestion)' }, ...options };
  const stat = createHttpClient({ baseUrl: process.env.BOJ_STAT_BASE_URL ?? 'https://www.stat-search.boj.or.jp', ...common });
  const site = createHttpClient({ baseUrl: process.env.BOJ_SITE_BASE_URL ?? 'https://www.boj.or.jp', ...common });
  return {
    tona: async (from, to) => {
      const query = { format: 'json', lang: 'en', db: TONA_SERIES.db, code: TONA_SERIES.code, startDate: yearMonth(from), endDate: yearMonth(to) };
      const observations: RateObservation[] = [];
      let position: number | null = null;
      for (let page = 1; ; page += 1) {
        const answer: { observations: RateObservation[]; next: number | null } = await stat.getJson('/api/v1/getDataCode', position === null ? query : { ...query, startPosition: position }, (body) => ({
          observations: parseBojDataCode(body),
          next: bojNextPosition(body),
        }));
        observations.push(...answer.observations);
        if (answer.next === null) return observations;
        if ((position !== null && answer.next <= position) || page === BOJ_MAX_PAGES) {
          throw new RatePayloadError(`BoJ paging does not end (NEXTPOSITION ${answer.next} after ${page} pages)`);
        }
        position = answer.next;
      }
    },
    shortTermPrime: () => site.getText(BOJ_PRIME_PAGE, {}, parseBojPrimeTable),
  };
}
