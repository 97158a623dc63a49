/**
 * The usage table (key `account`, `period`): per account, an item per billing month, an item per UTC day with
 * calls, and rate-limit windows (`period` = `rate|<minute>`).
 *
 * The month item (`period` = the billing month's start, YYYY-MM-DD) holds the quota, and only that, so that
 * the write every accepted call makes stays one write unit however busy the month (DynamoDB bills an update
 * by the larger of the item before and after it, per KB):
 * - `calls`: the calls counted against the quota (reserved and not given back);
 * - `h|<token>`: a call reserved within HOLD_MARGIN calls of the quota that is still running, with the time
 *   (epoch ms) by which it ends at the latest; removed when it ends (see reserveCall);
 * - `r|<token>`: a refund being applied to a call reserved further from the quota; removed once it is;
 * - `expires_at`: the item's TTL.
 *
 * A day item (`period` = `<month start>|<day>`) holds the day's calls per API (`/v1/...` → count, for
 * /v1/analytics), written after the call was reserved (a refused call is never counted there), and `r|<token>`
 * while a refund is applied to it. Month items written before day items existed (issue 29) hold those counts
 * themselves, as `d|<day>|<api>`; monthUsage reads both.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure } from './dynamo';
import { tableName } from './tables';

/** Usage items are kept for 13 months after their billing month, then expire. */
const USAGE_RETENTION_SECONDS = 400 * 86_400;
/** the per-day counts of a month item written before day items existed: `d|<day>|<api>` */
const LEGACY_DAY_PREFIX = 'd|';

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
const dayKey = (slot: CallSlot) => ({ account: slot.account, period: `${slot.periodStart}|${slot.day}` });
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + USAGE_RETENTION_SECONDS;

/**
 * Adds 1 to `calls` of an item unless `calls` already reached `limit`, in one atomic conditional update;
 * `hold` also sets that attribute, unless it is already there. Returns the new `calls`, or undefined when the
 * condition failed (nothing written then).
 */
async function countUpTo(
  key: Record<string, string>,
  limit: number,
  expiresAt: number,
  hold?: { attribute: string; until: number },
): Promise<number | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: key,
        UpdateExpression: `ADD calls :one SET expires_at = :expires${hold ? ', #hold = :until' : ''}`,
        ConditionExpression: `(attribute_not_exists(calls) OR calls < :limit)${hold ? ' AND attribute_not_exists(#hold)' : ''}`,
        ExpressionAttributeNames: hold ? { '#hold': hold.attribute } : undefined,
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': expiresAt, ...(hold ? { ':until': hold.until } : {}) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.calls);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Adds a reserved call to its day's count for its API; settles to true once written, else to the error (never rejects). */
function countInDay(slot: CallSlot, expiresAt: number): Promise<true | Error> {
  return dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: dayKey(slot),
        UpdateExpression: 'ADD #api :one SET expires_at = :expires',
        ExpressionAttributeNames: { '#api': slot.api },
        ExpressionAttributeValues: { ':one': 1, ':expires': expiresAt },
      }),
    )
    .then(
      () => true as const,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
}

/**
 * A call's place in the quota. `token` names it in the usage item: a refund is conditional on it, so it is
 * applied at most once however often it is retried (by us or by the SDK). `held`: it was reserved within
 * HOLD_MARGIN calls of the quota, and the item lists it until it ends (releaseCall or refundCall).
 */
export interface Reservation {
  slot: CallSlot;
  token: string;
  held: boolean;
  /**
   * The call's count in its day item, written once the call is reserved (while the call runs): settles to
   * true once written, or to the error that kept it from being written (the call then stays counted against
   * the quota but is missing from the day's counts). Never rejects.
   */
  dayCount: Promise<true | Error>;
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
 * Counts one call against the month's quota in one atomic conditional update of the month item, and then
 * (not waited for: `dayCount`) in the day's per-API usage.
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
 */
export async function reserveCall(slot: CallSlot, quota: number, now: Date, timing: ReserveTiming): Promise<ReserveOutcome> {
  const key = usageKey(slot);
  const expiresAt = expiry(now);
  const token = randomBytes(12).toString('base64url');
  const reserved = (used: number, held: boolean): ReserveOutcome => ({
    kind: 'reserved',
    reservation: { slot, token, held, dayCount: countInDay(slot, expiresAt) },
    used,
  });
  if (quota > HOLD_MARGIN) {
    const used = await countUpTo(key, quota - HOLD_MARGIN, expiresAt);
    if (used !== undefined) return reserved(used, false);
  }
  const hold = { attribute: holdAttribute(token), until: timing.endsBy };
  for (;;) {
    const used = await countUpTo(key, quota, expiresAt, hold);
    if (used !== undefined) return reserved(used, true);
    for (;;) {
      const item = await usageItem(slot);
      // an attempt of the write above that the SDK retried had been applied
      if (item[hold.attribute] !== undefined) return reserved(Number(item.calls), true);
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
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('usage'),
      Key: usageKey(reservation.slot),
      UpdateExpression: 'REMOVE #hold',
      ExpressionAttributeNames: { '#hold': holdAttribute(reservation.token) },
    }),
  );
}

