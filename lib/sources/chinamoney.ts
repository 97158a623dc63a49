/**
 * Loan Prime Rate as published by CFETS on chinamoney.com.cn (there is no official API; SOURCES.md §6):
 * `/r/cms/www/chinamoney/data/currency/bk-lpr.json` →
 * `{"head": {"rep_code": "200", …}, "data": {"showDateCN": "2025-05-20 9:00", …}, "records": [{"termCode": "1Y", "shibor": "3.00", …}]}`.
 * The LPR value sits in a field named `shibor`. A `rep_code` other than "200" is an error inside a 200 body.
 * Browser-like headers help; access from outside China is flaky (the job retries hourly).
 */
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, type HttpClientOptions } from './http';


export function parseLpr(body: unknown, term = '1Y'): RateObservation {
  const b = (body ?? {}) as { head?: { rep_code?: unknown; rep_message?: unknown }; data?: { showDateCN?: unknown; showDateEN?: unknown }; records?: unknown };
  if (String(b.head?.rep_code ?? '') !== '200') throw new RatePayloadError(`chinamoney error ${String(b.head?.rep_code)}: ${String(b.head?.rep_message ?? '')}`.slice(0, 200));
  if (!Array.isArray(b.records)) throw new RatePayloadError('no records array');
  const record = b.records.find((r: unknown) => (r as { termCode?: unknown } | null)?.termCode === term) as { shibor?: unknown } | undefined;
  if (!record) throw new RatePayloadError(`no ${term} LPR record`);
  const shown = String(b.data?.showDateCN ?? '').slice(0, 10);
  return { date: calendarDate(shown, 'LPR showDateCN'), rate_pct: ratePercent(record.shibor, `LPR ${term}`) };
}

export interface ChinamoneyClient {
  lpr1y(): Promise<RateObservation>;
}

export function chinamoneyClient(options: Partial<HttpClientOptions> = {}): ChinamoneyClient {
  const http = createHttpClient({
    baseUrl: process.env.CHINAMONEY_BASE_URL ?? 'https://www.chinamoney.com.cn',
    timeoutMs: 15_000,
    backoffMs: 1000,
    headers: { 'User-Agent': 'Mozilla/5.0 (compatible; data-query-service/0.1)', Referer: 'https://www.chinamoney.com.cn/chinese/bklpr/' },
    ...options,
  });
  return { lpr1y: () => http.getJson('/r/cms/www/chinamoney/data/currency/bk-lpr.json', {}, (body) => parseLpr(body)) };
}
