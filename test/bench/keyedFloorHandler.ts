/**
 * The keyed floor (DESIGN "Budgets": a keyed function's cold init ≤ 1.3 × this): what a keyed call's first
 * invocation needs at least. The floor's one UpdateItem, sent as the pipeline sends its quota write (the month's
 * usage item with its conditions and the day's count: lib/store/usage.ts), after the read every new container
 * makes before it: the account GetItem (DESIGN: "auth cached in memory ≤ 60 s", so a cold call reads it). No
 * middleware, validation or logging. BENCH_KEY_HASH names an account of the store.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

const endpoint = process.env.DYNAMODB_ENDPOINT;
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient(endpoint ? { endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
);

export const handler = async () => {
  const keyHash = process.env.BENCH_KEY_HASH ?? '';
  const { Item } = await client.send(new GetCommand({ TableName: process.env.ACCOUNTS_TABLE ?? 'accounts', Key: { key_hash: keyHash } }));
  if (!Item) return { statusCode: 401, headers: { 'Content-Type': 'application/json' }, body: '{}' };
  const { Attributes } = await client.send(
    new UpdateCommand({
      TableName: process.env.USAGE_TABLE ?? 'usage',
      Key: { account: keyHash, period: '1970-01-01' },
      UpdateExpression: 'ADD calls :one, #api :one, #v :one SET expires_at = :expires, #day = :day',
      ConditionExpression: '(attribute_not_exists(calls) OR calls < :limit) AND (attribute_not_exists(#day) OR #day = :day)',
      ExpressionAttributeNames: { '#api': '/floor', '#v': 'v', '#day': 'day' },
      ExpressionAttributeValues: { ':one': 1, ':limit': Number.MAX_SAFE_INTEGER, ':expires': Math.floor(Date.now() / 1000) + 86_400, ':day': '1970-01-01' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ calls: Attributes?.calls }) };
};
