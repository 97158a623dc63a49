/**
 * What the usage writes of an accepted call cost for a busy key late in its month (`npm run bench`, "Usage
 * writes"): the key called `apis` APIs a day, `callsPerApi` times each, for `days` days, and makes one more
 * call on the last day. DynamoDB bills an update by the larger of the item before and after it, per KB
 * (capacity.ts), so a write's cost follows the size of the item it updates.
 *
 * - The layout in use (lib/store/usage.ts): one write per call, to the month item, which holds the quota count and
 *   the counts of the latest day only; the first call of a day first moves the day before's counts to their day
 *   item (three requests once per key and day). Measured by reserveCall itself against the store: the last
 *   call of the month's last day (the month item holding that day's counts), and the first call of that day
 *   (the move), with the items read before and after each write.
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
  /** the layout in use: the month item before the call and the units of its write; the units of a day's first call (the move) */
  current: { monthBytes: number; wru: number; firstOfDayWru: number; firstOfDayRequests: number };
}

const MONTH_START = '2026-11-01';
const dayOf = (index: number) => `2026-11-${String(index + 1).padStart(2, '0')}`;
const usage = () => tableName('usage');
const itemAt = async (key: Record<string, string>) =>
  (await dynamo().send(new GetCommand({ TableName: usage(), Key: key, ConsistentRead: true }))).Item;
/** an account id as the pipeline keys usage: a key's SHA-256 hash */
const accountOf = (label: string) => createHash('sha256').update(`bench-usage-${label}-${Date.now()}`).digest('hex');
const expiresAt = Math.floor(Date.now() / 1000) + 400 * 86_400;

/** Runs `act` and returns the write units of the UpdateItems it sent, as billed (the items before and after each). */
async function billedWrites(act: () => Promise<unknown>): Promise<{ wru: number; requests: number }> {
  const client = dynamo();
  const send = client.send.bind(client);
  let wru = 0;
  let requests = 0;
  const spy = async (command: Parameters<typeof send>[0]) => {
    const input = command.input as { Key?: Record<string, string> };
    if (!(command instanceof UpdateCommand) || !input.Key) return send(command);
    requests += 1;
    const before = await itemAt(input.Key);
    try {
      return await send(command);
    } finally {
      wru += writeUnits(before, await itemAt(input.Key));
    }
  };
  client.send = spy as typeof client.send;
  try {
    await act();
  } finally {
    client.send = send as typeof client.send;
  }
  return { wru, requests };
}

/** The former layout: the month item with `days` days of `apis` counts, and the units of one more call's write. */
async function formerWrite(paths: string[], days: number, callsPerApi: number): Promise<{ monthBytes: number; wru: number }> {
  const account = accountOf('former');
  const key = { account, period: MONTH_START };
  const item: Record<string, unknown> = { ...key, calls: paths.length * days * callsPerApi, expires_at: expiresAt };
  for (let d = 0; d < days; d += 1) for (const path of paths) item[`d|${dayOf(d)}|${path}`] = callsPerApi;
  await dynamo().send(new PutCommand({ TableName: usage(), Item: item }));
  const { wru } = await billedWrites(() =>
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

  // the layout in use: the month item holds the quota count and the last day's counts, the first call of a day moves them
  const account = accountOf('current');
  const [dayBefore, day] = [dayOf(days - 2), dayOf(days - 1)];
  const monthKey = { account, period: MONTH_START };
  const counts = (d: string) => ({ day: d, ...Object.fromEntries(paths.map((p) => [p, callsPerApi])) });
  const call = (d: string) =>
    reserveCall({ account, periodStart: MONTH_START, day: d, api: paths[0]! }, 1e9, new Date(`${d}T12:00:00Z`), { endsBy: Date.now() + 10_000, waitUntil: Date.now() }).then(
      (outcome) => {
        if (outcome.kind !== 'reserved') throw new Error('usage writes: the call was not counted');
      },
    );
  // a day's first call: the month item holds the day before's counts
  await dynamo().send(new PutCommand({ TableName: usage(), Item: { ...monthKey, calls: paths.length * days * callsPerApi, v: 1, expires_at: expiresAt, ...counts(dayBefore) } }));
  const firstOfDay = await billedWrites(() => call(day));
  // the day's last call: the month item holds that day's counts
  await dynamo().send(new PutCommand({ TableName: usage(), Item: { ...monthKey, calls: paths.length * days * callsPerApi, v: 1, expires_at: expiresAt, ...counts(day) } }));
  const monthBefore = await itemAt(monthKey);
  const last = await billedWrites(() => call(day));
  return {
    apis: paths.length,
    days,
    former: { ...former, meanWruOverMonth: sum / days },
    current: { monthBytes: itemSize(monthBefore), wru: last.wru, firstOfDayWru: firstOfDay.wru, firstOfDayRequests: firstOfDay.requests },
  };
}
