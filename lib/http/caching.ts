import { createHash } from 'node:crypto';

/**
 * How long a client or cache may reuse a 200 (its Cache-Control): answers that are the same for every caller
 * of the same URL and key (`public`), the caller's own (`private`), or never stored (`no-store`). `maxAge` is
 * seconds, or `untilUtcMidnight` for answers that change with the UTC day.
 */
export type CachePolicy = { scope: 'public' | 'private'; maxAge: number | 'untilUtcMidnight' } | 'no-store';

/** Reference data and pure computations (datasets, tax tables, holiday rules, barcodes): a day. */
export const REFERENCE_DATA: CachePolicy = { scope: 'public', maxAge: 86_400 };
/** The same for everyone during a UTC day (joke of the day, today's horoscope). */
export const UTC_DAY: CachePolicy = { scope: 'public', maxAge: 'untilUtcMidnight' };
/** Per-key state or a fresh draw on every call (counter, analytics, random jokes, uploads). */
export const NOT_STORED: CachePolicy = 'no-store';
/** Ingested or live data: private, fresh for the interval at which they are refreshed. */
export const liveData = (refreshSeconds: number): CachePolicy => ({ scope: 'private', maxAge: refreshSeconds });

export function cacheControl(policy: CachePolicy, now: Date): string {
  if (policy === 'no-store') return 'no-store';
  const seconds =
    policy.maxAge === 'untilUtcMidnight' ? 86_400 - (Math.floor(now.getTime() / 1000) % 86_400) : policy.maxAge;
  return `${policy.scope}, max-age=${seconds}`;
}

/** A strong entity tag for body bytes: the same bytes always give the same tag (without quotes). */
export function entityTag(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 27);
}

/** The tag a compressed representation carries: the identity tag with the coding appended ("…-br"). */
export function codedTag(tag: string, coding: string | undefined): string {
  return `"${coding ? `${tag}-${coding}` : tag}"`;
}

/**
 * Whether a 200 under this policy may be answered 304 Not Modified. A `no-store` answer is per key, drawn at
 * random or the result of a write (the counter's hit and value): it is never stored, so there is nothing to
 * revalidate, and a 304 would tell a caller whether a guessed answer is right. Such calls ignore
 * If-None-Match (CONTRACT "Searches and HTTP conventions").
 */
export const revalidates = (policy: CachePolicy): boolean => policy !== 'no-store';

/** One list member of If-None-Match: an optional W/ and an opaque tag (RFC 9110 8.8.3: etagc is %x21 / %x23-7E / obs-text), between optional whitespace, up to a comma or the end. */
const ENTITY_TAG_ITEM = /[ \t]*(?:(?:W\/)?"([\x21\x23-\x7E\x80-\xFF]*)")?[ \t]*(?:,|$)/y;

/**
 * An If-None-Match value by RFC 9110's grammar (13.1.2): `*`, or a list of entity tags (the opaque tags
 * returned without quotes or W/, which the weak comparison ignores; empty list members are skipped). Any
 * other value is not a valid condition and gives undefined (the header is then ignored): `W/*` is not `*`,
 * and a comma inside quotes belongs to the tag. No maintained npm package parses this grammar (jshttp's
 * `fresh` splits the list at every comma and space, quotes or not), and the grammar is these few lines.
 */
export function parseIfNoneMatch(value: string): '*' | string[] | undefined {
  if (value.trim() === '*') return '*';
  const tags: string[] = [];
  for (let at = 0; at < value.length; ) {
    ENTITY_TAG_ITEM.lastIndex = at;
    const item = ENTITY_TAG_ITEM.exec(value);
    if (!item || ENTITY_TAG_ITEM.lastIndex === at) return undefined;
    if (item[1] !== undefined) tags.push(item[1]);
    at = ENTITY_TAG_ITEM.lastIndex;
  }
  return tags.length > 0 ? tags : undefined;
}

/**
 * Whether If-None-Match names the current content: the weak comparison RFC 9110 prescribes for
 * If-None-Match, with a coding suffix ignored too (a client holding the gzip copy of the same content need
 * not download the br copy).
 */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  const condition = header === undefined ? undefined : parseIfNoneMatch(header);
  if (condition === undefined) return false;
  return condition === '*' || condition.some((opaque) => opaque.replace(/-(br|gzip)$/, '') === tag);
}
