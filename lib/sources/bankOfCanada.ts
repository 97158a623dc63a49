/**
 * Bank of Canada Valet (SOURCES.md §6): `/valet/observations/{series}/json?start_date=…&end_date=…` →
 * `{"observations": [{"d": "2025-10-29", "V80691311": {"v": "4.45"}}, …]}` (values are strings).
 * Series: CORRA = `AVG.INTWO`; chartered-bank prime business rate = `V80691311` (weekly, Wednesdays).
 * An unknown series is a 404 with `{"message": "Series … not found."}`.
 */
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, type HttpClientOptions } from './http';

export function parseValetObservations(body: unknown, series: string): RateObservation[] {
  const observations = (body as { observations?: unknown } | null)?.observations;
  if (!Array.isArray(observations)) throw new RatePayloadError('no observations array');
  return observations.flatMap((o: unknown, i) => {
    const entry = (o ?? {}) as Record<string, unknown>;
    const value = (entry[series] as { v?: unknown } | undefined)?.v;
    if (value === undefined || value === null || value === '') return [];
    const where = `Valet ${series} observation ${i}`;
    return [{ date: calendarDate(entry.d, where), rate_pct: ratePercent(value, where) }];
  });
}

export interface BankOfCanadaClient {
  observations(series: string, from: string, to: string): Promise<RateObservation[]>;
}

export function bankOfCanadaClient(options: Partial<HttpClientOptions> = {}): BankOfCanadaClient {
  const http = createHttpClient({ baseUrl: process.env.BANK_OF_CANADA_BASE_URL ?? 'https://www.bankofcanada.ca', timeoutMs: 15_000, backoffMs: 500, ...options });
  return {
    observations: (series, from, to) =>
      http.getJson(`/valet/observations/${encodeURIComponent(series)}/json`, { start_date: from, end_date: to }, (body) => parseValetObservations(body, series)),
  };
}
