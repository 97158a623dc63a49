/**
 * The usage table (key `account`, `period`): per account, an item per billing month, an item per earlier UTC
 * day with calls, and rate-limit windows (`period` = `rate|<minute>`).
 *
 * Every accepted call makes one write: to the month item (`period` = the billing month's start, YYYY-MM-DD),
 * which holds
 * - `calls`: the calls counted against the quota (reserved and not given back);
 * - `day` and `/<api path>` (e.g. `/v1/counter`): the calls per API of the latest day with calls (`day`, YYYY-MM-DD, UTC), and only that
 *   day's, so that the item, and with it that write, stays small however busy the month (DynamoDB bills an
 *   update per KB of the larger of the item before and after it: npm run bench, "Usage writes");
 * - `h|<token>`: a call reserved within HOLD_MARGIN calls of the quota that is still running, with the time
 *   (epoch ms) by which it ends at the latest; removed when it ends (see reserveCall);
 * - `r|<token>`: a refund being applied to a call reserved further from the quota; removed once it is;
 * - `v`: a count of the changes to `calls` and the day's counts (never decreases; rollOver relies on it);
 * - `expires_at`: the item's TTL.
 *
 * The first call of a later day moves the counts of `day` to that day's item (`period` = `<month start>|<day>`,
 * a count per API path) and empties them in the month item: once per key and day (rollOver). A refund given
 * after that takes the call out of the day item. Month items written before issue 29 hold every day's counts as
 * `d|<day>|<api>`; monthUsage reads those too.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure } from './dynamo';
import { tableName } from './tables';

/** Usage items are kept for 13 months after their billing month, then expire. */
const USAGE_RETENTION_SECONDS = 400 * 86_400;
/** the per-day counts of a month item written before issue 29: `d|<day>|<api>` */
const LEGACY_DAY_PREFIX = 'd|';
/** a count of calls of an API, in the month item (of its `day`) and in a day item: the API's path is its name */
const isCount = (attribute: string) => attribute.startsWith('/');
/** how often a reservation may find the month item's day moved (by other calls) before it gives up */
const MAX_DAY_MOVES = 5;

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

const holdAttribute = (token: string) => `h|${token}`;
const refundAttribute = (token: string) => `r|${token}`;
const usageKey = (slot: Pick<CallSlot, 'account' | 'periodStart'>) => ({ account: slot.account, period: slot.periodStart });
const dayKey = (slot: Pick<CallSlot, 'account' | 'periodStart'>, day: string) => ({ account: slot.account, period: `${slot.periodStart}|${day}` });
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + USAGE_RETENTION_SECONDS;
const send = (input: UpdateCommandInput) => dynamo().send(new UpdateCommand(input));

/** The call's count in its day, kept in the month item while `day` is its day. */
interface DayCount {
  day: string;
  api: string;
}

/**
 * Adds 1 to `calls` of an item unless `calls` already reached `limit`, in one atomic conditional update;
 * `count` also adds 1 to the count of its API in the month item's day, unless the item holds another day's
 * counts; `hold` also sets that attribute, unless it is already there. Returns the new `calls`, or undefined
 * when a condition failed (nothing written then).
 */
