import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { runJobsAfterDeploy } from '../../lib/ingest/afterDeploy';

/** The ingestion stack's custom resource: starts the ingestion jobs after a deploy (lib/ingest/afterDeploy.ts). */
export const handler = (event: CloudFormationCustomResourceEvent): Promise<void> => runJobsAfterDeploy(event);
