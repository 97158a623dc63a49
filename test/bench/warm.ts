/**
 * The warm path of each function (`npm run bench` runs this in a child process with the production log and
 * metric settings; its stdout, where the logs and EMF metrics go, is drained).
 *
 * Per endpoint: the handler module is imported in this process, called `warmup` times, then its `calls` times in
 * a row against the embedded store, with a key of its own. The shared document client's `send` is wrapped, so
 * each call's time in the SDK (marshalling, HTTP round trip, unmarshalling) is measured, not guessed; the
 * handler's own time is its wall time minus the time a send was in flight. Then `unitCalls` more calls count
 * the DynamoDB read and write units the call bills (capacity.ts): in that pass every command's items are read
 * before and after it with the unwrapped client, so it is not timed.
 *
 * With `profileDir`, the timed calls of each endpoint also run under the V8 CPU profiler (node:inspector): its
 * profile is written to `<profileDir>/<name>.cpuprofile`, and the spans of its calls and of their sends (µs on
 * the profile's clock) to `<name>.spans.json`, so that the samples of the handler's own time can be told from
 * those taken during a send (the figures of such a run are slower: use it for where the time goes).
 *
 * Writes {name: WarmResult} to the results file.
 *
 *   node --import tsx test/bench/warm.ts <specs.json> <results.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { issueApiKey } from '../../lib/accounts/keys';
import { dynamo, isConditionFailure } from '../../lib/store/dynamo';
import { TABLES, tableName, type TableName } from '../../lib/store/tables';
import { RATE_LIMIT_PER_MINUTE } from '../../lib/http/middleware/meter';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { unitsOf, type CommandName, type SeenCommand, type Units } from './capacity';

export interface WarmSpec {
  name: string;
  entry: string;
  /** the event with API_KEY where the key goes */
  event: APIGatewayProxyEventV2;
  keyed: boolean;
  rateLimited: boolean;
  /** timed calls */
  calls: number;
}

