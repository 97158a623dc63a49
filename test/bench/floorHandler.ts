/**
 * The cold-start floor (DESIGN "Budgets"): the least a DynamoDB-backed Lambda can do. It imports the DynamoDB
 * document client and sends one UpdateItem (the one write every accepted call makes), nothing else: no
 * middleware, no logger, no validation. `npm run bench` bundles it with the functions' settings and measures
 * its bundle and cold init beside every function's, in the same run.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';

const endpoint = process.env.DYNAMODB_ENDPOINT;
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient(endpoint ? { endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
);

export const handler = async () => {
  const { Attributes } = await client.send(
    new UpdateCommand({
      TableName: process.env.USAGE_TABLE ?? 'usage',
      Key: { account: 'bench-floor', period: '1970-01-01' },
      UpdateExpression: 'ADD calls :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ calls: Attributes?.calls }) };
};
