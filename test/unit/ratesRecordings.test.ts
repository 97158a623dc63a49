import { RatePayloadError } from '../../lib/rates/observation';
import { NYFED_RATES } from '../../lib/rates/publishers';
import { bcbClient, parseSgs } from '../../lib/sources/bcb';
import { bisClient, parseBisPolicyCsv } from '../../lib/sources/bis';
import { boeClient, parseIadbCsv } from '../../lib/sources/boe';
import { BOJ_MAX_PAGES, bojClient, bojNextPosition, parseBojDataCode } from '../../lib/sources/boj';
import { fredClient } from '../../lib/sources/fred';
import { nyFedClient } from '../../lib/sources/nyfed';
import { fixtureText, jsonReply, recordingJson, recordingReply, recordingText, startFakeUpstream, type FakeReply, type FakeUpstream } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

/**
 * The rate clients on REAL responses (../shared/recordings: boj, bcb, nyfed, fred; README there), and the
 * parser fixes for what no recording shows: Bank of Japan paging (NEXTPOSITION), BIS CSV headers with labels
 * (`REF_AREA:Reference area`), Bank of England two-digit years. The BoJ and BCB recordings are of other series
 * than the ones the jobs read (USD/JPY FM08'FXERD01, USD/BRL SGS 1): same envelope, so they test the parsers.
 */
let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

const fast = { sleep: async () => undefined, random: () => 0 };
const client = () => ({ baseUrl: upstream.url, ...fast });
const csv = (body: string): FakeReply => ({ status: 200, headers: { 'Content-Type': 'text/csv' }, body });

