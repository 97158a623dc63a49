/**
 * Jobs CLI: `npm run jobs -- run <job>... | --all [--aws]`, `npm run jobs -- list` (README "Market and filing
 * data"). Runs ingestion jobs by name now, instead of at their next scheduled time (after a deploy, after
 * adding to a watchlist, to see why one fails):
 * - locally (default): in this process, against the running server's store (DYNAMODB_PORT) or the one in
 *   DATA_DIR, with the live upstreams, exactly as `npm start`'s scheduler runs them;
 * - with --aws: by invoking the deployed functions (their names are the ingestion stack's outputs) and
 *   waiting for each answer.
 * Jobs run one after another in registry order (a family's reference lists first). Exit code 1 when any failed.
 */
import './local/logging';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ingestionJobs } from '../lib/api/registry';
import type { IngestionJobDefinition } from '../lib/ingest/definition';
import type { JobHandler, JobSummary } from '../lib/ingest/job';
import { resetDynamo } from '../lib/store/dynamo';
import type { EmbeddedStore } from './local/store';
import { stackOutputs, useLocalStore } from './operatorStore';
import { PROJECT_ROOT } from './projectRoot';
import { jobOutputKey, STACK_NAMES } from './stacks/names';

const USAGE = `usage: npm run jobs -- <command> [options]
  list                     the jobs with their family and schedule
  run <job>... | --all     runs the jobs now, one after another in registry order
options: --aws runs the deployed functions (with your AWS credentials) instead of running the jobs here against
         the local store (the running server's, DYNAMODB_PORT, or the one in DATA_DIR); --help this text.`;

class UsageError extends Error {}

/** How one run went. */
type Outcome = { job: string; ok: true; written: number; ms: number } | { job: string; ok: false; error: string; ms: number };

type RunJob = (job: IngestionJobDefinition) => Promise<JobSummary>;

/** In this process, as npm start's scheduler runs it. */
const runHere: RunJob = async (job) => {
  const { handler } = (await import(pathToFileURL(join(PROJECT_ROOT, job.entry)).href)) as { handler: JobHandler };
  return handler({ log: false });
};

/** The deployed function, found through the ingestion stack's outputs; the answer is the job's summary or its error. */
async function deployedRunner(): Promise<RunJob> {
  const outputs = await stackOutputs(process.env.INGESTION_STACK ?? STACK_NAMES.ingestion);
  const lambda = new LambdaClient({});
  return async (job) => {
    const functionName = outputs[jobOutputKey(job.name)];
    if (!functionName) throw new Error(`the ingestion stack has no output ${jobOutputKey(job.name)} (deployed before this job existed?)`);
    const { FunctionError, Payload } = await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: JSON.stringify({}) }));
    const answer = Payload ? (JSON.parse(Buffer.from(Payload).toString('utf8') || 'null') as unknown) : undefined;
    if (FunctionError) throw new Error((answer as { errorMessage?: string } | undefined)?.errorMessage ?? FunctionError);
    return answer as JobSummary;
  };
}

function describe(outcome: Outcome): string {
  const time = `${(outcome.ms / 1000).toFixed(1)} s`;
  return outcome.ok
    ? `ok      ${outcome.job.padEnd(24)} ${String(outcome.written).padStart(7)} items  ${time}`
    : `FAILED  ${outcome.job.padEnd(24)} ${outcome.error.length > 300 ? `${outcome.error.slice(0, 300)}…` : outcome.error}  (${time})`;
}

/** The jobs named (or all of them), in registry order. */
function chosenJobs(names: string[], all: boolean): IngestionJobDefinition[] {
  if (all === names.length > 0) throw new UsageError('name the jobs to run, or give --all');
  const unknown = names.filter((name) => !ingestionJobs.some((job) => job.name === name));
  if (unknown.length > 0) throw new UsageError(`no job named ${unknown.join(', ')} (npm run jobs -- list)`);
  return ingestionJobs.filter((job) => all || names.includes(job.name));
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { all: { type: 'boolean', default: false }, aws: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...names] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (command === 'list') {
    for (const job of ingestionJobs) console.log(`${job.name.padEnd(24)} ${job.family.padEnd(12)} ${job.schedule}`);
    return 0;
  }
  if (command !== 'run') throw new UsageError(command ? `unknown command '${command}'` : 'no command given');
  const jobs = chosenJobs(names, values.all);

  const store: EmbeddedStore | undefined = values.aws ? undefined : await useLocalStore();
  const run = values.aws ? await deployedRunner() : runHere;
  try {
    console.log(`Running ${jobs.length} job(s) ${values.aws ? 'in AWS' : `against ${store ? `the store in ${process.env.DATA_DIR ?? '.data'}` : 'the running server\'s store'}`}:`);
    let failed = 0;
    for (const job of jobs) {
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      const outcome: Outcome = await run(job).then(
        (summary) => ({ job: job.name, ok: true as const, written: summary.written, ms: ms() }),
        (error: unknown) => ({ job: job.name, ok: false as const, error: (error as Error).message, ms: ms() }),
      );
      if (!outcome.ok) failed += 1;
      console.log(describe(outcome));
    }
    return failed > 0 ? 1 : 0;
  } finally {
    resetDynamo();
    await store?.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`jobs: ${(error as Error).message}`);
  if (error instanceof UsageError) console.error(USAGE);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
