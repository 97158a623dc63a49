import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bodies at most this long go out as they are (CONTRACT: compress responses over 1 KB). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality 5: measured on /openapi.json (181 KB) it gives 25 KB in about 2 ms, where the maximum
 * (11) gives 22 KB in about 240 ms — too slow for a response.
 */
const BROTLI_QUALITY = 5;

/** Text formats worth compressing; PNG and other already-compressed formats are sent as they are. */
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/i;

export type ContentCoding = 'br' | 'gzip';

/** The q-value the Accept-Encoding header gives a coding (an explicit entry, else `*`, else 0). */
function quality(acceptEncoding: string, coding: string): number {
  let wildcard = 0;
  for (const item of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((s) => s.trim());
    const q = parameters.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    if (name === coding) return Number.isFinite(value) ? value : 0;
    if (name === '*') wildcard = Number.isFinite(value) ? value : 0;
  }
  return wildcard;
}

/** br when the client accepts it, else gzip, else none; only for compressible bodies over the threshold. */
export function chooseCoding(acceptEncoding: string | undefined, contentType: string | undefined, length: number): ContentCoding | undefined {
  if (!acceptEncoding || length <= COMPRESSION_THRESHOLD_BYTES || !COMPRESSIBLE.test(contentType ?? '')) return undefined;
  if (quality(acceptEncoding, 'br') > 0) return 'br';
  if (quality(acceptEncoding, 'gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * Large bodies served again and again unchanged (the docs page, 1.9 MB; /openapi.json) are compressed once
 * per container: the last few results are kept by entity tag and coding.
 */
const MEMO_MIN_BYTES = 64 * 1024;
const MEMO_ENTRIES = 4;
const memo = new Map<string, Buffer>();

/** The body in the coding; `tag` (its entity tag) lets a large body's result be reused. */
export function compress(body: Buffer, coding: ContentCoding, tag?: string): Buffer {
  const key = tag && body.length >= MEMO_MIN_BYTES ? `${tag}:${coding}` : undefined;
  const known = key ? memo.get(key) : undefined;
  if (known) return known;
  const compressed =
    coding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body);
  if (key) {
    if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
    memo.set(key, compressed);
  }
  return compressed;
}