export interface WarmResult {
  calls: number;
  /** handler time minus time in the SDK's send, ms */
  p50: number;
  p99: number;
  handlerP50: number;
  sendP50: number;
  sendsPerCall: number;
  /** the mean of the calls' wall times rounded up to the next ms (Lambda bills per 1 ms) */
  billedMs: number;
  /** this process's CPU time per call (user + system): the handler's and the SDK client's work, not the store's */
  cpuMsPerCall: number;
  /** DynamoDB units per call, counted in the second pass */
  units: Units;
  /**
   * The slowest 1 % of calls by own time (those at or above p99): their mean own time, the mean garbage
   * collection within them, and their mean CPU time against the median call's (a call whose CPU time is the
   * median's while its own time is many times the median waited: the process did not run, or waited on I/O).
   */
  tail: { calls: number; ownMs: number; gcMs: number; cpuMs: number; medianCpuMs: number };
  statuses: Record<string, number>;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
type Item = Record<string, unknown>;
type Input = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const [specFile = '', resultFile = ''] = process.argv.slice(2);
const { specs, warmup, unitCalls, profileDir } = JSON.parse(readFileSync(specFile, 'utf8')) as {
  specs: WarmSpec[];
  warmup: number;
  unitCalls: number;
  profileDir?: string;
};

// every SDK call of every handler goes through this one client
const client = dynamo();
const send = client.send.bind(client) as (command: unknown) => Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
let inFlight: [number, number][] = [];
/** the units of the commands sent, while counting (the second pass) */
let counted: Units[] | undefined;
(client as unknown as { send: typeof send }).send = async (command: unknown) => {
  if (counted) return countedSend(command);
  const started = performance.now();
  try {
    return await send(command);
  } finally {
    inFlight.push([started, performance.now()]);
  }
};

/** The key attributes of an item of a table, by the table's physical name. */
function keyOf(table: string, item: Item): Item {
  const name = (Object.keys(TABLES) as TableName[]).find((t) => tableName(t) === table);
  if (!name) throw new Error(`warm.ts: unknown table ${table}`);
  const definition = TABLES[name];
  const sortKey = 'sortKey' in definition ? definition.sortKey : undefined;
  return { [definition.partitionKey]: item[definition.partitionKey], ...(sortKey ? { [sortKey]: item[sortKey] } : {}) };
}

const itemAt = async (table: string, key: Item): Promise<Item | undefined> =>
  (await send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item as Item | undefined;

/** The expression attribute names and values an expression uses (DynamoDB refuses unused ones). */
function usedBy(expression: string, input: Input): Input {
  const pick = (map: Record<string, unknown> | undefined) =>
    map && Object.fromEntries(Object.entries(map).filter(([name]) => new RegExp(`${name.replace(/[#:]/, '\\$&')}\\b`).test(expression)));
  const names = pick(input.ExpressionAttributeNames);
  const values = pick(input.ExpressionAttributeValues);
  return {
    ...(names && Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(values && Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** One write of an item (put, update or delete) as the bench sees it: the item before and after. */
async function seenWrite(table: string, key: Item, write: () => Promise<unknown>): Promise<{ before?: Item; after?: Item; result?: unknown; error?: unknown }> {
  const before = await itemAt(table, key);
  try {
    const result = await write();
    return { before, after: await itemAt(table, key), result };
  } catch (error) {
    // a failed condition bills the item as it is
    if (isConditionFailure(error)) return { before, after: before, error };
    throw error;
  }
}

/** Sends a command with the unwrapped client and counts the units it bills. */
async function countedSend(command: unknown): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const name = (command as object).constructor.name as CommandName;
  const input = (command as { input: Input }).input;
  const seen = (s: SeenCommand) => counted!.push(unitsOf(s));
  switch (name) {
    case 'GetCommand': {
      const output = await send(command);
      seen({ name, consistent: Boolean(input.ConsistentRead), item: output.Item });
      return output;
    }
    case 'BatchGetCommand': {
      const output = await send(command);
      const items: (Item | undefined)[] = [];
      const consistent: boolean[] = [];
      for (const [table, request] of Object.entries(input.RequestItems as Record<string, { Keys: Item[]; ConsistentRead?: boolean }>)) {
        const found = (output.Responses?.[table] ?? []) as Item[];
        for (const key of request.Keys) {
          items.push(found.find((item) => Object.entries(key).every(([attribute, value]) => item[attribute] === value)));
          consistent.push(Boolean(request.ConsistentRead));
        }
      }
      seen({ name, consistent, items });
      return output;
    }
    case 'QueryCommand':
    case 'ScanCommand': {
      const output = await send(command);
      // the items read are those before any filter or projection: the same request without them
      const { FilterExpression, ProjectionExpression, Select, ExpressionAttributeNames, ExpressionAttributeValues, ...plain } = input;
      void [FilterExpression, ProjectionExpression, Select, ExpressionAttributeNames, ExpressionAttributeValues];
      const Command = name === 'QueryCommand' ? QueryCommand : ScanCommand;
      const read = await send(new Command({ ...plain, ...usedBy(String(plain.KeyConditionExpression ?? ''), input) } as never));
      seen({ name, consistent: Boolean(input.ConsistentRead), itemsRead: (read.Items ?? []) as Item[] });
      return output;
    }
    case 'PutCommand':
    case 'UpdateCommand':
    case 'DeleteCommand': {
      const table = input.TableName as string;
      const write = await seenWrite(table, name === 'PutCommand' ? keyOf(table, input.Item) : input.Key, () => send(command));
      seen({ name, before: write.before, after: name === 'DeleteCommand' && !write.error ? undefined : write.after });
      if (write.error) throw write.error;
      return write.result as Record<string, unknown>;
    }
    case 'BatchWriteCommand': {
      const writes: { before?: Item; after?: Item }[] = [];
      for (const [table, requests] of Object.entries(input.RequestItems as Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>)) {
        for (const request of requests) {
          const key = request.PutRequest ? keyOf(table, request.PutRequest.Item) : request.DeleteRequest!.Key;
          writes.push({ before: await itemAt(table, key), after: request.PutRequest?.Item });
        }
      }
      const output = await send(command);
      seen({ name, writes });
      return output;
    }
    default:
      throw new Error(`warm.ts does not count the units of ${name}`);
  }
}

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

/** performance.now() ms → µs on the monotonic clock of process.hrtime, which V8's profiles use */
const hrtimeOffsetUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
const toProfileClock = ([start, end]: [number, number]): [number, number] => [start * 1000 + hrtimeOffsetUs, end * 1000 + hrtimeOffsetUs];

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const context = {
  functionName: 'bench',
  awsRequestId: 'bench',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

/** A key per endpoint with room for every call (so each figure is that of a key calling one API); rate-limited endpoints get a key per RATE_LIMIT_PER_MINUTE calls. */
async function keysFor(spec: WarmSpec): Promise<(call: number) => Promise<string>> {
  const quotaKey = (await issueApiKey({ tier: 'enterprise', period: 'month', quotaOverride: 1e9 })).apiKey;
  const rateKeys: string[] = [];
  return async (call) => {
    if (!spec.rateLimited) return quotaKey;
    const index = Math.floor(call / RATE_LIMIT_PER_MINUTE);
    while (rateKeys.length <= index) rateKeys.push((await issueApiKey({ tier: 'enterprise', period: 'month' })).apiKey);
    return rateKeys[index]!;
  };
}

/** garbage collection pauses, [start, end] in performance.now() ms */
const gcSpans: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcSpans.push([entry.startTime, entry.startTime + entry.duration]);
}).observe({ entryTypes: ['gc'] });
const overlap = ([start, end]: [number, number], spans: [number, number][]) =>
  spans.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(end, e) - Math.max(start, s)), 0);

const profiler = profileDir ? new Session() : undefined;
profiler?.connect();
await profiler?.post('Profiler.enable');
await profiler?.post('Profiler.setSamplingInterval', { interval: 100 });

const results: Record<string, WarmResult> = {};
for (const spec of specs) {
  const { calls } = spec;
  const { handler } = (await import(join(PROJECT_ROOT, spec.entry))) as { handler: Handler };
  const keyFor = await keysFor(spec);
  const text = JSON.stringify(spec.event);
  const eventOf = async (call: number) => JSON.parse(spec.keyed ? text.replaceAll('API_KEY', await keyFor(call)) : text) as APIGatewayProxyEventV2;
  const own: number[] = [];
  const total: number[] = [];
  const inSend: number[] = [];
  const statuses: Record<string, number> = {};
  let measuredSends = 0;
  let billedMs = 0;
  let cpuMicros = 0;
  const spans = { calls: [] as [number, number][], sends: [] as [number, number][] };
  /** each timed call: its span (performance.now() ms), own time and CPU time */
  const timed: { span: [number, number]; own: number; cpu: number }[] = [];
  for (let i = 0; i < warmup + calls; i += 1) {
    const event = await eventOf(i);
    if (i === warmup) await profiler?.post('Profiler.start');
    inFlight = [];
    const cpu = process.cpuUsage();
    const started = performance.now();
    const response = await handler(event, context);
    const elapsed = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    if (i < warmup) continue;
    statuses[String(response.statusCode)] = (statuses[String(response.statusCode)] ?? 0) + 1;
    if (profiler) {
      spans.calls.push(toProfileClock([started, started + elapsed]));
      spans.sends.push(...inFlight.map(toProfileClock));
    }
    const sendMs = timeInSend(inFlight);
    own.push(elapsed - sendMs);
    total.push(elapsed);
    inSend.push(sendMs);
    measuredSends += inFlight.length;
    billedMs += Math.ceil(elapsed);
    cpuMicros += user + system;
    timed.push({ span: [started, started + elapsed], own: elapsed - sendMs, cpu: (user + system) / 1000 });
  }
  await new Promise((resolve) => setImmediate(resolve)); // the gc entries of the last calls
  const p99 = [...own].sort((a, b) => a - b)[Math.min(own.length - 1, Math.floor(0.99 * own.length))]!;
  const slow = timed.filter((t) => t.own >= p99);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const tail = {
    calls: slow.length,
    ownMs: mean(slow.map((t) => t.own)),
    gcMs: mean(slow.map((t) => overlap(t.span, gcSpans))),
    cpuMs: mean(slow.map((t) => t.cpu)),
    medianCpuMs: [...timed.map((t) => t.cpu)].sort((a, b) => a - b)[Math.floor(timed.length / 2)] ?? 0,
  };
  gcSpans.length = 0;
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(join(profileDir!, `${spec.name}.cpuprofile`), JSON.stringify(profile));
    writeFileSync(join(profileDir!, `${spec.name}.spans.json`), JSON.stringify(spans));
  }
  counted = [];
  for (let i = 0; i < unitCalls; i += 1) await handler(await eventOf(warmup + calls + i), context);
  const units = counted.reduce((sum, u) => ({ read: sum.read + u.read / unitCalls, write: sum.write + u.write / unitCalls }), { read: 0, write: 0 });
  counted = undefined;
  for (const list of [own, total, inSend]) list.sort((a, b) => a - b);
  results[spec.name] = {
    calls,
    p50: percentile(own, 0.5),
    p99: percentile(own, 0.99),
    handlerP50: percentile(total, 0.5),
    sendP50: percentile(inSend, 0.5),
    sendsPerCall: measuredSends / calls,
    billedMs: billedMs / calls,
    cpuMsPerCall: cpuMicros / 1000 / calls,
    units,
    tail,
    statuses,
  };
}
writeFileSync(resultFile, JSON.stringify(results));
process.exit(0);
