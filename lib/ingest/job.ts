import { errorFacts, logger, putMetric } from '../http/observability';
import { recordCollection } from '../store/collections';
import type { WriteContext } from '../store/marketData';
import type { IngestionJobDefinition } from './definition';

/**
 * The Lambda handler of a scheduled ingestion job (functions/ingest/<job>.ts):
 *
 *   export const handler = ingestionJob(cryptoJobs.cryptoPrices, async ({ now, sample }) => { ... return { written } });
 *
 * `run` fetches, parses and validates everything first and writes only then, through the repositories,
 * so a failing upstream leaves stored data as it was; re-running it writes the same items (idempotent).
 * A failed run throws: Lambda retries it and then hands the event to the dead-letter queue (which the
 * ingestion stack alarms on). A run whose summary says it asked for `requested` things and wrote none
 * fails the same way (an upstream answering 404 or empty for everything must not pass for a working one).
 * Every run is recorded in the `job-runs` collection (last success, last error, last time it stored items),
 * and then publishes its family's data age (DATA_AGE_METRIC), on which the stale-data alarm of the family acts.
 */

/** The EventBridge scheduled event (only `time` is read), or a local run's event. */
export interface JobEvent {
  /** ISO 8601; the run's clock (EventBridge: the scheduled time). Default: now. */
  time?: string;
  /** the upstream answers are recordings (npm run seed): stored items are marked sample */
  sample?: boolean;
  /** false: the caller reports the outcome itself (the seed's SAMPLE lines, npm start's scheduler); default true */
  log?: boolean;
}

export interface JobSummary {
  /** items written */
  written: number;
  /**
   * how many things the run asked the upstream for (watchlist tickers, funds, companies, rates): a run that
   * asked for some and wrote nothing (every answer a 404 or an empty envelope) fails instead of succeeding
   */
  requested?: number;
  /** anything worth a line in the log (symbols skipped, ...) */
  notes?: string[];
}

/** A run that asked the upstream for `requested` things and has nothing to store. */
export class NothingWrittenError extends Error {
  override readonly name = 'NothingWrittenError';
  constructor(summary: JobSummary) {
    const why = summary.notes?.length ? `: ${summary.notes.join('; ')}` : '';
    super(`asked the upstream for ${summary.requested} item${summary.requested === 1 ? "" : "s"} and had nothing to store${why}`.slice(0, 1000));
  }
}

export interface JobRun {
  job: string;
  /** the job's family (crypto, stocks, ...): its data age is the newest `last_written` of the family's runs */
  family?: string;
  last_run: number;
  last_success: number | null;
  last_error: string | null;
  written: number;
  /** when a run last stored items (Unix seconds) */
  last_written?: number | null;
  sample: boolean;
}

/**
 * CloudWatch metric (namespace DataQueryService, dimensions service and family) that every run publishes:
 * seconds since any job of its family last stored an item. Not published while the family has stored nothing.
 */
export const DATA_AGE_METRIC = 'DataAgeSeconds';

/** Seconds since the family's newest stored item, from the job-runs records; undefined when it has none. */
export function dataAge(runs: readonly Pick<JobRun, 'family' | 'last_written'>[], family: string, now: Date): number | undefined {
  const newest = Math.max(...runs.filter((run) => run.family === family && typeof run.last_written === 'number').map((run) => run.last_written!));
  return Number.isFinite(newest) ? Math.max(0, Math.floor(now.getTime() / 1000) - newest) : undefined;
}

/** Publishes the family's data age; trouble reading the records is logged, never fails the run. */
async function publishDataAge(family: string, now: Date): Promise<void> {
  try {
    const age = dataAge((await jobRuns.list(now)).map((run) => run.value), family, now);
    if (age !== undefined) putMetric(DATA_AGE_METRIC, 'Seconds', age, { family });
  } catch (error) {
    logger.warn('ingestion: data age not published', { family, ...errorFacts(error) });
  }
}

export const JOB_RUNS = 'job-runs';
export const jobRuns = recordCollection<JobRun>(JOB_RUNS, { id: (run) => run.job });

/** Whether a job has ever succeeded (its data exist, even if empty). */
export async function jobHasSucceeded(job: string, now: Date): Promise<boolean> {
  return typeof (await jobRuns.get(job, now))?.value.last_success === 'number';
}

export type JobHandler = (event?: JobEvent) => Promise<JobSummary>;

export function ingestionJob(definition: IngestionJobDefinition, run: (context: WriteContext) => Promise<JobSummary>): JobHandler {
  return async (event: JobEvent = {}) => {
    const now = event.time ? new Date(event.time) : new Date();
    if (Number.isNaN(now.getTime())) throw new Error(`event time '${event.time}' is not a date`);
    const context: WriteContext = { now, sample: event.sample === true };
    const job = definition.name;
    const previous = (await jobRuns.get(job, now))?.value;
    const runTime = Math.floor(now.getTime() / 1000);
    const record = (outcome: Partial<JobRun>) =>
      jobRuns.put(
        [
          {
            job,
            family: definition.family,
            last_run: runTime,
            last_success: previous?.last_success ?? null,
            last_error: null,
            written: 0,
            last_written: previous?.last_written ?? null,
            sample: context.sample,
            ...outcome,
          },
        ],
        context,
      );
    try {
      const summary = await run(context);
      if (summary.requested !== undefined && summary.requested > 0 && summary.written === 0) throw new NothingWrittenError(summary);
      await record({ last_success: runTime, written: summary.written, ...(summary.written > 0 ? { last_written: runTime } : {}) });
      await publishDataAge(definition.family, now);
      if (event.log === false) return summary;
      if (context.sample) logger.warn('ingestion wrote SAMPLE data from recordings, not live data', { job, ...summary });
      else logger.info('ingestion done', { job, ...summary });
      return summary;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (event.log !== false) logger.error('ingestion failed; stored data left as they were', { job, error: message });
      await record({ last_error: message.slice(0, 500) }).catch(() => undefined);
      await publishDataAge(definition.family, now);
      throw error;
    }
  };
}