async function countUpTo(
  key: Record<string, string>,
  limit: number,
  expiresAt: number,
  count?: DayCount,
  hold?: { attribute: string; until: number },
): Promise<number | undefined> {
  const add = ['calls :one', ...(count ? ['#api :one', '#v :one'] : [])];
  const set = ['expires_at = :expires', ...(count ? ['#day = :day'] : []), ...(hold ? ['#hold = :until'] : [])];
  const conditions = [
    '(attribute_not_exists(calls) OR calls < :limit)',
    ...(count ? ['(attribute_not_exists(#day) OR #day = :day)'] : []),
    ...(hold ? ['attribute_not_exists(#hold)'] : []),
  ];
  try {
    const { Attributes } = await send({
      TableName: tableName('usage'),
      Key: key,
      UpdateExpression: `ADD ${add.join(', ')} SET ${set.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames:
        count || hold ? { ...(count ? { '#day': 'day', '#api': count.api, '#v': 'v' } : {}), ...(hold ? { '#hold': hold.attribute } : {}) } : undefined,
      ExpressionAttributeValues: {
        ':one': 1,
        ':limit': limit,
        ':expires': expiresAt,
        ...(count ? { ':day': count.day } : {}),
        ...(hold ? { ':until': hold.until } : {}),
      },
      ReturnValues: 'UPDATED_NEW',
    });
    return Number(Attributes?.calls);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * A call's place in the quota. `token` names it in the usage item: a refund is conditional on it, so it is
 * applied at most once however often it is retried (by us or by the SDK). `held`: it was reserved within
 * HOLD_MARGIN calls of the quota, and the month item lists it until it ends. `day`: the day it was counted in
 * (its own, or a later one that other calls had already begun).
 */
export interface Reservation {
  slot: CallSlot;
  token: string;
  held: boolean;
  day: string;
}

export type ReserveOutcome =
  | { kind: 'reserved'; reservation: Reservation; used: number }
  /** `holdsEndBy`: a held call could still give its unit back until then (epoch ms), when one was running at the end */
  | { kind: 'refused'; holdsEndBy?: number };

export interface ReserveTiming {
  /** the latest the reserving call can end (its invocation's deadline, epoch ms): its hold counts no longer */
  endsBy: number;
  /** until when a call refused at the quota waits for held calls that may give units back (epoch ms) */
  waitUntil: number;
}

/**
 * Calls reserved when fewer than this many calls were left are "held": the usage item lists each until it
 * ends, so that a call refused at the quota can tell that a unit may still come back. Far from the quota
 * the reservation stays one write; near it, a successful call costs a second one (releaseCall).
 */
export const HOLD_MARGIN = 100;
/** how often a refused call looks at the usage item again while held calls are running */
const HOLD_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The latest end (epoch ms) of the held calls an item lists that may still be running at `at` (a hold
 * whose call can no longer be running is void: its function timed out, or the call ended without a word).
 */
function runningHoldsEndBy(item: Record<string, unknown>, at: number): number | undefined {
  let latest: number | undefined;
  for (const [attribute, value] of Object.entries(item)) {
    if (attribute.startsWith('h|') && Number(value) > at) latest = Math.max(latest ?? 0, Number(value));
  }
  return latest;
}

/**
 * Moves the month item's counts of its day (`item`, as read) to that day's item and makes `day` the month
 * item's day, once per key and day. The month item is changed only if nothing changed it since it was read
 * (its `v`), else whoever reads it next moves it again; the day item's counts are set, not added, and carry the
 * `v` they were read at, so a move begun twice writes the same and one begun from an older read (a smaller
 * `v`) never overwrites a later one's (nor the refunds given to the day item after it).
 */
async function rollOver(slot: CallSlot, item: Record<string, unknown>, day: string, expiresAt: number): Promise<void> {
  const counts = Object.entries(item).filter(([attribute]) => isCount(attribute));
  const read = Number(item.v ?? 0);
  const kept = counts.filter(([, value]) => Number(value) > 0);
  const unlessChanged = (error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  };
  if (kept.length > 0) {
    await send({
      TableName: tableName('usage'),
      Key: dayKey(slot, String(item.day)),
      UpdateExpression: `SET expires_at = :expires, #v = :v, ${kept.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
      ConditionExpression: 'attribute_not_exists(#v) OR #v < :v',
      ExpressionAttributeNames: { '#v': 'v', ...Object.fromEntries(kept.map(([attribute], i) => [`#a${i}`, attribute])) },
      ExpressionAttributeValues: { ':expires': expiresAt, ':v': read, ...Object.fromEntries(kept.map(([, value], i) => [`:a${i}`, Number(value)])) },
    }).catch(unlessChanged);
  }
  const names = Object.fromEntries(counts.map(([attribute], i) => [`#c${i}`, attribute]));
  await send({
    TableName: tableName('usage'),
    Key: usageKey(slot),
    UpdateExpression: `SET #day = :day${counts.length > 0 ? ` REMOVE ${Object.keys(names).join(', ')}` : ''}`,
    ConditionExpression: `#day = :read AND ${item.v === undefined ? 'attribute_not_exists(#v)' : '#v = :v'}`,
    ExpressionAttributeNames: { '#day': 'day', '#v': 'v', ...names },
    ExpressionAttributeValues: { ':day': day, ':read': item.day, ...(item.v === undefined ? {} : { ':v': read }) },
  }).catch(unlessChanged);
}

