import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import preferredEncodings from 'negotiator/lib/encoding.js';

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

/** The codings we send, in our order of preference when the client gives them the same q-value. */
const CODINGS = ['br', 'gzip', 'identity'];

/**
 * The coding for a compressible body over the threshold: the one the client's Accept-Encoding rates highest
 * (RFC 9110 q-values, `*`, `identity`), br before gzip on a tie; none when identity wins or nothing is
 * acceptable. negotiator's Accept-Encoding module, the one its `encodings()` calls: the whole package
 * (languages, charsets, media types) would add 7.8 KB to every function's bundle, this module 3 KB.
 */
export function chooseCoding(acceptEncoding: string | undefined, contentType: string | undefined, length: number): ContentCoding | undefined {
  if (!acceptEncoding || length <= COMPRESSION_THRESHOLD_BYTES || !COMPRESSIBLE.test(contentType ?? '')) return undefined;
  const [best] = preferredEncodings(acceptEncoding, CODINGS, CODINGS);
  return best === 'br' || best === 'gzip' ? best : undefined;
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
