/** The key CLI (infra/keys.ts) as an operator runs it against a running local server's store. */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('--help prints the usage and exits 0; an unknown option prints it and exits 2', async () => {
  // Act
  const help = await server.keysCli('--help');
  const unknown = await server.keysCli('list', '--colour');

  // Assess
  expect(help.status).toBe(0);
  expect(help.stdout).toMatch(/^usage: npm run keys -- <command> \[options\]/);
  expect(help.stdout).toContain('--quota plan');
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toMatch(/keys: Unknown option '--colour'/);
  expect(unknown.stderr).toContain('usage: npm run keys');
});

test('list prints a header row and aligned columns', async () => {
  // Prepare
  const key = await server.newKey({ tier: 'enterprise', period: 'year' });

  // Act
  const listed = await server.keysCli('list');

  // Assess
  const [header, ...rows] = listed.stdout.split('\n');
  expect(listed.status).toBe(0);
  expect(header!.split(/ {2,}/)).toEqual(['KEY', 'TIER', 'PERIOD', 'STATUS', 'CREATED', 'USED/QUOTA', 'KEY HASH']);
  const row = rows.find((line) => line.startsWith(key.slice(0, 6)))!;
  for (const [column, value] of [['TIER', 'enterprise'], ['PERIOD', 'year'], ['STATUS', 'active'], ['USED/QUOTA', '0/10000000']]) {
    expect(row.indexOf(value!)).toBe(header!.indexOf(column!));
  }
  expect(rows.length).toBeGreaterThanOrEqual(7); // the six demo keys and this one
});

test('set-tier --quota plan drops a quota override, so the plan quota applies again', async () => {
  // Prepare
  const created = JSON.parse((await server.keysCli('create', '--tier', 'free', '--quota', '20', '--json')).stdout) as { api_key: string };
  const quotaOf = async () =>
    (JSON.parse((await server.keysCli('list', '--json')).stdout) as { key_prefix: string; monthly_quota: number }[]).find((r) =>
      created.api_key.startsWith(r.key_prefix),
    )!.monthly_quota;
  const before = await quotaOf();

  // Act
  const changed = await server.keysCli('set-tier', created.api_key, 'developer', '--quota', 'plan');
  const response = await server.call('/v1/jokeoftheday', { key: created.api_key });

  // Assess
  expect(before).toBe(20);
  expect(changed.status).toBe(0);
  expect(await quotaOf()).toBe(100_000);
  expect(response.headers.get('ratelimit-limit')).toBe('100000');
});

test('says which store is locked by a running server on another DYNAMODB_PORT, without a stack', async () => {
  // Prepare: the operator's DYNAMODB_PORT is not the running server's, whose store is in DATA_DIR
  const env = { ...process.env, DYNAMODB_PORT: String(await freePort()), DATA_DIR: server.dataDir };

  // Act
  const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/keys.ts', 'list'], { cwd: PROJECT_ROOT, env }).catch(
    (error: { code: number; stderr: string }) => error,
  );

  // Assess
  expect('code' in failed && failed.code).toBe(1);
  expect(failed.stderr.trim()).toBe(
    `keys: the store in ${server.dataDir} is open in another process (a running npm start?), but nothing answers on DYNAMODB_PORT ${env.DYNAMODB_PORT}: ` +
      "run the command with that server's DYNAMODB_PORT (npm start prints it), or stop the server",
  );
});
