/**
 * ECB Data Portal SDMX API, €STR (volume-weighted trimmed mean rate): `/service/data/EST/B.EU000A2X2A25.WT`
 * with `startPeriod`/`endPeriod` and `format=csvdata`. The CSV has one row per observation; columns are
 * selected by header (TIME_PERIOD, OBS_VALUE), since the attribute columns vary. No data in the window:
 * 404 ("No results found."), read as an empty result.
 */
import { parseCsvRecords } from '../text/delimited';
import { calendarDate, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, UpstreamFailure, type HttpClientOptions } from './http';
import { ESTR_SERIES } from '../rates/publishers';


export function parseEcbCsv(text: string): RateObservation[] {
  const header = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').split(',').map((c) => c.trim());
  if (!header.includes('TIME_PERIOD') || !header.includes('OBS_VALUE')) throw new RatePayloadError('not an ECB csvdata payload (no TIME_PERIOD/OBS_VALUE)');
  return parseCsvRecords(text).flatMap((row, i) => {
    if ((row.OBS_VALUE ?? '') === '') return [];
    const where = `ECB row ${i + 2}`;
    return [{ date: calendarDate(row.TIME_PERIOD, where), rate_pct: ratePercent(row.OBS_VALUE, where) }];
  });
}

export interface EcbDataClient {
  estr(from: string, to: string): Promise<RateObservation[]>;
}

export function ecbDataClient(options: Partial<HttpClientOptions> = {}): EcbDataClient {
  const http = createHttpClient({ baseUrl: process.env.ECB_DATA_BASE_URL ?? 'https://data-api.ecb.europa.eu', timeoutMs: 20_000, backoffMs: 500, ...options });
  return {
    estr: async (from, to) => {
      try {
        return await http.getText(`/service/data/${ESTR_SERIES}`, { startPeriod: from, endPeriod: to, format: 'csvdata' }, parseEcbCsv);
      } catch (error) {
        if (error instanceof UpstreamFailure && error.status === 404) return [];
        throw error;
      }
    },
  };
}
