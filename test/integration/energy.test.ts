import { seedSampleData } from '../../infra/local/seed';
import { energyJobs } from '../../lib/api/energy';
import { handler as fxRatesJob } from '../../functions/ingest/fxRates';
import { handler as oilSpotJob } from '../../functions/ingest/oilSpot';
import { convertFromUsd } from '../../lib/fx/convert';
import { JOB_RUNS, type JobRun } from '../../lib/ingest/job';
import { getRecord } from '../../lib/store/marketData';
import { ECB_90_DAYS_PATH, ECB_BASE_URL_ENV } from '../../lib/sources/ecb';
import { EIA_API_KEY_ENV, EIA_BASE_URL_ENV } from '../../lib/sources/eia';
import { FRED_API_KEY_ENV, FRED_GRAPH_URL_ENV } from '../../lib/sources/fred';
import { fixtureText, serverError, startFakeUpstream, tooManyRequests, type FakeReply, type FakeUpstream, type RecordedRequest } from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

const ENV = [FRED_GRAPH_URL_ENV, FRED_API_KEY_ENV, EIA_BASE_URL_ENV, EIA_API_KEY_ENV, ECB_BASE_URL_ENV] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

let server: TestServer;
let upstream: FakeUpstream;
const keys: Record<'free' | 'developer' | 'developerAnnual' | 'business' | 'freeAnnual', string> = {} as never;

const FRED_CSV = '/graph/fredgraph.csv';
const RUN_AT = '2026-11-20T21:00:00Z';
const RUN_SECONDS = Date.parse(RUN_AT) / 1000;

const csv = (body: string): FakeReply => ({ status: 200, headers: { 'Content-Type': 'text/csv' }, body });
const xml = (body: string): FakeReply => ({ status: 200, headers: { 'Content-Type': 'text/xml' }, body });

/** FRED graph CSV by series id from the recordings; `overrides` answer some series differently. */
function fredRecordings(overrides: Record<string, FakeReply> = {}) {
  return (request: RecordedRequest): FakeReply => {
    const id = request.query.get('id') ?? '';
    return overrides[id] ?? csv(fixtureText('fred', `${id}.csv`));
  };
}

