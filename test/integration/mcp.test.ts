import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { endpointList, endpoints } from '../../lib/api/registry';
import { ACCESS } from '../../lib/http/plans';
import { endpointInvoker, lambdaInvoker, setEndpointInvoker, type EndpointInvoker } from '../../lib/mcp/invoker';
import { HTTP_META } from '../../lib/mcp/toolCall';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { DEMO_KEYS } from '../../infra/local/server';
import { startFakeAws, type FakeAws } from '../support/fakeAws';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

/**
 * POST /mcp driven by the MCP SDK's own client over HTTP, against the local server: the session a client
 * such as Claude Desktop or the MCP Inspector has, and what each tool call does to the key's quota.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MCP_ACCEPT = 'application/json, text/event-stream';

/** An MCP client connected to the test server's /mcp with `key` as X-Api-Key or as a Bearer token (initialize done). */
async function connect(key: string, as: 'header' | 'bearer' = 'header'): Promise<Client> {
  const headers: Record<string, string> = as === 'header' ? { 'X-Api-Key': key } : { Authorization: `Bearer ${key}` };
  const client = new Client({ name: 'dqs-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  return client;
}

/** A raw JSON-RPC POST to /mcp, as a client without the SDK sends it. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const text = (result: CallToolResult) => (result.content[0] as { type: 'text'; text: string }).text;
const httpFacts = (result: CallToolResult) => result._meta?.[HTTP_META] as { status: number; headers: Record<string, string> };

/** The key's calls this billing month and today's calls of `path`, as /v1/analytics reports them. */
async function usage(key: string, path: string): Promise<{ month: number; today: number }> {
  const report = await json(await server.call(`/v1/analytics?api_key=${encodeURIComponent(key)}`));
  const today = new Date().toISOString().slice(0, 10);
  return { month: report.current_month_usage, today: report.api_call_history[today]?.[path] ?? 0 };
}

describe('connecting', () => {
  test('initialize answers with the server, its tools capability and how calls are counted, for a key in X-Api-Key', async () => {
    // Act
    const client = await connect(server.demoKeys.free!);

    // Assess
    expect(client.getServerVersion()).toMatchObject({ name: 'data-query-service', version: '1.0.0' });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    expect(client.getInstructions()).toContain('monthly quota');
    await client.close();
  });

  test('takes the key as Authorization: Bearer too', async () => {
    // Act
    const client = await connect(server.demoKeys.free!, 'bearer');
    const { tools } = await client.listTools();

    // Assess
    expect(tools.map((t) => t.name)).toContain('jokes');
    await client.close();
  });

  test('answers 401 missing_api_key with the error body when no key is sent', async () => {
    // Act
    const response = await post(INITIALIZE);

    // Assess
    const body = await expectError(response, 401, 'missing_api_key');
    expect(body.error).toBe('Missing API Key. Send your key in the X-Api-Key header or as Authorization: Bearer <key>.');
  });

  test('answers 401 invalid_api_key to an unknown key, in either place, and the SDK client fails to connect', async () => {
    // Act
    const inHeader = await post(INITIALIZE, { 'X-Api-Key': 'not-a-key' });
    const asBearer = await post({ ...INITIALIZE, method: 'tools/list' }, { Authorization: 'Bearer not-a-key' });
    const connecting = connect('not-a-key');

    // Assess
    await expectError(inHeader, 401, 'invalid_api_key');
    await expectError(asBearer, 401, 'invalid_api_key');
    await expect(connecting).rejects.toMatchObject({ code: 401 });
  });

  test('answers GET with 405 (no event stream) and a body that is not JSON-RPC with a JSON-RPC parse error', async () => {
    // Act
    const get = await fetch(`${server.url}/mcp`, { headers: { 'X-Api-Key': server.demoKeys.free!, Accept: 'text/event-stream' } });
    const garbage = await post('{"jsonrpc": ', { 'X-Api-Key': server.demoKeys.free! });

    // Assess
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ jsonrpc: '2.0', error: { code: ErrorCode.ParseError } });
  });

  test('refuses a body over 4 MB with 413 payload_too_large', async () => {
    // Prepare
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'profanityFilter', arguments: { text: 'x'.repeat(4 * 1024 * 1024) } } };

    // Act
    const response = await post(call, { 'X-Api-Key': server.demoKeys.free! });

    // Assess
    await expectError(response, 413, 'payload_too_large');
  });
});

