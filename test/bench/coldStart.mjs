// One cold start, as Lambda does it: a fresh Node process imports the bundle and answers one event.
// Usage: node coldStart.mjs <bundle.mjs> <event.json>; prints {importMs, totalMs, cpuMs, maxRssMb, status, upstreamCalls}
// (cpuMs: this process's CPU time, user + system, over import + first call: steadier than wall time on a busy machine;
// maxRssMb: its peak resident memory by then).
// upstreamCalls counts fetch() calls to hosts other than 127.0.0.1, so a sample query that reaches for an
// upstream on the internet shows up in the bench (its time would be the network's, not the function's); the
// bench's local fake upstreams (127.0.0.1) are not counted.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundle, eventFile] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
let upstreamCalls = 0;
const fetch = globalThis.fetch;
globalThis.fetch = (...args) => {
  if (new URL(String(args[0] instanceof Request ? args[0].url : args[0])).hostname !== '127.0.0.1') upstreamCalls += 1;
  return fetch(...args);
};
const context = { functionName: 'bench', awsRequestId: 'bench', getRemainingTimeInMillis: () => 20000 };

const cpu = process.cpuUsage();
const started = performance.now();
const { handler } = await import(pathToFileURL(resolve(bundle)).href);
const imported = performance.now();
const importCpu = process.cpuUsage(cpu);
const response = await handler(event, context);
const done = performance.now();
const { user, system } = process.cpuUsage(cpu);
console.log(JSON.stringify({ importMs: imported - started, totalMs: done - started, cpuMs: (user + system) / 1000, importCpuMs: (importCpu.user + importCpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024, status: response.statusCode, upstreamCalls }));
process.exit(0);
