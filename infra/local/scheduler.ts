/**
 * `npm start` runs the ingestion jobs in-process on the schedules the deployed EventBridge rules use
 * (lib/ingest/schedule.ts reads the same expressions). A run never overlaps the previous run of the same
 * job. A failure (no internet, upstream down) is printed once per distinct message; the stored data stay
 * and the endpoints keep answering from them. INGEST_SCHEDULE=off turns the scheduler off.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IngestionJobDefinition } from '../../lib/ingest/definition';
import type { JobHandler } from '../../lib/ingest/job';
import { nextRun, parseSchedule } from '../../lib/ingest/schedule';
import { PROJECT_ROOT } from '../projectRoot';

/** setTimeout's longest delay; longer waits are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Scheduler {
  /** the next run time of each job */
  next(): Record<string, Date | undefined>;
  stop(): void;
}

export function startScheduler(
  jobs: readonly IngestionJobDefinition[],
  log: (line: string) => void = console.log,
  loadHandler = async (entry: string) => ((await import(pathToFileURL(join(PROJECT_ROOT, entry)).href)) as { handler: JobHandler }).handler,
): Scheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const nextTimes = new Map<string, Date | undefined>();
  let stopped = false;

  for (const job of jobs) {
    const schedule = parseSchedule(job.schedule);
    let running = false;
    let lastFailure: string | undefined;

    const run = async () => {
      if (running) return;
      running = true;
      try {
        const summary = await (await loadHandler(job.entry))({ log: false });
        if (lastFailure !== undefined) log(`ingestion ${job.name}: running again (${summary.written} items written)`);
        lastFailure = undefined;
      } catch (error) {
        const message = (error as Error).message;
        if (message !== lastFailure) log(`ingestion ${job.name} failed: ${message} (stored data kept; retried on schedule ${job.schedule})`);
        lastFailure = message;
      } finally {
        running = false;
      }
    };

    const arm = (after: Date) => {
      if (stopped) return;
      const at = nextRun(schedule, after);
      nextTimes.set(job.name, at);
      if (!at) return;
      const wait = at.getTime() - Date.now();
      timers.set(
        job.name,
        setTimeout(
          () => {
            if (wait > MAX_TIMER_MS) return arm(after);
            void run();
            arm(at);
          },
          Math.max(0, Math.min(wait, MAX_TIMER_MS)),
        ),
      );
    };
    arm(new Date());
  }

  return {
    next: () => Object.fromEntries(nextTimes),
    stop: () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
