import { rateJobs } from '../../lib/api/rates';
import { seedSampleData } from '../../infra/local/seed';
import { RATE_IDS } from '../../lib/rates/catalogue';
import { json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  delete process.env.FRED_API_KEY;
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

test('the seed feeds every rate recording through its job, and every identifier answers marked sample', async () => {
  // Act
  const outcomes = await seedSampleData(Object.values(rateJobs));
  const answers = await Promise.all(RATE_IDS.map(async (rate) => [rate, await server.call(`/v2/interestrate?rate=${rate}`, { key: server.demoKeys.free })] as const));
  const history = await json(await server.call('/v2/interestratehistorical?rate=central_bank_us', { key: server.demoKeys.developer }));

  // Assess
  expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  for (const [rate, response] of answers) {
    expect([rate, response.status]).toEqual([rate, 200]);
    expect(await json(response)).toMatchObject({ rate_pct: expect.any(Number), sample: true });
  }
  expect(history.sample).toBe(true);
  expect(history.data.every((point: { sample?: boolean }) => point.sample === true)).toBe(true);
}, 60_000);

test("the Swiss policy rate is the real BIS response's (0 % at the end of Dec 2025 – Feb 2026), not a hand-written figure", async () => {
  // Act (the seed ran in the test above)
  const ch = await json(await server.call('/v2/interestrate?rate=central_bank_ch', { key: server.demoKeys.free }));

  // Assess
  expect(ch).toMatchObject({ rate_pct: 0, last_updated: '02-28-2026', sample: true });
});
