/**
 * What the usage writes of an accepted call cost for a busy key late in its month (`npm run bench`, "Usage
 * writes"): the key called `apis` APIs a day, `callsPerApi` times each, for `days` days, and makes one more
 * call on the last day. DynamoDB bills an update by the larger of the item before and after it, per KB
 * (capacity.ts), so a write's cost follows the size of the item it updates.
 *
 * - The layout in use (lib/store/usage.ts): the quota write updates the month item (the quota count only) and
 *   the day count updates that day's item (a count per API). Measured by the call itself: reserveCall and its
 *   day count, against the store, with the items read before and after.
 * - The former layout (before issue 29): one write that updated the month item, which held every day's count
 *   per API as `d|<day>|<api>` (monthUsage still reads such items): the month item as that layout left it,
 *   written to the store, and its write (`ADD calls :one, #day :one`) sent as it was.
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/store/dynamo';
import { tableName } from '../../lib/store/tables';
import { reserveCall } from '../../lib/store/usage';
import { writeUnits, itemSize } from './capacity';

export interface UsageWrites {
  apis: number;
  days: number;
  /** the former layout: the month item's size before the call, and the write units of its one write */
  former: { monthBytes: number; wru: number; meanWruOverMonth: number };
  /** the layout in use: the month item and the day item before the call, and the units of each write */
  current: { monthBytes: number; quotaWru: number; dayBytes: number; dayWru: number };
}

const MONTH_START = '2026-11-01';
const dayOf = (index: number) => `2026-11-${String(index + 1).padStart(2, '0')}`;
const usage = () => tableName('usage');
const itemAt = async (key: Record<string, string>) =>
  (await dynamo().send(new GetCommand({ TableName: usage(), Key: key, ConsistentRead: true }))).Item;
/** an account id as the pipeline keys usage: a key's SHA-256 hash */
const accountOf = (label: string) => createHash('sha256').update(`bench-usage-${label}-${Date.now()}`).digest('hex');
const expiresAt = Math.floor(Date.now() / 1000) + 400 * 86_400;

/** Sends an update and returns its write units as billed (the item before and after it). */
async function billedUpdate(key: Record<string, string>, update: () => Promise<unknown>): Promise<number> {
  const before = await itemAt(key);
  await update();
  return writeUnits(before, await itemAt(key));
}

/** The former layout: the month item with `days` days of `apis` counts, and the units of one more call's write. */
async function formerWrite(paths: string[], days: number, callsPerApi: number): Promise<{ monthBytes: number; wru: number }> {
  const account = accountOf('former');
  const key = { account, period: MONTH_START };
  const item: Record<string, unknown> = { ...key, calls: paths.length * days * callsPerApi, expires_at: expiresAt };
  for (let d = 0; d < days; d += 1) for (const path of paths) item[`d|${dayOf(d)}|${path}`] = callsPerApi;
  await dynamo().send(new PutCommand({ TableName: usage(), Item: item }));
  const wru = await billedUpdate(key, () =>
    dynamo().send(
      new UpdateCommand({
        TableName: usage(),
        Key: key,
        UpdateExpression: 'ADD calls :one, #day :one SET expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(calls) OR calls < :limit',
        ExpressionAttributeNames: { '#day': `d|${dayOf(days - 1)}|${paths[0]}` },
        ExpressionAttributeValues: { ':one': 1, ':limit': 1e9, ':expires': expiresAt },
      }),
    ),
  );
  return { monthBytes: itemSize(item), wru };
}

export async function measureUsageWrites(paths: string[], days: number, callsPerApi: number): Promise<UsageWrites> {
  const former = await formerWrite(paths, days, callsPerApi);
  // the former layout's write over the month: its cost on each day's first call, averaged
  let sum = 0;
  for (let d = 1; d <= days; d += 1) sum += (await formerWrite(paths, d, callsPerApi)).wru;

  // the layout in use: the month item holds the quota count, the day item the day's counts so far
  const account = accountOf('current');
  const day = dayOf(days - 1);
  const monthKey = { account, period: MONTH_START };
  const dayKey = { account, period: `${MONTH_START}|${day}` };
  await dynamo().send(new PutCommand({ TableName: usage(), Item: { ...monthKey, calls: paths.length * days * callsPerApi, expires_at: expiresAt } }));
  await dynamo().send(
    new PutCommand({ TableName: usage(), Item: { ...dayKey, ...Object.fromEntries(paths.map((p) => [p, callsPerApi])), expires_at: expiresAt } }),
  );
  const [monthBefore, dayBefore] = [await itemAt(monthKey), await itemAt(dayKey)];
  const slot = { account, periodStart: MONTH_START, day, api: paths[0]! };
  const outcome = await reserveCall(slot, 1e9, new Date(`${day}T12:00:00Z`), { endsBy: Date.now() + 10_000, waitUntil: Date.now() });
  if (outcome.kind !== 'reserved' || (await outcome.reservation.dayCount) !== true) throw new Error('usage writes: the call was not counted');
  const [monthAfter, dayAfter] = [await itemAt(monthKey), await itemAt(dayKey)];
  return {
    apis: paths.length,
    days,
    former: { ...former, meanWruOverMonth: sum / days },
    current: {
      monthBytes: itemSize(monthBefore),
      quotaWru: writeUnits(monthBefore, monthAfter),
      dayBytes: itemSize(dayBefore),
      dayWru: writeUnits(dayBefore, dayAfter),
    },
  };
}
