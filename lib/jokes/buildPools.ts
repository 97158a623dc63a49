/**
 * Joke pools built (at import time) from two sources: the Official Joke API data set (setup + punchline)
 * and the one-liner-joke package (body + tags). Pure: callers read the files (see import.ts).
 */
import { filterProfanity } from '../text/profanity';
import { FREE_POOL_SIZE, type JokePools } from './pools';
import { isJsonObject } from '../sources/http';

/**
 * one-liner-joke tags whose jokes are dropped, chosen by reading the package data (1.2.2):
 * sexual content (sex, dirty, flirty), slurs and stereotypes about race, sexuality, body or hair colour
 * (racist, black, gay, fat, ugly, blonde), put-downs (insults, rude, hate), and religion, politics and drugs
 * (christian, God, political, drug). Tags are imperfect (a slur sits in a joke tagged only "death" and "life"),
 * so every joke must also pass the profanity filter.
 */
export const OFFENSIVE_TAGS: readonly string[] = [
  'sex', 'dirty', 'flirty', 'racist', 'black', 'gay', 'fat', 'ugly', 'blonde',
  'insults', 'rude', 'hate', 'christian', 'God', 'political', 'drug',
];

const HTML_ENTITIES: Record<string, string> = { '&quot;': '"', '&amp;': '&', '&#39;': "'", '&apos;': "'", '&lt;': '<', '&gt;': '>' };

export function buildJokePools(official: unknown[], oneLiners: unknown[]): JokePools {
  const officialJokes = official.map(officialJokeText).filter(isClean);
  const oneLinerJokes = oneLiners
    .map(readOneLiner)
    .filter((joke) => !hasOffensiveTag(joke.tags))
    .map((joke) => joke.text)
    .filter(isClean);
  const premium = withoutDuplicates([...officialJokes, ...oneLinerJokes]);
  const freeSource = officialJokes.length >= FREE_POOL_SIZE ? withoutDuplicates(officialJokes) : premium;
  return { free: freeSource.slice(0, FREE_POOL_SIZE), premium };
}

function officialJokeText(item: unknown, index: number): string {
  const where = `Official joke #${index + 1}`;
  if (!isJsonObject(item)) throw new Error(`${where} must be an object with "setup" and "punchline"`);
  const setup = requireText(item.setup, `${where} "setup"`);
  const punchline = requireText(item.punchline, `${where} "punchline"`);
  return normaliseSpaces(`${setup} ${punchline}`);
}

function readOneLiner(item: unknown, index: number): { text: string; tags: string[] } {
  const where = `One-liner #${index + 1}`;
  if (!isJsonObject(item)) throw new Error(`${where} must be an object with "body" and "tags"`);
  const body = requireText(item.body, `${where} "body"`);
  const tags = item.tags;
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
    throw new Error(`${where} "tags" must be an array of strings`);
  }
  return { text: normaliseSpaces(decodeHtmlEntities(body)), tags };
}

function requireText(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${what} must be a non-empty string`);
  return value;
}

function hasOffensiveTag(tags: readonly string[]): boolean {
  return tags.some((tag) => OFFENSIVE_TAGS.includes(tag));
}

function isClean(joke: string): boolean {
  return !filterProfanity(joke).has_profanity;
}

/** Collapses runs of whitespace, including the newlines between knock-knock lines, to single spaces. */
function normaliseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The one-liner data carries a few HTML entities (&quot;, &amp;). */
function decodeHtmlEntities(text: string): string {
  return text.replace(/&(?:quot|amp|#39|apos|lt|gt);/g, (entity) => HTML_ENTITIES[entity] ?? entity);
}

/** Keeps the first of jokes that differ only in case, punctuation or whitespace. */
function withoutDuplicates(jokes: readonly string[]): string[] {
  const seen = new Set<string>();
  return jokes.filter((joke) => {
    const key = duplicateKey(joke);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function duplicateKey(joke: string): string {
  return joke.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}
