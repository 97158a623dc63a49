/**
 * `npm start`: the whole service on this machine, no AWS account needed (see README "Run locally").
 * It checks its ports first, imports the reference data when their inputs changed, starts the embedded store,
 * finishes the sample seed where an earlier start left it, lists once what data are missing, and serves.
 */
import './logging';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { LocalServer } from './server';
import type { Scheduler } from './scheduler';
import { PROJECT_ROOT } from '../projectRoot';

const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? '127.0.0.1';
const DYNAMODB_PORT = Number(process.env.DYNAMODB_PORT ?? 8000);
const DYNAMODB_HOST = process.env.DYNAMODB_HOST ?? '127.0.0.1';
const DATA_DIR = process.env.DATA_DIR ?? '.data';

/** Why `port` cannot be listened on at `host`, in one line; undefined when it can (0: any free port). */
function portProblem(port: number, host: string, setting: string, hostSetting: string): Promise<string | undefined> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') done(`port ${port} on ${host} is in use (another npm start?): stop what holds it, or set ${setting} to a free port.`);
      else if (error.code === 'EACCES') done(`port ${port} needs privileges: set ${setting} to a port above 1023.`);
      else if (error.code === 'EADDRNOTAVAIL') done(`${host} is not an address of this machine: set ${hostSetting}.`);
      else done(`port ${port} on ${host} cannot be used (${error.code}): set ${setting}.`);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done(undefined)));
  });
}

const problems = (
  await Promise.all([portProblem(PORT, HOST, 'PORT', 'HOST'), portProblem(DYNAMODB_PORT, DYNAMODB_HOST, 'DYNAMODB_PORT', 'DYNAMODB_HOST')])
).filter((problem) => problem !== undefined);
if (problems.length > 0) {
  for (const problem of problems) console.error(`npm start: ${problem}`);
  process.exit(1);
}

// the store process starts now, on the other core, while the rest loads
const { startEmbeddedStore, StoreLockedError } = await import('./store');
const store = startEmbeddedStore(resolve(DATA_DIR), DYNAMODB_PORT, { host: DYNAMODB_HOST, inMemory: process.env.DYNAMODB_IN_MEMORY === 'true' });
store.catch(() => undefined); // awaited (and reported) by startLocalServer below

let server: LocalServer | undefined;
let scheduler: Scheduler | undefined;
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  scheduler?.stop();
  if (!server) {
    // the store process stops with us (it watches its parent); the seed goes on where it stopped next time
    console.log(`${signal}: stopping during start-up (an unfinished seed resumes on the next start)`);
    process.exit(1);
  }
  console.log(`${signal}: shutting down`);
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

const { describeMissing, ensureReferenceData, REFERENCE_DATA_OUT } = await import('../reference-data/build');
// the reference data's fingerprint (an esbuild run) is taken while the rest loads
process.env.REFERENCE_DATA_DIR = resolve(process.env.REFERENCE_DATA_DIR ?? join(PROJECT_ROOT, REFERENCE_DATA_OUT));
let importing = false;
const referenceData = ensureReferenceData(process.env.REFERENCE_DATA_DIR, {
  log: (line) => {
    if (!importing) console.log('Reference data: importing the datasets (first start, or their inputs changed):');
    importing = true;
    console.log(line);
  },
});
const { buildVpicLayer } = await import('../../layers/vpic/build');
const { ingestionJobs } = await import('../../lib/api/registry');
const { modelPath } = await import('../../lib/vision/model');
const { startScheduler } = await import('./scheduler');
const { describeSeed, pendingSeedJobs, seedSampleData } = await import('./seed');
const { PortInUseError, startLocalServer } = await import('./server');

// npm start only (never a deployment, never the tests): without internet, air quality answers from a recorded
// sample marked "sample": true instead of 502.
process.env.AIR_QUALITY_SAMPLE_FALLBACK ??= 'true';

