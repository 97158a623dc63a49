import * as z from 'zod/mini';
import { API_EXAMPLES } from '../../lib/api/examples.generated';
import { EXAMPLE_REQUESTS } from '../../lib/api/exampleRequests';
import { endpointList } from '../../lib/api/registry';
import { collectExamples } from '../../infra/openapi/examples';
import { seedSampleData } from '../../infra/local/seed';
import { startTestServer, type TestServer } from '../support/testServer';
import { cachedVpicPatternTable } from '../../lib/vehicles/vpicTrim';

/**
 * The examples in the API reference are the service's own answers: the example requests sent again to a
 * local server with the seed's sample data give the answers lib/api/examples.generated.ts holds (answers
 * that change with the day or are drawn at random: the same shape). Regenerate with `npm run examples`.
 */
let server: TestServer;
let fresh: Awaited<ReturnType<typeof collectExamples>>;
const savedFallback = process.env.AIR_QUALITY_SAMPLE_FALLBACK;

beforeAll(async () => {
  process.env.AIR_QUALITY_SAMPLE_FALLBACK = 'true';
  // the VIN decoder's pattern table, as `npm run examples` gives it
  process.env.VPIC_DB_PATH = await cachedVpicPatternTable();
  server = await startTestServer();
  await seedSampleData();
  // uploads aside: onnxruntime-node does not run inside jest's module sandbox; objectDetection.test.ts
  // checks the detector in a server of its own process
  fresh = await collectExamples(server.url, server.demoKeys, (request) => !request.upload);
}, 240_000);
afterAll(async () => {
  await server.close();
  if (savedFallback === undefined) delete process.env.AIR_QUALITY_SAMPLE_FALLBACK;
  else process.env.AIR_QUALITY_SAMPLE_FALLBACK = savedFallback;
});

const documented = endpointList.filter((e) => !['$default', '/openapi.json', '/docs'].includes(e.path));

test('every operation has an example request, and every JSON operation an example answer', () => {
  // Assess
  expect(Object.keys(EXAMPLE_REQUESTS).sort()).toEqual(documented.map((e) => e.name).sort());
  const withJson = documented.filter((e) => 'json' in e.response).map((e) => e.name);
  expect(withJson.filter((name) => API_EXAMPLES[name]?.response === undefined)).toEqual([]);
});

test.each(documented.filter((e) => 'json' in e.response).map((e) => [e.name, e] as const))(
  'the %s example answer has the documented shape',
  (name, entry) => {
    // Act
    const parsed = z.safeParse((entry.response as { json: z.ZodMiniType }).json, API_EXAMPLES[name]!.response);

    // Assess
    expect(parsed.error?.issues ?? []).toEqual([]);
  },
);

test.each(Object.entries(EXAMPLE_REQUESTS).filter(([, request]) => request.illustrative === undefined && !request.upload))(
  'the %s example is what the service answers today',
  (name, request) => {
    // Prepare
    const stored = API_EXAMPLES[name]!;
    const answer = fresh[name]!;

    // Assess
    expect(answer.query).toEqual(stored.query);
    expect(answer.source).toBe(stored.source);
    if (request.varies) expect(Array.isArray(answer.response)).toBe(Array.isArray(stored.response));
    else expect(answer.response).toEqual(stored.response);
  },
);