/**
 * Counts one call against the month's quota and in its day's per-API usage in one atomic conditional update of
 * the month item.
 *
 * Exact at the boundary (DESIGN: N concurrent calls at the boundary admit exactly the remaining quota, and a
 * call that fails gives its unit back): a call that will fail and be refunded holds a unit while it runs, so
 * a valid call arriving then would find the quota used up although a unit is about to come back. Hence:
 * - far from the quota (more than HOLD_MARGIN calls left), one write: `calls < quota - HOLD_MARGIN`;
 * - near it, the write also lists the call (`h|<token>` = the time it ends by) until it ends;
 * - a call that the quota refuses waits while listed calls are running (at most until `waitUntil`, looking
 *   every HOLD_POLL_MS) and tries again when one gave its unit back; it is refused when none is running.
 * A call can thus be refused early only when more than HOLD_MARGIN calls were reserved while a failing call
 * reserved far from the quota was still running, or when its wait ended first (then `holdsEndBy` says until
 * when a unit may come back).
 *
 * The write also needs the month item's counts to be of the call's day: when they are of an earlier day, the
 * call moves them first (rollOver) and writes again; when of a later one (a call begun just before midnight
 * after calls of the next day), the call is counted in that day.
 */
export async function reserveCall(slot: CallSlot, quota: number, now: Date, timing: ReserveTiming): Promise<ReserveOutcome> {
  const key = usageKey(slot);
  const expiresAt = expiry(now);
  const token = randomBytes(12).toString('base64url');
  const hold = { attribute: holdAttribute(token), until: timing.endsBy };
  const count: DayCount = { day: slot.day, api: slot.api };
  const reserved = (used: number, held: boolean): ReserveOutcome => ({ kind: 'reserved', reservation: { slot, token, held, day: count.day }, used });
  let far = quota > HOLD_MARGIN;
  for (let dayMoves = 0; ; ) {
    if (far) {
      const used = await countUpTo(key, quota - HOLD_MARGIN, expiresAt, count);
      if (used !== undefined) return reserved(used, false);
    }
    const used = await countUpTo(key, quota, expiresAt, count, hold);
    if (used !== undefined) return reserved(used, true);
    for (;;) {
      const item = await usageItem(slot);
      // an attempt of the write above that the SDK retried had been applied
      if (item[hold.attribute] !== undefined) return reserved(Number(item.calls), true);
      if (typeof item.day === 'string' && item.day !== count.day) {
        dayMoves += 1;
        if (dayMoves > MAX_DAY_MOVES) throw new Error(`usage: the day of the month item kept moving (${dayMoves} times) while a call was counted`);
        if (item.day > count.day) count.day = item.day;
        else await rollOver(slot, item, count.day, expiresAt);
        break;
      }
      far = false;
      if (Number(item.calls ?? 0) < quota) break;
      const holdsEndBy = runningHoldsEndBy(item, Date.now());
      if (holdsEndBy === undefined || Date.now() + HOLD_POLL_MS > timing.waitUntil) return { kind: 'refused', holdsEndBy };
      await sleep(HOLD_POLL_MS);
    }
  }
}

async function usageItem(slot: CallSlot): Promise<Record<string, unknown>> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('usage'), Key: usageKey(slot), ConsistentRead: true }));
  return Item ?? {};
}

/** A reserved call ended without a refund: a held call is no longer listed (nothing to do for others). */
export async function releaseCall(reservation: Reservation): Promise<void> {
  if (!reservation.held) return;
  await send({
    TableName: tableName('usage'),
    Key: usageKey(reservation.slot),
    UpdateExpression: 'REMOVE #hold',
    ExpressionAttributeNames: { '#hold': holdAttribute(reservation.token) },
  });
}

/** The waits before the second and third attempt of a refund (the store may be restarting or throttling). */
export const REFUND_RETRY_DELAYS_MS = [250, 1000];

/**
 * Sends a conditional update in up to three attempts (each with the SDK's own retries): true once applied,
 * false when its condition failed; throws when the last attempt fails otherwise.
 */
async function updateIf(input: UpdateCommandInput): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await send(input);
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      const wait = REFUND_RETRY_DELAYS_MS[attempt];
      if (wait === undefined) throw error;
      await sleep(wait);
    }
  }
}

/**
 * Subtracts 1 from counts of an item for a call, at most once however often it is retried: conditional on a
 * marker of the call. `month`: the item is the month item, whose `v` counts the change; with `month.day`, also
 * conditional on the month item's counts being of that day. `held`: the marker is the call's listing in the month
 * item (h|<token>), which must be there and goes with the refund; otherwise the refund writes `r|<token>` and
 * needs it absent, and the caller removes the marker once the refund is known to be applied (only an attempt
 * the store would process after that, seconds after its client gave up on it, could apply again). False when a
 * condition failed: nothing subtracted (already given back, nothing left to give back, or another day).
 */
