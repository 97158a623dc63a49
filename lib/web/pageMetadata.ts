/**
 * What /v1/webpage reads from a page's HTML: the title, the meta tags, the description and the favicon. The
 * page is read by htmlparser2's tokenizer (a real HTML tokenizer: comments, declarations, CDATA, raw-text and
 * RCDATA elements such as <script> and <title>, quoted and unquoted attributes); of the tree, only what these
 * fields need is kept here: whether a tag is inside inline SVG, and where an open <head> ends (at </head>, or
 * where <body> begins), as htmlparser2's Parser decides them; the Parser would add 8.5 KB to the function's
 * bundle for the rest of the tree.
 * The parse is bounded (PARSE_LIMITS): it stops at the end of the <head>, after MAX_ELEMENTS elements, or
 * when its time is up, and answers from what it read so far. Every field taken from the page is bounded too,
 * and so is the work of decoding it: the tokenizer leaves character references alone, and only the part of a
 * field that can reach the answer (SOURCE_CHARS_PER_CHAR times its limit) is decoded (entities).
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import { QuoteType, Tokenizer } from 'htmlparser2';

/** At most this many meta tags are returned, each content at most MAX_META_CONTENT characters; the title likewise. */
export const MAX_META_TAGS = 200;
export const MAX_META_CONTENT = 2000;
export const MAX_TITLE = MAX_META_CONTENT;
/** A meta tag whose name is longer is skipped (a name cut short would be another name). */
export const MAX_META_NAME = 200;
/** An icon or <base> URL longer than this is skipped (a URL cut short would point elsewhere). */
export const MAX_URL = 2048;
/**
 * A field is decoded from at most this many source characters per character it may have: a character
 * reference is longer than the text it stands for (`&amp;` is five for one), so a title made only of
 * such references comes out shorter than MAX_TITLE rather than costing the decoding of the whole page.
 */
const SOURCE_CHARS_PER_CHAR = 4;

/** The parse reads at most `maxElements` elements and stops after `timeMs` (checked every `chunkChars` characters). */
export const PARSE_LIMITS: { maxElements: number; timeMs: number; chunkChars: number } = { maxElements: 10_000, timeMs: 1_000, chunkChars: 64 * 1024 };

export interface PageMetadata {
  /** <title>, whitespace collapsed; og:title when the page has no (non-empty) <title>; else null */
  page_title: string | null;
  /** meta description, else og:description; else null */
  page_description: string | null;
  /** meta name / property / http-equiv (lower case) → content; the first tag of a name wins */
  meta_tags: Record<string, string>;
  /** the declared icon (rel icon / shortcut icon, else apple-touch-icon) as an absolute http(s) URL, else null */
  favicon: string | null;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first `max` characters of text, without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** Text from the page (as the parser gives it, references undecoded): decoded from its bounded start, whitespace collapsed, at most `max` characters. */
const boundedText = (source: string, max: number, decode: (text: string) => string) =>
  cut(collapse(decode(source.slice(0, max * SOURCE_CHARS_PER_CHAR))), max).trimEnd();

/** An attribute's decoded value when it has at most `max` characters, else undefined (decoded only when its source could fit). */
function wholeAttribute(source: string | undefined, max: number): string | undefined {
  if (source === undefined || source.length > max * SOURCE_CHARS_PER_CHAR) return undefined;
  const value = decodeHTMLAttribute(source);
  return value.length <= max ? value : undefined;
}

/** The charset a page declares: Content-Type header first, then <meta charset> / http-equiv in the first 1024 bytes. */
export function declaredCharset(contentType: string | null, body: Buffer): string | undefined {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return fromHeader;
  const head = body.subarray(0, 1024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
}

/** The body as text in its declared charset (UTF-8 when none is declared or the label is unknown; a BOM wins). */
export function decodeHtml(body: Buffer, contentType: string | null): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body);
  const charset = declaredCharset(contentType, body);
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** true when text without a declared type still looks like HTML (starts with a tag, doctype or comment). */
export function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text.replace(/^\ufeff/, '')) && /<(?:!doctype\s+html|html|head|body|title|meta|div|p|a)\b/i.test(text.slice(0, 4096));
}

