/**
 * Smoke test of a running service: `npm run smoke -- --base-url <url> --key <key>` (README "Operator
 * checklist"). Calls one endpoint of every family of the registry, with an unknown key once (auth answers 401),
 * and GET /openapi.json, and prints a line per call; exit code 1 when any answer is not the expected one.
 *
 * The call per family is its first endpoint that any plan may call with its API reference example
 * (lib/api/exampleRequests.ts) unchanged by plan rules, without side effects (no counter written) and without
 * the open internet (web page, DNS); where no endpoint of a family qualifies, SMOKE_QUERIES says which call
 * stands in. The AI agents family's call is the first family's call again as an MCP tool call through /mcp,
 * which in AWS proves the MCP function may invoke that endpoint's function by its name. A 2xx is a pass (for
 * /mcp: a tool result without isError); an answer built on sample data passes too but is flagged (a
 * deployment should serve none).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { endpointList, endpointTags } from '../lib/api/registry';
import { EXAMPLE_REQUESTS } from '../lib/api/exampleRequests';
import type { EndpointDefinition } from '../lib/http/definition';

type Listed = EndpointDefinition & { name: string; tag: string };

/** A request of the smoke test. */
export interface SmokeCall {
  family: string;
  endpoint: Listed;
  query: Record<string, string>;
  /** a multipart upload: this field, with a small generated PNG */
  upload?: string;
  /** a JSON-RPC message to /mcp (a tools/call) */
  mcp?: { jsonrpc: '2.0'; id: number; method: 'tools/call'; params: { name: string; arguments: Record<string, string> } };
}

/** Stand-ins for the families whose examples need the open internet: a syntactically invalid address is checked without DNS. */
const SMOKE_QUERIES: Record<string, Record<string, string>> = {
  validateEmail: { email: 'smoke test' },
};

/** The call for one endpoint, when it qualifies (see the file comment). */
function smokeCall(endpoint: Listed): SmokeCall | undefined {
  const example = EXAMPLE_REQUESTS[endpoint.name];
  if (endpoint.access !== 'all' || !example || endpoint.tables?.counters || endpoint.invokesEndpoints) return undefined;
  if (endpoint.upload) return { family: endpoint.tag, endpoint, query: {}, upload: endpoint.upload.field };
  const query = SMOKE_QUERIES[endpoint.name] ?? (example.illustrative ? undefined : example.query ?? {});
  if (!query || Object.keys(query).some((param) => param in (endpoint.paramGates ?? {}))) return undefined;
  return { family: endpoint.tag, endpoint, query };
}

/** The MCP endpoint's call: `tool` (the first family's call) as a tool call, which runs that endpoint's own function. */
function mcpCall(endpoint: Listed, tool: SmokeCall): SmokeCall {
  return { family: endpoint.tag, endpoint, query: {}, mcp: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.endpoint.name, arguments: tool.query } } };
}

/** One call per family of the registry (families without a qualifying endpoint are left out and named by the test). */
export function smokeCalls(): SmokeCall[] {
  const calls: SmokeCall[] = [];
  for (const tag of endpointTags) {
    const entries = endpointList.filter((entry) => entry.tag === tag.name);
    const mcp = entries.find((entry) => entry.invokesEndpoints);
    const call = entries.map(smokeCall).find(Boolean) ?? (mcp && calls[0] ? mcpCall(mcp, calls[0]) : undefined);
    if (call) calls.push(call);
  }
  return calls;
}

interface Result {
  label: string;
  ok: boolean;
  status: number;
  ms: number;
  note: string;
}

async function send(baseUrl: string, path: string, init: RequestInit): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const response = await fetch(new URL(path, baseUrl), { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (an image, a page)
  }
  return { status: response.status, body, ms: Math.round(performance.now() - started) };
}

/** A small PNG for the upload: a grey square, in which the detector finds nothing. */
const smokeImage = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).png().toBuffer();

