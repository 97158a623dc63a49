import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importJokes } from '../../lib/jokes/import';
import { OFFENSIVE_TAGS, buildJokePools } from '../../lib/jokes/buildPools';
import { FREE_POOL_SIZE, drawJokes, jokeOfTheDay } from '../../lib/jokes/pools';
import { PROJECT_ROOT } from '../../infra/projectRoot';

const DATASETS_DIR = resolve(PROJECT_ROOT, '../shared/datasets');
const require = createRequire(import.meta.url);

interface OneLiner {
  body: string;
  tags: string[];
}

async function packageOneLiners(): Promise<OneLiner[]> {
  return JSON.parse(await readFile(require.resolve('one-liner-joke/jokes.json'), 'utf8')) as OneLiner[];
}

/** Independent of the implementation: what "the same joke" means in the spec. */
function sameJokeKey(joke: string): string {
  return joke.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function officialJokes(count: number): { type: string; setup: string; punchline: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'general',
    setup: `Why did the number ${i + 1} cross the road?`,
    punchline: `To reach ${i + 2}.`,
  }));
}

function cleanOneLiners(count: number): OneLiner[] {
  return Array.from({ length: count }, (_, i) => ({ body: `My plant number ${i + 1} is very patient.`, tags: ['life'] }));
}

function yearOfDates(): string[] {
  return Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10));
}

