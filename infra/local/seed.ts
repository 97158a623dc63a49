/**
 * `npm run seed` (and `npm start`, for the jobs that never completed on its store): feeds the recorded
 * upstream payloads through the real ingestion jobs, so every market and filing endpoint answers offline.
 * The recordings are served on 127.0.0.1 by the same fake upstream the tests use; each job's base-URL
 * variable points at them while it runs. Everything written is marked sample, served with `"sample": true`
 * and logged as SAMPLE data. Real provider responses (../shared/recordings, RECORDINGS_DIR) wherever one
 * exists for what a job asks; hand-written ones (test/fixtures) only where none does. A job whose recordings
 * are missing (e.g. no ../shared) is skipped.
 *
 * Each job's completion is recorded in the store (the job-runs collection), so a seed cut off half-way
 * resumes with the unfinished jobs on the next `npm start` (pendingSeedJobs).
 * Seeding an existing store is safe: jobs are idempotent, and live data written later replace the samples.
 * With `npm start` running, `npm run seed` writes into its store (DYNAMODB_PORT); otherwise it opens the
 * embedded store in DATA_DIR itself.
 */
import './logging';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { IngestionJobDefinition, SampleUpstream } from '../../lib/ingest/definition';
import { jobRuns, type JobEvent, type JobHandler, type JobSummary } from '../../lib/ingest/job';
import { resetDynamo } from '../../lib/store/dynamo';
import { recordingsDir, startFakeUpstream, type FakeReply, type FakeUpstream } from '../../test/support/fakeUpstream';
import { PROJECT_ROOT } from '../projectRoot';
import { datasetsDir } from '../reference-data/build';
import { ingestionJobs } from '../../lib/api/registry';
import { ensureTables, localStoreEndpoint, startEmbeddedStore } from './store';

export interface SeedOutcome {
  job: string;
  ok: boolean;
  written: number;
  /** run time */
  ms: number;
  error?: string;
  /** the recordings that were not found (the job was skipped) */
  missing?: string[];
}

const DATASETS_PREFIX = 'datasets:';
const RECORDINGS_PREFIX = 'recordings:';

/**
 * Where a recording is: `recordings:<path>` a real response in the recordings directory (RECORDINGS_DIR),
 * `datasets:<path>` a real payload in the datasets directory (undefined: none), else the hand-written
 * test/fixtures/<provider>/<file>.
 */
function recordingPath(provider: string, file: string): string | undefined {
  if (file.startsWith(RECORDINGS_PREFIX)) return join(recordingsDir(), file.slice(RECORDINGS_PREFIX.length));
  if (!file.startsWith(DATASETS_PREFIX)) return join(PROJECT_ROOT, 'test', 'fixtures', provider, file);
  const dir = datasetsDir();
  return dir && join(dir, file.slice(DATASETS_PREFIX.length));
}

/** The recordings a job names that are not there (those chosen per query are found, or not, as it runs). */
export function missingRecordings(job: IngestionJobDefinition): string[] {
  return (job.sample?.upstreams ?? []).flatMap((sample) =>
    Object.values(sample.routes).flatMap((file) => {
      if (typeof file !== 'string') return [];
      const path = recordingPath(sample.provider, file);
      return path && existsSync(path) ? [] : [file];
    }),
  );
}

/** The path as a client sends it: each segment percent-encoded the way encodeURIComponent does. */
const normalisedPath = (path: string) =>
  path
    .split('/')
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
    .join('/');

