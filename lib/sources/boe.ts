/**
 * Bank of England Interactive Statistical Database (IADB), SONIA = series IUDSOIA:
 * `/boeapps/database/_iadb-fromshowcolumns.asp?csv.x=yes&Datefrom=01/Jan/2024&Dateto=20/Jun/2025&SeriesCodes=IUDSOIA&CSVF=TN&UsingCodes=Y&VPD=Y&VFD=N`
 * → `DATE,IUDSOIA` then rows like `02 Jan 2024,5.1893`. The IADB answers problems (unknown series, blocked
 * client) with an HTML page and status 200: anything that is not this CSV is rejected. A User-Agent is sent.
 */
import { parseCsvRecords } from '../text/delimited';
import { dayMonthNameYear, ratePercent, RatePayloadError, type RateObservation } from '../rates/observation';
import { createHttpClient, type HttpClientOptions } from './http';
import { SONIA_SERIES } from '../rates/publishers';


const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** YYYY-MM-DD → 01/Jan/2024 (the IADB's date parameters) */
export const iadbDate = (date: string) => `${date.slice(8, 10)}/${MONTHS[Number(date.slice(5, 7)) - 1]}/${date.slice(0, 4)}`;

export function parseIadbCsv(text: string, series: string): RateObservation[] {
  const header = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').split(',').map((c) => c.trim());
  if (header[0] !== 'DATE' || !header.includes(series)) throw new RatePayloadError(`not an IADB CSV for ${series} (the database answered with a page, not data)`);
  return parseCsvRecords(text).flatMap((row, i) => {
    if ((row[series] ?? '') === '') return [];
    const where = `IADB row ${i + 2}`;
    return [{ date: dayMonthNameYear(row.DATE, where), rate_pct: ratePercent(row[series], where) }];
  });
}

export interface BoeClient {
  sonia(from: string, to: string): Promise<RateObservation[]>;
}

export function boeClient(options: Partial<HttpClientOptions> = {}): BoeClient {
  const http = createHttpClient({
    baseUrl: process.env.BOE_BASE_URL ?? 'https://www.bankofengland.co.uk',
    timeoutMs: 20_000,
    backoffMs: 500,
    headers: { 'User-Agent': process.env.UPSTREAM_USER_AGENT ?? 'data-query-service/0.1 (rates ingestion)' },
    ...options,
  });
  return {
    sonia: (from, to) =>
      http.getText(
        '/boeapps/database/_iadb-fromshowcolumns.asp',
        { 'csv.x': 'yes', Datefrom: iadbDate(from), Dateto: iadbDate(to), SeriesCodes: SONIA_SERIES, CSVF: 'TN', UsingCodes: 'Y', VPD: 'Y', VFD: 'N' },
        (text) => parseIadbCsv(text, SONIA_SERIES),
      ),
  };
}
