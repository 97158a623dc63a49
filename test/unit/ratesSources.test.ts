import { RatePayloadError } from '../../lib/rates/observation';
import { NYFED_RATES, VALET_SERIES } from '../../lib/rates/publishers';
import { bankOfCanadaClient, parseValetObservations } from '../../lib/sources/bankOfCanada';
import { bcbClient, parseSgs, sgsDate } from '../../lib/sources/bcb';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';
import { BIS_SWISS_RECORDING } from '../../lib/api/rates';
import { bisClient, parseBisPolicy, parseBisPolicyCsv } from '../../lib/sources/bis';
import { bnmClient, parseBnmBaseRates } from '../../lib/sources/bnm';
import { boeClient, iadbDate, parseIadbCsv } from '../../lib/sources/boe';
import { bojClient, bojTableDate, parseBojDataCode, parseBojPrimeTable } from '../../lib/sources/boj';
import { chinamoneyClient, parseLpr } from '../../lib/sources/chinamoney';
import { ecbDataClient, parseEcbCsv } from '../../lib/sources/ecbData';
import { UpstreamFailure } from '../../lib/sources/http';
import { nyFedClient, parseNyFedRefRates } from '../../lib/sources/nyfed';
import { parseSarbPrime, sarbClient } from '../../lib/sources/sarb';
import { parseSnbCubeCsv, snbClient } from '../../lib/sources/snb';
import {
  fixtureJson,
  fixtureReply,
  fixtureText,
  jsonReply,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeReply,
  type FakeUpstream,
} from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

/** Client options for the fake upstream: no real waits (recorded instead). */
const fast = (waits: number[] = []) => ({ baseUrl: upstream.url, sleep: async (ms: number) => void waits.push(ms), random: () => 0 });

const textReply = (body: string, status = 200): FakeReply => ({ status, headers: { 'Content-Type': 'text/csv' }, body });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const AREAS = ['US', 'XM', 'BR', 'IN'];
const BIS_PATH = `/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/${encodeURIComponent('D.US+XM+BR+IN')}`;

