import { parseCsvRecords } from '../text/delimited';
import { createHttpClient, createPacer, type HttpClient, type HttpClientOptions } from './http';
import { upstreamKey } from './upstreamKey';

/**
 * FRED, St. Louis Fed (SOURCES.md §3). Without a key: the graph CSV (`fred.stlouisfed.org/graph/fredgraph.csv`,
 * header `observation_date` since Dec 2024, `DATE` before); with `FRED_API_KEY`: the JSON API
 * (`api.stlouisfed.org/fred/series/observations`, values are strings). Missing values are `.` or empty
 * → null. Values can be negative (WTI, 2020-04-20). Paced to 2 requests/s (FRED answers 429 beyond).
 */
export const FRED_GRAPH_URL_ENV = 'FRED_GRAPH_BASE_URL';
export const FRED_API_URL_ENV = 'FRED_API_BASE_URL';
export const FRED_API_KEY_ENV = 'FRED_API_KEY';

export interface Observation {
  /** YYYY-MM-DD */
  date: string;
  value: number | null;
}

export class FredPayloadError extends Error {}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function observationValue(text: string | undefined, where: string): number | null {
  const value = (text ?? '').trim();
  if (value === '' || value === '.') return null;
  const number = Number(value);
  if (!Number.isFinite(number)) throw new FredPayloadError(`${where}: '${value}' is not a number`);
  return number;
}

/** fredgraph.csv for one series: `observation_date,<ID>` (or `DATE,<ID>`) rows, oldest first. */
export function parseFredGraphCsv(text: string, seriesId: string): Observation[] {
  const header = /^\uFEFF?\s*(observation_date|DATE),([^\r\n]*)/.exec(text);
  if (!header) throw new FredPayloadError('not a FRED graph CSV (no observation_date/DATE header)');
  const dateColumn = header[1]!;
  if (!header[2]!.split(',').some((name) => name.trim() === seriesId)) throw new FredPayloadError(`no column ${seriesId}`);
  const rows = parseCsvRecords(text.replace(/^\uFEFF/, ''));
  return rows.map((row, i) => {
    const date = row[dateColumn] ?? '';
    if (!DATE.test(date)) throw new FredPayloadError(`row ${i + 1}: '${date}' is not a date`);
    return { date, value: observationValue(row[seriesId], `${seriesId} ${date}`) };
  });
}

/** series/observations JSON: {"observations": [{"date": "2024-09-18", "value": "8.50"}, ...]} */
export function parseFredObservations(body: unknown): Observation[] {
  const observations = (body as { observations?: unknown })?.observations;
  if (!Array.isArray(observations)) throw new FredPayloadError('no observations array');
  return observations.map((o: unknown, i) => {
    const { date, value } = (o ?? {}) as { date?: unknown; value?: unknown };
    if (typeof date !== 'string' || !DATE.test(date)) throw new FredPayloadError(`observation ${i}: bad date`);
    if (typeof value !== 'string') throw new FredPayloadError(`observation ${i}: value is not a string`);
    return { date, value: observationValue(value, date) };
  });
}

export interface FredClient {
  /** observations from `start` (YYYY-MM-DD) on, oldest first; the JSON API when a key is set, else the graph CSV */
  observations(seriesId: string, start: string, end?: string): Promise<Observation[]>;
}

export function fredClient(options: Partial<HttpClientOptions> = {}): FredClient {
  const common = {
    timeoutMs: 10_000,
    retries: 3,
    backoffMs: 500,
    pacer: createPacer(2),
    headers: { 'User-Agent': process.env.UPSTREAM_USER_AGENT ?? 'data-query-service/0.1 (market data ingestion)' },
    ...options,
  };
  const graph = createHttpClient({ baseUrl: process.env.FRED_GRAPH_BASE_URL ?? 'https://fred.stlouisfed.org', ...common });
  // the key is a secret read on first use (lib/sources/upstreamKey.ts); the JSON API needs it, the graph CSV does not
  let api: Promise<HttpClient | undefined> | undefined;
  const keyedApi = () =>
    (api ??= upstreamKey(process.env.FRED_API_KEY_PARAMETER, process.env.FRED_API_KEY).then((apiKey) =>
      apiKey ? createHttpClient({ baseUrl: process.env.FRED_API_BASE_URL ?? 'https://api.stlouisfed.org', query: { api_key: apiKey }, ...common }) : undefined,
    ));
  return {
    observations: async (seriesId, start, end) => {
      const keyed = await keyedApi();
      return keyed
        ? keyed.getJson(
            '/fred/series/observations',
            { series_id: seriesId, file_type: 'json', observation_start: start, observation_end: end, sort_order: 'asc', limit: 100000 },
            parseFredObservations,
          )
        : graph.getText('/graph/fredgraph.csv', { id: seriesId, cosd: start, coed: end }, (text) => parseFredGraphCsv(text, seriesId));
    },
  };
}
