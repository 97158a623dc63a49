import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure } from './dynamo';
import { tableName } from './tables';

/** Usage items are kept for 13 months after their billing month, then expire. */
const USAGE_RETENTION_SECONDS = 400 * 86_400;
const DAY_PREFIX = 'd|';

export interface CallSlot {
  /** account identity (key hash) */
  account: string;
  /** billing month start, YYYY-MM-DD */
  periodStart: string;
  /** UTC day of the call, YYYY-MM-DD */
  day: string;
  /** the API path, e.g. /v1/counter */
  api: string;
}

const dayAttribute = (slot: CallSlot) => `${DAY_PREFIX}${slot.day}|${slot.api}`;

/**
 * Adds 1 to `calls` of an item (and to `also`, when given) unless `calls` already reached `limit`, in one
 * atomic conditional update. Returns the new `calls`, or undefined at the limit (nothing written then).
 */
async function countUpTo(key: Record<string, string>, limit: number, expiresAt: number, also?: string): Promise<number | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: key,
        UpdateExpression: `ADD calls :one${also ? ', #also :one' : ''} SET expires_at = :expires`,
        ConditionExpression: 'attribute_not_exists(calls) OR calls < :limit',
        ExpressionAttributeNames: also ? { '#also': also } : undefined,
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.calls);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Counts one call against the month's quota and the day's per-API usage in one atomic conditional
 * update. Returns the calls used in the billing month after this one, or undefined when the quota
 * was already used up (nothing is written then).
 */
export function reserveCall(slot: CallSlot, quota: number, now: Date): Promise<number | undefined> {
  const expiresAt = Math.floor(now.getTime() / 1000) + USAGE_RETENTION_SECONDS;
  return countUpTo({ account: slot.account, period: slot.periodStart }, quota, expiresAt, dayAttribute(slot));
}

/** The calls used so far in the slot's billing month (a read, nothing counted: HEAD and conditional GETs). */
export async function callsUsed(slot: CallSlot): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('usage'),
      Key: { account: slot.account, period: slot.periodStart },
      ProjectionExpression: 'calls',
      ConsistentRead: true,
    }),
  );
  return Number(Item?.calls ?? 0);
}

/** The waits before the second and third attempt of a refund (the store may be restarting or throttling). */
export const REFUND_RETRY_DELAYS_MS = [250, 1000];

/**
 * Gives back a reserved call (the call failed on our side or was rejected as invalid), in up to three
 * attempts; throws when the last one fails. A month without calls left to give back counts as given back.
 */
export async function refundCall(slot: CallSlot): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('usage'),
          Key: { account: slot.account, period: slot.periodStart },
          UpdateExpression: 'ADD calls :minus, #day :minus',
          ConditionExpression: 'calls > :zero',
          ExpressionAttributeNames: { '#day': dayAttribute(slot) },
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      );
      return;
    } catch (error) {
      if (isConditionFailure(error)) return;
      const wait = REFUND_RETRY_DELAYS_MS[attempt];
      if (wait === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export interface MonthUsage {
  calls: number;
  /** day (YYYY-MM-DD) → API path → calls; only days with calls */
  history: Record<string, Record<string, number>>;
}

export async function monthUsage(account: string, periodStart: string): Promise<MonthUsage> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('usage'), Key: { account, period: periodStart }, ConsistentRead: true }),
  );
  const history: MonthUsage['history'] = {};
  for (const [attribute, value] of Object.entries(Item ?? {})) {
    if (!attribute.startsWith(DAY_PREFIX) || Number(value) <= 0) continue;
    const [day = '', api = ''] = attribute.slice(DAY_PREFIX.length).split('|');
    (history[day] ??= {})[api] = Number(value);
  }
  return { calls: Number(Item?.calls ?? 0), history };
}

/**
 * Counts a call in a fixed window (e.g. one minute) for a per-key rate limit. Returns the calls in the
 * window including this one, or undefined when `limit` calls were already made.
 */
export function countInWindow(account: string, window: string, limit: number, expiresAt: number): Promise<number | undefined> {
  return countUpTo({ account, period: `rate|${window}` }, limit, expiresAt);
}
