import { ECB_90_DAYS_PATH, ECB_BASE_URL_ENV, ECB_DAILY_PATH, EcbPayloadError, ecbClient, parseEcbReferenceRates } from '../../lib/sources/ecb';
import { UpstreamFailure } from '../../lib/sources/http';
import { fixtureText, serverError, startFakeUpstream, tooManyRequests, type FakeUpstream } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

const saved = process.env[ECB_BASE_URL_ENV];
let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env[ECB_BASE_URL_ENV] = upstream.url;
});
afterEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
  if (saved === undefined) delete process.env[ECB_BASE_URL_ENV];
  else process.env[ECB_BASE_URL_ENV] = saved;
});

const xmlReply = (body: string) => ({ status: 200, headers: { 'Content-Type': 'text/xml' }, body });

const envelope = (cubes: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
\t<Cube>${cubes}</Cube>
</gesmes:Envelope>`;

describe('parseEcbReferenceRates', () => {
  test('reads the daily file: one day, 29 currencies, units per EUR', () => {
    const [day, ...others] = parseEcbReferenceRates(fixtureText('ecb', 'eurofxref-daily.xml'));
    expect(others).toEqual([]);
    expect(day!.date).toBe('2026-11-20');
    expect(Object.keys(day!.rates)).toHaveLength(29);
    expect(day!.rates).toMatchObject({ USD: 1.1519, JPY: 168.75 });
  });

  test('reads the 90-day file newest first', () => {
    const days = parseEcbReferenceRates(fixtureText('ecb', 'eurofxref-hist-90d.xml'));
    expect(days).toHaveLength(65);
    expect(days[0]!.date).toBe('2026-11-20');
    expect(days.at(-1)!.date).toBe('2026-08-24');
  });

  test('accepts double quotes and any namespace prefix', () => {
    const xml = envelope(`<Cube time="2026-11-20"><Cube currency="USD" rate="1.1519"/><Cube currency="GBP" rate="0.87"/></Cube>`);
    expect(parseEcbReferenceRates(xml)).toEqual([{ date: '2026-11-20', rates: { USD: 1.1519, GBP: 0.87 } }]);
  });

  test('rejects a truncated document', () => {
    const text = fixtureText('ecb', 'eurofxref-hist-90d.xml');
    expect(thrown(EcbPayloadError, () => parseEcbReferenceRates(text.slice(0, text.length / 2))).message).toContain('truncated');
  });

  test('rejects an HTML page, a document without days, a day without USD, a bad rate and a bad date', () => {
    expect(() => parseEcbReferenceRates('<html><body>Maintenance</body></html>')).toThrow(EcbPayloadError);
    expect(thrown(EcbPayloadError, () => parseEcbReferenceRates(envelope(''))).message).toContain('no reference rates');
    expect(thrown(EcbPayloadError, () => parseEcbReferenceRates(envelope(`<Cube time='2026-11-20'><Cube currency='JPY' rate='168.75'/></Cube>`))).message).toContain('no USD rate');
    expect(() => parseEcbReferenceRates(envelope(`<Cube time='2026-11-20'><Cube currency='USD' rate='N/A'/></Cube>`))).toThrow(EcbPayloadError);
    expect(() => parseEcbReferenceRates(envelope(`<Cube time='2026-11-20'><Cube currency='USD' rate='-1'/></Cube>`))).toThrow(EcbPayloadError);
    expect(() => parseEcbReferenceRates(envelope(`<Cube time='2026-02-30'><Cube currency='USD' rate='1.1'/></Cube>`))).toThrow(EcbPayloadError);
  });
});

describe('ecbClient', () => {
  test('reads the 90-day and the daily file', async () => {
    upstream.on(ECB_90_DAYS_PATH, xmlReply(fixtureText('ecb', 'eurofxref-hist-90d.xml')));
    upstream.on(ECB_DAILY_PATH, xmlReply(fixtureText('ecb', 'eurofxref-daily.xml')));

    expect(await ecbClient().last90Days()).toHaveLength(65);
    expect((await ecbClient().latest())[0]!.date).toBe('2026-11-20');
  });

  test('retries a 429 and a 503', async () => {
    upstream.on(ECB_90_DAYS_PATH, tooManyRequests(0), serverError(503), xmlReply(fixtureText('ecb', 'eurofxref-hist-90d.xml')));

    expect(await ecbClient({ backoffMs: 1 }).last90Days()).toHaveLength(65);
    expect(upstream.requestsTo(ECB_90_DAYS_PATH)).toHaveLength(3);
  });

  test('a malformed document is an UpstreamFailure of kind malformed', async () => {
    upstream.on(ECB_90_DAYS_PATH, xmlReply('<html>Service unavailable</html>'));

    await expect(ecbClient({ backoffMs: 1 }).last90Days()).rejects.toMatchObject({ kind: 'malformed' });
    await expect(ecbClient({ backoffMs: 1 }).last90Days()).rejects.toBeInstanceOf(UpstreamFailure);
  });
});