describe('tools/list', () => {
  test.each(Object.entries(DEMO_KEYS))('names one tool per endpoint the %s key can call: every keyed registry entry its plan allows, /mcp aside', async (demo, plan) => {
    // Prepare
    const callable = endpointList.filter((e) => e.access !== 'public' && e.path !== '/mcp' && ACCESS[e.access].allows(plan)).map((e) => e.name);
    const client = await connect(server.demoKeys[demo]!);

    // Act
    const { tools } = await client.listTools();

    // Assess
    expect(tools.map((t) => t.name).sort()).toEqual(callable.sort());
    await client.close();
  });

  test('gives every tool its endpoint, summary and valid JSON Schemas (2020-12): an object input, an object output where the answer is JSON', async () => {
    // Prepare
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    ((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats)(ajv);
    const client = await connect(server.demoKeys.enterprise!);

    // Act
    const { tools } = await client.listTools();

    // Assess
    expect(tools.length).toBeGreaterThanOrEqual(40);
    for (const tool of tools) {
      const entry = endpointList.find((e) => e.name === tool.name)!;
      expect({ tool: tool.name, title: tool.title, runs: tool.description?.includes(`${entry.method} ${entry.path}`) }).toEqual({ tool: tool.name, title: entry.summary, runs: true });
      expect({ tool: tool.name, input: ajv.validateSchema(tool.inputSchema), errors: ajv.errors }).toEqual({ tool: tool.name, input: true, errors: null });
      expect(() => ajv.compile(tool.inputSchema)).not.toThrow();
      expect(tool.inputSchema.type).toBe('object');
      expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(Object.keys(entry.params.shape)));
      if ('json' in entry.response) {
        expect({ tool: tool.name, output: ajv.validateSchema(tool.outputSchema!), errors: ajv.errors }).toEqual({ tool: tool.name, output: true, errors: null });
        expect(() => ajv.compile(tool.outputSchema!)).not.toThrow();
        expect(tool.outputSchema!.type).toBe('object');
      } else {
        expect(tool.outputSchema).toBeUndefined();
      }
    }
    await client.close();
  });

  test('describes parameters as the API reference does: types, bounds, defaults and the plan a parameter needs', async () => {
    // Prepare
    const client = await connect(server.demoKeys.free!);

    // Act
    const { tools } = await client.listTools();

    // Assess
    const jokes = tools.find((t) => t.name === 'jokes')!;
    expect(jokes.inputSchema.properties!.limit).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 1,
      description: 'number of jokes (paid plans) Needs: Premium (any paid plan).',
    });
    const detection = tools.find((t) => t.name === 'objectDetection')!;
    expect(detection.inputSchema).toMatchObject({
      required: ['image', 'image_content_type'],
      properties: { image: { type: 'string', contentEncoding: 'base64' }, image_content_type: { enum: ['image/jpeg', 'image/png'] } },
    });
    expect(tools.find((t) => t.name === 'counter')!.annotations).toEqual({ readOnlyHint: false, openWorldHint: false });
    await client.close();
  });

  test('uses no quota: initialize and tools/list are not counted', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });
    const before = await usage(key, '/mcp');

    // Act
    const client = await connect(key);
    await client.listTools();
    await client.close();

    // Assess
    expect(await usage(key, '/mcp')).toEqual(before);
    expect(before.month).toBe(0);
  });
});

