/**
 * Warm latency a call adds over its DynamoDB round trips (`npm run bench` runs this in a child process with
 * the production log and metric settings; its stdout, where the logs and EMF metrics go, is drained).
 *
 * Per endpoint: the handler module is imported in this process, called `warmup` times, then `calls` times in
 * a row against the embedded store. The shared document client's `send` is wrapped, so each call's time in
 * the SDK (marshalling, HTTP round trip, unmarshalling) is measured, not guessed; the handler's own time is
 * its wall time minus that. Writes {name: {calls, p50, p99, handlerP50, sendP50, sendsPerCall, statuses}}
 * to the results file.
 *
 *   node --import tsx test/bench/warm.ts <specs.json> <results.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { issueApiKey } from '../../lib/accounts/keys';
import { dynamo } from '../../lib/store/dynamo';
import { RATE_LIMIT_PER_MINUTE } from '../../lib/http/middleware/meter';
import { PROJECT_ROOT } from '../../infra/projectRoot';

export interface WarmSpec {
  name: string;
  entry: string;
  /** the event with API_KEY where the key goes */
  event: APIGatewayProxyEventV2;
  keyed: boolean;
  rateLimited: boolean;
}

export interface WarmResult {
  calls: number;
  /** handler time minus time in the SDK's send, ms */
  p50: number;
  p99: number;
  handlerP50: number;
  sendP50: number;
  sendsPerCall: number;
  statuses: Record<string, number>;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const [specFile = '', resultFile = ''] = process.argv.slice(2);
const { specs, calls, warmup } = JSON.parse(readFileSync(specFile, 'utf8')) as { specs: WarmSpec[]; calls: number; warmup: number };

// every SDK call of every handler goes through this one client
const client = dynamo();
const send = client.send.bind(client) as (...args: unknown[]) => Promise<unknown>;
let inFlight: [number, number][] = [];
(client as unknown as { send: typeof send }).send = async (...args: unknown[]) => {
  const started = performance.now();
  try {
    return await send(...args);
  } finally {
    inFlight.push([started, performance.now()]);
  }
};

/** ms during which at least one send was in flight (parallel sends count once) */
function timeInSend(intervals: [number, number][]): number {
  let covered = 0;
  let until = -Infinity;
  for (const [start, end] of intervals.sort((a, b) => a[0] - b[0])) {
    if (end <= until) continue;
    covered += end - Math.max(start, until);
    until = end;
  }
  return covered;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const context = {
  functionName: 'bench',
  awsRequestId: 'bench',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

/** one key with room for every call; rate-limited endpoints get a key per RATE_LIMIT_PER_MINUTE calls */
const quotaKey = (await issueApiKey({ tier: 'enterprise', period: 'month', quotaOverride: 1e9 })).apiKey;
const rateKeys: string[] = [];
async function keyFor(spec: WarmSpec, call: number): Promise<string> {
  if (!spec.rateLimited) return quotaKey;
  const index = Math.floor(call / RATE_LIMIT_PER_MINUTE);
  while (rateKeys.length <= index) rateKeys.push((await issueApiKey({ tier: 'enterprise', period: 'month' })).apiKey);
  return rateKeys[index]!;
}

const results: Record<string, WarmResult> = {};
for (const spec of specs) {
  const { handler } = (await import(join(PROJECT_ROOT, spec.entry))) as { handler: Handler };
  const own: number[] = [];
  const total: number[] = [];
  const inSend: number[] = [];
  const statuses: Record<string, number> = {};
  let measuredSends = 0;
  for (let i = 0; i < warmup + calls; i += 1) {
    const text = JSON.stringify(spec.event);
    const event = JSON.parse(spec.keyed ? text.replaceAll('API_KEY', await keyFor(spec, i)) : text) as APIGatewayProxyEventV2;
    inFlight = [];
    const started = performance.now();
    const response = await handler(event, context);
    const elapsed = performance.now() - started;
    if (i < warmup) continue;
    statuses[String(response.statusCode)] = (statuses[String(response.statusCode)] ?? 0) + 1;
    const sendMs = timeInSend(inFlight);
    own.push(elapsed - sendMs);
    total.push(elapsed);
    inSend.push(sendMs);
    measuredSends += inFlight.length;
  }
  for (const list of [own, total, inSend]) list.sort((a, b) => a - b);
  results[spec.name] = {
    calls,
    p50: percentile(own, 0.5),
    p99: percentile(own, 0.99),
    handlerP50: percentile(total, 0.5),
    sendP50: percentile(inSend, 0.5),
    sendsPerCall: measuredSends / calls,
    statuses,
  };
}
writeFileSync(resultFile, JSON.stringify(results));
process.exit(0);