function subtractOnce(
  key: Record<string, string>,
  counts: string[],
  token: string,
  held: boolean,
  month?: { day?: string },
): Promise<boolean> {
  const subtract = [...counts.map((_, i) => `#n${i} :minus`), ...(month ? ['#v :one'] : [])];
  return updateIf({
    TableName: tableName('usage'),
    Key: key,
    UpdateExpression: `ADD ${subtract.join(', ')} ${held ? 'REMOVE #marker' : 'SET #marker = :one'}`,
    ConditionExpression: [held ? 'attribute_exists(#marker)' : 'attribute_not_exists(#marker) AND #n0 > :zero', ...(month?.day ? ['#day = :day'] : [])].join(' AND '),
    ExpressionAttributeNames: {
      '#marker': held ? holdAttribute(token) : refundAttribute(token),
      ...Object.fromEntries(counts.map((count, i) => [`#n${i}`, count])),
      ...(month ? { '#v': 'v' } : {}),
      ...(month?.day ? { '#day': 'day' } : {}),
    },
    ExpressionAttributeValues: { ':minus': -1, ':one': 1, ...(held ? {} : { ':zero': 0 }), ...(month?.day ? { ':day': month.day } : {}) },
  });
}

/** Removes a refund's marker once the refund is applied (left in place when this fails, it only takes a few bytes). */
async function removeRefundMarker(key: Record<string, string>, token: string): Promise<void> {
  await send({ TableName: tableName('usage'), Key: key, UpdateExpression: 'REMOVE #marker', ExpressionAttributeNames: { '#marker': refundAttribute(token) } }).catch(
    () => undefined,
  );
}

/**
 * Gives back a reserved call (the call failed on our side or was rejected as invalid), at most once
 * (subtractOnce): its unit of the quota and its count in its day, together while the month item's counts
 * are still of that day; once they were moved to the day item (rollOver), the quota first and then the day
 * item's count, each at most once. Throws when every attempt failed (the call then stays counted).
 */
export async function refundCall(reservation: Reservation): Promise<void> {
  const { slot, token, held, day } = reservation;
  const month = usageKey(slot);
  const inMonth = await subtractOnce(month, ['calls', slot.api], token, held, { day });
  if (!inMonth && (await subtractOnce(month, ['calls'], token, held, {}))) {
    // the day's counts had been moved: its item holds the call
    if (await subtractOnce(dayKey(slot, day), [slot.api], token, false)) await removeRefundMarker(dayKey(slot, day), token);
  }
  if (!held) await removeRefundMarker(month, token);
}

export interface MonthUsage {
  calls: number;
  /** day (YYYY-MM-DD) → API path → calls; only days with calls */
  history: Record<string, Record<string, number>>;
}

/**
 * The calls of a billing month: the quota count and the per-day per-API history, read in one strongly
 * consistent Query of the month item and its day items (their `period` begins with the month's start): the
 * day items' counts, and the month item's of its `day` (and of every day, in a month item written before
 * issue 29: `d|<day>|<api>`).
 */
export async function monthUsage(account: string, periodStart: string): Promise<MonthUsage> {
  const history: MonthUsage['history'] = {};
  const add = (day: string, api: string, value: unknown) => {
    if (Number(value) > 0) (history[day] ??= {})[api] = (history[day][api] ?? 0) + Number(value);
  };
  let calls = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName('usage'),
        KeyConditionExpression: 'account = :account AND begins_with(period, :month)',
        ExpressionAttributeValues: { ':account': account, ':month': periodStart },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const period = String(item.period);
      if (period === periodStart) {
        calls = Number(item.calls ?? 0);
        for (const [attribute, value] of Object.entries(item)) {
          if (isCount(attribute)) add(String(item.day), attribute, value);
          if (!attribute.startsWith(LEGACY_DAY_PREFIX)) continue;
          const [day = '', api = ''] = attribute.slice(LEGACY_DAY_PREFIX.length).split('|');
          add(day, api, value);
        }
      } else {
        const day = period.slice(periodStart.length + 1);
        for (const [attribute, value] of Object.entries(item)) if (isCount(attribute)) add(day, attribute, value);
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { calls, history };
}

/**
 * Counts a call in a fixed window (e.g. one minute) for a per-key rate limit. Returns the calls in the
 * window including this one, or undefined when `limit` calls were already made.
 */
export function countInWindow(account: string, window: string, limit: number, expiresAt: number): Promise<number | undefined> {
  return countUpTo({ account, period: `rate|${window}` }, limit, expiresAt);
}
