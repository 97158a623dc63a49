import { UpstreamFailure } from '../../lib/sources/http';
import { ChartPayloadError, isUnknownSymbolBody, parseChart, yahooChartClient } from '../../lib/sources/yahooChart';
import {
  fixtureJson,
  fixtureReply,
  fixtureText,
  jsonReply,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeUpstream,
} from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

const DIR = 'yahoo-stocks';
const body = (file: string) => fixtureJson<any>(DIR, file);

describe('parseChart on recordings', () => {
  test('reads meta and one bar per timestamp from a 5d/1d window', () => {
    // Act
    const chart = parseChart(body('chart-AAPL-5d-1d.json'));

    // Assess
    expect(chart.meta).toMatchObject({
      symbol: 'AAPL',
      currency: 'USD',
      exchangeName: 'NMS',
      fullExchangeName: 'NasdaqGS',
      instrumentType: 'EQUITY',
      exchangeTimezoneName: 'America/New_York',
      regularMarketPrice: 231.59,
      regularMarketVolume: 56038700,
      longName: 'Apple Inc.',
      priceHint: 2,
      gmtoffset: -14400,
    });
    expect(chart.meta.currentTradingPeriod).toEqual({ start: 1755264600, end: 1755288000 });
    expect(chart.bars).toHaveLength(5);
    expect(chart.bars[0]).toEqual({ time: 1754919000, open: expect.closeTo(227.92, 4), high: expect.closeTo(229.56, 4), low: expect.closeTo(224.76, 4), close: expect.closeTo(227.18, 4), volume: 61806100 });
  });

  test('reads an index, a Tokyo and a Frankfurt listing with their zones and currencies', () => {
    expect(parseChart(body('chart-GSPC-5d-1d.json')).meta).toMatchObject({ symbol: '^GSPC', instrumentType: 'INDEX', exchangeName: 'SNP' });
    expect(parseChart(body('chart-7203.T-5d-1d.json')).meta).toMatchObject({ currency: 'JPY', exchangeTimezoneName: 'Asia/Tokyo' });
    expect(parseChart(body('chart-SAP.DE-5d-1d.json')).meta).toMatchObject({ currency: 'EUR', fullExchangeName: 'XETRA' });
  });

  test('reads an intraday window', () => {
    const chart = parseChart(body('chart-AAPL-2d-60m.json'));
    expect(chart.bars).toHaveLength(14);
    expect(chart.meta.previousClose).toBe(232.78);
  });

  test('drops a bar whose prices are null and keeps a null volume', () => {
    // Prepare
    const payload = body('chart-MSFT-5d-1d.json');
    const quote = payload.chart.result[0].indicators.quote[0];
    quote.close[1] = null;
    quote.volume[2] = null;

    // Act
    const chart = parseChart(payload);

    // Assess
    expect(chart.bars).toHaveLength(4);
    expect(chart.bars[1]!.volume).toBeNull();
  });

  test('returns no bars for a window without sessions (timestamp missing, quote empty)', () => {
    const payload = body('chart-MSFT-5d-1d.json');
    delete payload.chart.result[0].timestamp;
    payload.chart.result[0].indicators = { quote: [{}] };
    expect(parseChart(payload).bars).toEqual([]);
  });

  test('takes a missing volume column as null volumes', () => {
    const payload = body('chart-GSPC-5d-1d.json');
    delete payload.chart.result[0].indicators.quote[0].volume;
    expect(parseChart(payload).bars.every((b) => b.volume === null)).toBe(true);
  });

  test.each([
    ['no chart object', {}],
    ['a result that is not an object', { chart: { result: [null], error: null } }],
    ['meta without symbol', { chart: { result: [{ meta: {} }], error: null } }],
    ['columns shorter than timestamp', (() => { const p = fixtureJson<any>(DIR, 'chart-AAPL-5d-1d.json'); p.chart.result[0].indicators.quote[0].open.pop(); return p; })()],
    ['a timestamp that is not a number', (() => { const p = fixtureJson<any>(DIR, 'chart-AAPL-5d-1d.json'); p.chart.result[0].timestamp[0] = 'x'; return p; })()],
    ['the unknown-symbol body', fixtureJson<any>(DIR, 'chart-unknown-symbol.json')],
  ])('rejects %s', (_, payload) => {
    expect(thrown(ChartPayloadError, () => parseChart(payload))).toBeInstanceOf(ChartPayloadError);
  });

  test('recognises the unknown-symbol body', () => {
    expect(isUnknownSymbolBody(body('chart-unknown-symbol.json'))).toBe(true);
    expect(isUnknownSymbolBody(body('chart-AAPL-5d-1d.json'))).toBe(false);
  });
});

