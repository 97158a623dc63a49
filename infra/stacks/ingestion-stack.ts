import { CfnOutput, CustomResource, Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, type IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { IngestionJobDefinition } from '../../lib/ingest/definition';
import { DATA_AGE_METRIC } from '../../lib/ingest/job';
import { longestGapMs } from '../../lib/ingest/schedule';
import type { JobToRun } from '../../lib/ingest/afterDeploy';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../lib/http/observability';
import { ingestionJobs } from '../../lib/api/registry';
import { constructId, groupBy, jobOutputKey } from './names';
import { permissionsFor, ServiceFunction } from './lambdaFunction';
import type { DeploymentConfig } from './settings';
import type { Tables } from './stateful-stack';

/** A family's data is stale when its age passes this many times the longest gap between runs of its jobs. */
export const STALE_AFTER_GAPS = 3;
/** ... and never sooner than this (a run takes minutes, and so does its metric to arrive). */
export const STALE_AT_LEAST_MS = 15 * 60_000;

/** The age (seconds) past which a family's data count as stale: STALE_AFTER_GAPS × its longest gap between runs. */
export function staleAfterSeconds(jobs: readonly Pick<IngestionJobDefinition, 'schedule'>[]): number {
  return Math.round(Math.max(STALE_AFTER_GAPS * longestGapMs(jobs.map((job) => job.schedule)), STALE_AT_LEAST_MS) / 1000);
}

export interface IngestionStackProps extends StackProps {
  tables: Tables;
  alarmTopic: ITopic;
  config: DeploymentConfig;
  /** defaults to the registry's ingestionJobs */
  jobs?: readonly IngestionJobDefinition[];
}

interface JobFamilyStackProps {
  family: string;
  jobs: readonly IngestionJobDefinition[];
  tables: Tables;
  alarmTopic: ITopic;
  config: DeploymentConfig;
  deadLetterQueue: IQueue;
}

/**
 * The jobs of one family (crypto, stocks, ...) in a nested stack: a function, an EventBridge rule and alarms
 * per job, and the family's stale-data alarm on the age its jobs publish (lib/ingest/job.ts).
 */
export class JobFamilyStack extends NestedStack {
  readonly functions: Record<string, NodejsFunction> = {};
  /** each job's function fingerprint: its code and settings (the after-deploy run starts the changed ones) */
  readonly fingerprints: Record<string, string> = {};

  constructor(scope: Construct, id: string, props: JobFamilyStackProps) {
    super(scope, id, { description: `Data Query Service: the ${props.family} ingestion jobs` });
    for (const job of props.jobs) {
      const id = constructId(job.name);
      const service = new ServiceFunction(this, id, {
        entry: job.entry,
        memoryMb: job.memoryMb,
        timeoutSeconds: job.timeoutSeconds ?? 60,
        tables: props.tables,
        permissions: permissionsFor({ market: 'readWrite', ...job.tables }),
        config: props.config,
        alarmTopic: props.alarmTopic,
        // a job failing on every run for 15 minutes; a single failed run lands in the dead-letter queue, which alarms
        errorPeriods: 3,
        deadLetterQueue: props.deadLetterQueue,
      });
      this.functions[job.name] = service.function;
      this.fingerprints[job.name] = service.fingerprint;
      new Rule(this, `${id}Schedule`, {
        schedule: Schedule.expression(job.schedule),
        // runs that fail (after Lambda's retries) land in the function's dead-letter queue; events that
        // cannot be delivered at all land in the same queue
        targets: [new LambdaFunction(service.function, { deadLetterQueue: props.deadLetterQueue })],
      });
    }

    const staleAfter = staleAfterSeconds(props.jobs);
    new Alarm(this, 'StaleDataAlarm', {
      alarmDescription: `No ${props.family} data stored for over ${(staleAfter / 3600).toFixed(2)} h (${STALE_AFTER_GAPS} × the longest gap between the family's scheduled runs); job-runs.last_error says why`,
      metric: new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: DATA_AGE_METRIC,
        dimensionsMap: { service: SERVICE_NAME, family: props.family },
        statistic: 'Maximum',
        period: Duration.minutes(5),
      }),
      threshold: staleAfter,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      // the age arrives with each run; between runs the alarm keeps its state
      treatMissingData: TreatMissingData.IGNORE,
    }).addAlarmAction(new SnsAction(props.alarmTopic));
  }
}

/**
 * Scheduled ingestion jobs, a nested stack per family (JobFamilyStack); failed runs kept in one queue with an
 * alarm as soon as one lands there; and the after-deploy run: a custom resource that starts every job once
 * when it is created, and after each deploy the jobs that are new or whose code or settings changed, so a
 * fresh deployment has its data within minutes instead of at each job's next scheduled time.
 */
export class IngestionStack extends Stack {
  readonly deadLetterQueue: Queue;
  readonly failedRunsAlarm: Alarm;
  /** the function of each job, by job name */
  readonly functions: Record<string, NodejsFunction> = {};
  /** the nested stack of each family */
  readonly families: Record<string, JobFamilyStack> = {};
  readonly afterDeploy: NodejsFunction;

  constructor(scope: Construct, id: string, props: IngestionStackProps) {
    super(scope, id, props);
    this.deadLetterQueue = new Queue(this, 'FailedRuns', { retentionPeriod: Duration.days(14), enforceSSL: true });
    // a run that failed after Lambda's retries, including one that asked for data and had nothing to store
    this.failedRunsAlarm = new Alarm(this, 'FailedRunsAlarm', {
      alarmDescription: 'An ingestion job run failed after its retries (dead-letter queue FailedRuns); job-runs.last_error says why',
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.failedRunsAlarm.addAlarmAction(new SnsAction(props.alarmTopic));

    const jobs = props.jobs ?? ingestionJobs;
    const runs: { job: IngestionJobDefinition; fn: NodejsFunction; fingerprint: string }[] = [];
    for (const [family, members] of groupBy(jobs, (job) => job.family)) {
      const stack = new JobFamilyStack(this, constructId(family), {
        family,
        jobs: members,
        tables: props.tables,
        alarmTopic: props.alarmTopic,
        config: props.config,
        deadLetterQueue: this.deadLetterQueue,
      });
      this.families[family] = stack;
      for (const job of members) {
        const fn = stack.functions[job.name]!;
        this.functions[job.name] = fn;
        runs.push({ job, fn, fingerprint: stack.fingerprints[job.name]! });
        new CfnOutput(this, jobOutputKey(job.name), { value: fn.functionName, description: `the ${job.name} job's function` });
      }
    }

    this.afterDeploy = new ServiceFunction(this, 'AfterDeploy', {
      entry: 'functions/ingest/afterDeploy.ts',
      timeoutSeconds: 60,
      tables: props.tables,
      permissions: {},
      config: props.config,
      alarmTopic: props.alarmTopic,
    }).function;
    for (const { fn } of runs) fn.grantInvoke(this.afterDeploy);
    const toRun: JobToRun[] = runs.map(({ job, fn, fingerprint }) => ({ name: job.name, functionName: fn.functionName, fingerprint }));
    new CustomResource(this, 'RunJobsAfterDeploy', {
      serviceToken: this.afterDeploy.functionArn,
      resourceType: 'Custom::RunJobsAfterDeploy',
      properties: { Jobs: toRun },
    });
  }
}
