/**
 * Our answers against the live API Ninjas service (REFERENCE_DIR/api-ninjas-live: one real response per
 * endpoint, captured 2026-08-15, and the documented response fields): for every path of the captured
 * responses we call the local service with a paid key and parameters that give a comparable answer, and every
 * field of the live response must exist in ours with the same JSON type (test/live/liveShape.ts); every
 * documented field must exist too. Each difference is either listed in test/live/acceptedDifferences.ts with
 * what settles it, or the test fails; an accepted entry that no longer matches a difference fails too.
 *
 * The market, fund and rate endpoints answer from the seed's sample data; air quality, web page and email from
 * fakes on 127.0.0.1 (Open-Meteo's format, a web page, a DNS server).
 */
import { ingestionJobs } from '../../lib/api/registry';
import { seedSampleData } from '../../infra/local/seed';
import { ACCEPTED_SHAPE_DIFFERENCES, isAccepted } from '../live/acceptedDifferences';
import { missingDocumentedFields, readLiveReference, shapeDifferences, typeOf, uniqueDifferences, type ShapeDifference } from '../live/liveShape';
import { startFakeDns, type FakeDns } from '../support/fakeDns';
import { fixtureReply, startFakeUpstream, type FakeUpstream } from '../support/fakeUpstream';
import { html, startFakeWebsite, type FakeWebsite } from '../support/fakeWebsite';
import { startTestServer, type TestServer } from '../support/testServer';

const ENV = ['OPEN_METEO_AIR_QUALITY_URL', 'OPEN_METEO_GEOCODING_URL', 'DNS_SERVERS', 'WEBPAGE_ALLOWED_TEST_HOSTS'] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

let server: TestServer;
let upstream: FakeUpstream;
let site: FakeWebsite;
let dns: FakeDns;

/**
 * The calls whose answers are compared, per path: parameters chosen so that the answer is of the same kind as
 * the live capture (a found record, a list with a row). A documented-only path (no capture) is checked for its
 * documented fields; /v2/incometax is also asked for Canada, whose answer carries the documented `provinces`.
 */
const CALLS: Record<string, () => string[]> = {
  '/v1/zipcode': () => ['zip=02139'],
  '/v1/airquality': () => ['lat=52.52&lon=13.41'],
  '/v1/publicholidays': () => ['country=US&year=2026'],
  '/v1/ispublicholiday': () => ['country=US&date=2026-12-25'],
  '/v1/webpage': () => [`url=${encodeURIComponent(`${site.origin}/`)}`],
  '/v1/validateemail': () => ['email=someone@example.test'],
  '/v1/stockprice': () => ['ticker=AAPL'],
  '/v1/stockpricelist': () => ['limit=1'],
  '/v1/mutualfund': () => ['ticker=GSFAX'],
  '/v1/cryptoprice': () => ['symbol=BTCUSDT'],
  '/v1/commodityprice': () => ['name=silver'],
  '/v2/interestrate': () => ['rate=sofr'],
  '/v2/incometax': () => ['country=US&year=2024', 'country=CA&year=2024'],
  '/v1/incometaxcalculator': () => ['country=US&region=CA&income=100000&filing_status=single&tax_year=2025'],
  '/v1/propertytax': () => ['zip=02139'],
  '/v1/profanityfilter': () => ['text=damn%20this%20thing'],
  '/v1/barcodegenerate': () => ['text=036000291452&format=svg'],
  '/v1/counter': () => ['id=live-reference&hit=true'],
  '/v1/aircraft': () => ['manufacturer=boeing&model=737%20max%207'],
  '/v1/airlines': () => ['iata=SQ'],
  '/v1/airports': () => ['iata=LHR'],
  '/v1/vinlookup': () => ['vin=JH4TB2H26CC000000'],
  '/v1/jokes': () => ['limit=1'],
  '/v1/jokeoftheday': () => [''],
  '/v1/horoscope': () => ['zodiac=aries'],
};

const live = readLiveReference();
const answers = new Map<string, unknown[]>();

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.on('/v1/air-quality', fixtureReply('openMeteo', 'air-quality-berlin.json'));
  site = await startFakeWebsite({
    '/': html('<!doctype html><html><head><title>Example Domain</title><meta name="viewport" content="width=device-width"><link rel="icon" href="/favicon.png"></head><body></body></html>'),
  });
  dns = await startFakeDns({ 'example.test': { mx: [{ exchange: 'mx.example.test', priority: 10 }] } });
  Object.assign(process.env, {
    OPEN_METEO_AIR_QUALITY_URL: upstream.url,
    OPEN_METEO_GEOCODING_URL: upstream.url,
    DNS_SERVERS: dns.address,
    WEBPAGE_ALLOWED_TEST_HOSTS: site.hostPort,
  });
  server = await startTestServer();
  const seeded = await seedSampleData(ingestionJobs.filter((job) => job.sample));
  expect(seeded.filter((outcome) => !outcome.ok)).toEqual([]);

  const key = server.demoKeys.business!;
  for (const path of new Set([...Object.keys(live.responses), ...Object.keys(live.documented)])) {
    const calls = CALLS[path];
    if (!calls) continue;
    answers.set(
      path,
      await Promise.all(
        calls().map(async (query) => {
          const response = await server.call(`${path}${query ? `?${query}` : ''}`, { key });
          if (response.status === 200 && !response.headers.get('content-type')?.startsWith('application/json')) return BINARY;
          const body = await response.json();
          if (response.status !== 200) throw new Error(`${path}?${query} answered ${response.status}: ${JSON.stringify(body)}`);
          return body;
        }),
      ),
    );
  }
}, 240_000);

afterAll(async () => {
  await server.close();
  await upstream.close();
  await site.close();
  await dns.close();
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

/** Our answer where it is not JSON (an image). */
const BINARY = Symbol('binary');

function differencesOf(path: string): ShapeDifference[] {
  const ours = answers.get(path)!;
  if (ours.includes(BINARY)) return [{ path, field: '', live: typeOf(live.responses[path]), ours: 'binary' }];
  const captured = path in live.responses ? shapeDifferences(path, live.responses[path], ours[0]) : [];
  const documented = missingDocumentedFields(path, live.documented[path]?.responseFields ?? [], ours);
  return uniqueDifferences([...captured, ...documented]);
}

test('every path of the live capture and of the documented fields is called', () => {
  const paths = new Set([...Object.keys(live.responses), ...Object.keys(live.documented)]);
  expect([...paths].filter((path) => !CALLS[path])).toEqual([]);
  expect(Object.keys(live.responses).length).toBeGreaterThanOrEqual(23);
});

test.each(Object.keys(CALLS))('%s has every live and documented field, with the live JSON type, or the difference is accepted', (path) => {
  // Act
  const differences = differencesOf(path);

  // Assess
  expect(differences.filter((difference) => !isAccepted(difference))).toEqual([]);
});

test('every accepted difference still occurs (the list stays exact)', () => {
  // Act
  const all = Object.keys(CALLS).flatMap(differencesOf);

  // Assess
  const stale = ACCEPTED_SHAPE_DIFFERENCES.filter((entry) => !all.some((difference) => isAccepted(difference, [entry])));
  expect(stale).toEqual([]);
});