describe('BIS WS_CBPOL', () => {
  test('reads the policy rates of the areas asked for by column name and skips other areas', () => {
    // Act
    const rates = parseBisPolicyCsv(fixtureText('rates-bis', 'ws_cbpol_daily.csv'), AREAS);

    // Assess
    expect(Object.keys(rates).sort()).toEqual([...AREAS].sort());
    expect(rates.US![0]).toEqual({ date: '2025-06-01', rate_pct: 4.375 });
    expect(rates.IN!.find((o) => o.date === '2025-06-06')!.rate_pct).toBe(5.5);
    expect(rates.US).toHaveLength(13);
  });

  test('reads the real SDMX-ML response of the monthly Swiss series, dating each month its last day', () => {
    // Prepare: BIS WS_CBPOL M.CH, prepared 2026-03-17 (datasets/interest-rates)
    const xml = readFileSync(join(datasetsDir()!, BIS_SWISS_RECORDING), 'utf8');

    // Act
    const rates = parseBisPolicy(xml, ['CH', 'US']);

    // Assess
    expect(rates).toEqual({
      CH: [
        { date: '2025-12-31', rate_pct: 0 },
        { date: '2026-01-31', rate_pct: 0 },
        { date: '2026-02-28', rate_pct: 0 },
      ],
      US: [],
    });
  });

  test('rejects an SDMX-ML message cut off part-way, and reads monthly CSV periods as month ends', () => {
    // Prepare
    const xml = readFileSync(join(datasetsDir()!, BIS_SWISS_RECORDING), 'utf8');

    // Act
    const cut = () => parseBisPolicy(xml.slice(0, 2500), ['CH']);
    const monthly = parseBisPolicyCsv('REF_AREA,TIME_PERIOD,OBS_VALUE\nCH,2024-02,1.5\n', ['CH']);

    // Assess
    expect(thrown(RatePayloadError, cut).message).toMatch(/cut off/);
    expect(monthly.CH).toEqual([{ date: '2024-02-29', rate_pct: 1.5 }]);
  });

  test('selects columns by header even when BIS reorders them or adds attributes', () => {
    // Act
    const rates = parseBisPolicyCsv('TIME_PERIOD,EXTRA,OBS_VALUE,REF_AREA\n2025-01-02,x,4.375,US\n2025-01-03,x,NaN,US\n', ['US']);

    // Assess
    expect(rates.US).toEqual([{ date: '2025-01-02', rate_pct: 4.375 }]);
  });

  test.each([
    ['an HTML error page', '<html><body>Service unavailable</body></html>'],
    ['a CSV without OBS_VALUE', 'REF_AREA,TIME_PERIOD\nUS,2025-01-02\n'],
    ['a bad date', 'REF_AREA,TIME_PERIOD,OBS_VALUE\nUS,2025-13-02,4.375\n'],
    ['a value that is not a number', 'REF_AREA,TIME_PERIOD,OBS_VALUE\nUS,2025-01-02,four\n'],
  ])('rejects %s', (_, text) => {
    expect(thrown(RatePayloadError, () => parseBisPolicyCsv(text, ['US'])).message).toBeTruthy();
  });

  test('asks for the areas in one SDMX key with the window and CSV format', async () => {
    // Prepare
    upstream.on(BIS_PATH, textReply(fixtureText('rates-bis', 'ws_cbpol_daily.csv')));

    // Act
    const rates = await bisClient(fast()).policyRates(AREAS, '2025-06-01', '2025-06-13');

    // Assess
    expect(rates.XM!.at(-1)).toEqual({ date: '2025-06-13', rate_pct: 2 });
    expect(Object.fromEntries(upstream.requestsTo(BIS_PATH)[0]!.query)).toEqual({ startPeriod: '2025-06-01', endPeriod: '2025-06-13', format: 'csv' });
  });

  test('reads 404 (no results in the window) as no observations', async () => {
    // Prepare
    upstream.on(BIS_PATH, { status: 404, body: 'NoResultsFound' });

    // Act
    const rates = await bisClient(fast()).policyRates(AREAS, '1990-01-01', '1994-12-31');

    // Assess
    expect(rates).toEqual({ US: [], XM: [], BR: [], IN: [] });
  });

  test('waits out a 429 with Retry-After, then retries a 503, then answers', async () => {
    // Prepare
    const waits: number[] = [];
    upstream.on(BIS_PATH, tooManyRequests(2), serverError(503), textReply(fixtureText('rates-bis', 'ws_cbpol_daily.csv')));

    // Act
    const rates = await bisClient(fast(waits)).policyRates(AREAS, '2025-06-01', '2025-06-13');

    // Assess
    expect(rates.US).toHaveLength(13);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
    expect(upstream.requestsTo(BIS_PATH)).toHaveLength(3);
  });

  test('fails after its retries when BIS keeps answering 500', async () => {
    // Prepare
    upstream.on(BIS_PATH, serverError(500));

    // Act
    const error = await rejection(bisClient(fast()).policyRates(AREAS, '2025-06-01', '2025-06-13'));

    // Assess
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect((error as UpstreamFailure).status).toBe(500);
  });
});

describe('New York Fed reference rates', () => {
  test('reads SOFR observations (newest first in the payload) with numeric rates', () => {
    // Act
    const sofr = parseNyFedRefRates(fixtureJson('rates-nyfed', 'sofr-search.json'), 'SOFR');

    // Assess
    expect(sofr).toHaveLength(13);
    expect(sofr.at(-1)).toEqual({ date: '2025-06-02', rate_pct: 4.29 });
  });

  test('reads an empty window as no observations', () => {
    expect(parseNyFedRefRates({ refRates: [] }, 'SOFR')).toEqual([]);
  });

  test.each([
    ['no refRates', { error: 'Not found' }],
    ['a rate that is a string word', { refRates: [{ effectiveDate: '2025-06-02', type: 'SOFR', percentRate: 'n/a' }] }],
    ['a bad date', { refRates: [{ effectiveDate: '06/02/2025', type: 'SOFR', percentRate: 4.3 }] }],
  ])('rejects a payload with %s', (_, body) => {
    expect(() => parseNyFedRefRates(body, 'SOFR')).toThrow(RatePayloadError);
  });

  test('sends the window and rejects a truncated answer', async () => {
    // Prepare
    upstream.on(NYFED_RATES.effr.path, truncatedJson(fixtureText('rates-nyfed', 'effr-search.json')));

    // Act
    const error = await rejection(nyFedClient(fast()).rates('effr', '2025-06-02', '2025-06-18'));

    // Assess
    expect((error as UpstreamFailure).kind).toBe('malformed');
    expect(Object.fromEntries(upstream.requestsTo(NYFED_RATES.effr.path)[0]!.query)).toEqual({ startDate: '2025-06-02', endDate: '2025-06-18' });
  });
});

