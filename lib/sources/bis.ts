/**
 * BIS central-bank policy rates, dataflow WS_CBPOL (SOURCES.md §5), SDMX v2 with `format=csv`:
 * `/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/D.US+XM+JP?startPeriod=…&endPeriod=…&format=csv`.
 *
 * - Columns are selected by header id (REF_AREA, TIME_PERIOD, OBS_VALUE): BIS may add attribute columns, and
 *   its exports with labels name a column `REF_AREA:Reference area` (id, colon, label); both forms are read.
 * - Values are % per year; where a bank targets a band BIS publishes the middle of the band (US: 4.375 for
 *   4.25–4.50). Daily values are carried forward over non-business days.
 * - No observations in the window: SDMX answers 404 (NoResultsFound), read as an empty result.
 */
import { parseDelimited } from '../text/delimited';
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, UpstreamFailure, type HttpClientOptions } from './http';


/** A header cell's column id: `REF_AREA` of both `REF_AREA` and `REF_AREA:Reference area`. */
const columnId = (cell: string | null) => (cell ?? '').split(':', 1)[0]!.trim();

/** CSV → observations by BIS area code (only the areas asked for). Empty OBS_VALUE (NaN) rows are skipped. */
export function parseBisPolicyCsv(text: string, areas: readonly string[]): Record<string, RateObservation[]> {
  const [header = [], ...rows] = parseDelimited(text);
  const ids = header.map(columnId);
  const [areaAt, periodAt, valueAt] = ['REF_AREA', 'TIME_PERIOD', 'OBS_VALUE'].map((column) => {
    const at = ids.indexOf(column);
    if (at < 0) throw new RatePayloadError(`not a BIS CSV: no ${column} column`);
    return at;
  }) as [number, number, number];
  const result: Record<string, RateObservation[]> = Object.fromEntries(areas.map((area) => [area, []]));
  for (const [i, row] of rows.entries()) {
    const area = (row[areaAt] ?? '').trim();
    if (!(area in result)) continue;
    const value = (row[valueAt] ?? '').trim();
    if (value === '' || value === 'NaN') continue;
    const where = `BIS row ${i + 2} (${area})`;
    result[area]!.push({ date: calendarDate((row[periodAt] ?? '').trim(), where), rate_pct: ratePercent(value, where) });
  }
  return result;
}

export interface BisClient {
  /** daily policy rates of `areas` (BIS codes, e.g. US, XM) from `from` to `to` (YYYY-MM-DD, inclusive) */
  policyRates(areas: readonly string[], from: string, to: string): Promise<Record<string, RateObservation[]>>;
}

export function bisClient(options: Partial<HttpClientOptions> = {}): BisClient {
  const http = createHttpClient({ baseUrl: process.env.BIS_BASE_URL ?? 'https://stats.bis.org', timeoutMs: 30_000, retries: 3, backoffMs: 500, ...options });
  return {
    policyRates: async (areas, from, to) => {
      try {
        return await http.getText(
          `/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/${encodeURIComponent(`D.${areas.join('+')}`)}`,
          { startPeriod: from, endPeriod: to, format: 'csv' },
          (text) => parseBisPolicyCsv(text, areas),
        );
      } catch (error) {
        if (error instanceof UpstreamFailure && error.status === 404) return Object.fromEntries(areas.map((area) => [area, []]));
        throw error;
      }
    },
  };
}
