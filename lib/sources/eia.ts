import { createHttpClient, type HttpClientOptions } from './http';
import { upstreamKey } from './upstreamKey';

/**
 * EIA API v2 (SOURCES.md §4): `GET /v2/<route>/data/?api_key=…&frequency=daily&data[0]=value&facets[series][]=<id>`.
 * A free API key is required (EIA_API_KEY); EIA_BASE_URL overrides https://api.eia.gov (tests, seed).
 *
 * - One request per series: mixing `facets[series][]` of different routes returns nothing, and the
 *   Henry Hub series (RNGWHHD) lives under natural-gas/pri/fut while the oil spots are under petroleum/pri/spt.
 * - `value` is a string since v2.1.6 (a number before); `"."`, `null`, `""` and a missing `value` mean
 *   "not released" → null. `total` is a string too. Rows are sorted by period, newest first, ≤ 5000 a call.
 * - An error answer is `{"error": "..."}` (sometimes with status 200): rejected as malformed.
 */
export const EIA_BASE_URL_ENV = 'EIA_BASE_URL';
export const EIA_API_KEY_ENV = 'EIA_API_KEY';

export interface EiaObservation {
  /** YYYY-MM-DD */
  date: string;
  value: number | null;
  /** e.g. $/BBL, $/GAL, $/MMBTU */
  units: string | null;
}

export class EiaPayloadError extends Error {}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ROWS = 5000;

function valueOf(raw: unknown, where: string): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) throw new EiaPayloadError(`${where}: value is not finite`);
    return raw;
  }
  if (typeof raw !== 'string') throw new EiaPayloadError(`${where}: value is neither a string nor a number`);
  const text = raw.trim();
  if (text === '' || text === '.' || text.toUpperCase() === 'NA') return null;
  const number = Number(text);
  if (!Number.isFinite(number)) throw new EiaPayloadError(`${where}: '${text}' is not a number`);
  return number;
}

/** The rows of one series from a /v2/<route>/data/ answer, oldest first (rows of other series are ignored). */
export function parseEiaSeries(body: unknown, seriesId: string): EiaObservation[] {
  if (typeof body !== 'object' || body === null) throw new EiaPayloadError('not a JSON object');
  const { response, error } = body as { response?: unknown; error?: unknown };
  if (error !== undefined) throw new EiaPayloadError(`error answer: ${String(typeof error === 'string' ? error : JSON.stringify(error)).slice(0, 200)}`);
  const data = (response as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) throw new EiaPayloadError('no response.data array');
  const observations: EiaObservation[] = [];
  data.forEach((row: unknown, i) => {
    if (typeof row !== 'object' || row === null) throw new EiaPayloadError(`row ${i}: not an object`);
    const { period, series, value, units } = row as Record<string, unknown>;
    if (series !== undefined && series !== seriesId) return;
    if (typeof period !== 'string' || !DATE.test(period)) throw new EiaPayloadError(`row ${i}: period '${String(period)}' is not a daily date`);
    observations.push({ date: period, value: valueOf(value, `${seriesId} ${period}`), units: typeof units === 'string' ? units : null });
  });
  return observations.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export interface EiaClient {
  /** daily observations of one series from `start` (YYYY-MM-DD) on, oldest first */
  dailySeries(route: string, seriesId: string, start: string): Promise<EiaObservation[]>;
}

/** undefined when no EIA key is configured (callers then use FRED); the key is a secret (lib/sources/upstreamKey.ts). */
export async function eiaClient(options: Partial<HttpClientOptions> = {}): Promise<EiaClient | undefined> {
  const apiKey = await upstreamKey(process.env.EIA_API_KEY_PARAMETER, process.env.EIA_API_KEY);
  if (!apiKey) return undefined;
  const http = createHttpClient({
    baseUrl: process.env.EIA_BASE_URL?.trim() || 'https://api.eia.gov',
    timeoutMs: 15_000,
    retries: 3,
    backoffMs: 500,
    query: { api_key: apiKey },
    headers: { 'User-Agent': process.env.UPSTREAM_USER_AGENT ?? 'data-query-service/0.1 (market data ingestion)' },
    ...options,
  });
  return {
    dailySeries: (route, seriesId, start) =>
      http.getJson(
        `/v2/${route.replace(/^\/|\/$/g, '')}/data/`,
        {
          frequency: 'daily',
          'data[0]': 'value',
          'facets[series][]': seriesId,
          start,
          'sort[0][column]': 'period',
          'sort[0][direction]': 'desc',
          offset: 0,
          length: MAX_ROWS,
        },
        (body) => parseEiaSeries(body, seriesId),
      ),
  };
}
