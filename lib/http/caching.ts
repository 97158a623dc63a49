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

/**
 * Whether If-None-Match names the current content. The weak comparison RFC 9110 prescribes for
 * If-None-Match (W/ ignored), with a coding suffix ignored too: a client holding the gzip copy of the same
 * content need not download the br copy.
 */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((item) => {
    const value = item.trim().replace(/^W\//, '');
    return value === '*' || value.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === tag;
  });
}
