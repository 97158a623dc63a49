import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { IngestionJobDefinition } from '../../lib/ingest/definition';
import { ingestionJobs } from '../../lib/api/registry';
import { constructId } from './constructId';
import { permissionsFor, ServiceFunction } from './lambdaFunction';
import type { Tables } from './stateful-stack';

export interface IngestionStackProps extends StackProps {
  tables: Tables;
  /** defaults to the registry's ingestionJobs */
  jobs?: readonly IngestionJobDefinition[];
}

/**
 * Scheduled ingestion jobs: one function and one EventBridge rule per job, failed runs kept in one queue,
 * and an alarm as soon as a failed run lands there (operators subscribe its actions to their paging).
 */
export class IngestionStack extends Stack {
  readonly deadLetterQueue: Queue;
  readonly failedRunsAlarm: Alarm;
  /** the function of each job, by job name */
  readonly functions: Record<string, NodejsFunction> = {};

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

    for (const job of props.jobs ?? ingestionJobs) {
      const id = constructId(job.name);
      const fn = new ServiceFunction(this, id, {
        entry: job.entry,
        memoryMb: job.memoryMb,
        timeoutSeconds: job.timeoutSeconds ?? 60,
        tables: props.tables,
        permissions: permissionsFor({ market: 'readWrite', ...job.tables }),
        deadLetterQueue: this.deadLetterQueue,
      }).function;
      this.functions[job.name] = fn;
      new Rule(this, `${id}Schedule`, {
        schedule: Schedule.expression(job.schedule),
        // runs that fail (after Lambda's retries) land in the function's dead-letter queue; events that
        // cannot be delivered at all land in the same queue
        targets: [new LambdaFunction(fn, { deadLetterQueue: this.deadLetterQueue })],
      });
    }
  }
}
