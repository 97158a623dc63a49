import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * The shared document client, made on first use. `DYNAMODB_ENDPOINT` points it at the embedded store
 * (local server, key CLI, tests); without it the client talks to AWS with the Lambda's role.
 */
export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const client = new DynamoDBClient(
      endpoint
        ? {
            endpoint,
            region: process.env.AWS_REGION ?? 'local',
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
            maxAttempts: 2,
          }
        : {},
    );
    documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}

/** Drops the client (after the endpoint changed, or to let a process exit). */
export function resetDynamo(): void {
  documentClient?.destroy();
  documentClient = undefined;
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
