/**
 * Profanity detection and censoring with obscenity's English preset, with a few words added and a few
 * clean words whitelisted (below).
 *
 * obscenity already sees through leetspeak, repeated letters and look-alike Unicode ("sh1t", "fuuuuck",
 * "𝐟𝐮𝐜𝐤"), but not through words spelled out with separators ("f u c k", "f.u.c.k"). Runs of single
 * characters are therefore also joined up and matched a second time.
 */
import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers, pattern } from 'obscenity';

export interface ProfanityResult {
  original: string;
  censored: string;
  has_profanity: boolean;
}

/** A censored range of UTF-16 code units, both ends inclusive. */
interface Span {
  start: number;
  end: number;
}

/**
 * Words obscenity's English list misses or masks only in part, added as phrases of their own:
 * - mild oaths the API this service replaces masks ("damn");
 * - compounds the list masks only in part, now masked whole: "asshole" (was "***hole"), "bullshit",
 *   "bollocks", "wanker", "goddamn";
 * - spellings with asterisks ("motherf***er", "f**k", "sh*t").
 * The recommended transformers collapse a run of one character before matching ("***" → "*", "mm" → "m";
 * b, e, g, l, o and s keep two), so the patterns are written collapsed ("|damit" for "dammit").
 * `|` anchors a pattern at a word boundary (obscenity's pattern syntax).
 */
const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .addPhrase((p) => p.setMetadata({ originalWord: 'damn' }).addPattern(pattern`damn`).addPattern(pattern`|damit`).addPattern(pattern`godamn`))
  .addPhrase((p) => p.setMetadata({ originalWord: 'asshole' }).addPattern(pattern`asshole`).addPattern(pattern`arsehole`))
  .addPhrase((p) => p.setMetadata({ originalWord: 'bullshit' }).addPattern(pattern`bullshit`))
  .addPhrase((p) => p.setMetadata({ originalWord: 'bollocks' }).addPattern(pattern`bollocks`))
  .addPhrase((p) => p.setMetadata({ originalWord: 'wanker' }).addPattern(pattern`wanker`))
  .addPhrase((p) => p.setMetadata({ originalWord: 'motherfucker' }).addPattern(pattern`motherf*er`).addPattern(pattern`motherf*ker`))
  .addPhrase((p) => p.setMetadata({ originalWord: 'fuck' }).addPattern(pattern`|f*k`).addPattern(pattern`|f*ck`).addPattern(pattern`|f*`))
  .addPhrase((p) => p.setMetadata({ originalWord: 'shit' }).addPattern(pattern`|sh*t`));

/**
 * Clean words that contain a listed word, whitelisted so nothing inside them is masked: English and Welsh
 * place names (Penistone, Shitterton, Bitchfield, Twatt, Penisarwaun), Slutsk (Belarus), Wankdorf (Bern),
 * food (shiitake, cumin, rapeseed), surnames (Dickinson, Cummings) and ordinary words. Scunthorpe, Essex,
 * cocktail, assessment and the like are already left alone by the list.
 */
const ALLOWED_TERMS = [
  'penistone', 'shitterton', 'bitchfield', 'twatt', 'penisarwaun', 'slutsk', 'wankdorf',
  'shiitake', 'cumin', 'rapeseed', 'dickinson', 'cummings',
  'niggard', 'pussycat', 'mishit', 'cockpit',
];

const built = dataset.build();
const matcher = new RegExpMatcher({
  ...built,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...ALLOWED_TERMS],
  ...englishRecommendedTransformers,
});

/** Three or more single letters/digits (or @ $) set apart by separators, e.g. "f u c k", "s.h.1.t". */
const SPELLED_OUT_RUN = /(?<![\p{L}\p{N}@$])[\p{L}\p{N}@$](?:[\s.\-_*+~,]+[\p{L}\p{N}@$]){2,}(?![\p{L}\p{N}@$])/gu;
const SEPARATOR = /^[\s.\-_*+~,]$/u;

export function filterProfanity(text: string): ProfanityResult {
  const spans = [...directMatches(text), ...spelledOutMatches(text)];
  return { original: text, censored: censor(text, spans), has_profanity: spans.length > 0 };
}

function directMatches(text: string): Span[] {
  return matcher.getAllMatches(text).map(({ startIndex, endIndex }) => ({ start: startIndex, end: endIndex }));
}

/** Joins each spelled-out run, matches the joined word and maps the hits back onto the original text. */
function spelledOutMatches(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(SPELLED_OUT_RUN)) {
    const { joined, origins } = joinRun(run[0], run.index);
    for (const { startIndex, endIndex } of matcher.getAllMatches(joined)) {
      spans.push({ start: origins[startIndex]!, end: origins[endIndex]! });
    }
  }
  return spans;
}

/** The run without separators, plus for each of its code units the index of that unit in the original text. */
function joinRun(run: string, runStart: number): { joined: string; origins: number[] } {
  let joined = '';
  const origins: number[] = [];
  let offset = runStart;
  for (const char of run) {
    if (!SEPARATOR.test(char)) {
      joined += char;
      for (let unit = 0; unit < char.length; unit++) origins.push(offset + unit);
    }
    offset += char.length;
  }
  return { joined, origins };
}

/**
 * Replaces every code unit inside a span with "*", so the censored text is exactly as long (in JavaScript
 * string length) as the original; a span never splits a surrogate pair, so no broken character is left.
 */
function censor(text: string, spans: Span[]): string {
  const units = text.split('');
  for (const span of spans) {
    const { start, end } = widenToWholeCharacters(text, span);
    for (let i = start; i <= end; i++) units[i] = '*';
  }
  return units.join('');
}

function widenToWholeCharacters(text: string, { start, end }: Span): Span {
  const startsOnLowSurrogate = isLowSurrogate(text.charCodeAt(start)) && start > 0;
  const endsOnHighSurrogate = isHighSurrogate(text.charCodeAt(end)) && end < text.length - 1;
  return { start: startsOnLowSurrogate ? start - 1 : start, end: endsOnHighSurrogate ? end + 1 : end };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
