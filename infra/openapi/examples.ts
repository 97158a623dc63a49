/**
 * `npm run examples`: the API reference's example answers. Starts the local server on a fresh store, seeds
 * the sample market and filing data and builds the vPIC pattern table (as `npm start` does), sends each example request of
 * lib/api/exampleRequests.ts with a demo key and writes the answers, arrays cut to their first 3 items, to
 * lib/api/examples.generated.ts. test/integration/apiExamples.test.ts sends the same requests and checks
 * that the answers still match.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXAMPLE_REQUESTS, type ExampleRequest } from '../../lib/api/exampleRequests';
import type { ApiExample } from '../../lib/http/openapi';
import { PROJECT_ROOT } from '../projectRoot';
import { seedSampleData } from '../local/seed';
import { startLocalServer } from '../local/server';
import { endpointList } from '../../lib/api/registry';
import { buildVpicLayer } from '../../layers/vpic/build';

export const EXAMPLES_FILE = join(PROJECT_ROOT, 'lib/api/examples.generated.ts');
const IMAGES_DIR = resolve(process.env.IMAGES_DIR ?? join(PROJECT_ROOT, '../shared/images'));
const SHOWN_ITEMS = 3;

/** The value with every array cut to its first items; `cut` says whether anything was left out. */
function firstItems(value: unknown): { value: unknown; cut: boolean } {
  if (Array.isArray(value)) {
    const items = value.slice(0, SHOWN_ITEMS).map(firstItems);
    return { value: items.map((i) => i.value), cut: value.length > SHOWN_ITEMS || items.some((i) => i.cut) };
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, firstItems(v)] as const);
    return { value: Object.fromEntries(entries.map(([k, v]) => [k, v.value])), cut: entries.some(([, v]) => v.cut) };
  }
  return { value, cut: false };
}

/** Sends one example request as a user would; the key goes in the header, or for analytics in api_key. */
export async function sendExample(baseUrl: string, keys: Record<string, string>, name: string, example: ExampleRequest) {
  const entry = endpointList.find((e) => e.name === name)!;
  const key = keys[example.plan ?? 'professional']!;
  const query = { ...example.query };
  if (query.api_key) query.api_key = key;
  const url = `${baseUrl}${entry.path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
  let body: FormData | string | undefined;
  const headers: Record<string, string> = { 'X-Api-Key': key, ...example.headers };
  if (example.upload) {
    body = new FormData();
    const image = readFileSync(join(IMAGES_DIR, example.upload.file));
    body.append(example.upload.field, new Blob([image], { type: 'image/jpeg' }), example.upload.file);
  }
  if (example.body !== undefined) {
    body = JSON.stringify(example.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(url, { method: entry.method === 'POST' ? 'POST' : 'GET', body, headers });
  const text = response.headers.get('content-type')?.startsWith('application/json') ? await response.text() : undefined;
  // the demo key never reaches the API reference (/v1/analytics echoes it)
  const json: unknown = text === undefined ? undefined : JSON.parse(text.replaceAll(key, 'YOUR_API_KEY'));
  return { status: response.status, json };
}

/** Every example: the answer of the service (or the hand-written one), as the API reference shows it. */
export async function collectExamples(
  baseUrl: string,
  keys: Record<string, string>,
  include: (request: ExampleRequest) => boolean = () => true,
): Promise<Record<string, ApiExample>> {
  const examples: Record<string, ApiExample> = {};
  for (const [name, request] of Object.entries(EXAMPLE_REQUESTS)) {
    if (!include(request)) continue;
    const query = request.query;
    const body = request.body === undefined ? {} : { body: request.body };
    if (request.illustrative !== undefined) {
      examples[name] = { query, ...body, response: request.illustrative, source: 'illustrative' };
      continue;
    }
    const { status, json } = await sendExample(baseUrl, keys, name, request);
    if (status !== 200) throw new Error(`example ${name}: status ${status} ${JSON.stringify(json)}`);
    if (json === undefined) {
      examples[name] = { query, ...body };
      continue;
    }
    const { value, cut } = firstItems(json);
    examples[name] = { query, ...body, response: value, source: JSON.stringify(json).includes('"sample":true') ? 'sample' : 'service', ...(cut ? { cut: true } : {}) };
  }
  return examples;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dqs-examples-'));
  process.env.AIR_QUALITY_SAMPLE_FALLBACK = 'true';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
  // the VIN decoder's pattern table, as npm start and the vpic layer give it (without it model and class are null)
  process.env.VPIC_DB_PATH ??= await buildVpicLayer();
  const server = await startLocalServer({ port: 0, dynamoPort: 0, dataDir, beforeListen: async () => void (await seedSampleData()) });
  try {
    const examples = await collectExamples(server.url, server.demoKeys);
    writeFileSync(
      EXAMPLES_FILE,
      `// Generated by \`npm run examples\` (infra/openapi/examples.ts) from a local server with the seed's sample data: do not edit.\n` +
        `import type { ApiExample } from '../http/openapi';\n\n` +
        `export const API_EXAMPLES: Record<string, ApiExample> = ${JSON.stringify(examples, null, 2)};\n`,
    );
    console.log(`${Object.keys(examples).length} examples written to ${EXAMPLES_FILE}`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
