/**
 * New York Fed Markets API (the administrator of SOFR and EFFR): `/api/rates/secured/sofr/search.json` and
 * `/api/rates/unsecured/effr/search.json` with `startDate`/`endDate` (YYYY-MM-DD). Body:
 * `{"refRates": [{"effectiveDate": "2025-06-18", "type": "SOFR", "percentRate": 4.28, ...}]}`; rates are JSON
 * numbers, newest first. No key; the publisher asks for reasonable use (a few calls a minute).
 */
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, type HttpClientOptions } from './http';
import { NYFED_RATES } from '../rates/publishers';



export type NyFedRate = keyof typeof NYFED_RATES;

export function parseNyFedRefRates(body: unknown, type: string): RateObservation[] {
  const refRates = (body as { refRates?: unknown } | null)?.refRates;
  if (!Array.isArray(refRates)) throw new RatePayloadError('no refRates array');
  return refRates.flatMap((entry: unknown, i) => {
    const { effectiveDate, type: entryType, percentRate } = (entry ?? {}) as Record<string, unknown>;
    if (typeof entryType === 'string' && entryType.toUpperCase() !== type) return [];
    const where = `refRates[${i}]`;
    return [{ date: calendarDate(effectiveDate, where), rate_pct: ratePercent(percentRate, where) }];
  });
}

export interface NyFedClient {
  rates(rate: NyFedRate, from: string, to: string): Promise<RateObservation[]>;
}

export function nyFedClient(options: Partial<HttpClientOptions> = {}): NyFedClient {
  const http = createHttpClient({ baseUrl: process.env.NYFED_BASE_URL ?? 'https://markets.newyorkfed.org', timeoutMs: 15_000, backoffMs: 500, ...options });
  return {
    rates: (rate, from, to) =>
      http.getJson(NYFED_RATES[rate].path, { startDate: from, endDate: to }, (body) => parseNyFedRefRates(body, NYFED_RATES[rate].type)),
  };
}
