/**
 * Bank Negara Malaysia OpenAPI (SOURCES.md §6): `/public/base-rate` with the mandatory
 * `Accept: application/vnd.BNM.API.v1+json` (and a User-Agent) →
 * `{"data": [{"bank_code": "…", "bank_name": "…", "base_rate": 3.0, "base_lending_rate": 6.65, …}], "meta": {…}}`.
 * BNM lists each bank's base lending rate; the served figure is their median (a single bank's rate would
 * speak for that bank only). Only current values are published, so history starts when collection began.
 */
import { ratePercent, RatePayloadError } from '../rates/observation';
import { createHttpClient, type HttpClientOptions } from './http';


export interface BaseLendingRates {
  /** median base lending rate of the listed banks, % */
  median: number;
  banks: number;
}

export function parseBnmBaseRates(body: unknown): BaseLendingRates {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new RatePayloadError('no data array');
  const rates = data
    .map((bank: unknown, i) => {
      const value = (bank as { base_lending_rate?: unknown } | null)?.base_lending_rate;
      return value === null || value === undefined ? undefined : ratePercent(value, `bank ${i} base_lending_rate`);
    })
    .filter((r): r is number => r !== undefined)
    .sort((a, b) => a - b);
  if (rates.length === 0) throw new RatePayloadError('no bank lists a base lending rate');
  const middle = rates.length >> 1;
  const median = rates.length % 2 === 1 ? rates[middle]! : (rates[middle - 1]! + rates[middle]!) / 2;
  return { median: Math.round(median * 10_000) / 10_000, banks: rates.length };
}

export interface BnmClient {
  baseLendingRates(): Promise<BaseLendingRates>;
}

export function bnmClient(options: Partial<HttpClientOptions> = {}): BnmClient {
  const http = createHttpClient({
    baseUrl: process.env.BNM_BASE_URL ?? 'https://api.bnm.gov.my',
    timeoutMs: 15_000,
    backoffMs: 500,
    headers: { Accept: 'application/vnd.BNM.API.v1+json', 'User-Agent': process.env.UPSTREAM_USER_AGENT ?? 'data-query-service/0.1 (rates ingestion)' },
    ...options,
  });
  return { baseLendingRates: () => http.getJson('/public/base-rate', {}, parseBnmBaseRates) };
}
