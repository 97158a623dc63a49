/**
 * The after-deploy run (functions/ingest/afterDeploy.ts, the ingestion stack's custom resource): when the
 * stack is created it starts every ingestion job once, and after each deploy the jobs that are new or whose
 * code or settings changed, so a fresh deployment has its data within minutes rather than at each job's next
 * scheduled time (a weekly job: days). The jobs are invoked asynchronously in registry order (a family's
 * reference lists first); each then runs as on its schedule, with Lambda's retries (a job whose list is not
 * stored yet is retried a minute later), its dead-letter queue and its alarms. A deploy never waits for the
 * jobs and never fails because one fails.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { errorFacts, logger } from '../http/observability';

/** A job as the custom resource lists it (in registry order). */
export interface JobToRun {
  name: string;
  functionName: string;
  /** changes with the job's code and settings */
  fingerprint: string;
}

const jobsOf = (properties: Record<string, unknown> | undefined): JobToRun[] => (properties?.Jobs as JobToRun[] | undefined) ?? [];

/** The jobs a deploy starts: every job when the resource is created, the new and changed ones on an update, none on deletion. */
export function jobsToStart(event: CloudFormationCustomResourceEvent): JobToRun[] {
  if (event.RequestType === 'Delete') return [];
  const jobs = jobsOf(event.ResourceProperties);
  if (event.RequestType === 'Create') return jobs;
  const before = new Map(jobsOf(event.OldResourceProperties).map((job) => [job.name, job.fingerprint]));
  return jobs.filter((job) => before.get(job.name) !== job.fingerprint);
}

/** Tells CloudFormation the outcome (the pre-signed URL of the event), as its custom-resource protocol asks. */
async function respond(event: CloudFormationCustomResourceEvent, data: Record<string, string>): Promise<void> {
  const response = await fetch(event.ResponseURL, {
    method: 'PUT',
    headers: { 'content-type': '' },
    body: JSON.stringify({
      Status: 'SUCCESS',
      PhysicalResourceId: 'run-jobs-after-deploy',
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
      Data: data,
    }),
  });
  if (!response.ok) throw new Error(`CloudFormation's response URL answered ${response.status}`);
}

/**
 * Starts the jobs and answers CloudFormation (always SUCCESS: data arrive with the jobs' own runs). A job
 * that could not be started is logged and then fails this invocation, which sets off its errors alarm.
 */
export async function runJobsAfterDeploy(event: CloudFormationCustomResourceEvent, lambda = new LambdaClient({})): Promise<void> {
  const started: string[] = [];
  const failed: string[] = [];
  for (const job of jobsToStart(event)) {
    try {
      await lambda.send(new InvokeCommand({ FunctionName: job.functionName, InvocationType: 'Event', Payload: JSON.stringify({}) }));
      started.push(job.name);
    } catch (error) {
      logger.error('after deploy: a job could not be started', { job: job.name, ...errorFacts(error) });
      failed.push(job.name);
    }
  }
  await respond(event, { Started: started.join(' '), NotStarted: failed.join(' ') });
  logger.info('after deploy: jobs started', { request: event.RequestType, started: started.length, failed: failed.length });
  if (failed.length > 0) throw new Error(`after deploy: ${failed.length} job(s) could not be started: ${failed.join(', ')}`);
}
