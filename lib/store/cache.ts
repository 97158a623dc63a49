import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './dynamo';
import { tableName } from './tables';

/**
 * Short-lived copies of live upstream answers in the `cache` table, keyed `<family>|<key>`. The value is
 * stored as JSON text (any JSON value round-trips unchanged); `expires_at` (Unix seconds) is the TTL
 * attribute, and readers treat an item past it as absent, since DynamoDB deletes expired items lazily.
 */
export function cacheKey(family: string, key: string): string {
  return `${family}|${key}`;
}

export async function getCached<T>(key: string, now: Date): Promise<T | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('cache'), Key: { key } }));
  if (!Item || typeof Item.value !== 'string' || !(Number(Item.expires_at) > Math.floor(now.getTime() / 1000))) return undefined;
  try {
    return JSON.parse(Item.value) as T;
  } catch {
    return undefined;
  }
}

export async function putCached(key: string, value: unknown, ttlSeconds: number, now: Date): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  await dynamo().send(
    new PutCommand({
      TableName: tableName('cache'),
      Item: { key, value: JSON.stringify(value), stored_at: nowSeconds, expires_at: nowSeconds + ttlSeconds },
    }),
  );
}
