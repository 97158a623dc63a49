/**
 * Banco Central do Brasil SGS (SOURCES.md §6): `/dados/serie/bcdata.sgs.{code}/dados?formato=json&dataInicial=dd/MM/yyyy&dataFinal=dd/MM/yyyy`
 * → `[{"data": "19/06/2025", "valor": "15.00"}]` (dd/MM/yyyy dates, string values). Since March 2025 a
 * request must give `dataInicial` and span at most 10 years, else 406 with a JSON error body; callers cut
 * longer spans into 10-year windows. Series 256 is the TJLP (% per year).
 */
import { dayMonthYear, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, UpstreamFailure, type HttpClientOptions } from './http';

export function parseSgs(body: unknown): RateObservation[] {
  if (!Array.isArray(body)) throw new RatePayloadError('SGS answer is not an array');
  return body.map((point: unknown, i) => {
    const { data, valor } = (point ?? {}) as { data?: unknown; valor?: unknown };
    const where = `SGS point ${i}`;
    return { date: dayMonthYear(data, where), rate_pct: ratePercent(valor, where) };
  });
}

/** YYYY-MM-DD → dd/MM/yyyy */
export const sgsDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export interface BcbClient {
  /** one window of at most 10 years */
  series(code: number, from: string, to: string): Promise<RateObservation[]>;
}

export function bcbClient(options: Partial<HttpClientOptions> = {}): BcbClient {
  const http = createHttpClient({ baseUrl: process.env.BCB_BASE_URL ?? 'https://api.bcb.gov.br', timeoutMs: 20_000, backoffMs: 500, ...options });
  return {
    series: async (code, from, to) => {
      try {
        return await http.getJson(`/dados/serie/bcdata.sgs.${code}/dados`, { formato: 'json', dataInicial: sgsDate(from), dataFinal: sgsDate(to) }, parseSgs);
      } catch (error) {
        // SGS answers 404 when a window holds no value (e.g. before the series began)
        if (error instanceof UpstreamFailure && error.status === 404) return [];
        throw error;
      }
    },
  };
}
