import { COMMODITIES, COMMODITY_NAMES, commodityNamed } from '../../lib/commodities/catalog';
import { listedContracts, yahooContractSymbol } from '../../lib/commodities/contracts';
import { FRONT_MONTH_SYMBOLS } from '../../lib/commodities/futuresSymbols';
import { zonedDate, zonedTime } from '../../lib/time/zoned';
import { freeCommodities } from '../../lib/commodities/rotation';
import { chartPath } from '../../lib/commodities/sampleRoutes';
import { commodityJobs } from '../../lib/api/commodities';
import { seedSampleData } from '../../infra/local/seed';
import { putReferenceRates } from '../../lib/fx/referenceRates';
import { handler as contractsJob } from '../../functions/ingest/commodityContracts';
import { handler as intradayJob } from '../../functions/ingest/commodityIntradayBars';
import { handler as quotesJob } from '../../functions/ingest/commodityQuotes';
import { BASE_PRICE, chartPayload, contractName, midnightIn, syntheticBars, tradingDates, type SyntheticBar } from '../support/commoditiesCharts';
import {
  jsonReply,
  recordingJson,
  recordingReply,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeUpstream,
  type RecordedRequest,
} from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let upstream: FakeUpstream;
let keys: Record<'free' | 'developer' | 'developerAnnual' | 'business', string>;
const ENV = ['YAHOO_CHART_BASE_URL', 'YAHOO_FUTURES_BACKOFF_MS', 'YAHOO_CHART_REQUESTS_PER_SECOND'] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

const NOW = new Date();
const nowS = Math.floor(NOW.getTime() / 1000);
const EUR_PER_USD = 0.86;

/** The daily bars each front-month symbol answers with (the last 40 weekdays up to today, exchange time). */
const daily = new Map<string, SyntheticBar[]>();

function commodityOf(symbol: string) {
  return COMMODITIES.find((c) => c.yahooSymbol === symbol)!;
}

/** A live-looking Yahoo answer for a front-month symbol, relative to the test clock. */
function frontMonthReply(request: RecordedRequest) {
  const symbol = decodeURIComponent(request.path.split('/').pop()!);
  const commodity = commodityOf(symbol);
  const base = BASE_PRICE[commodity.root]!;
  const spec = { symbol, exchange: commodity.exchange, shortName: contractName(commodity.root, 2027, 1), regularMarketTime: nowS - 30 };
  const interval = request.query.get('interval');
  if (interval === '1d') return jsonReply(chartPayload({ ...spec, granularity: '1d', bars: daily.get(symbol)! }));
  if (interval === '60m') {
    const hours = Array.from({ length: 48 }, (_, i) => Math.floor(nowS / 3600) * 3600 - 3600 * (47 - i));
    return jsonReply(chartPayload({ ...spec, granularity: '60m', bars: syntheticBars(`${symbol}60`, hours, base, 0.003, 5000) }));
  }
  const from = Number(request.query.get('period1'));
  const minutes = Array.from({ length: Math.floor((nowS - 60 - from) / 60) + 1 }, (_, i) => from + 60 * i);
  return jsonReply(chartPayload({ ...spec, granularity: '1m', bars: syntheticBars(`${symbol}1m`, minutes, base, 0.0005, 100) }));
}

const GOLD_CONTRACTS = listedContracts(commodityNamed('gold')!, NOW, 6);

function routeLiveUpstream() {
  upstream.reset();
  for (const { symbol } of FRONT_MONTH_SYMBOLS) upstream.on(chartPath(symbol), frontMonthReply);
  GOLD_CONTRACTS.forEach((contract, i) => {
    const gold = commodityNamed('gold')!;
    const symbol = yahooContractSymbol(contract, gold);
    const days = tradingDates(zonedDate(nowS, 'America/New_York'), 5).map((d) => midnightIn(d, 'America/New_York'));
    const bars = syntheticBars(symbol, days, 4050 + 10 * i, 0.01, 900);
    upstream.on(chartPath(symbol), jsonReply(chartPayload({ symbol, exchange: 'COMEX', shortName: contractName('GC', contract.year, contract.month), granularity: '1d', bars, regularMarketTime: nowS - 120 })));
  });
}

