import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalServer, type LocalServer } from '../../infra/local/server';

let server: LocalServer;
beforeAll(async () => {
  // Prepare: a reference-data directory whose import ran without producing the jokes file
  const dataDir = mkdtempSync(join(tmpdir(), 'dqs-unavailable-'));
  const referenceDataDir = join(dataDir, 'reference-data');
  mkdirSync(referenceDataDir, { recursive: true });
  writeFileSync(join(referenceDataDir, 'manifest.json'), '{}');
  server = await startLocalServer({ port: 0, dynamoPort: 0, dataDir, referenceDataDir });
});
afterAll(() => server.close());

test('returns 503 data_unavailable when reference data was not imported, and refunds the call', async () => {
  const key = server.demoKeys.developer!;
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { 'X-Api-Key': key } });
  const before = await get('/v1/profanityfilter?text=hello');
  const failed = await get('/v1/jokes');
  const after = await get('/v1/profanityfilter?text=hello');
  const remaining = (r: Response) => Number(r.headers.get('ratelimit-remaining'));
  expect(failed.status).toBe(503);
  expect(await failed.json()).toEqual({ error: expect.stringContaining('npm run build:data'), code: 'data_unavailable' });
  expect(remaining(failed)).toBe(remaining(before));
  expect(remaining(after)).toBe(remaining(before) - 1);
});

test('returns 503 data_unavailable on the four calendar endpoints when the holiday data were not imported', async () => {
  // Prepare
  const key = server.demoKeys.developer!;
  const paths = ['/v1/publicholidays?country=US&year=2024', '/v1/ispublicholiday?country=US&date=2024-07-04', '/v1/bankholidays?country=GB', '/v1/isbankholiday?country=GB&date=2024-12-25'];

  // Act
  const responses = await Promise.all(paths.map((path) => fetch(`${server.url}${path}`, { headers: { 'X-Api-Key': key } })));

  // Assess
  for (const response of responses) {
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: expect.stringContaining("'holidays.json'"), code: 'data_unavailable' });
  }
});