/** The waits before the second and third attempt of a refund (the store may be restarting or throttling). */
export const REFUND_RETRY_DELAYS_MS = [250, 1000];

/**
 * Subtracts 1 from a count of an item for a call at most once, however often it is retried (in up to three
 * attempts here, each with the SDK's own retries): conditional on a marker of the call. `held`: the marker is
 * the call's listing in the month item (h|<token>), which must be there and goes with the refund; otherwise
 * the refund writes `r|<token>` and needs it absent, and the marker is removed once the refund is known to be
 * applied (only an attempt the store would process after that, seconds after its client gave up on it, could
 * apply again). A count without calls left to give back counts as given back. Throws when the last attempt fails.
 */
async function subtractOnce(key: Record<string, string>, count: string, token: string, held: boolean): Promise<void> {
  const marker = held ? holdAttribute(token) : refundAttribute(token);
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('usage'),
          Key: key,
          UpdateExpression: held ? 'ADD #count :minus REMOVE #marker' : 'ADD #count :minus SET #marker = :one',
          ConditionExpression: held ? 'attribute_exists(#marker)' : 'attribute_not_exists(#marker) AND #count > :zero',
          ExpressionAttributeNames: { '#count': count, '#marker': marker },
          ExpressionAttributeValues: held ? { ':minus': -1 } : { ':minus': -1, ':zero': 0, ':one': 1 },
        }),
      );
      break;
    } catch (error) {
      if (isConditionFailure(error)) break;
      const wait = REFUND_RETRY_DELAYS_MS[attempt];
      if (wait === undefined) throw error;
      await sleep(wait);
    }
  }
  if (held) return;
  // the refund is applied: its marker has done its work (left in place when this fails, it only takes a few bytes)
  await dynamo()
    .send(new UpdateCommand({ TableName: tableName('usage'), Key: key, UpdateExpression: 'REMOVE #marker', ExpressionAttributeNames: { '#marker': marker } }))
    .catch(() => undefined);
}

/**
 * Gives back a reserved call's unit of the quota (the call failed on our side or was rejected as invalid),
 * at most once (subtractOnce); throws when every attempt failed (the call then stays counted).
 */
export async function refundCall(reservation: Reservation): Promise<void> {
  await subtractOnce(usageKey(reservation.slot), 'calls', reservation.token, reservation.held);
}

/** Takes a refunded call out of its day's count, at most once, when its day count was written (`dayCount`); throws when every attempt failed. */
export async function uncountInDay(reservation: Reservation): Promise<void> {
  if ((await reservation.dayCount) !== true) return;
  await subtractOnce(dayKey(reservation.slot), reservation.slot.api, reservation.token, false);
}

export interface MonthUsage {
  calls: number;
  /** day (YYYY-MM-DD) → API path → calls; only days with calls */
  history: Record<string, Record<string, number>>;
}

/**
 * The calls of a billing month: the quota count and the per-day per-API history, read in one strongly
 * consistent Query of the month item and its day items (their `period` begins with the month's start).
 * A month item written before day items existed holds its per-day counts itself (`d|<day>|<api>`); they add up
 * with the day items' (a month that began before the change holds both).
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
          if (!attribute.startsWith(LEGACY_DAY_PREFIX)) continue;
          const [day = '', api = ''] = attribute.slice(LEGACY_DAY_PREFIX.length).split('|');
          add(day, api, value);
        }
      } else {
        const day = period.slice(periodStart.length + 1);
        for (const [attribute, value] of Object.entries(item)) if (attribute.startsWith('/')) add(day, attribute, value);
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
