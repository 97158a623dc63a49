/**
 * The usage table: one item per account and billing month (key `account`, `period`), plus rate-limit
 * windows (`period` = `rate|<minute>`). A month's item holds:
 * - `calls`: the calls counted against the quota (reserved and not given back);
 * - `d|<day>|<api>`: the same per UTC day and API (/v1/analytics);
 * - `h|<token>`: a call reserved within HOLD_MARGIN calls of the quota that is still running, with the time
 *   (epoch ms) by which it ends at the latest; removed when it ends (see reserveCall);
 * - `r|<token>`: a refund being applied to a call reserved further from the quota; removed once it is;
 * - `expires_at`: the item's TTL.
 */
import { randomBytes } from 'node:crypto';
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
const holdAttribute = (token: string) => `h|${token}`;
const refundAttribute = (token: string) => `r|${token}`;
const usageKey = (slot: Pick<CallSlot, 'account' | 'periodStart'>) => ({ account: slot.account, period: slot.periodStart });
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + USAGE_RETENTION_SECONDS;

/**
 * Adds 1 to `calls` of an item (and to `also`, when given) unless `calls` already reached `limit`, in one
 * atomic conditional update; `hold` also sets that attribute, unless it is already there. Returns the new
 * `calls`, or undefined when the condition failed (nothing written then).
 */
async function countUpTo(
  key: Record<string, string>,
  limit: number,
  expiresAt: number,
  also?: string,
  hold?: { attribute: string; until: number },
): Promise<number | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: key,
        UpdateExpression: `ADD calls :one${also ? ', #also :one' : ''} SET expires_at = :expires${hold ? ', #hold = :until' : ''}`,
        ConditionExpression: `(attribute_not_exists(calls) OR calls < :limit)${hold ? ' AND attribute_not_exists(#hold)' : ''}`,
        ExpressionAttributeNames: also || hold ? { ...(also ? { '#also': also } : {}), ...(hold ? { '#hold': hold.attribute } : {}) } : undefined,
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

/**
 * A call's place in the quota. `token` names it in the usage item: a refund is conditional on it, so it is
 * applied at most once however often it is retried (by us or by the SDK). `held`: it was reserved within
 * HOLD_MARGIN calls of the quota, and the item lists it until it ends (releaseCall or refundCall).
 */
export interface Reservation {
  slot: CallSlot;
  token: string;
  held: boolean;
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
 * Counts one call against the month's quota and the day's per-API usage in one atomic conditional update.
 *
 * Exact at the boundary (DESIGN: N concurrent calls at the boundary admit exactly the remaining quota, and a
 * call that fails gives its unit back): a call that will fail and be refunded holds a unit while it runs, so
 * a valid call arriving then would find the quota used up although a unit is about to come back. Hence:
 * - far from the quota (more than HOLD_MARGIN calls left), one write as before: `calls < quota - HOLD_MARGIN`;
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
  if (quota > HOLD_MARGIN) {
    const used = await countUpTo(key, quota - HOLD_MARGIN, expiresAt, dayAttribute(slot));
    if (used !== undefined) return { kind: 'reserved', reservation: { slot, token, held: false }, used };
  }
  const hold = { attribute: holdAttribute(token), until: timing.endsBy };
  const reserved = (used: number): ReserveOutcome => ({ kind: 'reserved', reservation: { slot, token, held: true }, used });
  for (;;) {
    const used = await countUpTo(key, quota, expiresAt, dayAttribute(slot), hold);
    if (used !== undefined) return reserved(used);
    for (;;) {
      const item = await usageItem(slot);
      // an attempt of the write above that the SDK retried had been applied
      if (item[hold.attribute] !== undefined) return reserved(Number(item.calls));
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
 * Gives back a reserved call (the call failed on our side or was rejected as invalid), in up to three
 * attempts (each with the SDK's own retries); throws when the last one fails. Applied at most once: a held
 * call's refund removes its listing and needs it there; any other call's refund writes a marker
 * `r|<token>` and needs it absent, and the marker is removed once the refund is known to be applied (only an
 * attempt the store would process after that, seconds after its client gave up on it, could apply again). A
 * month without calls left to give back counts as given back.
 */
export async function refundCall(reservation: Reservation): Promise<void> {
  const { slot, token, held } = reservation;
  const marker = held ? holdAttribute(token) : refundAttribute(token);
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('usage'),
          Key: usageKey(slot),
          UpdateExpression: held ? 'ADD calls :minus, #day :minus REMOVE #marker' : 'ADD calls :minus, #day :minus SET #marker = :one',
          ConditionExpression: held ? 'attribute_exists(#marker)' : 'attribute_not_exists(#marker) AND calls > :zero',
          ExpressionAttributeNames: { '#day': dayAttribute(slot), '#marker': marker },
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
    .send(new UpdateCommand({ TableName: tableName('usage'), Key: usageKey(slot), UpdateExpression: 'REMOVE #marker', ExpressionAttributeNames: { '#marker': marker } }))
    .catch(() => undefined);
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