// the reference data: imported again only when their inputs changed (datasets, import code, packages)
const { built, report } = await referenceData;
if (built) for (const warning of report.warnings) console.log(`  warning: ${warning}`);
else console.log(`Reference data: up to date (${Object.keys(report.files).length} files; inputs unchanged since they were imported)`);

// the vPIC pattern table the VIN decoder reads (the vpic layer's content; built once, a few seconds)
const missing: string[] = [];
if (!process.env.VPIC_DB_PATH) {
  process.env.VPIC_DB_PATH = await buildVpicLayer().catch((error: Error) => {
    missing.push(`  /v1/vinlookup: the vPIC pattern table was not built (${error.message}): model and body class are null.`);
    return '';
  });
}

const samples = ingestionJobs.filter((job) => job.sample);
const skipped: { job: string; missing: string[] }[] = [];
server = await startLocalServer({
  port: PORT,
  host: HOST,
  dataDir: DATA_DIR,
  store,
  // the sample seed, for the jobs that have not completed on this store (all of them on an empty store)
  beforeListen: async () => {
    const pending = await pendingSeedJobs(samples);
    if (pending.length === 0) return;
    console.log(
      pending.length === samples.length
        ? `Empty store: seeding SAMPLE market and filing data from recorded payloads (${samples.length} jobs, about 15 s; npm run seed):`
        : `Seed: ${pending.length} of ${samples.length} sample jobs have not completed on this store (a start cut off, or recordings missing); running them now:`,
    );
    await seedSampleData(pending, (outcome) => {
      console.log(describeSeed([outcome])[0]);
      if (outcome.missing) skipped.push({ job: outcome.job, missing: outcome.missing });
    });
  },
}).catch((error: Error) => {
  // a store held by another process, a port taken meanwhile: one line, not a stack
  if (!(error instanceof StoreLockedError || error instanceof PortInUseError)) throw error;
  console.error(`npm start: ${error.message}.`);
  process.exit(1);
});

// what is missing, once: datasets, recordings, the model
missing.unshift(...describeMissing(report.missing));
if (skipped.length > 0) {
  missing.push(
    `  market data of ${skipped.map((s) => s.job).join(', ')}: not seeded, their recordings are missing (the SKIPPED lines above name them); ` +
      'their endpoints answer 503 (502 where they read the upstream on demand) until live ingestion fills them.',
  );
}
if (!existsSync(modelPath())) {
  missing.push(`  /v1/objectdetection: the object-detection model is not at ${modelPath()} (set MODELS_DIR or MODEL_PATH).`);
}
if (missing.length > 0) console.log(['Missing data (the service runs; these answer 503 data_unavailable):', ...missing].join('\n'));

scheduler = process.env.INGEST_SCHEDULE === 'off' ? undefined : startScheduler(ingestionJobs);

console.log(`Data Query Service listening on ${server.url}`);
console.log(`API reference: open ${server.url}/docs (every endpoint, with a console to try calls; the OpenAPI document is ${server.url}/openapi.json)`);
console.log(`Embedded DynamoDB on ${server.dynamoEndpoint}.`);
console.log(`Demo keys, one per plan (kept in ${join(DATA_DIR, 'demo-keys.json')}; npm run keys -- create --tier <plan> makes more):`);
for (const [plan, key] of Object.entries(server.demoKeys)) console.log(`  ${plan.padEnd(17)} ${key}`);
console.log(`Try: curl -H "X-Api-Key: ${server.demoKeys.free}" ${server.url}/v1/jokeoftheday`);
console.log(`AI agents (MCP, Streamable HTTP): ${server.url}/mcp with the key as X-Api-Key or Authorization: Bearer (README "AI agents")`);
if (scheduler) console.log(`Ingestion: ${ingestionJobs.length} jobs run here on their schedules (INGEST_SCHEDULE=off to stop them); without internet they fail quietly and the stored data stay.`);
console.log(`Ready in ${(performance.now() / 1000).toFixed(1)} s.`);
