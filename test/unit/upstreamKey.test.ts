/**
 * Upstream keys in Lambda (lib/sources/upstreamKey.ts, ssmParameter.ts): read from their SSM parameter by a
 * GetParameter request the function signs itself, against the fake AWS (test/support/fakeAws.ts), which
 * answers only requests signed with the function's credentials for SSM in its region.
 */
import { startFakeAws, type FakeAws } from '../support/fakeAws';
import { upstreamKey } from '../../lib/sources/upstreamKey';

let aws: FakeAws;
const saved = { ...process.env };

beforeAll(async () => {
  aws = await startFakeAws();
  Object.assign(process.env, aws.environment);
});

afterAll(async () => {
  process.env = saved;
  await aws.close();
});

const reads = () => aws.requests.filter((r) => r.headers['x-amz-target'] === 'AmazonSSM.GetParameter');

test('reads the key from its SSM parameter, decrypted, once within the cache time, and ignores the variable of local runs', async () => {
  // Prepare
  aws.parameters.set('/data-query-service/FRED_API_KEY', ' fred-key-from-ssm ');
  const before = reads().length;

  // Act
  const first = await upstreamKey('/data-query-service/FRED_API_KEY', 'local-key');
  const second = await upstreamKey('/data-query-service/FRED_API_KEY', 'local-key');

  // Assess
  expect([first, second]).toEqual(['fred-key-from-ssm', 'fred-key-from-ssm']);
  expect(reads().slice(before).map((r) => JSON.parse(r.body))).toEqual([{ Name: '/data-query-service/FRED_API_KEY', WithDecryption: true }]);
  expect(reads().at(-1)!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKEFORTESTS\/\d{8}\/eu-west-1\/ssm\/aws4_request, /);
});

test('answers "no key" for a parameter that does not exist (the keyless fallback), and does not ask again within the cache time', async () => {
  // Prepare
  const before = reads().length;

  // Act
  const first = await upstreamKey('/data-query-service/EIA_API_KEY', 'local-key');
  const second = await upstreamKey('/data-query-service/EIA_API_KEY', 'local-key');

  // Assess
  expect([first, second]).toEqual([undefined, undefined]);
  expect(reads().length - before).toBe(1);
});

test('takes the variable itself when no parameter is named (local runs)', async () => {
  // Act / Assess
  expect(await upstreamKey(undefined, ' local-key ')).toBe('local-key');
  expect(await upstreamKey(undefined, '  ')).toBeUndefined();
});
