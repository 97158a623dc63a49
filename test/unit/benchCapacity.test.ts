/**
 * The bench's DynamoDB units (test/bench/capacity.ts): item sizes by the Developer Guide's rules, and the units
 * of writes checked against what the embedded store (dynalite, which computes DynamoDB's consumed capacity)
 * reports for the same writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTables, startEmbeddedStore } from '../../infra/local/store';
import { itemSize, readUnits, unitsOf, valueSize, writeUnits } from '../bench/capacity';

test('sizes values as the DynamoDB Developer Guide says', () => {
  // Prepare / Act / Assess: strings their UTF-8 bytes, numbers a byte per two significant digits + 1, binary its bytes
  expect(valueSize('día')).toBe(4);
  expect(valueSize(7)).toBe(2);
  expect(valueSize(1234)).toBe(3);
  expect(valueSize(12345)).toBe(4);
  expect(valueSize(1_000_000)).toBe(2); // trailing zeroes trimmed
  expect(valueSize(0.00125)).toBe(3); // leading zeroes trimmed: 125
  expect(valueSize(new Uint8Array(10))).toBe(10);
  expect(valueSize(true)).toBe(1);
  expect(valueSize(null)).toBe(1);
  // a list or map: 3 bytes + each element + 1 byte per element (a map's names count)
  expect(valueSize([])).toBe(3);
  expect(valueSize(['ab', 7])).toBe(3 + (1 + 2) + (1 + 2));
  expect(valueSize({ ab: 'c' })).toBe(3 + 1 + 2 + 1);
  expect(valueSize(new Set(['a', 'bc']))).toBe(3);
  // an item: names and values
  expect(itemSize({ account: 'x'.repeat(64), period: '2026-11-01', calls: 42 })).toBe(7 + 64 + 6 + 10 + 5 + 2);
});

test('bills writes per KB of the larger item, reads per 4 KB (half when eventually consistent), transactions twice', () => {
  // Prepare
  const small = { k: 'x'.repeat(100) };
  const large = { k: 'x'.repeat(2048) };

  // Act / Assess
  expect(writeUnits(undefined, small)).toBe(1);
  expect(writeUnits(large, small)).toBe(3); // an update bills the larger of before and after
  expect(readUnits(0, false)).toBe(0.5); // an item that is not there bills the minimum
  expect(readUnits(4097, true)).toBe(2);
  expect(unitsOf({ name: 'BatchGetCommand', consistent: [false, false], items: [small, large] })).toEqual({ read: 1, write: 0 }); // each item rounded up
  expect(unitsOf({ name: 'QueryCommand', consistent: true, itemsRead: [large, large] })).toEqual({ read: 2, write: 0 }); // the items read together
  expect(unitsOf({ name: 'BatchWriteCommand', writes: [{ after: small }, { after: large }] })).toEqual({ read: 0, write: 4 });
  expect(unitsOf({ name: 'TransactWriteCommand', writes: [{ before: small, after: small }] })).toEqual({ read: 0, write: 2 });
});

describe('against the embedded store', () => {
  let store: { endpoint: string; close(): Promise<void> };
  let dataDir: string;
  let client: DynamoDBDocumentClient;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dqs-capacity-'));
    store = await startEmbeddedStore(dataDir, 0);
    await ensureTables(store.endpoint);
    client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: store.endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  });
  afterAll(async () => {
    client.destroy();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('counts the write units the store reports for updates that grow a usage item across the 1 KB steps', async () => {
    // Prepare: a month item gaining day counts as the former usage layout wrote them
    const key = { account: 'a'.repeat(64), period: '2026-11-01' };
    await client.send(new PutCommand({ TableName: 'usage', Item: { ...key, calls: 1 } }));
    const reported: number[] = [];
    const counted: number[] = [];

    // Act
    for (let day = 1; day <= 30; day += 1) {
      const before = (await client.send(new GetCommand({ TableName: 'usage', Key: key, ConsistentRead: true }))).Item;
      const update = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`#a${i}`, `d|2026-11-${String(day).padStart(2, '0')}|/v1/endpoint${i}`]));
      const { ConsumedCapacity } = await client.send(
        new UpdateCommand({
          TableName: 'usage',
          Key: key,
          UpdateExpression: `ADD calls :n, ${Object.keys(update).map((name) => `${name} :n`).join(', ')}`,
          ExpressionAttributeNames: update,
          ExpressionAttributeValues: { ':n': 17 },
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      const after = (await client.send(new GetCommand({ TableName: 'usage', Key: key, ConsistentRead: true }))).Item;
      reported.push(ConsumedCapacity!.CapacityUnits!);
      counted.push(writeUnits(before, after));
    }

    // and an update that shrinks it back below 1 KB (billed by the item before it)
    const before = (await client.send(new GetCommand({ TableName: 'usage', Key: key, ConsistentRead: true }))).Item!;
    const removed = Object.keys(before).filter((name) => name.startsWith('d|'));
    const { ConsumedCapacity } = await client.send(
      new UpdateCommand({
        TableName: 'usage',
        Key: key,
        UpdateExpression: `REMOVE ${removed.map((_, i) => `#r${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(removed.map((name, i) => [`#r${i}`, name])),
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    const after = (await client.send(new GetCommand({ TableName: 'usage', Key: key, ConsistentRead: true }))).Item;
    reported.push(ConsumedCapacity!.CapacityUnits!);
    counted.push(writeUnits(before, after));

    // Assess: the same units on every update, through each step from 1 to 4, and the shrinking one billed as the larger item
    expect(counted).toEqual(reported);
    expect([...new Set(counted)]).toEqual([1, 2, 3, 4]);
    expect(counted.at(-1)).toBe(4);
  });
});