describe('buildJokePools', () => {
  test('joins setup and punchline and flattens the line breaks of knock-knock jokes', () => {
    // Prepare
    const official = [
      { type: 'knock-knock', setup: "Knock knock. \n Who's there? \n Hatch. \n Hatch who?", punchline: 'Bless you!' },
      { id: 7, type: 'general', setup: '  What do you call a fake noodle? ', punchline: 'An impasta.' },
    ];

    // Act
    const { premium } = buildJokePools(official, []);

    // Assess
    expect(premium).toEqual([
      "Knock knock. Who's there? Hatch. Hatch who? Bless you!",
      'What do you call a fake noodle? An impasta.',
    ]);
  });

  test('fills the free pool with the first 100 official jokes in file order', () => {
    // Prepare
    const official = officialJokes(120);

    // Act
    const pools = buildJokePools(official, cleanOneLiners(5));

    // Assess
    expect(pools.free).toHaveLength(FREE_POOL_SIZE);
    expect(pools.free[0]).toBe('Why did the number 1 cross the road? To reach 2.');
    expect(pools.free[99]).toBe('Why did the number 100 cross the road? To reach 101.');
    expect(pools.premium).toHaveLength(125);
  });

  test('tops the free pool up from the one-liners when there are fewer than 100 official jokes', () => {
    // Prepare
    const official = officialJokes(3);

    // Act
    const pools = buildJokePools(official, cleanOneLiners(150));

    // Assess
    expect(pools.free).toHaveLength(FREE_POOL_SIZE);
    expect(pools.free.slice(0, 4)).toEqual([
      'Why did the number 1 cross the road? To reach 2.',
      'Why did the number 2 cross the road? To reach 3.',
      'Why did the number 3 cross the road? To reach 4.',
      'My plant number 1 is very patient.',
    ]);
  });

  test('keeps only the first of jokes that differ in case, punctuation or whitespace', () => {
    // Prepare
    const official = [{ type: 'general', setup: 'Why so serious?', punchline: 'Because.' }];
    const oneLiners = [
      { body: 'why  so SERIOUS... because!', tags: ['life'] },
      { body: 'A different joke.', tags: [] },
    ];

    // Act
    const { premium } = buildJokePools(official, oneLiners);

    // Assess
    expect(premium).toEqual(['Why so serious? Because.', 'A different joke.']);
  });

  test('drops one-liners that carry an offensive tag', () => {
    // Prepare
    const oneLiners = [
      { body: 'A harmless joke about cats.', tags: ['animal'] },
      { body: 'A joke tagged as an insult.', tags: ['life', 'insults'] },
      { body: 'A joke tagged as racist.', tags: ['racist'] },
    ];

    // Act
    const { premium } = buildJokePools([], oneLiners);

    // Assess
    expect(premium).toEqual(['A harmless joke about cats.']);
  });

  test('drops jokes with profanity even when their tags look harmless', () => {
    // Prepare
    const oneLiners = [
      { body: 'Name that shit Hurricane Megatron.', tags: ['life'] },
      { body: 'Time flies like an arrow.', tags: ['life'] },
    ];

    // Act
    const { premium } = buildJokePools([], oneLiners);

    // Assess
    expect(premium).toEqual(['Time flies like an arrow.']);
  });

  test('decodes the HTML entities found in the one-liner data', () => {
    // Prepare
    const oneLiners = [{ body: 'I said &quot;many&quot; &amp; meant a lot.', tags: ['stupid'] }];

    // Act
    const { premium } = buildJokePools([], oneLiners);

    // Assess
    expect(premium).toEqual(['I said "many" & meant a lot.']);
  });

  test.each<[string, unknown[], unknown[], RegExp]>([
    ['an official joke that is not an object', ['just a string'], [], /Official joke #1 must be an object/],
    ['an official joke without a punchline', [{ type: 'general', setup: 'Why?' }], [], /Official joke #1 "punchline" must be a non-empty string/],
    ['an official joke with an empty setup', [{ setup: '  ', punchline: 'x' }], [], /Official joke #1 "setup" must be a non-empty string/],
    ['a one-liner without a body', [], [{ tags: [] }], /One-liner #1 "body" must be a non-empty string/],
    ['a one-liner whose tags are not a list of strings', [], [{ body: 'x', tags: 'sex' }], /One-liner #1 "tags" must be an array of strings/],
    ['a one-liner that is null', [], [{ body: 'ok', tags: [] }, null], /One-liner #2 must be an object/],
  ])('rejects %s', (_case, official, oneLiners, reason) => {
    // Prepare: the arguments

    // Act
    const build = () => buildJokePools(official, oneLiners);

    // Assess
    expect(build).toThrow(reason);
  });
});

describe('buildJokePools with the one-liner-joke package data', () => {
  test('lets no one-liner with an offensive tag through and keeps the premium pool free of duplicates', async () => {
    // Prepare
    const oneLiners = await packageOneLiners();
    const offensive = oneLiners.filter((joke) => joke.tags.some((tag) => OFFENSIVE_TAGS.includes(tag)));

    // Act
    const { premium } = buildJokePools(officialJokes(10), oneLiners);

    // Assess
    const premiumKeys = new Set(premium.map(sameJokeKey));
    expect(offensive.length).toBeGreaterThan(500);
    expect(offensive.filter((joke) => premiumKeys.has(sameJokeKey(joke.body)))).toEqual([]);
    expect(premiumKeys.size).toBe(premium.length);
    expect(premium.length).toBeGreaterThan(1500);
  });
});

describe('jokeOfTheDay', () => {
  const pool = Array.from({ length: 100 }, (_, i) => `Joke ${i}`);

  test('returns the same joke all day', () => {
    // Prepare
    const date = '2025-04-01';

    // Act
    const first = jokeOfTheDay(pool, date);
    const again = jokeOfTheDay([...pool], date);

    // Assess
    expect(pool).toContain(first);
    expect(again).toBe(first);
  });

  test('spreads the days of a year across the pool', () => {
    // Prepare
    const dates = yearOfDates();

    // Act
    const jokes = dates.map((date) => jokeOfTheDay(pool, date));

    // Assess
    expect(new Set(jokes).size).toBeGreaterThanOrEqual(90);
    expect(jokes.slice(0, 7)).not.toEqual(['Joke 0', 'Joke 1', 'Joke 2', 'Joke 3', 'Joke 4', 'Joke 5', 'Joke 6']);
  });

  test('refuses an empty pool', () => {
    // Prepare
    const empty: string[] = [];

    // Act
    const pick = () => jokeOfTheDay(empty, '2025-04-01');

    // Assess
    expect(pick).toThrow(RangeError);
  });
});

describe('drawJokes', () => {
  const pool = Array.from({ length: 20 }, (_, i) => `Joke ${i}`);

  test('returns the requested number of different jokes from the pool', () => {
    // Prepare
    const count = 20;

    // Act
    const jokes = drawJokes(pool, count);

    // Assess
    expect(jokes).toHaveLength(count);
    expect(new Set(jokes).size).toBe(count);
    expect([...jokes].sort()).toEqual([...pool].sort());
  });

  test('follows the random source it is given', () => {
    // Prepare
    const alwaysLast = () => 0.999999;

    // Act
    const jokes = drawJokes(pool, 3, alwaysLast);

    // Assess
    expect(jokes).toEqual(['Joke 19', 'Joke 0', 'Joke 1']);
  });

  test('does not change the pool it draws from', () => {
    // Prepare
    const before = [...pool];

    // Act
    drawJokes(pool, 10);

    // Assess
    expect(pool).toEqual(before);
  });

  test.each([21, -1, 1.5])('refuses to draw %p jokes from a pool of 20', (count) => {
    // Prepare: the argument

    // Act
    const draw = () => drawJokes(pool, count);

    // Assess
    expect(draw).toThrow(RangeError);
  });
});

describe('importJokes', () => {
  const realFilesTest = existsSync(DATASETS_DIR)
    ? test
    : (name: string) => test.skip(`${name} (skipped: ${DATASETS_DIR} is absent)`, () => undefined);

  realFilesTest('builds the pools from the official file and the one-liner package', async () => {
    // Prepare
    const official = JSON.parse(await readFile(join(DATASETS_DIR, 'jokes/official_joke_api.json'), 'utf8')) as {
      setup: string;
      punchline: string;
    }[];

    // Act
    const { pools, warnings, sources } = await importJokes(DATASETS_DIR);

    // Assess
    expect(warnings).toEqual([]);
    expect(sources).toHaveLength(2);
    expect(pools.free).toHaveLength(FREE_POOL_SIZE);
    const firstOfficial = official.slice(0, FREE_POOL_SIZE).map((joke) => `${joke.setup} ${joke.punchline}`);
    expect(pools.free).toEqual(firstOfficial.map((joke) => joke.replace(/\s+/g, ' ').trim()));
    const premium = new Set(pools.premium);
    expect(pools.free.every((joke) => premium.has(joke))).toBe(true);
    expect(new Set(pools.premium.map(sameJokeKey)).size).toBe(pools.premium.length);
  });

  test('builds from one-liners only, with a warning, when the official file is missing', async () => {
    // Prepare
    const emptyDir = await mkdtemp(join(tmpdir(), 'jokes-'));

    // Act
    const result = await importJokes(emptyDir).finally(() => rm(emptyDir, { recursive: true }));

    // Assess
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/official_joke_api\.json not found/);
    expect(result.sources).toHaveLength(1);
    expect(result.sources[0]).toMatch(/^one-liner-joke /);
    expect(result.pools.free).toEqual(result.pools.premium.slice(0, FREE_POOL_SIZE));
  });

  test('warns when no datasets directory is given', async () => {
    // Prepare
    const datasetsDir = undefined;

    // Act
    const { warnings, pools } = await importJokes(datasetsDir);

    // Assess
    expect(warnings).toEqual([expect.stringMatching(/No datasets directory given/)]);
    expect(pools.premium.length).toBeGreaterThan(1500);
  });
});