describe('ECB Data Portal (€STR)', () => {
  test('reads TIME_PERIOD and OBS_VALUE from csvdata', () => {
    // Act
    const estr = parseEcbCsv(fixtureText('rates-ecb', 'estr.csv'));

    // Assess
    expect(estr[0]).toEqual({ date: '2025-06-02', rate_pct: 2.168 });
    expect(estr.at(-1)).toEqual({ date: '2025-06-19', rate_pct: 1.922 });
  });

  test('rejects a payload that is not csvdata', () => {
    expect(() => parseEcbCsv('<?xml version="1.0"?><message:Error/>')).toThrow(RatePayloadError);
  });

  test('reads 404 "No results found." as no observations', async () => {
    // Prepare
    upstream.on('/service/data/EST/B.EU000A2X2A25.WT', { status: 404, body: 'No results found.' });

    // Act / Assess
    await expect(ecbDataClient(fast()).estr('2025-07-01', '2025-07-02')).resolves.toEqual([]);
  });
});

describe('Bank of England IADB (SONIA)', () => {
  test('reads the DATE,IUDSOIA CSV with day-month-name dates', () => {
    // Act
    const sonia = parseIadbCsv(fixtureText('rates-boe', 'sonia.csv'), 'IUDSOIA');

    // Assess
    expect(sonia[0]).toEqual({ date: '2025-06-02', rate_pct: 4.2129 });
  });

  test('rejects the HTML page the IADB sends with status 200 instead of data', () => {
    expect(thrown(RatePayloadError, () => parseIadbCsv(fixtureText('rates-boe', 'error-page.html'), 'IUDSOIA')).message).toMatch(/not an IADB CSV/);
  });

  test('sends IADB-style dates and fails the call on the HTML page', async () => {
    // Prepare
    upstream.on('/boeapps/database/_iadb-fromshowcolumns.asp', { status: 200, headers: { 'Content-Type': 'text/html' }, body: fixtureText('rates-boe', 'error-page.html') });

    // Act
    const error = await rejection(boeClient(fast()).sonia('2025-06-02', '2025-06-19'));

    // Assess
    expect((error as UpstreamFailure).kind).toBe('malformed');
    const query = upstream.requestsTo('/boeapps/database/_iadb-fromshowcolumns.asp')[0]!.query;
    expect(query.get('Datefrom')).toBe('02/Jun/2025');
    expect(query.get('SeriesCodes')).toBe('IUDSOIA');
    expect(iadbDate('2024-12-31')).toBe('31/Dec/2024');
  });
});

describe('Bank of Japan', () => {
  test('reads TONA from the stat-search envelope and skips null values', () => {
    // Act
    const tona = parseBojDataCode(fixtureJson('rates-boj', 'tona.json'));

    // Assess
    expect(tona[0]).toEqual({ date: '2025-06-02', rate_pct: 0.477 });
    expect(tona.find((o) => o.date === '2025-06-20')).toBeUndefined();
  });

  test('reads M181030I (no data in the range) as no observations', () => {
    expect(parseBojDataCode(fixtureJson('rates-boj', 'no-data.json'))).toEqual([]);
  });

  test("rejects an error reported in a 200 body and passes the API's MESSAGE on", () => {
    expect(thrown(RatePayloadError, () => parseBojDataCode(fixtureJson('rates-boj', 'error-in-200.json'))).message).toMatch(/M181013E.*does not exist/);
  });

  test('rejects VALUES and SURVEY_DATES of different lengths', () => {
    const body = { STATUS: 200, MESSAGEID: 'M181000I', RESULTSET: [{ VALUES: { SURVEY_DATES: [20250602, 20250603], VALUES: [0.4] } }] };
    expect(() => parseBojDataCode(body)).toThrow(RatePayloadError);
  });

  test('asks the API with YYYYMM bounds for the daily series and fails on the MESSAGE error', async () => {
    // Prepare
    upstream.on('/api/v1/getDataCode', fixtureReply('rates-boj', 'error-in-200.json'));

    // Act
    const error = await rejection(bojClient(fast()).tona('2000-01-01', '2025-06-20'));

    // Assess
    expect((error as UpstreamFailure).kind).toBe('malformed');
    expect(Object.fromEntries(upstream.requestsTo('/api/v1/getDataCode')[0]!.query)).toMatchObject({ db: 'FM01', code: 'STRDCLUCON', startDate: '200001', endDate: '202506' });
  });

  test('reads the short-term prime rate (most frequent) on each change date and skips unchanged rows', () => {
    // Act
    const prime = parseBojPrimeTable(fixtureText('rates-boj', 'prime.htm'));

    // Assess
    expect(prime[0]).toEqual({ date: '1989-01-23', rate_pct: 5.5 });
    expect(prime.find((o) => o.date === '1991-04-01')).toBeUndefined();
    expect(prime.at(-1)).toEqual({ date: '2025-03-03', rate_pct: 1.875 });
  });

  test.each([
    ['2024年（令和6年）9月2日', '2024-09-02'],
    ['令和6年9月2日', '2024-09-02'],
    ['平成元年1月23日', '1989-01-23'],
    ['６（２０２４）年９月２日', '2024-09-02'],
    ['R6.9.2', '2024-09-02'],
    ['適用開始日', undefined],
  ])('reads the table date %s', (cell, date) => {
    expect(bojTableDate(cell)).toBe(date);
  });

  test('rejects a page without a prime-rate table', () => {
    expect(() => parseBojPrimeTable('<html><body><p>メンテナンス中</p></body></html>')).toThrow(RatePayloadError);
  });
});

