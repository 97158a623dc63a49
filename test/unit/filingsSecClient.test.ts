import { UpstreamFailure } from '../../lib/sources/http';
import {
  paddedCik,
  parseCompanyFacts,
  parseCompanyTickers,
  parseSubmissions,
  SecPayloadError,
  SEC_DEFAULT_USER_AGENT,
  SEC_USER_AGENT_ENV,
  secClient,
} from '../../lib/sources/sec';
import { fixtureJson, fixtureReply, jsonReply, serverError, startFakeUpstream, tooManyRequests, truncatedJson, type FakeUpstream } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';
import { datasetText, SEC_DATASETS } from '../support/filingsDatasets';

let upstream: FakeUpstream;
const savedAgent = process.env[SEC_USER_AGENT_ENV];
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => {
  upstream.reset();
  if (savedAgent === undefined) delete process.env[SEC_USER_AGENT_ENV];
  else process.env[SEC_USER_AGENT_ENV] = savedAgent;
});
afterAll(() => upstream.close());

/** A client on the fake upstream (both hosts) whose backoff waits are recorded, not slept. */
function client(options: Parameters<typeof secClient>[0] = {}) {
  const waits: number[] = [];
  const sec = secClient({ wwwBaseUrl: upstream.url, dataBaseUrl: upstream.url, random: () => 0, sleep: async (ms) => void waits.push(ms), ...options });
  return { sec, waits };
}

async function failureOf(promise: Promise<unknown>): Promise<UpstreamFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamFailure) return error;
    throw error;
  }
  throw new Error('expected an UpstreamFailure');
}

const TICKERS = { '0': { cik_str: 1318605, ticker: 'TSLA', title: 'Tesla, Inc.' } };

describe('SEC client fair access', () => {
  test('sends the User-Agent configured in SEC_USER_AGENT on both hosts', async () => {
    // Prepare
    process.env[SEC_USER_AGENT_ENV] = 'Acme Research data@acme.example';
    upstream.on('/files/company_tickers.json', jsonReply(TICKERS));
    upstream.on('/submissions/CIK0000016040.json', fixtureReply('sec-filings', 'submissions-CIK0000016040.json'));
    const { sec } = client();

    // Act
    await sec.companyTickers();
    await sec.submissions(16040);

    // Assess
    expect(upstream.requests.map((r) => r.headers['user-agent'])).toEqual(['Acme Research data@acme.example', 'Acme Research data@acme.example']);
  });

  test('falls back to the default declared User-Agent, and extra headers do not replace it', async () => {
    // Prepare
    delete process.env[SEC_USER_AGENT_ENV];
    upstream.on('/files/company_tickers.json', jsonReply(TICKERS));
    const { sec } = client({ headers: { 'User-Agent': 'Mozilla/5.0', 'X-Trace': '1' } });

    // Act
    await sec.companyTickers();

    // Assess
    expect(upstream.requests[0]!.headers['user-agent']).toBe(SEC_DEFAULT_USER_AGENT);
    expect(upstream.requests[0]!.headers['x-trace']).toBe('1');
  });

  test('starts at most 10 requests per second across both hosts of one client', async () => {
    // Prepare
    upstream.on('/files/company_tickers.json', jsonReply(TICKERS));
    upstream.on('/submissions/CIK0000016040.json', fixtureReply('sec-filings', 'submissions-CIK0000016040.json'));
    const started: number[] = [];
    const wrapped = secClient({
      wwwBaseUrl: upstream.url,
      dataBaseUrl: upstream.url,
      fetch: (input, init) => {
        started.push(Date.now());
        return fetch(input, init);
      },
    });

    // Act
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? wrapped.companyTickers() : wrapped.submissions('16040'))));

    // Assess: the 11th request starts no sooner than a second after the first
    started.sort((a, b) => a - b);
    expect(started).toHaveLength(12);
    expect(started[10]! - started[0]!).toBeGreaterThanOrEqual(950);
    expect(started[9]! - started[0]!).toBeGreaterThanOrEqual(850);
  });

  test('backs off and retries on 403 (the SEC rate-threshold answer) and on 429 with Retry-After', async () => {
    // Prepare
    upstream.on('/files/company_tickers.json', { status: 403, body: 'Request Rate Threshold Exceeded' }, tooManyRequests(2), jsonReply(TICKERS));
    const { sec, waits } = client({ backoffMs: 100 });

    // Act
    const entries = await sec.companyTickers();

    // Assess
    expect(entries).toEqual([{ cik: 1318605, ticker: 'TSLA', title: 'Tesla, Inc.' }]);
    expect(upstream.requestsTo('/files/company_tickers.json')).toHaveLength(3);
    expect(waits).toEqual([100, 2000]);
  });

  test('gives up after its retries on a persistent 403, reporting the status', async () => {
    // Prepare
    upstream.on('/api/xbrl/companyfacts/CIK0001318605.json', { status: 403, body: 'Request Rate Threshold Exceeded' });
    const { sec } = client({ backoffMs: 1 });

    // Act
    const failure = await failureOf(sec.companyFacts(1318605));

    // Assess
    expect(failure.status).toBe(403);
    expect(upstream.requestsTo('/api/xbrl/companyfacts/CIK0001318605.json')).toHaveLength(4);
  });

  test('fails at once on a Retry-After longer than it is willing to wait (a 10-minute block)', async () => {
    // Prepare
    upstream.on('/files/company_tickers.json', tooManyRequests(600));
    const { sec } = client();

    // Act
    const failure = await failureOf(sec.companyTickers());

    // Assess
    expect(failure.status).toBe(429);
    expect(upstream.requestsTo('/files/company_tickers.json')).toHaveLength(1);
  });

  test('retries 5xx and reports a 404 at once', async () => {
    // Prepare
    upstream.on('/submissions/CIK0000016040.json', serverError(503), fixtureReply('sec-filings', 'submissions-CIK0000016040.json'));
    const { sec } = client({ backoffMs: 1 });

    // Act
    const submissions = await sec.submissions('0000016040');
    const missing = await failureOf(sec.companyFacts(99));

    // Assess
    expect(submissions.name).toBe('CABOT CORP');
    expect(missing.status).toBe(404);
    expect(upstream.requestsTo('/api/xbrl/companyfacts/CIK0000000099.json')).toHaveLength(1);
  });

  test('fetches an archive document by CIK without zeros and accession without dashes', async () => {
    // Prepare
    upstream.on('/Archives/edgar/data/16040/000001604024000004/proxy.htm', { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>proxy</html>' });
    const { sec } = client();

    // Act
    const text = await sec.archiveDocument('0000016040', '0000016040-24-000004', 'proxy.htm', (t) => t);

    // Assess
    expect(text).toBe('<html>proxy</html>');
  });
});

