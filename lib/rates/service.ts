/**
 * What the three rate endpoints answer, built from the stored history (interest rates) or the imported
 * fixings (LIBOR). History points: `{timestamp, date, rate_pct}` (LIBOR: `{timestamp, rate_pct}`), oldest
 * first, paged by lib/rates/paging.
 */
import { DataUnavailableError } from '../http/errors';
import { sampleMark } from '../http/sample';
import { rateInfo, type RateId } from './catalogue';
import { liborName, liborRange, type LiborSeries } from './libor';
import { historyPage } from './paging';
import { dayOf, rateSeries } from './store';

/** MM-DD-YYYY (spec 2.8 last_updated) of YYYY-MM-DD. */
export const monthDayYear = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}-${date.slice(0, 4)}`;

const notIngested = (rate: RateId) =>
  new DataUnavailableError(`The rate '${rate}' has not been ingested yet; it is refreshed hourly from its publisher.`);

export async function currentRate(rate: RateId, now: Date) {
  const newest = await rateSeries.newest(rate, '1d', now);
  if (!newest) throw notIngested(rate);
  const info = rateInfo(rate);
  return {
    rate_name: info.name,
    rate_pct: newest.value.rate_pct,
    last_updated: monthDayYear(dayOf(newest.value.time)),
    ...(info.rateType !== undefined ? { rate_type: info.rateType } : {}),
    ...(info.source !== undefined ? { source: info.source } : {}),
    ...sampleMark(newest),
  };
}

export interface HistoryRequest {
  from?: number;
  to?: number;
  page?: string;
}

export async function rateHistoryPage(rate: RateId, request: HistoryRequest, now: Date) {
  if (!(await rateSeries.newest(rate, '1d', now))) throw notIngested(rate);
  const page = await historyPage({ series: rate, ...request, now }, async (from, to, limit) =>
    (await rateSeries.query(rate, '1d', { from, to, limit, order: 'oldest' }, now)).map((stored) => ({ time: stored.value.time, stored })),
  );
  return {
    name: rateInfo(rate).name,
    data: page.data.map(({ time, stored }) => ({ timestamp: time, date: dayOf(time), rate_pct: stored.value.rate_pct, ...sampleMark(stored) })),
    next: page.next,
    ...sampleMark(...page.data.map(({ stored }) => stored)),
  };
}

export async function liborHistoryPage(libor: LiborSeries, request: HistoryRequest, now: Date) {
  const page = await historyPage({ series: `libor:${libor.tenor}`, ...request, now }, (from, to, limit) => liborRange(libor, from, to, limit));
  return {
    name: liborName(libor.tenor),
    data: page.data.map(({ time, rate_pct }) => ({ timestamp: time, rate_pct })),
    next: page.next,
    source: libor.source,
    licence: libor.licence,
  };
}