describe('Swiss National Bank data portal (SARON)', () => {
  test('reads the SARON rows after the metadata lines, skipping other members and empty values', () => {
    // Act
    const saron = parseSnbCubeCsv(fixtureText('rates-snb', 'saron.csv'), 'SARON');

    // Assess
    expect(saron).toHaveLength(14);
    expect(saron[0]).toEqual({ date: '2025-06-02', rate_pct: 0.199 });
  });

  test('rejects a body that is not a cube CSV', () => {
    expect(() => parseSnbCubeCsv('{"message":"cube not found"}', 'SARON')).toThrow(RatePayloadError);
  });

  test('selects the member and window in the query', async () => {
    // Prepare
    upstream.on('/api/cube/snbgwdzid/data/csv/en', textReply(fixtureText('rates-snb', 'saron.csv')));

    // Act
    await snbClient(fast()).saron('2025-06-01', '2025-06-20');

    // Assess
    expect(Object.fromEntries(upstream.requestsTo('/api/cube/snbgwdzid/data/csv/en')[0]!.query)).toEqual({
      dimSel: 'D0(SARON)',
      fromDate: '2025-06-01',
      toDate: '2025-06-20',
    });
  });
});

describe('Bank of Canada Valet', () => {
  test('reads CORRA and weekly prime observations with string values', () => {
    expect(parseValetObservations(fixtureJson('rates-boc', 'corra.json'), VALET_SERIES.corra)[0]).toEqual({ date: '2025-06-02', rate_pct: 2.76 });
    expect(parseValetObservations(fixtureJson('rates-boc', 'prime.json'), VALET_SERIES.prime).map((o) => o.date)).toEqual([
      '2025-05-21',
      '2025-05-28',
      '2025-06-04',
      '2025-06-11',
      '2025-06-18',
    ]);
  });

  test('rejects a payload without observations', () => {
    expect(() => parseValetObservations(fixtureJson('rates-boc', 'series-not-found.json'), 'V0000000')).toThrow(RatePayloadError);
  });

  test("reports Valet's 404 message for an unknown series", async () => {
    // Prepare
    upstream.on('/valet/observations/V0000000/json', jsonReply(fixtureJson('rates-boc', 'series-not-found.json'), 404));

    // Act
    const error = await rejection(bankOfCanadaClient(fast()).observations('V0000000', '2025-06-01', '2025-06-20'));

    // Assess
    expect((error as UpstreamFailure).status).toBe(404);
    expect((error as UpstreamFailure).message).toMatch(/Series V0000000 not found/);
  });
});

describe('SARB web indicators', () => {
  test('reads the prime lending rate row by name', () => {
    expect(parseSarbPrime(fixtureJson('rates-sarb', 'home-page-rates.json'))).toEqual({ date: '2025-05-30', rate_pct: 10.75 });
  });

  test.each([
    ['no prime row', [{ Name: 'Repo rate', Value: 7.25, Date: '2025-05-30T00:00:00' }]],
    ['not an array', { Message: 'An error has occurred.' }],
    ['a prime row without a number', [{ Name: 'Prime lending rate', Value: null, Date: '2025-05-30T00:00:00' }]],
  ])('rejects %s', (_, body) => {
    expect(() => parseSarbPrime(body)).toThrow(RatePayloadError);
  });

  test('fails on an empty 200 body', async () => {
    // Prepare
    upstream.on('/SarbWebApi/WebIndicators/HomePageRates', { status: 200, body: '' });

    // Act / Assess
    expect(((await rejection(sarbClient(fast()).prime())) as UpstreamFailure).kind).toBe('malformed');
  });
});