const spot = (query: string, key = keys.business) => server.call(`/v1/oilspot${query}`, { key });

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env[FRED_GRAPH_URL_ENV] = upstream.url;
  process.env[EIA_BASE_URL_ENV] = upstream.url;
  process.env[ECB_BASE_URL_ENV] = upstream.url;
  delete process.env[FRED_API_KEY_ENV];
  delete process.env[EIA_API_KEY_ENV];
  server = await startTestServer();
  keys.free = await server.newKey({ tier: 'free', period: 'month' });
  keys.freeAnnual = await server.newKey({ tier: 'free', period: 'year' });
  keys.developer = await server.newKey({ tier: 'developer', period: 'month' });
  keys.developerAnnual = await server.newKey({ tier: 'developer', period: 'year' });
  keys.business = await server.newKey({ tier: 'business', period: 'month' });
}, 120_000);
afterEach(() => {
  upstream.reset();
  delete process.env[EIA_API_KEY_ENV];
});
afterAll(async () => {
  await server.close();
  await upstream.close();
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

describe('before anything is ingested', () => {
  test('/v1/oilspot answers 503 data_unavailable', async () => {
    await expectError(await spot(''), 503, 'data_unavailable');
  });

  test('plan gates and parameter errors still come first', async () => {
    await expectError(await spot('', keys.free), 403, 'plan_required');
    await expectError(await spot('?type=kerosene'), 400, 'invalid_parameter', 'type');
  });

  test('a USD amount converts to USD without exchange rates; another currency needs them (503)', async () => {
    expect(await convertFromUsd(62.5, 'USD', new Date(RUN_AT))).toEqual({ amount: 62.5, rateDate: '2026-11-20', sample: false });
    await expect(convertFromUsd(62.5, 'EUR', new Date(RUN_AT))).rejects.toMatchObject({ statusCode: 503, code: 'data_unavailable' });
  });
});

describe('the oilSpot job (FRED, no key)', () => {
  test('a series without prices in the window is skipped; the others are stored and served', async () => {
    // Prepare: FRED has no diesel prices in the window
    upstream.on(FRED_CSV, fredRecordings({ DHOILNYH: csv('observation_date,DHOILNYH\n') }));

    // Act
    const summary = await oilSpotJob({ time: RUN_AT });
    const wti = await spot('?type=wti');
    const diesel = await spot('?type=diesel');

    // Assess
    expect(summary.notes?.join(' ')).toContain('diesel');
    expect(upstream.requestsTo(FRED_CSV).map((r) => r.query.get('id'))).toEqual(['DCOILWTICO', 'DCOILBRENTEU', 'DHHNGSP', 'DGASNYH', 'DHOILNYH']);
    expect(upstream.requestsTo(FRED_CSV)[0]!.query.get('cosd')).toBe('2026-10-06');
    expect(wti.status).toBe(200);
    await expectError(diesel, 503, 'data_unavailable');
  });

  test('after a full run every benchmark answers with its trading day, physical benchmark and previous close', async () => {
    // Prepare
    upstream.on(FRED_CSV, fredRecordings());

    // Act
    await oilSpotJob({ time: RUN_AT });
    const response = await spot('?type=wti');
    const body = await json(response);

    // Assess: the last two rows of DCOILWTICO.csv are 2026-11-13 62.02 and 2026-11-16 62.77
    expect(response.status).toBe(200);
    expect(body).toEqual({
      type: 'wti',
      name: 'WTI Crude Oil',
      price: 62.77,
      spot_type: 'Spot Price FOB',
      date: '2026-11-16',
      benchmark: 'WTI Cushing, Oklahoma',
      previous_close: 62.02,
      change_24h: 0.75,
      change_24h_percent: 1.21,
      updated: RUN_SECONDS,
      unit: 'barrel',
      currency_unit: 'USD',
    });
    for (const type of ['brent', 'natural_gas', 'gasoline', 'diesel']) {
      const other = await json(await spot(`?type=${type}`));
      expect(other).toMatchObject({ type, date: '2026-11-16', currency_unit: 'USD' });
    }
    expect(await json(await spot('?type=natural_gas'))).toMatchObject({ benchmark: 'Henry Hub, Louisiana', unit: 'MMBtu' });
    expect(await json(await spot('?type=diesel'))).toMatchObject({ benchmark: 'NY Harbor No. 2 Heating Oil', unit: 'gallon' });
  });

  test('the default type is wti', async () => {
    expect(await json(await spot(''))).toMatchObject({ type: 'wti', price: 62.77 });
  });

  test('re-running with the same answers writes the same items (updated stays the first store time)', async () => {
    upstream.on(FRED_CSV, fredRecordings());
    const before = await json(await spot('?type=brent'));

    await oilSpotJob({ time: '2026-11-21T21:00:00Z' });

    expect(await json(await spot('?type=brent'))).toEqual(before);
  });

  test('waits out a 429 with Retry-After and stores the answer', async () => {
    let throttled = false;
    upstream.on(FRED_CSV, (request) => {
      if (!throttled) {
        throttled = true;
        return tooManyRequests(0);
      }
      return fredRecordings()(request);
    });

    await expect(oilSpotJob({ time: RUN_AT })).resolves.toMatchObject({ written: expect.any(Number) });
    expect(upstream.requestsTo(FRED_CSV)).toHaveLength(6);
  });

  describe('a failing upstream leaves stored data intact', () => {
    const failures: [string, FakeReply][] = [
      ['a 5xx on one series after the retries', serverError(503)],
      ['an HTML page instead of the CSV', csv('<!DOCTYPE html><html><body>Service Unavailable</body></html>')],
      ['a value that is not a number', csv('observation_date,DHHNGSP\n2026-11-17,n/a\n')],
    ];

    test.each(failures)('%s fails the run and changes nothing', async (_name, reply) => {
      // Prepare
      const before = await json(await spot('?types=wti,natural_gas'));
      upstream.on(FRED_CSV, fredRecordings({ DHHNGSP: reply }));

      // Act
      const run = oilSpotJob({ time: '2026-11-22T21:00:00Z', log: false });

      // Assess
      await expect(run).rejects.toThrow();
      expect(await json(await spot('?types=wti,natural_gas'))).toEqual(before);
      const jobRun = await getRecord<JobRun>(JOB_RUNS, 'oilSpot', new Date());
      expect(jobRun?.value.last_error).toEqual(expect.any(String));
    }, 30_000);

    test('no prices at all for any series fails the run', async () => {
      upstream.on(FRED_CSV, (request) => csv(`observation_date,${request.query.get('id')}\n`));
      const before = await json(await spot('?type=gasoline'));

      await expect(oilSpotJob({ time: RUN_AT, log: false })).rejects.toThrow(/no spot prices/);
      expect(await json(await spot('?type=gasoline'))).toEqual(before);
    });
  });
});

describe('the oilSpot job with EIA_API_KEY', () => {
  test('reads the EIA v2 routes instead of FRED (Henry Hub from natural-gas/pri/fut)', async () => {
    // Prepare
    process.env[EIA_API_KEY_ENV] = 'test-eia-key';
    const eia = (request: RecordedRequest): FakeReply => ({
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: fixtureText('eia', `${request.query.get('facets[series][]')}.json`),
    });
    upstream.on('/v2/petroleum/pri/spt/data/', eia).on('/v2/natural-gas/pri/fut/data/', eia);

    // Act
    await oilSpotJob({ time: RUN_AT });

    // Assess
    expect(upstream.requestsTo(FRED_CSV)).toHaveLength(0);
    expect(upstream.requestsTo('/v2/petroleum/pri/spt/data/')).toHaveLength(4);
    expect(upstream.requestsTo('/v2/natural-gas/pri/fut/data/').map((r) => r.query.get('facets[series][]'))).toEqual(['RNGWHHD']);
    expect(await json(await spot('?type=wti'))).toMatchObject({ price: 62.77, date: '2026-11-16', previous_close: 62.02 });
  });
});

describe('the fxRates job and currency conversion', () => {
  test('a failing ECB leaves conversion unavailable (503), never invented', async () => {
    upstream.on(ECB_90_DAYS_PATH, serverError(500));

    await expect(fxRatesJob({ time: '2026-11-20T16:30:00Z', log: false })).rejects.toThrow();
    await expectError(await spot('?currency=EUR'), 503, 'data_unavailable');
  }, 30_000);

  test('stores 90 days of reference rates and converts through the EUR cross rate', async () => {
    // Prepare: on 2026-11-20 the recording has USD 1.1519 and JPY 168.75 per EUR
    upstream.on(ECB_90_DAYS_PATH, xml(fixtureText('ecb', 'eurofxref-hist-90d.xml')));

    // Act
    const summary = await fxRatesJob({ time: '2026-11-20T16:30:00Z' });
    const eur = await json(await spot('?type=wti&currency=eur'));
    const jpy = await json(await spot('?type=wti&currency=JPY'));

    // Assess
    expect(summary.written).toBe(65);
    expect(eur).toMatchObject({ currency_unit: 'EUR', price: Math.round((62.77 / 1.1519) * 1e4) / 1e4, unit: 'barrel' });
    expect(eur.previous_close).toBe(Math.round((62.02 / 1.1519) * 1e4) / 1e4);
    expect(jpy.price).toBe(Math.round(((62.77 * 168.75) / 1.1519) * 1e4) / 1e4);
    expect(jpy.change_24h).toBe(Math.round((((62.77 - 62.02) * 168.75) / 1.1519) * 1e4) / 1e4);
    expect(jpy.change_24h_percent).toBe(1.21);
    expect(await convertFromUsd(100, 'EUR', new Date())).toEqual({ amount: 100 / 1.1519, rateDate: '2026-11-20', sample: false });
  });

  test('an older re-publication does not replace the latest rates', async () => {
    upstream.on(ECB_90_DAYS_PATH, xml(fixtureText('ecb', 'eurofxref-hist-90d.xml').replace(/<Cube time='2026-11-20'>[\s\S]*?<\/Cube>\s*/, '')));

    await fxRatesJob({ time: '2026-11-21T16:30:00Z' });

    expect((await convertFromUsd(1, 'EUR', new Date())).rateDate).toBe('2026-11-20');
  });

  test('currency: not ISO 4217 → 400; ISO but without an ECB rate → 400 naming the supported ones', async () => {
    await expectError(await spot('?currency=EURO'), 400, 'invalid_parameter', 'currency');
    await expectError(await spot('?currency=ABC'), 400, 'invalid_parameter', 'currency');
    const unsupported = await expectError(await spot('?currency=ARS'), 400, 'invalid_parameter', 'currency');
    expect(unsupported.error).toContain('GBP');
  });
});

describe('/v1/oilspot units', () => {
  test('converts with exact factors: per liter and per cubic meter, per therm and per MWh', async () => {
    const liter = await json(await spot('?type=wti&unit=liter'));
    const m3 = await json(await spot('?type=wti&unit=cubic_meter'));
    const gas = await json(await spot('?type=natural_gas'));
    const therm = await json(await spot('?type=natural_gas&unit=THERM'));
    const mwh = await json(await spot('?type=natural_gas&unit=mwh'));

    expect(liter).toMatchObject({ unit: 'liter', price: Math.round((62.77 / 158.987294928) * 1e4) / 1e4 });
    expect(m3).toMatchObject({ unit: 'cubic_meter', price: Math.round(((62.77 * 1000) / 158.987294928) * 1e4) / 1e4 });
    expect(therm).toMatchObject({ unit: 'therm', price: Math.round(gas.price * 1000) / 1e4 });
    expect(mwh).toMatchObject({ unit: 'MWh', price: Math.round(((gas.price * 3.6) / 1.05505585262) * 1e4) / 1e4 });
  });

  test('a unit of the wrong dimension, or an unknown unit, is a 400 on unit', async () => {
    const wrong = await expectError(await spot('?type=natural_gas&unit=gallon'), 400, 'invalid_parameter', 'unit');
    expect(wrong.error).toContain('MMBtu, MWh, GJ, therm');
    await expectError(await spot('?unit=MWh'), 400, 'invalid_parameter', 'unit');
    await expectError(await spot('?unit=pint'), 400, 'invalid_parameter', 'unit');
  });
});

describe('/v1/oilspot plans and batches', () => {
  test('free keys get 403 naming the plan; every paid key gets the single quote', async () => {
    const refused = await expectError(await spot('', keys.free), 403, 'plan_required');
    expect(refused.error).toContain('Premium');
    await expectError(await spot('', keys.freeAnnual), 403, 'plan_required');
    for (const key of [keys.developer, keys.developerAnnual, keys.business]) expect((await spot('', key)).status).toBe(200);
  });

  test('types answers an array in the order asked, a repeated name once', async () => {
    const response = await spot('?types=diesel,WTI,natural_gas,wti&currency=EUR');
    const body = await json(response);

    expect(response.status).toBe(200);
    expect(body.map((item: { type: string }) => item.type)).toEqual(['diesel', 'wti', 'natural_gas']);
    for (const item of body) expect(item).toMatchObject({ currency_unit: 'EUR', date: '2026-11-16' });
  });

  test('types with a single name is still an array', async () => {
    expect(await json(await spot('?types=brent'))).toEqual([expect.objectContaining({ type: 'brent' })]);
  });

  test('types needs Business+ or an annual plan: developer monthly 403, developer annual 200', async () => {
    await expectError(await spot('?types=wti,brent', keys.developer), 403, 'plan_required', 'types');
    expect((await spot('?types=wti,brent', keys.developerAnnual)).status).toBe(200);
  });

  test('type with types, an unknown or empty name, and a unit unfit for one of the batch are 400', async () => {
    await expectError(await spot('?type=wti&types=brent'), 400, 'invalid_parameter', 'types');
    await expectError(await spot('?types=wti,propane'), 400, 'invalid_parameter', 'types');
    await expectError(await spot('?types=wti,,brent'), 400, 'invalid_parameter', 'types');
    await expectError(await spot('?types=wti,natural_gas&unit=liter'), 400, 'invalid_parameter', 'unit');
  });
});

describe('sample data from the recordings', () => {
  test('npm run seed feeds the recordings through both jobs and every answer carries sample: true', async () => {
    // Act
    const outcomes = await seedSampleData([energyJobs.fxRates, energyJobs.oilSpot]);
    const single = await json(await spot('?type=gasoline&currency=GBP&unit=liter'));
    const batch = await json(await spot('?types=wti,brent,natural_gas,gasoline,diesel'));

    // Assess
    expect(outcomes).toMatchObject([
      { job: 'fxRates', ok: true, written: 62 },
      { job: 'oilSpot', ok: true, written: expect.any(Number) },
    ]);
    expect(single).toMatchObject({ sample: true, currency_unit: 'GBP', unit: 'liter', date: '2026-11-16' });
    expect(batch).toHaveLength(5);
    // WTI's recording is the real FRED download of 2026-02: older than the price stored above, which it never replaces
    for (const item of batch) expect([item.type, item.sample]).toEqual(item.type === 'wti' ? ['wti', undefined] : [item.type, true]);
  }, 60_000);
});
