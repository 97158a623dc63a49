/**
 * South African Reserve Bank web indicators (SOURCES.md §6): `/SarbWebApi/WebIndicators/HomePageRates` →
 * a JSON array of `{SectionId, SectionName, Name, TimeseriesCode, Value (number), UpDown, Date}`. Only the
 * current values are published, so history starts when collection began. The row is matched on `Name`
 * ("Prime lending rate"); `Date` is the observation date (ISO, possibly with a time).
 */
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, type HttpClientOptions } from './http';


export function parseSarbPrime(body: unknown): RateObservation {
  if (!Array.isArray(body)) throw new RatePayloadError('HomePageRates is not an array');
  const row = body.find((r: unknown) => /^prime lending rate$/i.test(String((r as { Name?: unknown } | null)?.Name ?? '').trim())) as
    | { Value?: unknown; Date?: unknown }
    | undefined;
  if (!row) throw new RatePayloadError('no "Prime lending rate" row');
  return { date: calendarDate(typeof row.Date === 'string' ? row.Date.slice(0, 10) : row.Date, 'SARB prime row'), rate_pct: ratePercent(row.Value, 'SARB prime row') };
}

export interface SarbClient {
  prime(): Promise<RateObservation>;
}

export function sarbClient(options: Partial<HttpClientOptions> = {}): SarbClient {
  const http = createHttpClient({
    baseUrl: process.env.SARB_BASE_URL ?? 'https://custom.resbank.co.za',
    timeoutMs: 15_000,
    backoffMs: 500,
    headers: { 'User-Agent': process.env.UPSTREAM_USER_AGENT ?? 'data-query-service/0.1 (rates ingestion)' },
    ...options,
  });
  return { prime: () => http.getJson('/SarbWebApi/WebIndicators/HomePageRates', {}, parseSarbPrime) };
}