describe('chinamoney LPR', () => {
  test('reads the 1-year LPR from the field named shibor, dated by showDateCN', () => {
    expect(parseLpr(fixtureJson('rates-chinamoney', 'bk-lpr.json'))).toEqual({ date: '2025-06-20', rate_pct: 3 });
  });

  test('rejects an error reported in a 200 body (rep_code other than 200)', () => {
    expect(thrown(RatePayloadError, () => parseLpr(fixtureJson('rates-chinamoney', 'error-in-200.json'))).message).toMatch(/error 500/);
  });

  test('rejects an answer without the 1Y record', () => {
    const body = { head: { rep_code: '200' }, data: { showDateCN: '2025-06-20 9:00' }, records: [{ termCode: '5Y', shibor: '3.50' }] };
    expect(() => parseLpr(body)).toThrow(RatePayloadError);
  });

  test('fails after retries when the host keeps answering 502', async () => {
    // Prepare
    upstream.on('/r/cms/www/chinamoney/data/currency/bk-lpr.json', serverError(502));

    // Act
    const error = await rejection(chinamoneyClient(fast()).lpr1y());

    // Assess
    expect((error as UpstreamFailure).status).toBe(502);
    expect(upstream.requestsTo('/r/cms/www/chinamoney/data/currency/bk-lpr.json')).toHaveLength(3);
  });
});

describe('Bank Negara Malaysia base rates', () => {
  test('serves the median base lending rate of the listed banks', () => {
    expect(parseBnmBaseRates(fixtureJson('rates-bnm', 'base-rate.json'))).toEqual({ median: 6.65, banks: 9 });
  });

  test('takes the mean of the middle two for an even count', () => {
    const body = { data: [6.6, 6.7, 6.5, 6.9].map((r) => ({ base_lending_rate: r })) };
    expect(parseBnmBaseRates(body).median).toBe(6.65);
  });

  test.each([
    ['an empty list', { data: [], meta: {} }],
    ['no data field', { message: 'Not Acceptable' }],
  ])('rejects %s', (_, body) => {
    expect(() => parseBnmBaseRates(body)).toThrow(RatePayloadError);
  });

  test('sends the mandatory BNM Accept header', async () => {
    // Prepare
    upstream.on('/public/base-rate', fixtureReply('rates-bnm', 'base-rate.json'));

    // Act
    await bnmClient(fast()).baseLendingRates();

    // Assess
    expect(upstream.requestsTo('/public/base-rate')[0]!.headers.accept).toBe('application/vnd.BNM.API.v1+json');
  });
});

describe('Banco Central do Brasil SGS', () => {
  test('reads dd/MM/yyyy dates and string values', () => {
    expect(parseSgs(fixtureJson('rates-bcb', 'tjlp.json')).at(-1)).toEqual({ date: '2025-06-01', rate_pct: 8.61 });
  });

  test.each([
    ['an error object', fixtureJson('rates-bcb', 'error-406.json')],
    ['an ISO date', [{ data: '2025-06-01', valor: '8.61' }]],
    ['an empty value', [{ data: '01/06/2025', valor: '' }]],
  ])('rejects %s', (_, body) => {
    expect(() => parseSgs(body)).toThrow(RatePayloadError);
  });

  test("fails at once on the 406 for a window over 10 years, with BCB's message", async () => {
    // Prepare
    upstream.on('/dados/serie/bcdata.sgs.256/dados', jsonReply(fixtureJson('rates-bcb', 'error-406.json'), 406));

    // Act
    const error = await rejection(bcbClient(fast()).series(256, '2000-01-01', '2025-06-20'));

    // Assess
    expect((error as UpstreamFailure).status).toBe(406);
    expect((error as UpstreamFailure).message).toMatch(/10 anos/);
    expect(upstream.requestsTo('/dados/serie/bcdata.sgs.256/dados')).toHaveLength(1);
    expect(upstream.requestsTo('/dados/serie/bcdata.sgs.256/dados')[0]!.query.get('dataInicial')).toBe(sgsDate('2000-01-01'));
  });
});