/** An absolute http(s) URL for `href` against `base`, or null. */
function absoluteHttpUrl(href: string, base: URL): string | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function readPageMetadata(html: string, pageUrl: URL, limits = PARSE_LIMITS): PageMetadata {
  // a Map, not an object: names such as __proto__ or constructor are page data, not properties
  const metaTags = new Map<string, string>();
  let title: string | null = null;
  /** the title's source text while it is read, no more than its bounded decoding uses */
  let titleSource: string | null = null;
  let svgDepth = 0;
  let inHead = false;
  let baseHref: string | undefined;
  const icons: { href: string; rank: number }[] = [];
  let elements = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
    tokenizer.pause();
  };
  const endTitle = () => {
    title = boundedText(titleSource ?? '', MAX_TITLE, decodeHTML);
    titleSource = null;
  };
  // the tokenizer gives positions in the whole input (the chunks written are consecutive slices of html)
  const text = (start: number, end: number) => html.slice(start, end);

  /** the tag being opened and its attributes (names in lower case; the first of a name wins) */
  let tag = '';
  let attributes = new Map<string, string>();
  let attribute = '';
  let value = '';

  const openTag = (name: string) => {
    if (++elements > limits.maxElements) return stop();
    // everything read here belongs in the head: once an open <head> ends (</head>, or <body> begins), the rest is not parsed
    if (name === 'head') inHead = true;
    if (name === 'body' && inHead) return stop();
    if (name === 'svg') svgDepth++;
    if (svgDepth > 0) return;
    if (name === 'title' && title === null && titleSource === null) titleSource = '';
    else if (name === 'base' && baseHref === undefined && attributes.get('href')) baseHref = wholeAttribute(attributes.get('href'), MAX_URL);
    else if (name === 'meta') {
      const key = wholeAttribute(attributes.get('name') ?? attributes.get('property') ?? attributes.get('http-equiv'), MAX_META_NAME)?.trim().toLowerCase();
      const content = attributes.get('content');
      if (key && content !== undefined && !metaTags.has(key) && metaTags.size < MAX_META_TAGS) {
        metaTags.set(key, boundedText(content, MAX_META_CONTENT, decodeHTMLAttribute));
      }
    } else if (name === 'link' && attributes.get('href')) {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const rank = rel.includes('icon') ? 1 : rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed') ? 2 : 0;
      const href = rank ? wholeAttribute(attributes.get('href'), MAX_URL) : undefined;
      if (href !== undefined) icons.push({ href, rank });
    }
  };
  const closeTag = (name: string) => {
    if (name === 'svg' && svgDepth > 0) svgDepth--;
    if (name === 'title' && titleSource !== null) endTitle();
    if (name === 'head') stop();
  };

  const tokenizer = new Tokenizer(
    // character references are decoded per field, from the part that can reach the answer (boundedText)
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = text(start, end).toLowerCase();
        attributes = new Map();
      },
      onattribname(start, end) {
        attribute = text(start, end).toLowerCase();
        value = '';
      },
      onattribdata(start, end) {
        value += text(start, end);
      },
      onattribend(quote) {
        if (!attributes.has(attribute)) attributes.set(attribute, quote === QuoteType.NoValue ? '' : value);
      },
      onopentagend() {
        openTag(tag);
      },
      onselfclosingtag() {
        openTag(tag);
        // in HTML, <meta/> is just <meta>; inside SVG, <svg/> or <title/> closes itself
        if (!stopped && svgDepth > 0) closeTag(tag);
      },
      onclosetag(start, end) {
        closeTag(text(start, end).toLowerCase());
      },
      ontext(start, end) {
        if (titleSource !== null && titleSource.length < MAX_TITLE * SOURCE_CHARS_PER_CHAR) titleSource += text(start, end);
      },
      // inside SVG, <title> and <style> are ordinary elements, not raw text
      isInForeignContext: () => svgDepth > 0,
      onattribentity() {},
      ontextentity() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  const started = performance.now();
  for (let at = 0; at < html.length && !stopped; at += limits.chunkChars) {
    tokenizer.write(html.slice(at, at + limits.chunkChars));
    if (performance.now() - started > limits.timeMs) stopped = true;
  }
  if (!stopped) tokenizer.end();
  // a title cut off by the limits keeps the text read so far (as the end of the input does for an unclosed one)
  if (titleSource !== null && title === null) endTitle();

  let base = pageUrl;
  if (baseHref !== undefined) {
    try {
      base = new URL(baseHref, pageUrl);
    } catch {
      // an unusable <base> is ignored, as browsers do
    }
  }
  const nonEmpty = (value: string | null | undefined) => (value ? value : null);
  const icon = [...icons].sort((a, b) => a.rank - b.rank).map((candidate) => absoluteHttpUrl(candidate.href, base)).find(Boolean);
  return {
    page_title: nonEmpty(title) ?? nonEmpty(metaTags.get('og:title')),
    page_description: nonEmpty(metaTags.get('description')) ?? nonEmpty(metaTags.get('og:description')),
    meta_tags: Object.fromEntries(metaTags),
    favicon: icon ?? null,
  };
}
