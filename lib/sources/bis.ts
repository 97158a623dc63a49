/**
 * BIS central-bank policy rates, dataflow WS_CBPOL (SOURCES.md §5), SDMX v2 with `format=csv`:
 * `/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/D.US+XM+JP?startPeriod=…&endPeriod=…&format=csv`; `M.` for the monthly
 * series (end of period).
 *
 * - Columns are selected by header id (REF_AREA, TIME_PERIOD, OBS_VALUE): BIS may add attribute columns, and
 *   its exports with labels name a column `REF_AREA:Reference area` (id, colon, label); both forms are read.
 * - The SDMX-ML 2.1 GenericData rendering (what BIS answers without `format=csv`) is read too: series keyed by
 *   `FREQ` and `REF_AREA`, `Obs` with `ObsDimension` (the period) and `ObsValue` (a real response of 2026-03-17 is
 *   in datasets/interest-rates/).
 * - Values are % per year; where a bank targets a band BIS publishes the middle of the band (US: 4.375 for
 *   4.25–4.50). Daily values are carried forward over non-business days. A monthly value is the rate at the end of
 *   the month (BIS: "End of period"): it is dated the month's last day.
 * - No observations in the window: SDMX answers 404 (NoResultsFound), read as an empty result.
 */
import { parseDelimited } from '../text/delimited';
import { readXml } from '../text/xmlEvents';
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, UpstreamFailure, type HttpClientOptions } from './http';


/** A header cell's column id: `REF_AREA` of both `REF_AREA` and `REF_AREA:Reference area`. */
const columnId = (cell: string | null) => (cell ?? '').split(':', 1)[0]!.trim();

export type BisFrequency = 'D' | 'M';

/** A period as BIS writes it: a day (`2025-06-13`), or a month (`2026-02`), dated its last day. */
function periodDate(period: string, where: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (!month) return calendarDate(period, where);
  const last = new Date(Date.UTC(Number(month[1]), Number(month[2]), 0)).getUTCDate();
  return calendarDate(`${period}-${String(last).padStart(2, '0')}`, where);
}

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
    result[area]!.push({ date: periodDate((row[periodAt] ?? '').trim(), where), rate_pct: ratePercent(value, where) });
  }
  return result;
}

/** SDMX-ML GenericData → observations by BIS area code (only the areas asked for). NaN values are skipped. */
export function parseBisPolicySdmx(xml: string, areas: readonly string[]): Record<string, RateObservation[]> {
  const result: Record<string, RateObservation[]> = Object.fromEntries(areas.map((area) => [area, []]));
  let area: string | null = null;
  let period: string | null = null;
  let value: string | null = null;
  const pass = readXml(xml, {
    open(name, attributes, path) {
      if (name === 'Series') area = null;
      else if (name === 'Value' && path.at(-2) === 'SeriesKey' && attributes.id === 'REF_AREA') area = attributes.value ?? null;
      else if (name === 'Obs') [period, value] = [null, null];
      else if (name === 'ObsDimension') period = attributes.value ?? null;
      else if (name === 'ObsValue') value = attributes.value ?? null;
    },
    close(name) {
      if (name !== 'Obs' || area === null || !(area in result) || value === null || value === 'NaN') return;
      const where = `BIS SDMX-ML ${area} ${period ?? '(no period)'}`;
      result[area]!.push({ date: periodDate(period ?? '', where), rate_pct: ratePercent(value, where) });
    },
  });
  if (pass.root !== 'GenericData') throw new RatePayloadError(`not a BIS SDMX-ML message: root element ${pass.root ?? '(none)'}`);
  if (!pass.complete) throw new RatePayloadError('BIS SDMX-ML message cut off');
  return result;
}

/** Either rendering: SDMX-ML when the body is XML, else CSV. */
export function parseBisPolicy(text: string, areas: readonly string[]): Record<string, RateObservation[]> {
  return /^\s*</.test(text) && !/^\s*<(!doctype\s+)?html/i.test(text) ? parseBisPolicySdmx(text, areas) : parseBisPolicyCsv(text, areas);
}

export interface BisClient {
  /** daily (or monthly, end of period) policy rates of `areas` (BIS codes, e.g. US, XM) from `from` to `to` (YYYY-MM-DD, inclusive) */
  policyRates(areas: readonly string[], from: string, to: string, frequency?: BisFrequency): Promise<Record<string, RateObservation[]>>;
}

export function bisClient(options: Partial<HttpClientOptions> = {}): BisClient {
  const http = createHttpClient({ baseUrl: process.env.BIS_BASE_URL ?? 'https://stats.bis.org', timeoutMs: 30_000, retries: 3, backoffMs: 500, ...options });
  return {
    policyRates: async (areas, from, to, frequency = 'D') => {
      const month = (date: string) => (frequency === 'M' ? date.slice(0, 7) : date);
      try {
        return await http.getText(
          `/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/${encodeURIComponent(`${frequency}.${areas.join('+')}`)}`,
          { startPeriod: month(from), endPeriod: month(to), format: 'csv' },
          (text) => parseBisPolicy(text, areas),
        );
      } catch (error) {
        if (error instanceof UpstreamFailure && error.status === 404) return Object.fromEntries(areas.map((area) => [area, []]));
        throw error;
      }
    },
  };
}