const errorOf = (body: unknown) => (typeof body === 'object' && body && 'code' in body ? `${(body as { code: string }).code}: ${(body as { error?: string }).error ?? ''}` : '');
const isSample = (body: unknown): boolean =>
  Array.isArray(body) ? body.some(isSample) : typeof body === 'object' && body !== null && (body as { sample?: unknown }).sample === true;

/** A JSON-RPC answer of /mcp: its tool result's answer, or why it failed (a protocol error, or isError with the endpoint's error body). */
function toolAnswer(body: unknown): { answer?: unknown; failure?: string } {
  const { error, result } = (typeof body === 'object' && body ? body : {}) as { error?: { message: string }; result?: { isError?: boolean; structuredContent?: unknown; content?: { text?: string }[] } };
  if (error) return { failure: `JSON-RPC error: ${error.message}` };
  if (!result) return { failure: 'no JSON-RPC result' };
  if (result.isError) return { failure: `isError: ${result.content?.[0]?.text ?? ''}` };
  return { answer: result.structuredContent };
}

export async function runSmoke(baseUrl: string, key: string): Promise<Result[]> {
  const results: Result[] = [];
  const record = (family: string, call: string, ok: boolean, answer: { status: number; body: unknown; ms: number }, note = '') =>
    results.push({ label: `${family.padEnd(24)} ${call}`, ok, status: answer.status, ms: answer.ms, note: note || (ok ? '' : errorOf(answer.body)) });

  const reference = await send(baseUrl, '/openapi.json', {});
  record('API reference', 'GET /openapi.json', reference.status === 200 && typeof (reference.body as { openapi?: unknown }).openapi === 'string', reference);

  const calls = smokeCalls();
  const first = calls[0]!;
  const unknownKey = await send(baseUrl, `${first.endpoint.path}?${new URLSearchParams(first.query)}`, { headers: { 'X-Api-Key': 'smoke-test-unknown-key' } });
  record('Auth', `${first.endpoint.path} with an unknown key`, unknownKey.status === 401 && errorOf(unknownKey.body).startsWith('invalid_api_key'), unknownKey, unknownKey.status === 401 ? '401 as expected' : '');

  for (const call of calls) {
    const query = new URLSearchParams(call.query).toString();
    const path = `${call.endpoint.path}${query ? `?${query}` : ''}`;
    let init: RequestInit = { method: call.endpoint.method === 'ANY' ? 'GET' : call.endpoint.method, headers: { 'X-Api-Key': key } };
    if (call.upload) {
      const form = new FormData();
      form.append(call.upload, new Blob([await smokeImage()], { type: 'image/png' }), 'smoke.png');
      init = { ...init, body: form };
    }
    if (call.mcp) {
      // the Accept header the Streamable HTTP transport requires
      init = { ...init, body: JSON.stringify(call.mcp), headers: { 'X-Api-Key': key, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' } };
    }
    const answer = await send(baseUrl, path, init);
    const success = answer.status >= 200 && answer.status < 300;
    const tool = call.mcp && success ? toolAnswer(answer.body) : { answer: answer.body };
    const ok = success && tool.failure === undefined;
    const label = call.mcp ? `${init.method} ${path} tools/call ${call.mcp.params.name}` : `${init.method} ${path}`;
    record(call.family, label, ok, answer, ok && isSample(tool.answer) ? 'SAMPLE data ("sample": true)' : (tool.failure ?? ''));
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { 'base-url': { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help || !values['base-url'] || !values.key) {
    console.log('usage: npm run smoke -- --base-url <url> --key <key>   (the API URL is the DataQueryService-Api stack output ApiUrl)');
    process.exit(values.help ? 0 : 2);
  }
  try {
    const results = await runSmoke(values['base-url'], values.key);
    for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${String(r.status).padStart(3)}  ${r.label}  ${r.ms} ms${r.note ? `  ${r.note}` : ''}`);
    const failed = results.filter((r) => !r.ok).length;
    console.log(failed === 0 ? `smoke test passed: ${results.length} calls` : `smoke test FAILED: ${failed} of ${results.length} calls`);
    process.exitCode = failed === 0 ? 0 : 1;
  } catch (error) {
    console.error(`smoke: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