describe('tools/call', () => {
  test.each<[string, string, string, Record<string, unknown>]>([
    ['utilities', 'profanityFilter', '/v1/profanityfilter?text=Damn%20it', { text: 'Damn it' }],
    ['calendars', 'isPublicHoliday', '/v1/ispublicholiday?country=US&date=2025-07-04', { country: 'US', date: '2025-07-04' }],
    ['tax', 'incomeTaxCalculator', '/v1/incometaxcalculator?country=us&region=CA&income=85000&tax_year=2025&filing_status=single', { country: 'us', region: 'CA', income: 85000, tax_year: 2025, filing_status: 'single' }],
    ['lookups', 'vinLookup', '/v1/vinlookup?vin=1HGCM82633A004352', { vin: '1HGCM82633A004352' }],
    ['aviation', 'airlines', '/v1/airlines?iata=LH', { iata: 'LH' }],
  ])('answers a %s tool (%s) with the endpoint\'s JSON answer as text and structuredContent, as GET %s does', async (_family, tool, path, args) => {
    // Prepare
    const key = server.demoKeys.professional!;
    const client = await connect(key);
    await client.listTools(); // the SDK client checks structuredContent against the output schema it lists

    // Act
    const result = await call(client, tool, args);
    const http = await server.call(path, { key });

    // Assess
    const answer = await http.text();
    expect(http.status).toBe(200);
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe(answer);
    const parsed = JSON.parse(answer);
    expect(result.structuredContent).toEqual(Array.isArray(parsed) ? { result: parsed } : parsed);
    expect(httpFacts(result)).toMatchObject({ status: 200, headers: { 'cache-control': http.headers.get('cache-control'), etag: http.headers.get('etag') } });
    await client.close();
  });

  test('answers the barcode tool with image content: the PNG bytes GET /v1/barcodegenerate sends', async () => {
    // Prepare
    const key = server.demoKeys.free!;
    const client = await connect(key);

    // Act
    const result = await call(client, 'barcodeGenerate', { text: '036000291452', type: 'upc' });
    const http = await server.call('/v1/barcodegenerate?text=036000291452&type=upc', { key });

    // Assess
    const image = result.content[0] as { type: string; data: string; mimeType: string };
    expect(image.type).toBe('image');
    expect(image.mimeType).toBe('image/png');
    const bytes = Buffer.from(image.data, 'base64');
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(bytes).toEqual(Buffer.from(await http.arrayBuffer()));
    expect(result.structuredContent).toBeUndefined();
    await client.close();
  });

  test('answers a free key\'s call of a Premium endpoint with an isError result holding the 403 plan_required body, and uses no quota', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const client = await connect(key);

    // Act
    const result = await call(client, 'cryptoPriceHistorical', { symbol: 'BTCUSDT' });
    const http = await server.call('/v1/cryptopricehistorical?symbol=BTCUSDT', { key });

    // Assess
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const body = JSON.parse(text(result));
    expect(body).toEqual({ code: 'plan_required', error: expect.stringMatching(/^This endpoint is for premium subscribers only\. .*Premium/) });
    expect(body).toEqual(await http.json());
    expect(httpFacts(result).status).toBe(403);
    const jokes = await call(client, 'jokes');
    expect(httpFacts(jokes).headers['ratelimit-remaining']).toBe('9999');
    await client.close();
  });

  test('answers a bad parameter with an isError result holding the 400 body that names it, and uses no quota', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const client = await connect(key);

    // Act
    const missing = await call(client, 'vinLookup', {});
    const invalid = await call(client, 'jokes', { limit: 1000 });
    const after = await call(client, 'jokeOfTheDay');

    // Assess
    expect(missing.isError).toBe(true);
    expect(JSON.parse(text(missing))).toMatchObject({ code: 'missing_parameter', param: 'vin' });
    expect(JSON.parse(text(invalid))).toMatchObject({ code: 'invalid_parameter', param: 'limit' });
    expect(httpFacts(after).headers['ratelimit-remaining']).toBe('9999');
    await client.close();
  });

  test('counts each tool call as exactly one call of its endpoint: the quota moves by one and /v1/analytics lists it under the endpoint\'s path', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });
    const client = await connect(key);
    const before = await usage(key, '/v1/jokes');

    // Act
    const first = await call(client, 'jokes', { limit: 2 });
    const second = await call(client, 'jokes');
    const afterTwo = await usage(key, '/v1/jokes');
    await call(client, 'profanityFilter', { text: 'darn' });

    // Assess
    expect(before).toEqual({ month: 0, today: 0 });
    expect(Number(httpFacts(first).headers['ratelimit-remaining'])).toBe(2_000_000 - 1);
    expect(Number(httpFacts(second).headers['ratelimit-remaining'])).toBe(2_000_000 - 2);
    expect(afterTwo).toEqual({ month: 2, today: 2 });
    expect(await usage(key, '/v1/profanityfilter')).toEqual({ month: 3, today: 1 });
    expect(await usage(key, '/mcp')).toMatchObject({ today: 0 });
    await client.close();
  });

  test('counts each tool call of a JSON-RPC batch as one call of its endpoint', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });
    const batch = [1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'jokeOfTheDay', arguments: {} } }));

    // Act
    const response = await post(batch, { 'X-Api-Key': key });

    // Assess
    const answers = (await response.json()) as { id: number; result: CallToolResult }[];
    expect(answers.map((a) => [a.id, a.result.isError])).toEqual([[1, undefined], [2, undefined], [3, undefined]]);
    expect(await usage(key, '/v1/jokeoftheday')).toEqual({ month: 3, today: 3 });
  });

  test('runs /v1/analytics as a tool for a Professional key: its key passed where the endpoint reads it, not counted', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });
    const client = await connect(key);
    await call(client, 'jokeOfTheDay');

    // Act
    const result = await call(client, 'analytics');

    // Assess
    expect(result.structuredContent).toMatchObject({ subscription_tier: 'professional', current_month_usage: 1 });
    expect(httpFacts(result).headers['ratelimit-limit']).toBe('10');
    await client.close();
  });

  test('answers an unknown tool with a JSON-RPC invalid-params error', async () => {
    // Prepare
    const client = await connect(server.demoKeys.free!);

    // Act
    const calling = call(client, 'noSuchTool');

    // Assess
    await expect(calling).rejects.toBeInstanceOf(McpError);
    await expect(calling).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    await client.close();
  });

  test('passes an object detection upload on as multipart: a file that is no image is the endpoint\'s 415, a missing one its 400', async () => {
    // Prepare
    const client = await connect(server.demoKeys.free!);

    // Act
    const notAnImage = await call(client, 'objectDetection', { image: Buffer.from('hello').toString('base64'), image_content_type: 'image/png' });
    const missing = await call(client, 'objectDetection', {});

    // Assess
    expect(JSON.parse(text(notAnImage))).toMatchObject({ code: 'unsupported_media_type' });
    expect(JSON.parse(text(missing))).toMatchObject({ code: 'missing_parameter', param: 'image' });
    await client.close();
  });
});

