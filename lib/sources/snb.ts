/**
 * Swiss National Bank data portal, SARON from the daily cube of official and money-market rates:
 * `/api/cube/snbgwdzid/data/csv/en?dimSel=D0(SARON)&fromDate=YYYY-MM-DD&toDate=YYYY-MM-DD`.
 * The CSV is semicolon-separated with quoted fields and starts with metadata lines (`"CubeId";"snbgwdzid"`,
 * `"PublishingDate";"…"`) and a blank line before the `"Date";"D0";"Value"` header. Rows of other D0 members
 * are ignored; an empty Value is a day without a fixing.
 */
import { parseDelimited } from '../text/delimited';
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, type HttpClientOptions } from './http';
import { SNB_RATES_CUBE, SARON_MEMBER } from '../rates/publishers';


/** The portal's CSV → observations of one D0 member. */
export function parseSnbCubeCsv(text: string, member: string): RateObservation[] {
  // the shared reader splits on commas: turn the portal's `;` separators (outside quotes) into commas first
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((line) => line.replace(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/g, ','));
  const headerAt = lines.findIndex((line) => /^"?Date"?,"?D0"?,"?Value"?$/.test(line.trim()));
  if (!/^"?CubeId"?,/.test(lines[0] ?? '') || headerAt < 0) throw new RatePayloadError('not an SNB cube CSV (no CubeId line or Date;D0;Value header)');
  const rows = parseDelimited(lines.slice(headerAt + 1).join('\n'));
  return rows.flatMap((row, i) => {
    const [date, d0, value] = row;
    if (d0 !== member || value === null || value === undefined || value.trim() === '') return [];
    const where = `SNB row ${i + 1}`;
    return [{ date: calendarDate(date, where), rate_pct: ratePercent(value.trim(), where) }];
  });
}

export interface SnbClient {
  saron(from: string, to: string): Promise<RateObservation[]>;
}

export function snbClient(options: Partial<HttpClientOptions> = {}): SnbClient {
  const http = createHttpClient({ baseUrl: process.env.SNB_BASE_URL ?? 'https://data.snb.ch', timeoutMs: 20_000, backoffMs: 500, ...options });
  return {
    saron: (from, to) =>
      http.getText(`/api/cube/${SNB_RATES_CUBE}/data/csv/en`, { dimSel: `D0(${SARON_MEMBER})`, fromDate: from, toDate: to }, (text) =>
        parseSnbCubeCsv(text, SARON_MEMBER),
      ),
  };
}
