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

/** The codings we send, in our order of preference when the client gives them the same q-value. */
const CODINGS = ['br', 'gzip', 'identity'];

/** A content coding's name (RFC 9110 token) and a q-value parameter (qvalue: 0 to 1, three decimals at most). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const QVALUE = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/**
 * The q-values of an Accept-Encoding header (RFC 9110 §12.5.3: `#( codings [ OWS ";" OWS "q=" qvalue ] )`) by
 * coding, lower case; a member that does not parse is ignored, and a coding named twice keeps its higher q.
 */
function qValues(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const member of header.split(',')) {
    const [coding = '', ...params] = member.split(';').map((part) => part.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    if (!TOKEN.test(coding) || (weight !== undefined && !QVALUE.test(weight))) continue;
    q.set(coding, Math.max(q.get(coding) ?? 0, weight === undefined ? 1 : Number(weight.slice(2))));
  }
  return q;
}

/**
 * The coding for a compressible body over the threshold: the one the client's Accept-Encoding rates highest
 * (RFC 9110 q-values, `*`, `identity`), br before gzip before identity on a tie; none when identity wins or
 * nothing is acceptable. A coding takes its own q-value, else that of `*`, else 0; identity, unless named or
 * covered by `*`, the lowest positive q-value the header gives (1 for none), as jshttp's negotiator does.
 * (Written here rather than taken from negotiator: its Accept-Encoding module with the media-type parser it
 * needs added 3.3 KB to every function's bundle.)
 */
export function chooseCoding(acceptEncoding: string | undefined, contentType: string | undefined, length: number): ContentCoding | undefined {
  if (!acceptEncoding || length <= COMPRESSION_THRESHOLD_BYTES || !COMPRESSIBLE.test(contentType ?? '')) return undefined;
  const q = qValues(acceptEncoding);
  const named = [...q.values()].filter((value) => value > 0);
  const weight = (coding: string) => q.get(coding) ?? q.get('*') ?? (coding === 'identity' ? Math.min(1, ...named) : 0);
  let best: string | undefined;
  for (const coding of CODINGS) if (weight(coding) > (best === undefined ? 0 : weight(best))) best = coding;
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