describe('Bank of Japan stat-search (getDataCode recorded 2026-03-29, FM08 USD/JPY January 2025)', () => {
  const RECORDING = 'boj/getDataCode-FM08-FXERD01-202501.json';
  type Envelope = { NEXTPOSITION: number | null; RESULTSET: { VALUES: { SURVEY_DATES: number[]; VALUES: (number | null)[] } }[] };

  test('reads the real envelope: 31 survey dates, the 19 business days with a value, nulls skipped, last page', () => {
    // Act
    const body = recordingJson<Envelope>(RECORDING);
    const observations = parseBojDataCode(body);

    // Assess
    expect(observations).toHaveLength(19);
    expect(observations[0]).toEqual({ date: '2025-01-06', rate_pct: 157.52 });
    expect(observations.at(-1)).toEqual({ date: '2025-01-31', rate_pct: 154.1 });
    expect(bojNextPosition(body)).toBeNull();
  });

  test('follows NEXTPOSITION with startPosition until the last page', async () => {
    // Prepare: the real answer cut into two pages, as the API pages a long answer
    const whole = recordingJson<Envelope>(RECORDING);
    const page = (from: number, to: number, next: number | null) => {
      const body = recordingJson<Envelope>(RECORDING);
      const values = whole.RESULTSET[0]!.VALUES;
      body.RESULTSET[0]!.VALUES = { SURVEY_DATES: values.SURVEY_DATES.slice(from, to), VALUES: values.VALUES.slice(from, to) };
      body.NEXTPOSITION = next;
      return jsonReply(body);
    };
    upstream.on('/api/v1/getDataCode', (request) => (request.query.get('startPosition') === '16' ? page(15, 31, null) : page(0, 15, 16)));

    // Act
    const observations = await bojClient(client()).tona('2025-01-01', '2025-01-31');

    // Assess
    expect(observations).toEqual(parseBojDataCode(whole));
    const requests = upstream.requestsTo('/api/v1/getDataCode');
    expect(requests.map((r) => r.query.get('startPosition'))).toEqual([null, '16']);
    expect(requests[1]!.query.get('code')).toBe(requests[0]!.query.get('code'));
  });

  test('fails instead of looping when NEXTPOSITION does not move on', async () => {
    // Prepare
    upstream.on('/api/v1/getDataCode', jsonReply({ ...recordingJson<Envelope>(RECORDING), NEXTPOSITION: 2 }));

    // Act
    const error = await bojClient(client())
      .tona('2025-01-01', '2025-01-31')
      .then(() => undefined, (e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(RatePayloadError);
    expect(upstream.requestsTo('/api/v1/getDataCode').length).toBeLessThanOrEqual(BOJ_MAX_PAGES);
    expect(upstream.requestsTo('/api/v1/getDataCode')).toHaveLength(2);
  });
});

describe('BIS WS_CBPOL CSV (no recording: the hand-written fixture in the documented layout)', () => {
  test('reads columns labelled `ID:Label`, as BIS exports with labels name them, like bare ids', async () => {
    // Prepare
    const bare = fixtureText('rates-bis', 'ws_cbpol_daily.csv');
    const [header, ...rows] = bare.split('\n');
    const labels: Record<string, string> = { DATAFLOW: 'Dataflow', FREQ: 'Frequency', REF_AREA: 'Reference area', TIME_PERIOD: 'Time period', OBS_VALUE: 'Observation value' };
    const labelled = [header!.split(',').map((id) => (labels[id] ? `${id}:${labels[id]}` : `${id}:${id.toLowerCase()}`)).join(','), ...rows].join('\n');
    upstream.on(`/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/${encodeURIComponent('D.US+XM')}`, csv(labelled));

    // Act
    const rates = await bisClient(client()).policyRates(['US', 'XM'], '2025-06-01', '2025-06-13');

    // Assess
    expect(labelled.split('\n', 1)[0]).toContain('REF_AREA:Reference area');
    expect(rates).toEqual(parseBisPolicyCsv(bare, ['US', 'XM']));
    expect(rates.US).toHaveLength(13);
  });
});

describe('Bank of England IADB CSV (no recording: the documented layout)', () => {
  test('reads two-digit years (`01 Jan 26`) as well as four', async () => {
    // Prepare
    upstream.on('/boeapps/database/_iadb-fromshowcolumns.asp', csv('DATE,IUDSOIA\n31 Dec 25,3.9698\n02 Jan 26,3.7285\n05 Jan 2026,3.7282\n'));

    // Act
    const sonia = await boeClient(client()).sonia('2025-12-31', '2026-01-05');

    // Assess
    expect(sonia).toEqual([
      { date: '2025-12-31', rate_pct: 3.9698 },
      { date: '2026-01-02', rate_pct: 3.7285 },
      { date: '2026-01-05', rate_pct: 3.7282 },
    ]);
  });

  test('still rejects a date it cannot read', () => {
    expect(thrown(RatePayloadError, () => parseIadbCsv('DATE,IUDSOIA\n02 Jnx 26,3.7\n', 'IUDSOIA')).message).toMatch(/not a date/);
  });
});

describe('BCB SGS (recorded 2026-06, series 1 USD/BRL, January 2024)', () => {
  test('the client reads the seven dd/MM/yyyy points with string values', async () => {
    // Prepare
    upstream.on('/dados/serie/bcdata.sgs.1/dados', recordingReply('bcb/sgs-1-2024-01.json'));

    // Act
    const points = await bcbClient(client()).series(1, '2024-01-01', '2024-01-10');

    // Assess
    expect(points).toHaveLength(7);
    expect(points[0]).toEqual({ date: '2024-01-02', rate_pct: 4.8916 });
    expect(points.at(-1)).toEqual({ date: '2024-01-10', rate_pct: 4.8901 });
    expect(parseSgs(recordingJson('bcb/sgs-1-2024-01.json'))).toEqual(points);
  });
});

describe('New York Fed Markets API (recorded 2024-06-27)', () => {
  test('reads SOFR 2024-06-03 … 06-06, newest first as published', async () => {
    // Prepare
    upstream.on(NYFED_RATES.sofr.path, recordingReply('nyfed/sofr-search-2024-06-01-to-2024-06-06.json'));

    // Act
    const sofr = await nyFedClient(client()).rates('sofr', '2024-06-01', '2024-06-06');

    // Assess
    expect(sofr).toEqual([
      { date: '2024-06-06', rate_pct: 5.33 },
      { date: '2024-06-05', rate_pct: 5.33 },
      { date: '2024-06-04', rate_pct: 5.33 },
      { date: '2024-06-03', rate_pct: 5.35 },
    ]);
  });

  test('reads the 108 EFFR days of 2023-01-03 … 06-06 (the answer also carries the target range)', async () => {
    // Prepare
    upstream.on(NYFED_RATES.effr.path, recordingReply('nyfed/effr-search-2023-01-01-to-2023-06-06.json'));

    // Act
    const effr = await nyFedClient(client()).rates('effr', '2023-01-01', '2023-06-06');

    // Assess
    expect(effr).toHaveLength(108);
    expect(effr[0]).toEqual({ date: '2023-06-06', rate_pct: 5.08 });
    expect(effr.at(-1)!.date).toBe('2023-01-03');
  });
});

describe('FRED DPRIME (fredgraph CSV recorded 2020-05, old `DATE` header)', () => {
  test('the graph client reads every day since 1955 with the old header', async () => {
    // Prepare
    const saved = process.env.FRED_API_KEY;
    delete process.env.FRED_API_KEY;
    upstream.on('/graph/fredgraph.csv', recordingReply('fred/fredgraph-DPRIME-DATE-header-2020.csv'));

    // Act
    const days = await fredClient(client()).observations('DPRIME', '1955-08-04');
    if (saved !== undefined) process.env.FRED_API_KEY = saved;

    // Assess
    expect(days).toHaveLength(recordingText('fred/fredgraph-DPRIME-DATE-header-2020.csv').trim().split('\n').length - 1);
    expect(days[0]).toEqual({ date: '1955-08-04', value: 3.25 });
    expect(days.every((d) => d.value === null || (d.value > 0 && d.value < 25))).toBe(true);
  });
});
