// Invocations of a deployed bundle, as Lambda makes them: a fresh Node process (a cold start) imports the
// bundle (cdk.out/asset.<hash>/index.mjs) and calls its handler with each event read from stdin (one event, or
// a JSON array of events for one warm container, in turn). Each result, or the error as Lambda reports one, is
// written to stdout as JSON: {result} or {error}, or an array of them for an array of events.
// Usage: node invokeBundle.mjs <bundle directory>   (events on stdin)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundleDir] = process.argv.slice(2);
const input = JSON.parse(readFileSync(0, 'utf8'));
const context = { functionName: 'bundle-test', awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 30_000 };
// the bundle's own log lines and metrics go to stderr: stdout carries the results only
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => process.stderr.write(chunk, ...rest);

const outcomes = [];
let handler;
for (const event of Array.isArray(input) ? input : [input]) {
  try {
    handler ??= (await import(pathToFileURL(join(bundleDir, 'index.mjs')).href)).handler;
    outcomes.push({ result: (await handler(event, context)) ?? null });
  } catch (error) {
    outcomes.push({ error: { errorType: error?.name ?? 'Error', errorMessage: String(error?.message ?? error) } });
  }
}
write(JSON.stringify(Array.isArray(input) ? outcomes : outcomes[0]));
process.exit(0);
