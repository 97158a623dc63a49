import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure } from './dynamo';
import { tableName } from './tables';

export type CounterChange = { kind: 'read' } | { kind: 'hit' } | { kind: 'set'; value: number };

/**
 * How long a counter lives: `fixed` counts from its creation (free accounts: 14 days),
 * `sliding` from its last request (premium accounts: 180 days of inactivity).
 */
export interface Retention {
  kind: 'fixed' | 'sliding';
  seconds: number;
}

export class CounterAtMaximumError extends Error {}

const MAX_VALUE = Number.MAX_SAFE_INTEGER;

/**
 * Reads, increments or sets a counter, creating it (value 0 before the change) when the id is unused
 * or its retention has run out. Expired items still waiting for DynamoDB's TTL sweep count as absent.
 * Returns the value after the change.
 */
export async function applyCounterChange(
  owner: string,
  id: string,
  change: CounterChange,
  retention: Retention,
  now: Date,
): Promise<number> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expiresAt = nowSeconds + retention.seconds;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const updated = await updateLiveCounter(owner, id, change, retention, nowSeconds, expiresAt);
    if (updated !== undefined) return updated;
    const stale = await dynamo().send(new GetCommand({ TableName: tableName('counters'), Key: { owner, id }, ConsistentRead: true }));
    const item = stale.Item;
    if (item && Number(item.expires_at) > nowSeconds) {
      if (change.kind === 'hit' && Number(item.value) >= MAX_VALUE) {
        throw new CounterAtMaximumError(`Counter '${id}' is at its maximum value ${MAX_VALUE}; set a value or reset it with value=0.`);
      }
      continue; // changed under us: try the update again
    }
    const value = change.kind === 'set' ? change.value : change.kind === 'hit' ? 1 : 0;
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName('counters'),
          Item: { owner, id, value, created_at: nowSeconds, expires_at: expiresAt },
          ConditionExpression: 'attribute_not_exists(id) OR expires_at <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return value;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error('counter update kept conflicting');
}

/** The update on a live (or absent) counter; undefined when the condition failed. */
async function updateLiveCounter(
  owner: string,
  id: string,
  change: CounterChange,
  retention: Retention,
  nowSeconds: number,
  expiresAt: number,
): Promise<number | undefined> {
  const valueExpression = {
    read: '#v = if_not_exists(#v, :zero)',
    hit: '#v = if_not_exists(#v, :zero) + :one',
    set: '#v = :value',
  }[change.kind];
  const expiresExpression = retention.kind === 'fixed' ? 'expires_at = if_not_exists(expires_at, :expires)' : 'expires_at = :expires';
  const live = '(attribute_not_exists(id) OR expires_at > :now)';
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('counters'),
        Key: { owner, id },
        UpdateExpression: `SET ${valueExpression}, ${expiresExpression}, created_at = if_not_exists(created_at, :now)`,
        ConditionExpression: change.kind === 'hit' ? `${live} AND (attribute_not_exists(#v) OR #v < :max)` : live,
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: {
          ':now': nowSeconds,
          ':expires': expiresAt,
          ...(change.kind === 'set' ? { ':value': change.value } : { ':zero': 0 }),
          ...(change.kind === 'hit' ? { ':one': 1, ':max': MAX_VALUE } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(Attributes?.value);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
