/**
 * Reads the joke sources and builds the pools. The Official Joke API file lives under the datasets
 * directory (`<datasetsDir>/jokes/official_joke_api.json`); one-liners come from the one-liner-joke
 * package. Without the official file the pools are built from one-liners only, with a warning.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ReferenceImporter } from '../reference/importer';
import { buildJokePools } from './buildPools';
import { JOKE_POOL_FILES, type JokePools } from './pools';

export const OFFICIAL_JOKES_FILE = join('jokes', 'official_joke_api.json');

const require = createRequire(import.meta.url);

export async function importJokes(
  datasetsDir: string | undefined,
): Promise<{ pools: JokePools; warnings: string[]; sources: string[] }> {
  const warnings: string[] = [];
  const sources: string[] = [];

  const official = await readOfficialJokes(datasetsDir, warnings);
  if (official) sources.push(`Official Joke API data set, ${OFFICIAL_JOKES_FILE} (${official.jokes.length} jokes)`);

  const oneLiners = await readOneLiners();
  sources.push(`one-liner-joke ${oneLiners.version} (npm package, ${oneLiners.jokes.length} jokes)`);

  return { pools: buildJokePools(official?.jokes ?? [], oneLiners.jokes), warnings, sources };
}

/** The import step: the free and the premium pool, each in its own reference-data file (JOKE_POOL_FILES). */
export const importJokeData: ReferenceImporter = async (datasetsDir) => {
  const { pools, warnings, sources } = await importJokes(datasetsDir);
  const from = `from ${sources.join(', ')}`;
  return {
    files: {
      [JOKE_POOL_FILES.free]: { data: pools.free, summary: `${pools.free.length} free jokes ${from}` },
      [JOKE_POOL_FILES.premium]: { data: pools.premium, summary: `${pools.premium.length} premium jokes ${from}` },
    },
    warnings,
  };
};

async function readOfficialJokes(
  datasetsDir: string | undefined,
  warnings: string[],
): Promise<{ path: string; jokes: unknown[] } | undefined> {
  if (datasetsDir === undefined) {
    warnings.push('No datasets directory given: the Official Joke API jokes are skipped, pools use one-liners only.');
    return undefined;
  }
  const path = join(datasetsDir, OFFICIAL_JOKES_FILE);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) {
    warnings.push(`${path} not found: the Official Joke API jokes are skipped, pools use one-liners only.`);
    return undefined;
  }
  return { path, jokes: parseJsonArray(text, path) };
}

async function readOneLiners(): Promise<{ path: string; version: string; jokes: unknown[] }> {
  const path = require.resolve('one-liner-joke/jokes.json');
  const manifest = JSON.parse(await readFile(require.resolve('one-liner-joke/package.json'), 'utf8')) as { version?: string };
  return { path, version: manifest.version ?? 'unknown version', jokes: parseJsonArray(await readFile(path, 'utf8'), path) };
}

function parseJsonArray(text: string, path: string): unknown[] {
  const data = parseJson(text, path);
  if (!Array.isArray(data)) throw new Error(`${path} must contain a JSON array of jokes`);
  return data;
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}
