/** The embedded store of local runs: restarted when its process dies, its bind address, its lock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { ensureTables, startEmbeddedStore, StoreLockedError, type EmbeddedStore } from '../../infra/local/store';
import { startTestServer } from '../support/testServer';

const dirs: string[] = [];
const stores: EmbeddedStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function store(options: Parameters<typeof startEmbeddedStore>[2] = {}, dataDir = mkdtempSync(join(tmpdir(), 'dqs-store-'))) {
  dirs.push(dataDir);
  const started = await startEmbeddedStore(dataDir, 0, options);
  stores.push(started);
  return { store: started, dataDir };
}

const client = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });

async function answers(endpoint: string): Promise<boolean> {
  const dynamo = client(endpoint);
  try {
    await dynamo.send(new ListTablesCommand({}));
    return true;
  } catch {
    return false;
  } finally {
    dynamo.destroy();
  }
}

/** Polls `check` every 100 ms until it holds (false after `ms`). */
async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await check()) return true;
  }
  return false;
}

test('starts the store process again on the same port after it is killed, with what it had stored', async () => {
  // Prepare
  const lines: string[] = [];
  const { store: started } = await store({ log: (line) => lines.push(line) });
  await ensureTables(started.endpoint);
  const dynamo = client(started.endpoint);
  await dynamo.send(new PutItemCommand({ TableName: 'counters', Item: { owner: { S: 'a' }, id: { S: 'kept' }, value: { N: '7' } } }));
  const firstPid = started.pid!;

  // Act
  process.kill(firstPid, 'SIGKILL');
  const back = await eventually(async () => started.pid !== firstPid && (await answers(started.endpoint)));

  // Assess
  const { Item } = await dynamo.send(new GetItemCommand({ TableName: 'counters', Key: { owner: { S: 'a' }, id: { S: 'kept' } } }));
  dynamo.destroy();
  expect(back).toBe(true);
  expect(Item?.value).toEqual({ N: '7' });
  expect(lines).toEqual([
    `embedded DynamoDB stopped (SIGKILL); restarting it on port ${started.port} (1 of 3 a minute)`,
    `embedded DynamoDB running again on port ${started.port}`,
  ]);
});

test('gives up after its restarts of the minute are used, and says so', async () => {
  // Prepare
  const lines: string[] = [];
  const { store: started } = await store({ maxRestarts: 1, log: (line) => lines.push(line) });
  process.kill(started.pid!, 'SIGKILL');
  await eventually(() => lines.length === 2);

  // Act
  process.kill(started.pid!, 'SIGKILL');
  await eventually(() => lines.length === 3);

  // Assess
  expect(lines[2]).toBe('embedded DynamoDB stopped (SIGKILL); not restarted (1 restarts in the last minute): restart npm start');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await answers(started.endpoint)).toBe(false);
});

test('listens on the address DYNAMODB_HOST names, and only there', async () => {
  // Act
  const { store: started } = await store({ host: '127.0.0.2' });

  // Assess
  expect(started.endpoint).toBe(`http://127.0.0.2:${started.port}`);
  expect(await answers(started.endpoint)).toBe(true);
  expect(await answers(`http://127.0.0.1:${started.port}`)).toBe(false);
});

test('refuses a store directory another process has open', async () => {
  // Prepare
  const { dataDir } = await store();

  // Act
  const second = await startEmbeddedStore(dataDir, 0).catch((error: unknown) => error);

  // Assess
  expect(second).toBeInstanceOf(StoreLockedError);
  expect((second as Error).message).toBe(`the store in ${dataDir} is open in another process (a running npm start?)`);
});

test('the local server answers keyed calls again once its killed store is back, without a hand restart', async () => {
  // Prepare
  const server = await startTestServer();
  const key = server.demoKeys.free!;
  const before = await server.call('/v1/jokeoftheday', { key });

  // Act
  process.kill(server.store.pid!, 'SIGKILL');
  const recovered = await eventually(async () => (await server.call('/v1/jokeoftheday', { key })).status === 200);

  // Assess
  await server.close();
  expect(before.status).toBe(200);
  expect(recovered).toBe(true);
});