describe('the Lambda invoker (how the deployed MCP function runs an endpoint)', () => {
  /** Lambda's Invoke API on 127.0.0.1: the profanity filter's function runs its handler in this process, the horoscope's times out. */
  let aws: FakeAws;
  const PREFIX = 'DataQueryService-Api-';
  const invoked = () => aws.requests.map((r) => decodeURIComponent(/\/functions\/([^/]+)\/invocations/.exec(r.path)?.[1] ?? ''));

  beforeAll(async () => {
    aws = await startFakeAws();
    const { handler } = (await import(join(PROJECT_ROOT, endpoints.profanityFilter.entry))) as {
      handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
    };
    aws.invocations.set(`${PREFIX}profanityFilter`, { run: (event) => handler(event, { getRemainingTimeInMillis: () => 10_000 }) });
    aws.invocations.set(`${PREFIX}horoscope`, { error: 'Task timed out after 10.00 seconds' });
  });
  afterAll(() => aws.close());

  let inProcess: EndpointInvoker;
  const saved = { ...process.env };
  beforeEach(() => {
    inProcess = endpointInvoker();
    // the function's environment in AWS: its region and role's credentials, here the fake AWS's
    Object.assign(process.env, aws.environment);
    setEndpointInvoker(lambdaInvoker(PREFIX));
  });
  afterEach(() => {
    setEndpointInvoker(inProcess);
    process.env = { ...saved };
  });

  test('invokes the endpoint\'s function by its name with the tool call\'s event, and answers with its result, counted once', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });
    const client = await connect(key);

    // Act
    const result = await call(client, 'profanityFilter', { text: 'Damn it' });

    // Assess
    expect(invoked().at(-1)).toBe(`${PREFIX}profanityFilter`);
    expect(result.structuredContent).toMatchObject({ censored: '**** it', has_profanity: true });
    expect(await usage(key, '/v1/profanityfilter')).toEqual({ month: 1, today: 1 });
    await client.close();
  });

  test('answers a function that fails (an unhandled error, a timeout) with an isError result holding a 500 internal_error body', async () => {
    // Prepare
    const client = await connect(server.demoKeys.free!);

    // Act
    const result = await call(client, 'horoscope', { zodiac: 'leo' });

    // Assess
    expect(invoked().at(-1)).toBe(`${PREFIX}horoscope`);
    expect(result.isError).toBe(true);
    expect(JSON.parse(text(result))).toEqual({ code: 'internal_error', error: expect.stringContaining('may have been counted') });
    await client.close();
  });
});
