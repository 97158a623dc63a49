/**
 * `npm run seed` (and `npm start` on an empty store): feeds the recorded upstream payloads through the real
 * ingestion jobs, so every market and filing endpoint answers offline. The recordings are served on
 * 127.0.0.1 by the same fake upstream the tests use; each job's base-URL variable points at them while it
 * runs. Everything written is marked sample, served with `"sample": true` and logged as SAMPLE data.
 *
 * Seeding an existing store is safe: jobs are idempotent, and live data written later replace the samples.
 * With `npm start` running, `npm run seed` writes into its store (DYNAMODB_PORT); otherwise it opens the
 * embedded store in DATA_DIR itself.
 */
import './logging';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { IngestionJobDefinition, SampleUpstream } from '../../lib/ingest/definition';
import type { JobHandler } from '../../lib/ingest/job';
import { resetDynamo } from '../../lib/store/dynamo';
import { startFakeUpstream, type FakeReply, type FakeUpstream } from '../../test/support/fakeUpstream';
import { PROJECT_ROOT } from '../projectRoot';
import { datasetsDir } from '../reference-data/build';
import { ingestionJobs } from '../../lib/api/registry';
import { ensureTables, startEmbeddedStore } from './store';

export interface SeedOutcome {
  job: string;
  ok: boolean;
  written: number;
  /** run time */
  ms: number;
  error?: string;
}

const DATASETS_PREFIX = 'datasets:';

/** A recording's text: test/fixtures/<provider>/<file>, or `datasets:<path>` in the datasets directory. */
function recording(provider: string, file: string): string {
  if (file.startsWith(DATASETS_PREFIX)) {
    const dir = datasetsDir();
    if (!dir) throw new Error(`no datasets directory for ${file} (set DATASETS_DIR)`);
    return readFileSync(join(dir, file.slice(DATASETS_PREFIX.length)), 'utf8');
  }
  return readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', provider, file), 'utf8');
}

/** The path as a client sends it: each segment percent-encoded the way encodeURIComponent does. */
const normalisedPath = (path: string) =>
  path
    .split('/')
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
    .join('/');

function serveRecordings(upstream: FakeUpstream, sample: SampleUpstream): string {
  const prefix = `/${sample.provider}`;
  for (const [path, file] of Object.entries(sample.routes)) {
    upstream.on(normalisedPath(`${prefix}${path}`), (request): FakeReply => {
      const name = typeof file === 'function' ? file(request.query) : file;
      if (name === undefined) return { status: 404, body: JSON.stringify({ error: 'not in the recordings' }) };
      const body = recording(sample.provider, name);
      return { status: 200, headers: { 'Content-Type': /^\s*[[{]/.test(body) ? 'application/json' : 'text/plain' }, body };
    });
  }
  return `${upstream.url}${prefix}`;
}

/** Runs every job that has recordings against them, in registry order; a failing job is reported, not fatal. */
export async function seedSampleData(jobs: readonly IngestionJobDefinition[] = ingestionJobs): Promise<SeedOutcome[]> {
  const upstream = await startFakeUpstream();
  const outcomes: SeedOutcome[] = [];
  // the recordings are on 127.0.0.1: no need to pace requests as the real upstreams require
  const pacing = process.env.UPSTREAM_PACING;
  process.env.UPSTREAM_PACING = 'off';
  try {
    for (const job of jobs) {
      if (!job.sample) continue;
      const saved = new Map<string, string | undefined>();
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      try {
        for (const sample of job.sample.upstreams) {
          if (!saved.has(sample.baseUrlEnv)) saved.set(sample.baseUrlEnv, process.env[sample.baseUrlEnv]);
          process.env[sample.baseUrlEnv] = serveRecordings(upstream, sample);
        }
        const { handler } = (await import(pathToFileURL(join(PROJECT_ROOT, job.entry)).href)) as { handler: JobHandler };
        const summary = await handler({ time: job.sample.recordedAt, sample: true, log: false });
        outcomes.push({ job: job.name, ok: true, written: summary.written, ms: ms() });
      } catch (error) {
        outcomes.push({ job: job.name, ok: false, written: 0, ms: ms(), error: (error as Error).message });
      } finally {
        for (const [name, value] of saved) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
        upstream.reset();
      }
    }
  } finally {
    if (pacing === undefined) delete process.env.UPSTREAM_PACING;
    else process.env.UPSTREAM_PACING = pacing;
    await upstream.close();
  }
  return outcomes;
}

/** One line per job for the console. */
export function describeSeed(outcomes: readonly SeedOutcome[]): string[] {
  return outcomes.map((o) =>
    o.ok
      ? `  SAMPLE ${o.job.padEnd(24)} ${String(o.written).padStart(6)} items ${String(o.ms).padStart(6)} ms (recorded payloads, not live data)`
      : `  FAILED ${o.job.padEnd(24)} ${o.error}`,
  );
}

async function storeIsRunning(endpoint: string): Promise<boolean> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  try {
    await client.send(new ListTablesCommand({}));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const running = `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}`;
  const store = (await storeIsRunning(running)) ? undefined : await startEmbeddedStore(resolve(process.env.DATA_DIR ?? '.data'), 0);
  process.env.DYNAMODB_ENDPOINT = store?.endpoint ?? running;
  resetDynamo();
  await ensureTables(process.env.DYNAMODB_ENDPOINT);
  console.log(`Seeding sample data from recordings into ${store ? `the store in ${process.env.DATA_DIR ?? '.data'}` : `the running store at ${running}`}:`);
  const outcomes = await seedSampleData();
  for (const line of describeSeed(outcomes)) console.log(line);
  console.log('Served with "sample": true until live ingestion replaces them (README: "Market and filing data").');
  resetDynamo();
  await store?.close();
  process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
}