const runAll = async (time = NOW) => {
  await quotesJob({ time: time.toISOString() });
  await intradayJob({ time: time.toISOString() });
  await contractsJob({ time: time.toISOString() });
};

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env.YAHOO_CHART_BASE_URL = upstream.url;
  process.env.YAHOO_FUTURES_BACKOFF_MS = '1';
  process.env.YAHOO_CHART_REQUESTS_PER_SECOND = '10000';
  server = await startTestServer();
  keys = {
    free: await server.newKey({ tier: 'free', period: 'month' }),
    developer: await server.newKey({ tier: 'developer', period: 'month' }),
    developerAnnual: await server.newKey({ tier: 'developer', period: 'year' }),
    business: await server.newKey({ tier: 'business', period: 'month' }),
  };
  for (const { symbol } of FRONT_MONTH_SYMBOLS) {
    const commodity = commodityOf(symbol);
    const zone = ['CME', 'CBOT'].includes(commodity.exchange) ? 'America/Chicago' : 'America/New_York';
    const days = tradingDates(zonedDate(nowS, zone), 40).map((d) => midnightIn(d, zone));
    daily.set(symbol, syntheticBars(`${symbol}1d`, days, BASE_PRICE[commodity.root]!, 0.01, 150_000));
  }
}, 120_000);
afterAll(async () => {
  await server.close();
  await upstream.close();
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

const get = (path: string, key: string) => server.call(path, { key });
const thisWeek = () => freeCommodities(new Date()).map((c) => c.name);
const lockedThisWeek = () => COMMODITY_NAMES.find((name) => !thisWeek().includes(name))!;

describe('before anything is ingested', () => {
  test.each([
    ['/v1/commodityprice?name=gold'],
    ['/v1/commoditypricehistorical?name=gold'],
    ['/v1/commoditycontract?symbol=GCZ26'],
    ['/v1/commoditycontractlist'],
    ['/v1/oilprice?type=wti'],
    ['/v1/oilpricehistorical'],
  ])('%s answers 503 data_unavailable', async (path) => {
    await expectError(await get(path, keys.business), 503, 'data_unavailable');
  });
});

describe('ingestion from the chart API', () => {
  beforeAll(async () => {
    routeLiveUpstream();
    await runAll();
  }, 120_000);

  test('fetches every front-month symbol once per job, oil benchmarks included', () => {
    for (const { symbol } of FRONT_MONTH_SYMBOLS) {
      const requests = upstream.requestsTo(chartPath(symbol));
      expect(requests.filter((r) => r.query.get('interval') === '1d')).toHaveLength(1);
      expect(requests.filter((r) => r.query.get('interval') === '1m')).toHaveLength(1);
    }
    expect(upstream.requestsTo(chartPath('CL=F')).find((r) => r.query.get('interval') === '1d')!.query.get('range')).toBe('2y');
  });

  test('a second run reads only recent days and writes the same answers', async () => {
    const before = await json(await get('/v1/commodityprice?name=crude_oil', keys.developer));
    upstream.requests.length = 0;
    await quotesJob({ time: NOW.toISOString() });
    expect(upstream.requestsTo(chartPath('CL=F'))[0]!.query.get('range')).toBe('5d');
    expect(await json(await get('/v1/commodityprice?name=crude_oil', keys.developer))).toEqual(before);
  });

  test('retries a 429 after its Retry-After and stores the answer', async () => {
    upstream.on(chartPath('GC=F'), tooManyRequests(0), frontMonthReply);
    await quotesJob({ time: NOW.toISOString() });
    const gold = upstream.requestsTo(chartPath('GC=F'));
    expect(gold.length).toBeGreaterThanOrEqual(2);
    expect((await get('/v1/commodityprice?name=gold', keys.developer)).status).toBe(200);
    routeLiveUpstream();
  });

  test.each([
    ['a persistent 5xx', () => serverError(503)],
    ['a truncated JSON body', () => truncatedJson(JSON.stringify(chartPayload({ symbol: 'GC=F', exchange: 'COMEX', shortName: 'Gold Dec 26', granularity: '1d', bars: daily.get('GC=F')! })))],
    ['a chart error body', () => jsonReply({ chart: { result: null, error: { code: 'Internal', description: 'Unexpected error' } } })],
  ])('fails the run on %s and leaves stored quotes and bars intact', async (_, reply) => {
    // Prepare
    const quoteBefore = await json(await get('/v1/commodityprice?name=silver', keys.developer));
    const barsBefore = await json(await get('/v1/commoditypricehistorical?name=silver&period=1m', keys.developer));
    upstream.on(chartPath('GC=F'), reply());

    // Act
    const later = new Date(NOW.getTime() + 60_000).toISOString();
    await expect(quotesJob({ time: later })).rejects.toThrow();
    await expect(intradayJob({ time: later })).rejects.toThrow();

    // Assess
    expect(await json(await get('/v1/commodityprice?name=silver', keys.developer))).toEqual(quoteBefore);
    expect(await json(await get('/v1/commoditypricehistorical?name=silver&period=1m', keys.developer))).toEqual(barsBefore);
    routeLiveUpstream();
  });

  test('an empty window (no timestamp) writes no bars and keeps the stored ones', async () => {
    const before = await json(await get('/v1/commoditypricehistorical?name=gold&period=1m', keys.developer));
    upstream.on(chartPath('GC=F'), (request) =>
      request.query.get('interval') === '1m'
        ? jsonReply(chartPayload({ symbol: 'GC=F', exchange: 'COMEX', shortName: 'Gold Dec 26', granularity: '1m', bars: [], regularMarketTime: nowS - 30 }))
        : frontMonthReply(request),
    );
    await intradayJob({ time: NOW.toISOString() });
    expect(await json(await get('/v1/commoditypricehistorical?name=gold&period=1m', keys.developer))).toEqual(before);
    routeLiveUpstream();
  });

  test('runs where no symbol answers (all 404) fail and keep the stored quotes, bars and contracts', async () => {
    const before = await json(await get('/v1/commoditycontractlist', keys.business));
    const quoteBefore = await json(await get('/v1/commodityprice?name=wheat', keys.developer));
    upstream.reset();
    await expect(contractsJob({ time: NOW.toISOString() })).rejects.toThrow(/no contract month/);
    await expect(quotesJob({ time: NOW.toISOString() })).rejects.toThrow(/no front-month symbol/);
    await expect(intradayJob({ time: NOW.toISOString() })).rejects.toThrow(/no front-month symbol/);
    expect(await json(await get('/v1/commoditycontractlist', keys.business))).toEqual(before);
    expect(await json(await get('/v1/commodityprice?name=wheat', keys.developer))).toEqual(quoteBefore);
    routeLiveUpstream();
  });

  describe('/v1/commodityprice', () => {
    test('answers a free key for this week\'s commodities', async () => {
      const name = thisWeek()[0]!;
      const commodity = commodityNamed(name)!;
      const response = await get(`/v1/commodityprice?name=${name}`, keys.free);
      const body = await json(response);
      expect(response.status).toBe(200);
      expect(body).toEqual({
        exchange: commodity.exchange,
        name: commodity.displayName,
        value: name,
        price: BASE_PRICE[commodity.root],
        unit: commodity.unit,
        currency_unit: commodity.currencyUnit,
        previous_close: expect.any(Number),
        change_24h: expect.any(Number),
        change_24h_percent: expect.any(Number),
        high_24h: expect.any(Number),
        low_24h: expect.any(Number),
        high_52w: expect.any(Number),
        low_52w: expect.any(Number),
        updated: nowS - 30,
      });
    });

    test('adds the live service\'s quote fields: the quotation unit, the previous trading day\'s close, the change and the day\'s range', async () => {
      // Prepare: corn's daily bars as the fake chart serves them (Chicago trading days); the previous close is the newest bar before today's
      const corn = commodityNamed('corn')!;
      const bars = daily.get(corn.yahooSymbol)!;
      const today = zonedDate(nowS - 30, 'America/Chicago');
      const previous = bars.filter((bar) => zonedDate(bar.time, 'America/Chicago') < today).at(-1)!.close;
      const price = BASE_PRICE[corn.root]!;

      // Act
      const body = await json(await get('/v1/commodityprice?name=corn', keys.developer));

      // Assess: corn is quoted in US cents per bushel (CBOT contract specifications)
      expect(body).toMatchObject({
        unit: 'bushel',
        currency_unit: 'USX',
        price,
        previous_close: previous,
        change_24h: Math.round((price - previous) * 10_000) / 10_000,
        change_24h_percent: Math.round(((price - previous) / previous) * 100 * 100) / 100,
      });
      expect(body.low_24h).toBeLessThanOrEqual(body.high_24h);
    });

    test('refuses a free key another commodity with 403 listing this week\'s 7', async () => {
      const body = await expectError(await get(`/v1/commodityprice?name=${lockedThisWeek()}`, keys.free), 403, 'plan_required', 'name');
      for (const name of thisWeek()) expect(body.error).toContain(name);
    });

    test('answers a paid key for every commodity', async () => {
      for (const name of COMMODITY_NAMES) expect((await get(`/v1/commodityprice?name=${name}`, keys.developer)).status).toBe(200);
    });

    test('rejects an unknown or missing name with 400 listing the valid names', async () => {
      const body = await expectError(await get('/v1/commodityprice?name=unobtainium', keys.developer), 400, 'invalid_parameter', 'name');
      expect(body.error).toContain('class_3_milk');
      await expectError(await get('/v1/commodityprice', keys.developer), 400, 'missing_parameter', 'name');
    });
  });

  describe('/v1/commoditypricehistorical', () => {
    test('is Premium only', async () => {
      await expectError(await get('/v1/commoditypricehistorical?name=gold', keys.free), 403, 'plan_required');
    });

    test('answers 1h bars of the last 24 hours by default, newest first', async () => {
      const bars = await json<any[]>(await get('/v1/commoditypricehistorical?name=corn', keys.developer));
      expect(bars.length).toBeGreaterThanOrEqual(20);
      expect(bars.length).toBeLessThanOrEqual(25);
      for (const bar of bars) {
        expect(Object.keys(bar).sort()).toEqual(['close', 'high', 'low', 'open', 'time', 'volume']);
        expect(bar.time % 3600).toBe(0);
        expect(bar.time).toBeGreaterThanOrEqual(nowS - 86_400 - 60);
      }
      expect(bars.map((b) => b.time)).toEqual([...bars.map((b) => b.time)].sort((a, b) => b - a));
    });

    test('serves every period from the 1m bars, 4h aligned to UTC', async () => {
      for (const period of ['1m', '5m', '15m', '30m', '4h', '1d']) {
        const bars = await json<any[]>(await get(`/v1/commoditypricehistorical?name=gold&period=${period}&start=${nowS - 3 * 86_400}`, keys.developer));
        expect(bars.length).toBeGreaterThan(0);
      }
      const fourHours = await json<any[]>(await get(`/v1/commoditypricehistorical?name=gold&period=4h&start=${nowS - 86_400}`, keys.developer));
      for (const bar of fourHours) expect(bar.time % 14_400).toBe(0);
    });

    test('rejects bad bounds and periods', async () => {
      await expectError(await get(`/v1/commoditypricehistorical?name=gold&start=${nowS}&end=${nowS - 10}`, keys.developer), 400, 'invalid_parameter', 'start');
      await expectError(await get('/v1/commoditypricehistorical?name=gold&period=2h', keys.developer), 400, 'invalid_parameter', 'period');
      await expectError(await get('/v1/commoditypricehistorical?name=gold&start=abc', keys.developer), 400, 'invalid_parameter', 'start');
    });

    test('answers an empty window with an empty array', async () => {
      expect(await json(await get('/v1/commoditypricehistorical?name=gold&start=1000000000&end=1000086400', keys.developer))).toEqual([]);
    });
  });

  describe('/v1/commoditycontract and /v1/commoditycontractlist', () => {
    test('need Business, Professional or an annual plan', async () => {
      await expectError(await get('/v1/commoditycontractlist', keys.free), 403, 'plan_required');
      await expectError(await get('/v1/commoditycontract?symbol=GCZ26', keys.developer), 403, 'plan_required');
      expect((await get('/v1/commoditycontractlist', keys.developerAnnual)).status).toBe(200);
    });

    test('list the tracked months in month order with their commodity', async () => {
      const list = await json<any[]>(await get('/v1/commoditycontractlist', keys.business));
      expect(list).toEqual(GOLD_CONTRACTS.map((c) => ({ symbol: c.symbol, commodity: 'gold' })));
    });

    test('symbol answers one contract (case-insensitive)', async () => {
      const symbol = GOLD_CONTRACTS[1]!.symbol;
      const body = await json(await get(`/v1/commoditycontract?symbol=${symbol.toLowerCase()}`, keys.business));
      expect(body).toEqual({ symbol, last_price: 4060, last_updated: nowS - 120 });
    });

    test('symbol_root answers every contract starting with it, in month order', async () => {
      const body = await json<any[]>(await get('/v1/commoditycontract?symbol_root=GC', keys.business));
      expect(body.map((c) => c.symbol)).toEqual(GOLD_CONTRACTS.map((c) => c.symbol));
      expect(body.map((c) => c.last_price)).toEqual([4050, 4060, 4070, 4080, 4090, 4100]);
    });

    test('unknown symbols are 404 no_data; a root nothing starts with is 200 []', async () => {
      await expectError(await get('/v1/commoditycontract?symbol=GCZ99', keys.business), 404, 'no_data');
      await expectError(await get('/v1/commoditycontract?symbol=NOPE', keys.business), 404, 'no_data');
      const root = await get('/v1/commoditycontract?symbol_root=ZW', keys.business);
      expect([root.status, await root.json()]).toEqual([200, []]);
    });

    test('both or neither of symbol and symbol_root are 400', async () => {
      await expectError(await get('/v1/commoditycontract?symbol=GCZ26&symbol_root=GC', keys.business), 400, 'invalid_parameter');
      await expectError(await get('/v1/commoditycontract', keys.business), 400, 'invalid_parameter');
      await expectError(await get('/v1/commoditycontract?symbol=GC-Z26', keys.business), 400, 'invalid_parameter', 'symbol');
    });
  });

  describe('/v1/oilprice', () => {
    const closeOf = (date: string) => zonedTime(date, 17, 0, 'America/New_York');
    const dailyView = (symbol: string) => {
      const bars = daily.get(symbol)!.filter((b) => closeOf(zonedDate(b.time, 'America/New_York')) <= nowS);
      return { last: bars.at(-1)!, previous: bars.at(-2)! };
    };

    test('gives a free key the latest wti daily close, without the Premium fields', async () => {
      const body = await json(await get('/v1/oilprice', keys.free));
      const { last, previous } = dailyView('CL=F');
      expect(body).toEqual({
        type: 'wti',
        name: 'WTI Crude Oil',
        price: last.close,
        unit: 'barrel',
        currency_unit: 'USD',
        previous_close: previous.close,
        change_24h: Number((last.close - previous.close).toFixed(4)),
        change_24h_percent: Number((((last.close - previous.close) / previous.close) * 100).toFixed(2)),
        updated: closeOf(zonedDate(last.time, 'America/New_York')),
        futures_contract: 'CLF27',
        futures_contract_month: '2027-01',
      });
    });

    test('gives a free key brent, and refuses the other benchmarks', async () => {
      expect((await json(await get('/v1/oilprice?type=brent', keys.free))).price).toBe(dailyView('BZ=F').last.close);
      await expectError(await get('/v1/oilprice?type=natural_gas', keys.free), 403, 'plan_required', 'type');
    });

    test('refuses a free key the Premium currency and unit parameters unless they are the defaults', async () => {
      await expectError(await get('/v1/oilprice?currency=EUR', keys.free), 403, 'plan_required', 'currency');
      await expectError(await get('/v1/oilprice?unit=gallon', keys.free), 403, 'plan_required', 'unit');
      expect((await get('/v1/oilprice?currency=usd&unit=barrel', keys.free)).status).toBe(200);
    });

    test('gives a Premium key the real-time price of every benchmark with the day and 52-week ranges', async () => {
      const body = await json(await get('/v1/oilprice?type=natural_gas', keys.developer));
      expect(body).toMatchObject({ type: 'natural_gas', price: BASE_PRICE.NG, unit: 'MMBtu', currency_unit: 'USD', updated: nowS - 30 });
      for (const field of ['high_24h', 'low_24h', 'high_52w', 'low_52w']) expect(body[field]).toEqual(expect.any(Number));
      expect(body.previous_close).toBe(daily.get('NG=F')!.filter((b) => zonedDate(b.time, 'America/New_York') < zonedDate(nowS - 30, 'America/New_York')).at(-1)!.close);
    });

    test('converts units with exact factors and rejects a unit of the other dimension', async () => {
      const gallon = await json(await get('/v1/oilprice?unit=gallon', keys.developer));
      expect(gallon).toMatchObject({ unit: 'gallon', price: Number((BASE_PRICE.CL! / 42).toFixed(4)) });
      const mwh = await json(await get('/v1/oilprice?type=natural_gas&unit=MWh', keys.developer));
      expect(mwh.price).toBeCloseTo((BASE_PRICE.NG! * 3.6) / 1.05505585262, 4);
      await expectError(await get('/v1/oilprice?unit=MWh', keys.developer), 400, 'invalid_parameter', 'unit');
    });

    test('converts currency through the stored ECB reference rates', async () => {
      await expectError(await get('/v1/oilprice?currency=EUR', keys.developer), 503, 'data_unavailable');
      await putReferenceRates([{ date: zonedDate(nowS, 'UTC'), base: 'EUR', rates: { USD: 1 / EUR_PER_USD, JPY: 180 } }], { now: NOW, sample: false });
      const body = await json(await get('/v1/oilprice?currency=EUR&unit=liter', keys.developer));
      expect(body).toMatchObject({ currency_unit: 'EUR', unit: 'liter' });
      expect(body.price).toBeCloseTo((BASE_PRICE.CL! * EUR_PER_USD) / (42 * 3.785411784), 4);
    });

    test('answers a batch in the order asked for Business or annual keys only', async () => {
      const batch = await json<any[]>(await get('/v1/oilprice?types=diesel,wti,brent', keys.business));
      expect(batch.map((b) => b.type)).toEqual(['diesel', 'wti', 'brent']);
      expect(batch[0]).toMatchObject({ unit: 'gallon', price: BASE_PRICE.HO });
      expect((await get('/v1/oilprice?types=wti', keys.developerAnnual)).status).toBe(200);
      await expectError(await get('/v1/oilprice?types=wti,brent', keys.developer), 403, 'plan_required', 'types');
      await expectError(await get('/v1/oilprice?types=wti&type=brent', keys.business), 400, 'invalid_parameter', 'types');
      await expectError(await get('/v1/oilprice?types=wti,kerosene', keys.business), 400, 'invalid_parameter', 'types');
    });
  });

  describe('/v1/oilpricehistorical', () => {
    test('is Premium only', async () => {
      await expectError(await get('/v1/oilpricehistorical', keys.free), 403, 'plan_required');
    });

    test('answers wti 1h bars over the last 100 hours by default, newest first, never provisional', async () => {
      const bars = await json<any[]>(await get('/v1/oilpricehistorical', keys.developer));
      expect(bars.length).toBeGreaterThanOrEqual(40);
      expect(bars[0].time).toBeGreaterThan(bars.at(-1).time);
      expect(bars.every((b) => b.provisional === false && b.time >= nowS - 100 * 3600)).toBe(true);
    });

    test('marks the daily bars not yet re-read after the volume is final as provisional', async () => {
      const bars = await json<any[]>(await get(`/v1/oilpricehistorical?type=brent&period=1d&start=${nowS - 20 * 86_400}`, keys.developer));
      expect(bars.map((b) => b.time)).toEqual(daily.get('BZ=F')!.filter((b) => b.time >= nowS - 20 * 86_400).map((b) => b.time).reverse());
      const finalAt = (time: number) => {
        const date = zonedDate(time, 'America/New_York');
        const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        return zonedTime(next, 12, 0, 'America/New_York');
      };
      for (const bar of bars) expect(bar.provisional).toBe(nowS < finalAt(bar.time));
      expect(bars[0].provisional).toBe(true);
    });
  });
});

describe('a window that is not stored, read on demand', () => {
  test('reads gold\'s real 2020 recording, serves its bar and answers the same window again from the store', async () => {
    // Prepare: GC=F answers with the real chart recording of 2020-01-01..03 (RECORDINGS_DIR/yahoo, recorded 2025-02)
    upstream.on(chartPath('GC=F'), recordingReply('yahoo/chart-GC=F-2020-01-01-to-2020-01-03.json'));
    const window = `start=${Date.UTC(2020, 0, 1) / 1000}&end=${Date.UTC(2020, 0, 3) / 1000}`;

    // Act
    const first = await get(`/v1/commoditypricehistorical?name=gold&period=1d&${window}`, keys.business);
    const readsAfterFirst = upstream.requestsTo(chartPath('GC=F')).length;
    const second = await get(`/v1/commoditypricehistorical?name=gold&period=1d&${window}`, keys.business);

    // Assess
    expect(first.status).toBe(200);
    const bars = await json<any[]>(first);
    expect(bars).toEqual([expect.objectContaining({ time: 1577941200, open: 1518.1, high: 1528.7, low: 1518, close: 1524.5, volume: 214 })]);
    expect(readsAfterFirst).toBeGreaterThan(0);
    expect(await json(second)).toEqual(bars);
    expect(upstream.requestsTo(chartPath('GC=F'))).toHaveLength(readsAfterFirst);
    upstream.on(chartPath('GC=F'), frontMonthReply);
  });
});

describe('recordings fed as sample data', () => {
  beforeAll(async () => {
    const outcomes = await seedSampleData(Object.values(commodityJobs));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  }, 120_000);

  test('serve every commodity and the contract months with "sample": true', async () => {
    for (const name of COMMODITY_NAMES) expect(await json(await get(`/v1/commodityprice?name=${name}`, keys.developer))).toMatchObject({ sample: true });
    // gold from the real recording: the quote Yahoo gave on 2025-02-20
    // its bars are of 2020, years before that quote: no previous close (nor change) is claimed; the ranges are the quote's
    const recordedGold = recordingJson<any>('yahoo/chart-GC=F-2020-01-01-to-2020-01-03.json').chart.result[0].meta;
    expect(await json(await get('/v1/commodityprice?name=gold', keys.developer))).toEqual({
      exchange: 'COMEX',
      name: expect.any(String),
      value: 'gold',
      price: 2952.5,
      unit: 'troy_ounce',
      currency_unit: 'USD',
      previous_close: null,
      change_24h: null,
      change_24h_percent: null,
      high_24h: 2973.4,
      low_24h: 2949.1,
      high_52w: recordedGold.fiftyTwoWeekHigh,
      low_52w: recordedGold.fiftyTwoWeekLow,
      updated: 1740051311,
      sample: true,
    });
    const list = await json<any[]>(await get('/v1/commoditycontractlist', keys.business));
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list.map((c) => c.symbol)).not.toContain('CLX26'); // expired in October: skipped
    expect(list.every((c) => c.sample === true)).toBe(true);
  });

  test('serve oil daily bars with the sample mark', async () => {
    const start = Date.parse('2026-11-01T00:00:00Z') / 1000;
    const bars = await json<any[]>(await get(`/v1/oilpricehistorical?period=1d&start=${start}&end=${start + 20 * 86_400}`, keys.developer));
    expect(bars.length).toBeGreaterThan(10);
    expect(bars.every((b) => b.sample === true)).toBe(true);
  });
});