/** Serves a provider's recordings; `notFound` hears of each recording a request named that is not there. */
function serveRecordings(upstream: FakeUpstream, sample: SampleUpstream, notFound: (name: string) => void): string {
  const prefix = `/${sample.provider}`;
  for (const [path, file] of Object.entries(sample.routes)) {
    upstream.on(normalisedPath(`${prefix}${path}`), (request): FakeReply => {
      const name = typeof file === 'function' ? file(request.query) : file;
      const path = name === undefined ? undefined : recordingPath(sample.provider, name);
      if (!path || !existsSync(path)) {
        if (name !== undefined) notFound(name);
        return { status: 404, body: JSON.stringify({ error: 'not in the recordings' }) };
      }
      const body = readFileSync(path, 'utf8');
      return { status: 200, headers: { 'Content-Type': /^\s*[[{]/.test(body) ? 'application/json' : 'text/plain' }, body };
    });
  }
  return `${upstream.url}${prefix}`;
}

/**
 * The jobs with recordings that have not completed a run on this store (seeded or live): what a seed cut
 * off half-way left to do. All of them on an empty store.
 */
export async function pendingSeedJobs(jobs: readonly IngestionJobDefinition[] = ingestionJobs, now = new Date()): Promise<IngestionJobDefinition[]> {
  const done = new Set((await jobRuns.list(now)).filter((run) => run.value.last_success !== null).map((run) => run.id));
  return jobs.filter((job) => job.sample && !done.has(job.name));
}

/** Runs a job with an event (default: its handler module, in this process). */
export type JobRunner = (job: IngestionJobDefinition, event: JobEvent) => Promise<JobSummary>;

const runInProcess: JobRunner = async (job, event) =>
  ((await import(pathToFileURL(join(PROJECT_ROOT, job.entry)).href)) as { handler: JobHandler }).handler(event);

/**
 * Runs every job that has recordings against them, in registry order; a failing job is reported, not fatal,
 * and a job whose recordings are missing is skipped. `onOutcome` hears of each job as it finishes; `runJob`
 * runs each (test/bundles: its deployed bundle).
 */
export async function seedSampleData(
  jobs: readonly IngestionJobDefinition[] = ingestionJobs,
  onOutcome: (outcome: SeedOutcome) => void = () => undefined,
  runJob: JobRunner = runInProcess,
): Promise<SeedOutcome[]> {
  const upstream = await startFakeUpstream();
  const outcomes: SeedOutcome[] = [];
  // the recordings are on 127.0.0.1: no need to pace requests as the real upstreams require
  const pacing = process.env.UPSTREAM_PACING;
  process.env.UPSTREAM_PACING = 'off';
  try {
    const report = (outcome: SeedOutcome) => {
      outcomes.push(outcome);
      onOutcome(outcome);
    };
    for (const job of jobs) {
      if (!job.sample) continue;
      const missing = missingRecordings(job);
      if (missing.length > 0) {
        report({ job: job.name, ok: false, written: 0, ms: 0, missing });
        continue;
      }
      const saved = new Map<string, string | undefined>();
      // recordings chosen per request (by query) that are not there: the job is then skipped, not failed
      const notFound = new Set<string>();
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      try {
        const setting = (name: string, value: string) => {
          if (!saved.has(name)) saved.set(name, process.env[name]);
          process.env[name] = value;
        };
        for (const sample of job.sample.upstreams) setting(sample.baseUrlEnv, serveRecordings(upstream, sample, (name) => notFound.add(name)));
        for (const [name, value] of Object.entries(job.sample.settings ?? {})) setting(name, value);
        const summary = await runJob(job, { time: job.sample.recordedAt, sample: true, log: false });
        report({ job: job.name, ok: true, written: summary.written, ms: ms() });
      } catch (error) {
        const missing = [...notFound];
        report({ job: job.name, ok: false, written: 0, ms: ms(), ...(missing.length > 0 ? { missing } : { error: (error as Error).message }) });
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
      ? `  SAMPLE  ${o.job.padEnd(24)} ${String(o.written).padStart(6)} items ${String(o.ms).padStart(6)} ms (recorded payloads, not live data)`
      : o.missing
        ? `  SKIPPED ${o.job.padEnd(24)} recordings missing: ${o.missing.join(', ')}`
        : `  FAILED  ${o.job.padEnd(24)} ${o.error}`,
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
  const running = localStoreEndpoint();
  const store = (await storeIsRunning(running))
    ? undefined
    : await startEmbeddedStore(resolve(process.env.DATA_DIR ?? '.data'), 0, { maxRestarts: 0 }).catch((error: Error) => {
        console.error(`seed: ${error.message}; with npm start running, set its DYNAMODB_PORT (and DYNAMODB_HOST).`);
        process.exit(1);
      });
  process.env.DYNAMODB_ENDPOINT = store?.endpoint ?? running;
  resetDynamo();
  await ensureTables(process.env.DYNAMODB_ENDPOINT);
  console.log(`Seeding sample data from recordings into ${store ? `the store in ${process.env.DATA_DIR ?? '.data'}` : `the running store at ${running}`}:`);
  const outcomes = await seedSampleData(ingestionJobs, (outcome) => console.log(describeSeed([outcome])[0]));
  console.log('Served with "sample": true until live ingestion replaces them (README: "Market and filing data").');
  resetDynamo();
  await store?.close();
  process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
}
