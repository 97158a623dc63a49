/** `npm start`: the whole service on this machine, no AWS account needed (see README "Run locally"). */
import './logging';
import { buildVpicLayer } from '../../layers/vpic/build';
import { listRecords } from '../../lib/store/marketData';
import { JOB_RUNS } from '../../lib/ingest/job';
import { ingestionJobs } from '../../lib/api/registry';
import { startScheduler } from './scheduler';
import { describeSeed, seedSampleData } from './seed';
import { startLocalServer } from './server';

// npm start only (never a deployment, never the tests): without internet, air quality answers from a recorded
// sample marked "sample": true instead of 502.
process.env.AIR_QUALITY_SAMPLE_FALLBACK ??= 'true';

// the vPIC database the VIN decoder reads (the vpic layer's content; built once, a few seconds)
if (!process.env.VPIC_DB_PATH) {
  process.env.VPIC_DB_PATH = await buildVpicLayer().catch((error: Error) => {
    console.warn(`vPIC database not built (${error.message}): /v1/vinlookup answers model and class null.`);
    return '';
  });
}

const server = await startLocalServer({
  port: Number(process.env.PORT ?? 3000),
  dataDir: process.env.DATA_DIR ?? '.data',
  dynamoPort: Number(process.env.DYNAMODB_PORT ?? 8000),
  host: process.env.HOST ?? '127.0.0.1',
  // an empty store (no ingestion job ever ran) gets the sample data from the recordings first
  beforeListen: async () => {
    if ((await listRecords(JOB_RUNS, new Date())).length > 0) return;
    console.log('Empty store: seeding SAMPLE market and filing data from recorded payloads (npm run seed):');
    for (const line of describeSeed(await seedSampleData())) console.log(line);
  },
});
const scheduler = process.env.INGEST_SCHEDULE === 'off' ? undefined : startScheduler(ingestionJobs);

console.log(`Data Query Service listening on ${server.url}  (API reference: ${server.url}/openapi.json)`);
console.log(`Embedded DynamoDB on ${server.dynamoEndpoint}; demo keys in ${process.env.DATA_DIR ?? '.data'}/demo-keys.json:`);
for (const [plan, key] of Object.entries(server.demoKeys)) console.log(`  ${plan.padEnd(17)} ${key}`);
console.log(`Try: curl -H "X-Api-Key: ${server.demoKeys.free}" ${server.url}/v1/jokeoftheday`);
if (scheduler) console.log(`Ingestion: ${ingestionJobs.length} jobs run here on their schedules (INGEST_SCHEDULE=off to stop them); without internet they fail quietly and the stored data stay.`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  scheduler?.stop();
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