describe('SEC payload parsers reject malformed payloads', () => {
  test('a truncated companyfacts body fails as malformed', async () => {
    // Prepare
    upstream.on('/api/xbrl/companyfacts/CIK0001318605.json', truncatedJson(datasetText(SEC_DATASETS.lpa)));
    const { sec } = client({ backoffMs: 1 });

    // Act
    const failure = await failureOf(sec.companyFacts('1318605'));

    // Assess
    expect(failure.kind).toBe('malformed');
  });

  test('companyfacts without facts, or with a fact lacking its filing date, is rejected', () => {
    // Prepare
    const noFacts = { cik: 1, entityName: 'X' };
    const badFact = { cik: 1, entityName: 'X', facts: { 'us-gaap': { Revenues: { units: { USD: [{ start: '2021-01-01', end: '2021-03-31', val: 1, accn: 'a', form: '10-Q' }] } } } } };

    // Act
    const withoutFacts = thrown(SecPayloadError, () => parseCompanyFacts(noFacts));
    const withBadFact = thrown(SecPayloadError, () => parseCompanyFacts(badFact));

    // Assess
    expect(withoutFacts.message).toMatch(/facts/);
    expect(withBadFact.message).toMatch(/us-gaap:Revenues USD fact 0 is malformed/);
  });

  test('an empty or misshapen ticker file is rejected', () => {
    expect(thrown(SecPayloadError, () => parseCompanyTickers({})).message).toMatch(/empty/);
    expect(thrown(SecPayloadError, () => parseCompanyTickers({ '0': { cik_str: '1318605', ticker: 'TSLA', title: 'Tesla' } })).message).toMatch(/malformed/);
    expect(thrown(SecPayloadError, () => parseCompanyTickers([])).message).toMatch(/not an object/);
  });

  test('submissions whose parallel arrays differ in length are rejected', () => {
    // Prepare
    const body = fixtureJson<{ filings: { recent: Record<string, unknown[]> } }>('sec-filings', 'submissions-CIK0000016040.json');
    body.filings.recent.form = body.filings.recent.form!.slice(1);

    // Act
    const error = thrown(SecPayloadError, () => parseSubmissions(body));

    // Assess
    expect(error.message).toMatch(/differ in length/);
  });

  test('reads the real ticker file and companyfacts payloads', () => {
    // Act
    const tickers = parseCompanyTickers(JSON.parse(datasetText(SEC_DATASETS.tickers)));
    const lpa = parseCompanyFacts(JSON.parse(datasetText(SEC_DATASETS.lpa)));

    // Assess
    expect(tickers.length).toBeGreaterThan(10_000);
    expect(tickers).toContainEqual({ cik: 16040, ticker: 'CBT', title: 'CABOT CORP' });
    expect(lpa.cik).toBe('0001997711');
    expect(lpa.entityName).toBe('Logistic Properties of the Americas');
    expect(Object.keys(lpa.facts).sort()).toEqual(['dei', 'ifrs-full']);
  });

  test('paddedCik pads to 10 digits and refuses what is not a CIK', () => {
    expect(paddedCik(16040)).toBe('0000016040');
    expect(paddedCik('CIK0001318605')).toBe('0001318605');
    expect(thrown(SecPayloadError, () => paddedCik('12345678901')).message).toMatch(/not a CIK/);
  });
});
