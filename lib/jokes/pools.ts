/** Picking jokes from the imported pools (runtime side; building them is buildPools.ts). */
import { fnv1a } from '../text/seededRandom';

export interface JokePools {
  free: string[];
  premium: string[];
}

export const FREE_POOL_SIZE = 100;

/**
 * The reference-data file of each pool (a JSON array of jokes): apart, so the joke of the day reads the
 * 100 free jokes (8 KB) and not every joke (170 KB, ~3 ms of its cold start; npm run bench).
 */
export const JOKE_POOL_FILES: Record<keyof JokePools, string> = { free: 'jokes-free.json', premium: 'jokes-premium.json' };

/** The joke for a UTC date (YYYY-MM-DD): the same all day, and spread over the pool by hashing the date. */
export function jokeOfTheDay(pool: readonly string[], utcDate: string): string {
  const joke = pool[fnv1a(utcDate) % pool.length];
  if (joke === undefined) throw new RangeError('Cannot pick a joke of the day from an empty pool');
  return joke;
}

/** `count` different jokes in random order (a partial Fisher–Yates shuffle of a copy of the pool). */
export function drawJokes(pool: readonly string[], count: number, random: () => number = Math.random): string[] {
  if (!Number.isInteger(count) || count < 0 || count > pool.length) {
    throw new RangeError(`Cannot draw ${count} jokes from a pool of ${pool.length}`);
  }
  const jokes = [...pool];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (jokes.length - i));
    [jokes[i], jokes[j]] = [jokes[j]!, jokes[i]!];
  }
  return jokes.slice(0, count);
}
