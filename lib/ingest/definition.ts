import type { TableAccess } from '../http/definition';
import type { TableName } from '../store/tables';

/**
 * Where `npm run seed` gets a job's upstream answers offline: real recorded responses (the recordings
 * directory) or, where none exists, hand-written payloads in the provider's real format
 * (test/fixtures/<provider>/), served on 127.0.0.1 while the job runs against them.
 */
export interface SampleUpstream {
  /** environment variable holding the client's base URL; the seed points it at the recordings */
  baseUrlEnv: string;
  /** the recordings' folder under test/fixtures/ */
  provider: string;
  /**
   * upstream path → recording file, or a function of the query that names the file (undefined: 404,
   * as the provider answers an unknown symbol). `recordings:<path>` is a real response in the recordings
   * directory (RECORDINGS_DIR, default ../shared/recordings), e.g. `recordings:binance/exchangeInfo-2023-09-08.json`;
   * `datasets:<path>` a real payload in the datasets directory (DATASETS_DIR, default ../shared/datasets);
   * any other name a hand-written file in test/fixtures/<provider>/.
   */
  routes: Record<string, string | ((query: URLSearchParams) => string | undefined)>;
}

/** A scheduled ingestion job: the CDK ingestion stack wires it to an EventBridge schedule; `npm start` runs it in-process. */
export interface IngestionJobDefinition {
  name: string;
  /**
   * The family it belongs to (crypto, stocks, ...; set by jobFamily): the family's data age is one metric
   * and one stale-data alarm, and its jobs share a nested stack.
   */
  family: string;
  /** handler module (functions/ingest/<job>.ts), relative to the project root */
  entry: string;
  /** EventBridge schedule expression (UTC), e.g. rate(1 minute) or cron(0/15 * ? * MON-FRI *) */
  schedule: string;
  summary: string;
  /** default 60 */
  timeoutSeconds?: number;
  memoryMb?: number;
  /** tables the job uses besides `market` (which every job may read and write) */
  tables?: Partial<Record<TableName, TableAccess>>;
  /** the recordings `npm run seed` feeds through this job */
  sample?: {
    upstreams: SampleUpstream[];
    /** when the recordings were made (ISO 8601): the seed runs the job at this time */
    recordedAt: string;
    /** settings the seed gives the job while it runs (e.g. a watchlist of what the recordings hold) */
    settings?: Record<string, string>;
  };
}

/** A job as its family file writes it (jobFamily adds the family). */
export type JobSpec = Omit<IngestionJobDefinition, 'family'>;

export function defineJob(spec: JobSpec): JobSpec {
  return spec;
}

/** A family's jobs, each marked with the family's name; in the order `npm run seed` runs them. */
export function jobFamily<T extends Record<string, JobSpec>>(family: string, jobs: T): { [K in keyof T]: T[K] & { family: string } } {
  return Object.fromEntries(Object.entries(jobs).map(([key, spec]) => [key, { ...spec, family }])) as { [K in keyof T]: T[K] & { family: string } };
}
