import { FRED_API_KEY_ENV, FRED_API_URL_ENV, FRED_GRAPH_URL_ENV, FredPayloadError, fredClient, parseFredGraphCsv, parseFredObservations } from '../../lib/sources/fred';
import { UpstreamFailure } from '../../lib/sources/http';
import { fixtureText, jsonReply, serverError, startFakeUpstream, tooManyRequests, type FakeUpstream } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

const ENV = [FRED_API_KEY_ENV, FRED_API_URL_ENV, FRED_GRAPH_URL_ENV] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
beforeEach(() => {
  for (const name of ENV) delete process.env[name];
  process.env[FRED_GRAPH_URL_ENV] = upstream.url;
  process.env[FRED_API_URL_ENV] = upstream.url;
});
afterEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const csvReply = (body: string) => ({ status: 200, headers: { 'Content-Type': 'text/csv' }, body });

async function failureOf(promise: Promise<unknown>): Promise<UpstreamFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamFailure) return error;
    throw error;
  }
  throw new Error('expected an UpstreamFailure');
}

describe('parseFredGraphCsv', () => {
  test('reads the observation_date header of the current format, oldest first', () => {
    const observations = parseFredGraphCsv(fixtureText('fred', 'DCOILWTICO.csv'), 'DCOILWTICO');
    expect(observations[0]).toEqual({ date: '2026-10-06', value: expect.any(Number) });
    expect(observations.at(-1)).toEqual({ date: '2026-11-16', value: 62.77 });
    expect(observations.map((o) => o.date)).toEqual([...observations.map((o) => o.date)].sort());
  });

  test('reads the DATE header of the format before December 2024', () => {
    const csv = 'DATE,DCOILWTICO\n2019-01-02,46.31\n2019-01-03,47.09\n';
    expect(parseFredGraphCsv(csv, 'DCOILWTICO')).toEqual([
      { date: '2019-01-02', value: 46.31 },
      { date: '2019-01-03', value: 47.09 },
    ]);
  });

  test('a missing value written "." or left empty is null', () => {
    const csv = 'observation_date,DHHNGSP\r\n2026-10-09,2.71\r\n2026-10-12,.\r\n2026-10-13,\r\n';
    expect(parseFredGraphCsv(csv, 'DHHNGSP').map((o) => o.value)).toEqual([2.71, null, null]);
    expect(parseFredGraphCsv(fixtureText('fred', 'DCOILBRENTEU.csv'), 'DCOILBRENTEU').find((o) => o.date === '2026-10-12')?.value).toBeNull();
  });

  test('keeps negative prices (WTI on 2020-04-20)', () => {
    const csv = 'observation_date,DCOILWTICO\n2020-04-17,18.27\n2020-04-20,-36.98\n2020-04-21,8.91\n';
    expect(parseFredGraphCsv(csv, 'DCOILWTICO')[1]).toEqual({ date: '2020-04-20', value: -36.98 });
  });

  test('a header-only answer is no observations', () => {
    expect(parseFredGraphCsv('observation_date,DGASNYH\n', 'DGASNYH')).toEqual([]);
  });

  test('rejects an HTML error page, another series, a bad date and a non-number', () => {
    expect(thrown(FredPayloadError, () => parseFredGraphCsv('<!DOCTYPE html><html>Error</html>', 'DCOILWTICO')).message).toContain('not a FRED graph CSV');
    expect(thrown(FredPayloadError, () => parseFredGraphCsv('observation_date,DCOILBRENTEU\n2026-10-06,64.1\n', 'DCOILWTICO')).message).toContain('no column DCOILWTICO');
    expect(() => parseFredGraphCsv('observation_date,DCOILWTICO\n10/06/2026,64.1\n', 'DCOILWTICO')).toThrow(FredPayloadError);
    expect(() => parseFredGraphCsv('observation_date,DCOILWTICO\n2026-10-06,n/a\n', 'DCOILWTICO')).toThrow(FredPayloadError);
  });
});

