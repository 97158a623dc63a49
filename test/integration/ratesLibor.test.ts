import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalServer, type LocalServer } from '../../infra/local/server';
import { liborName, LIBOR_TENORS, LIBOR_TYPES } from '../../lib/rates/libor';
import { importLiborFixings } from '../../lib/rates/liborImport';
import { expectError, json } from '../support/testServer';

let server: LocalServer;
let dataDir: string;
let referenceDataDir: string;
const savedReferenceDir = process.env.REFERENCE_DATA_DIR;

beforeAll(async () => {
  // Prepare: a reference-data directory whose import has not produced the LIBOR files yet
  dataDir = mkdtempSync(join(tmpdir(), 'dqs-libor-'));
  referenceDataDir = join(dataDir, 'reference-data');
  mkdirSync(referenceDataDir, { recursive: true });
  writeFileSync(join(referenceDataDir, 'manifest.json'), '{}');
  process.env.AUTH_CACHE_SECONDS = '0';
  server = await startLocalServer({ port: 0, dynamoPort: 0, dataDir, referenceDataDir });
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (savedReferenceDir === undefined) delete process.env.REFERENCE_DATA_DIR;
  else process.env.REFERENCE_DATA_DIR = savedReferenceDir;
});

const get = (query: string, key = server.demoKeys.business!) => fetch(`${server.url}/v1/liborhistorical?${query}`, { headers: { 'X-Api-Key': key } });

test('answers 503 data_unavailable before the fixings are imported', async () => {
  await expectError(await get('type=3_months'), 503, 'data_unavailable');
});

describe('with the fixings imported', () => {
  beforeAll(async () => {
    // the importer run directly on the datasets directory (what npm run build:data does)
    const { files } = await importLiborFixings(resolve('../shared/datasets'));
    for (const [file, { data }] of Object.entries(files)) writeFileSync(join(referenceDataDir, file), JSON.stringify(data));
  });

  test.each([
    ['developer', 'developer'],
    ['developer_annual', 'annual developer'],
    ['free', 'free'],
  ])('refuses %s keys with 403 plan_required (%s is below Business)', async (demoKey) => {
    const body = await expectError(await get('type=3_months', server.demoKeys[demoKey]), 403, 'plan_required');
    expect(body.error).toMatch(/Business/);
  });

  test('serves the first 100 fixings oldest first, named by currency and tenor, with source and licence', async () => {
    // Act
    const response = await get('type=3_months');
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body.name).toBe('USD LIBOR - 3 months');
    expect(body.data).toHaveLength(100);
    expect(body.data[0]).toEqual({ timestamp: Date.UTC(1986, 0, 2) / 1000, rate_pct: 8 });
    expect(body.data.map((p: { timestamp: number }) => p.timestamp)).toEqual([...body.data.map((p: { timestamp: number }) => p.timestamp)].sort((a, b) => a - b));
    expect(body.licence).toMatch(/ICE/);
    expect(body.licence).toMatch(/demonstration/);
    expect(body.source).toMatch(/LIBOR/);
    expect(typeof body.next).toBe('string');
  });

  test('answers each tenor from its own fixings', async () => {
    // Prepare: the fixings as the CSV holds them, read here line by line (not through the importer's parser)
    const [header, ...rows] = readFileSync(resolve('../shared/datasets/libor/usd_libor_daily.csv'), 'utf8').trim().split(/\r?\n/).map((line) => line.split(','));
    const fixingsOf = (column: string) =>
      rows
        .filter((cells) => !['', '.'].includes(cells[header!.indexOf(column)]!.trim()))
        .map((cells) => ({ timestamp: Date.parse(`${cells[0]}T00:00:00Z`) / 1000, rate_pct: Number(cells[header!.indexOf(column)]) }));

    for (const tenor of LIBOR_TYPES) {
      // Act
      const body = await json(await get(`type=${tenor}`));

      // Assess: the tenor's name, and its own first 100 fixings
      expect(body.name).toBe(liborName(tenor));
      expect(body.data).toEqual(fixingsOf(LIBOR_TENORS[tenor].column).slice(0, 100));
    }
  });

  test('follows next through a bounded range to the last page', async () => {
    // Prepare: calendar year 2000
    const bounds = `type=1_month&start_time=${Date.UTC(2000, 0, 1) / 1000}&end_time=${Date.UTC(2000, 11, 31) / 1000}`;

    // Act
    const sizes: number[] = [];
    const timestamps: number[] = [];
    let query = bounds;
    for (;;) {
      const body = await json(await get(query));
      sizes.push(body.data.length);
      timestamps.push(...body.data.map((p: { timestamp: number }) => p.timestamp));
      if (!body.next) break;
      query = `${bounds}&page=${encodeURIComponent(body.next)}`;
    }

    // Assess
    expect(sizes.slice(0, -1).every((n) => n === 100)).toBe(true);
    expect(timestamps.length).toBeGreaterThan(240);
    expect(new Set(timestamps).size).toBe(timestamps.length);
    expect(timestamps[0]).toBeGreaterThanOrEqual(Date.UTC(2000, 0, 1) / 1000);
    expect(timestamps.at(-1)).toBeLessThanOrEqual(Date.UTC(2000, 11, 31) / 1000);
  });

  test.each([
    ['an unknown tenor', 'type=2_months', 'type'],
    ['a start after the end', 'type=overnight&start_time=100&end_time=50', 'start_time'],
    ['a malformed cursor', 'type=overnight&page=abc$', 'page'],
  ])('answers 400 to %s', async (_, query, param) => {
    await expectError(await get(query), 400, 'invalid_parameter', param);
  });

  test('answers 400 missing_parameter without type', async () => {
    await expectError(await get(''), 400, 'missing_parameter', 'type');
  });

  test("answers 400 to another tenor's cursor", async () => {
    const { next } = await json(await get('type=1_month'));
    await expectError(await get(`type=6_months&page=${encodeURIComponent(next)}`), 400, 'invalid_parameter', 'page');
  });
});