describe('yahooChartClient against a fake upstream', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterEach(() => upstream.reset());
  afterAll(() => upstream.close());

  const client = () => yahooChartClient({ baseUrl: upstream.url, backoffMs: 1, retries: 2 });

  test('asks for the symbol with range and interval, percent-encoding an index caret, with a User-Agent', async () => {
    // Prepare
    upstream.on('/v8/finance/chart/%5EGSPC', fixtureReply(DIR, 'chart-GSPC-5d-1d.json'));

    // Act
    const chart = await client().chart('^GSPC', { interval: '1d', range: '5d' });

    // Assess
    expect(chart!.meta.symbol).toBe('^GSPC');
    const [request] = upstream.requestsTo('/v8/finance/chart/%5EGSPC');
    expect(Object.fromEntries(request!.query)).toEqual({ interval: '1d', range: '5d' });
    expect(request!.headers['user-agent']).toBeTruthy();
  });

  test('sends period1/period2 for a time window', async () => {
    upstream.on('/v8/finance/chart/AAPL', fixtureReply(DIR, 'chart-AAPL-2d-60m.json'));
    await client().chart('AAPL', { interval: '60m', period1: 1755000000, period2: 1755300000 });
    expect(Object.fromEntries(upstream.requestsTo('/v8/finance/chart/AAPL')[0]!.query)).toEqual({ interval: '60m', period1: '1755000000', period2: '1755300000' });
  });

  test('answers undefined for an unknown symbol (404 with the not-found body)', async () => {
    upstream.on('/v8/finance/chart/ZZZZZ', jsonReply(fixtureText(DIR, 'chart-unknown-symbol.json'), 404));
    await expect(client().chart('ZZZZZ', { interval: '1d', range: '5d' })).resolves.toBeUndefined();
  });

  test('answers undefined for the not-found body sent with status 200', async () => {
    upstream.on('/v8/finance/chart/ZZZZZ', fixtureReply(DIR, 'chart-unknown-symbol.json'));
    await expect(client().chart('ZZZZZ', { interval: '1d', range: '5d' })).resolves.toBeUndefined();
  });

  test('waits out a 429 with Retry-After and then answers', async () => {
    upstream.on('/v8/finance/chart/MSFT', tooManyRequests(0), fixtureReply(DIR, 'chart-MSFT-5d-1d.json'));
    const chart = await client().chart('MSFT', { interval: '1d', range: '5d' });
    expect(chart!.bars).toHaveLength(5);
    expect(upstream.requestsTo('/v8/finance/chart/MSFT')).toHaveLength(2);
  });

  test('fails with an UpstreamFailure after retrying 5xx', async () => {
    upstream.on('/v8/finance/chart/MSFT', serverError(503));
    const failure = await client().chart('MSFT', { interval: '1d', range: '5d' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect((failure as UpstreamFailure).status).toBe(503);
    expect(upstream.requestsTo('/v8/finance/chart/MSFT')).toHaveLength(3);
  });

  test('fails as malformed on truncated JSON', async () => {
    upstream.on('/v8/finance/chart/MSFT', truncatedJson(fixtureText(DIR, 'chart-MSFT-5d-1d.json')));
    const failure = await client().chart('MSFT', { interval: '1d', range: '5d' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'malformed' });
  });

  test('reads its base URL from YAHOO_CHART_BASE_URL when created', async () => {
    // Prepare
    const saved = process.env.YAHOO_CHART_BASE_URL;
    process.env.YAHOO_CHART_BASE_URL = upstream.url;
    upstream.on('/v8/finance/chart/NVDA', fixtureReply(DIR, 'chart-NVDA-5d-1d.json'));

    // Act
    const chart = await yahooChartClient().chart('NVDA', { interval: '1d', range: '5d' });

    // Assess
    if (saved === undefined) delete process.env.YAHOO_CHART_BASE_URL;
    else process.env.YAHOO_CHART_BASE_URL = saved;
    expect(chart!.meta.symbol).toBe('NVDA');
  });
});
