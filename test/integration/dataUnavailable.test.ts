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