describe('parseFredObservations (JSON API)', () => {
  test('values are strings; "." is null; negative values kept', () => {
    const body = {
      observations: [
        { realtime_start: '2026-11-20', realtime_end: '2026-11-20', date: '2020-04-20', value: '-36.98' },
        { realtime_start: '2026-11-20', realtime_end: '2026-11-20', date: '2020-04-21', value: '.' },
      ],
    };
    expect(parseFredObservations(body)).toEqual([
      { date: '2020-04-20', value: -36.98 },
      { date: '2020-04-21', value: null },
    ]);
  });

  test('rejects a body without observations or with a numeric value', () => {
    expect(() => parseFredObservations({ error_code: 400, error_message: 'Bad Request.' })).toThrow(FredPayloadError);
    expect(() => parseFredObservations({ observations: [{ date: '2020-04-20', value: 12.5 }] })).toThrow(FredPayloadError);
  });
});

describe('fredClient', () => {
  test('without a key it reads the graph CSV for the series and date range, with a User-Agent', async () => {
    upstream.on('/graph/fredgraph.csv', csvReply(fixtureText('fred', 'DGASNYH.csv')));

    const observations = await fredClient().observations('DGASNYH', '2026-10-06', '2026-11-20');

    expect(observations.length).toBeGreaterThan(20);
    const [request] = upstream.requestsTo('/graph/fredgraph.csv');
    expect(Object.fromEntries(request!.query)).toEqual({ id: 'DGASNYH', cosd: '2026-10-06', coed: '2026-11-20' });
    expect(String(request!.headers['user-agent'])).toContain('data-query-service');
  });

  test('with FRED_API_KEY it reads the JSON API with the key', async () => {
    process.env[FRED_API_KEY_ENV] = 'abcdefabcdefabcdefabcdefabcdef12';
    upstream.on('/fred/series/observations', jsonReply({ observations: [{ date: '2026-11-16', value: '62.77' }] }));

    const observations = await fredClient().observations('DCOILWTICO', '2026-10-06');

    expect(observations).toEqual([{ date: '2026-11-16', value: 62.77 }]);
    const query = upstream.requestsTo('/fred/series/observations')[0]!.query;
    expect(query.get('api_key')).toBe('abcdefabcdefabcdefabcdefabcdef12');
    expect(query.get('series_id')).toBe('DCOILWTICO');
    expect(query.get('file_type')).toBe('json');
  });

  test('waits out a 429 with Retry-After, then reads the answer', async () => {
    upstream.on('/graph/fredgraph.csv', tooManyRequests(0), csvReply('observation_date,DCOILWTICO\n2026-11-16,62.77\n'));

    const observations = await fredClient({ backoffMs: 1 }).observations('DCOILWTICO', '2026-11-01');

    expect(observations).toEqual([{ date: '2026-11-16', value: 62.77 }]);
    expect(upstream.requestsTo('/graph/fredgraph.csv')).toHaveLength(2);
  });

  test('gives up after its retries on 5xx with an UpstreamFailure', async () => {
    upstream.on('/graph/fredgraph.csv', serverError(503));

    const failure = await failureOf(fredClient({ backoffMs: 1, retries: 2 }).observations('DCOILWTICO', '2026-11-01'));

    expect(failure.kind).toBe('status');
    expect(failure.status).toBe(503);
    expect(upstream.requestsTo('/graph/fredgraph.csv')).toHaveLength(3);
  });

  test('a body that is not the CSV is a malformed failure, not retried', async () => {
    upstream.on('/graph/fredgraph.csv', csvReply('<html><body>Series not found</body></html>'));

    const failure = await failureOf(fredClient({ backoffMs: 1 }).observations('DCOILWTICO', '2026-11-01'));

    expect(failure.kind).toBe('malformed');
    expect(upstream.requestsTo('/graph/fredgraph.csv')).toHaveLength(1);
  });
});
