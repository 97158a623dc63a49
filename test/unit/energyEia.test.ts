import { EIA_API_KEY_ENV, EIA_BASE_URL_ENV, EiaPayloadError, eiaClient, parseEiaSeries } from '../../lib/sources/eia';
import { UpstreamFailure } from '../../lib/sources/http';
import { fixtureJson, fixtureReply, fixtureText, jsonReply, serverError, startFakeUpstream, tooManyRequests, truncatedJson, type FakeUpstream } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

const ENV = [EIA_API_KEY_ENV, EIA_BASE_URL_ENV] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
beforeEach(() => {
  process.env[EIA_API_KEY_ENV] = 'test-eia-key';
  process.env[EIA_BASE_URL_ENV] = upstream.url;
});
afterEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const SPT = '/v2/petroleum/pri/spt/data/';

async function failureOf(promise: Promise<unknown>): Promise<UpstreamFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamFailure) return error;
    throw error;
  }
  throw new Error('expected an UpstreamFailure');
}

const row = (period: string, value: unknown, series = 'RWTC') => ({ period, series, value, units: '$/BBL', 'series-description': 'Cushing, OK WTI Spot Price FOB (Dollars per Barrel)' });
const body = (...data: unknown[]) => ({ response: { total: String(data.length), dateFormat: 'YYYY-MM-DD', frequency: 'daily', data }, apiVersion: '2.1.8' });

describe('parseEiaSeries', () => {
  test('reads a recorded answer: string values as numbers, oldest first, with units', () => {
    const observations = parseEiaSeries(fixtureJson('eia', 'RWTC.json'), 'RWTC');
    expect(observations.at(-1)).toEqual({ date: '2026-11-16', value: 62.77, units: '$/BBL' });
    expect(observations[0]!.date).toBe('2026-10-06');
    expect(observations.find((o) => o.date === '2026-10-12')?.value).toBeNull();
  });

  test('reads Henry Hub from its own route in $/MMBTU', () => {
    expect(parseEiaSeries(fixtureJson('eia', 'RNGWHHD.json'), 'RNGWHHD').at(-1)?.units).toBe('$/MMBTU');
  });

  test('"." , null, "" and a missing value are "not released" (null); numbers from before v2.1.6 still read', () => {
    const { value: _omitted, ...noValue } = row('2026-11-12', 'x');
    const observations = parseEiaSeries(body(row('2026-11-16', '.'), row('2026-11-13', null), row('2026-11-11', ''), noValue, row('2026-11-10', 61.5)), 'RWTC');
    expect(observations.map((o) => o.value)).toEqual([61.5, null, null, null, null]);
  });

  test('negative values are kept', () => {
    expect(parseEiaSeries(body(row('2020-04-20', '-36.98')), 'RWTC')[0]!.value).toBe(-36.98);
  });

  test('rows of another series are ignored; an empty data array is no observations', () => {
    expect(parseEiaSeries(body(row('2026-11-16', '65.1', 'RBRTE')), 'RWTC')).toEqual([]);
    expect(parseEiaSeries(body(), 'RWTC')).toEqual([]);
  });

  test('rejects an error answer, a missing data array, a non-daily period and a non-number', () => {
    expect(thrown(EiaPayloadError, () => parseEiaSeries({ error: 'API_KEY_INVALID', code: 403 }, 'RWTC')).message).toContain('API_KEY_INVALID');
    expect(() => parseEiaSeries({ response: {} }, 'RWTC')).toThrow(EiaPayloadError);
    expect(() => parseEiaSeries(body(row('2026-11', '62.1')), 'RWTC')).toThrow(EiaPayloadError);
    expect(() => parseEiaSeries(body(row('2026-11-16', 'n/a')), 'RWTC')).toThrow(EiaPayloadError);
  });
});

describe('eiaClient', () => {
  test('is not configured without EIA_API_KEY', async () => {
    delete process.env[EIA_API_KEY_ENV];
    expect(await eiaClient()).toBeUndefined();
  });

  test('asks the route for one daily series, newest first, with the key', async () => {
    upstream.on(SPT, fixtureReply('eia', 'RBRTE.json'));

    const observations = await (await eiaClient())!.dailySeries('petroleum/pri/spt', 'RBRTE', '2026-10-06');

    expect(observations.length).toBeGreaterThan(20);
    const query = upstream.requestsTo(SPT)[0]!.query;
    expect(query.get('api_key')).toBe('test-eia-key');
    expect(query.get('facets[series][]')).toBe('RBRTE');
    expect(query.get('frequency')).toBe('daily');
    expect(query.get('data[0]')).toBe('value');
    expect(query.get('start')).toBe('2026-10-06');
    expect(query.get('sort[0][direction]')).toBe('desc');
  });

  test('retries a 429 (Retry-After) and a 500, then reads the answer', async () => {
    upstream.on(SPT, tooManyRequests(0), serverError(500), fixtureReply('eia', 'RWTC.json'));

    const observations = await (await eiaClient({ backoffMs: 1 }))!.dailySeries('petroleum/pri/spt', 'RWTC', '2026-10-06');

    expect(observations.at(-1)?.value).toBe(62.77);
    expect(upstream.requestsTo(SPT)).toHaveLength(3);
  });

  test('truncated JSON is a malformed failure', async () => {
    upstream.on(SPT, truncatedJson(fixtureText('eia', 'RWTC.json')));

    expect((await failureOf((await eiaClient({ backoffMs: 1 }))!.dailySeries('petroleum/pri/spt', 'RWTC', '2026-10-06'))).kind).toBe('malformed');
  });

  test('a refused key (403) fails at once', async () => {
    upstream.on(SPT, jsonReply({ error: { code: 'API_KEY_INVALID', message: 'An invalid api_key has been supplied.' } }, 403));

    const failure = await failureOf((await eiaClient({ backoffMs: 1 }))!.dailySeries('petroleum/pri/spt', 'RWTC', '2026-10-06'));

    expect(failure.status).toBe(403);
    expect(upstream.requestsTo(SPT)).toHaveLength(1);
  });
});
