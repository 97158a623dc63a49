import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { hashApiKey } from '../../lib/accounts/apiKey';
import { json, startTestServer, type TestServer } from '../support/testServer';

const DAY = 86_400;
const MAX_SAFE = '9007199254740991';

let server: TestServer;
let db: DynamoDBDocumentClient;

beforeAll(async () => {
  server = await startTestServer();
  db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: server.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
});
afterAll(async () => {
  db.destroy();
  await server.close();
});

const counter = (key: string, query: string) => server.call(`/v1/counter?${query}`, { key });
const nowSeconds = () => Math.floor(Date.now() / 1000);
let idSequence = 0;
const freshId = () => `c-${process.pid}-${(idSequence += 1)}`;

/** The counter item as stored in the counters table (undefined when absent). */
async function storedCounter(key: string, id: string): Promise<Record<string, any> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: 'counters', Key: { owner: hashApiKey(key), id }, ConsistentRead: true }));
  return Item;
}

async function setStoredExpiry(key: string, id: string, expiresAt: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: 'counters',
      Key: { owner: hashApiKey(key), id },
      UpdateExpression: 'SET expires_at = :e',
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeValues: { ':e': expiresAt },
    }),
  );
}

describe('counter lifecycle', () => {
  test('creates an unused id with value 0 and stores it', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const id = freshId();

    // Act
    const response = await counter(key, `id=${id}`);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json(response)).toEqual({ id, value: 0 });
    expect(await storedCounter(key, id)).toMatchObject({ id, value: 0 });
  });

  test('adds 1 on each hit=true and reads the value back without changing it', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const id = freshId();

    // Act
    const values: number[] = [];
    for (let i = 0; i < 3; i++) values.push((await json(await counter(key, `id=${id}&hit=true`))).value);
    const read = await json(await counter(key, `id=${id}`));

    // Assess
    expect(values).toEqual([1, 2, 3]);
    expect(read).toEqual({ id, value: 3 });
    expect((await storedCounter(key, id))?.value).toBe(3);
  });

  test('sets the value with value=N and resets it with value=0', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'developer', period: 'month' });
    const id = freshId();
    await counter(key, `id=${id}&hit=true`);

    // Act
    const set = await json(await counter(key, `id=${id}&value=41`));
    const hitAfterSet = await json(await counter(key, `id=${id}&hit=true`));
    const reset = await json(await counter(key, `id=${id}&value=0`));
    const readAfterReset = await json(await counter(key, `id=${id}`));

    // Assess
    expect(set).toEqual({ id, value: 41 });
    expect(hitAfterSet).toEqual({ id, value: 42 });
    expect(reset).toEqual({ id, value: 0 });
    expect(readAfterReset).toEqual({ id, value: 0 });
  });

  test('creates a counter at the given value when value=N names an unused id', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const id = freshId();

    // Act
    const response = await counter(key, `id=${id}&value=7`);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id, value: 7 });
    expect((await storedCounter(key, id))?.value).toBe(7);
  });

  test('scopes counters to the API key: the same id on two keys counts independently', async () => {
    // Prepare
    const first = await server.newKey({ tier: 'free', period: 'month' });
    const second = await server.newKey({ tier: 'business', period: 'month' });
    const id = freshId();

    // Act
    await counter(first, `id=${id}&hit=true`);
    await counter(first, `id=${id}&hit=true`);
    const firstValue = await json(await counter(first, `id=${id}&hit=true`));
    const secondValue = await json(await counter(second, `id=${id}&hit=true`));
    const secondSet = await json(await counter(second, `id=${id}&value=100`));
    const firstAfter = await json(await counter(first, `id=${id}`));

    // Assess
    expect(firstValue).toEqual({ id, value: 3 });
    expect(secondValue).toEqual({ id, value: 1 });
    expect(secondSet).toEqual({ id, value: 100 });
    expect(firstAfter).toEqual({ id, value: 3 });
    expect((await storedCounter(first, id))?.value).toBe(3);
    expect((await storedCounter(second, id))?.value).toBe(100);
  });

  test('20 concurrent hit=true calls on a new id end at exactly 20', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });
    const id = freshId();

    // Act
    const responses = await Promise.all(Array.from({ length: 20 }, () => counter(key, `id=${id}&hit=true`)));
    const bodies = await Promise.all(responses.map((r) => json(r)));
    const final = await json(await counter(key, `id=${id}`));

    // Assess
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(bodies.map((b) => b.value).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(final).toEqual({ id, value: 20 });
    expect((await storedCounter(key, id))?.value).toBe(20);
  });
});

describe('counter parameters', () => {
  test('returns 400 invalid_parameter when hit and value are given together, leaving the counter alone', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const id = freshId();
    await counter(key, `id=${id}&value=5`);

    // Act
    const response = await counter(key, `id=${id}&hit=true&value=9`);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body.code).toBe('invalid_parameter');
    expect(body.error).toMatch(/hit.*value|value.*hit/);
    expect((await storedCounter(key, id))?.value).toBe(5);
  });

  test.each(['false', 'yes', '1'])('returns 400 invalid_parameter for hit=%s', async (hit) => {
    // Prepare
    const key = server.demoKeys.free!;
    const id = freshId();

    // Act
    const response = await counter(key, `id=${id}&hit=${hit}`);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_parameter', param: 'hit' });
    expect(await storedCounter(key, id)).toBeUndefined();
  });

  test('accepts hit=TRUE and hit=True case-insensitively', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const id = freshId();

    // Act
    const upper = await counter(key, `id=${id}&hit=TRUE`);
    const mixed = await counter(key, `id=${id}&hit=True`);

    // Assess
    expect(upper.status).toBe(200);
    expect(mixed.status).toBe(200);
    expect(await json(upper)).toEqual({ id, value: 1 });
    expect(await json(mixed)).toEqual({ id, value: 2 });
  });

  test.each([
    ['-1', 'a negative number'],
    ['1.5', 'a fraction'],
    ['9007199254740992', '2^53'],
    ['1e3', 'exponent notation'],
    ['ten', 'a word'],
  ])('returns 400 invalid_parameter for value=%s (%s)', async (value) => {
    // Prepare
    const key = server.demoKeys.developer!;
    const id = freshId();

    // Act
    const response = await counter(key, `id=${id}&value=${value}`);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_parameter', param: 'value' });
    expect(await storedCounter(key, id)).toBeUndefined();
  });

  test('accepts value=2^53-1 and returns it exactly', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'developer', period: 'month' });
    const id = freshId();

    // Act
    const response = await counter(key, `id=${id}&value=${MAX_SAFE}`);
    const text = await response.text();
    const read = await counter(key, `id=${id}`);

    // Assess
    expect(response.status).toBe(200);
    expect(text).toContain(`"value":${MAX_SAFE}`);
    expect(JSON.parse(text)).toEqual({ id, value: Number.MAX_SAFE_INTEGER });
    expect(await read.text()).toContain(`"value":${MAX_SAFE}`);
  });

  test('returns 400 invalid_parameter for hit=true on a counter already at 2^53-1, keeping its value', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'developer', period: 'month' });
    const id = freshId();
    await counter(key, `id=${id}&value=${MAX_SAFE}`);

    // Act
    const response = await counter(key, `id=${id}&hit=true`);

    // Assess
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe('invalid_parameter');
    expect((await storedCounter(key, id))?.value).toBe(Number.MAX_SAFE_INTEGER);
  });

  test.each([
    ['65 characters', 'a'.repeat(65)],
    ['a space', 'a%20b'],
    ['a non-ASCII letter', '%C3%A9'],
    ['a slash', 'a%2Fb'],
    ['a colon', 'a%3Ab'],
  ])('returns 400 invalid_parameter for an id with %s', async (_, id) => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await counter(key, `id=${id}`);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_parameter', param: 'id' });
  });

  test('accepts an id of 64 characters drawn from A-Z, a-z, 0-9, _ . -', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const id = `AZaz09_.-${'x'.repeat(55)}`;

    // Act
    const response = await counter(key, `id=${id}&hit=true`);

    // Assess
    expect(id).toHaveLength(64);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id, value: 1 });
  });

  test.each([
    ['absent', ''],
    ['empty', 'id=&hit=true'],
    ['blank', 'id=%20%20'],
  ])('returns 400 missing_parameter when id is %s', async (_, query) => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await counter(key, query);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: "Parameter 'id' is required.", code: 'missing_parameter', param: 'id' });
  });
});

describe('counter retention (stored state)', () => {
  test('a free counter expires 14 days after its creation', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const id = freshId();
    const before = nowSeconds();

    // Act
    await counter(key, `id=${id}&hit=true`);
    const after = nowSeconds();

    // Assess
    const item = await storedCounter(key, id);
    expect(item?.expires_at).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(item?.expires_at).toBeLessThanOrEqual(after + 14 * DAY);
  });

  test('a free counter keeps its expiry fixed from creation when it is hit, read or set later', async () => {
    // Prepare: a counter whose stored expiry is earlier than a fresh 14 days would be
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const id = freshId();
    await counter(key, `id=${id}&hit=true`);
    const created = await storedCounter(key, id);
    const earlier = nowSeconds() + 3 * DAY;
    await setStoredExpiry(key, id, earlier);

    // Act
    const hit = await json(await counter(key, `id=${id}&hit=true`));
    const afterHit = await storedCounter(key, id);
    await counter(key, `id=${id}`);
    await counter(key, `id=${id}&value=9`);
    const afterSet = await storedCounter(key, id);

    // Assess
    expect(hit).toEqual({ id, value: 2 });
    expect(afterHit).toMatchObject({ value: 2, expires_at: earlier, created_at: created?.created_at });
    expect(afterSet).toMatchObject({ value: 9, expires_at: earlier });
  });

  test('a premium counter expires 180 days after its last request', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'developer', period: 'month' });
    const id = freshId();
    const before = nowSeconds();

    // Act
    await counter(key, `id=${id}&hit=true`);
    const after = nowSeconds();

    // Assess
    const item = await storedCounter(key, id);
    expect(item?.expires_at).toBeGreaterThanOrEqual(before + 180 * DAY);
    expect(item?.expires_at).toBeLessThanOrEqual(after + 180 * DAY);
  });

  test.each([
    ['a hit', 'hit=true', 2],
    ['a read', '', 1],
    ['a set', 'value=5', 5],
  ])('a premium counter has its expiry moved forward to 180 days by %s', async (_, change, expected) => {
    // Prepare: a counter whose stored expiry is only 3 days away
    const key = await server.newKey({ tier: 'professional', period: 'year' });
    const id = freshId();
    await counter(key, `id=${id}&hit=true`);
    await setStoredExpiry(key, id, nowSeconds() + 3 * DAY);
    const before = nowSeconds();

    // Act
    const response = await counter(key, `id=${id}${change ? `&${change}` : ''}`);
    const after = nowSeconds();

    // Assess
    const item = await storedCounter(key, id);
    expect(await json(response)).toEqual({ id, value: expected });
    expect(item?.value).toBe(expected);
    expect(item?.expires_at).toBeGreaterThanOrEqual(before + 180 * DAY);
    expect(item?.expires_at).toBeLessThanOrEqual(after + 180 * DAY);
  });

  describe.each([
    ['free', 14],
    ['business', 180],
  ] as const)('an expired %s counter still waiting for the TTL sweep', (tier, days) => {
    /** Writes the counter directly with an expiry in the past, as DynamoDB keeps it until its lazy TTL sweep. */
    async function writeExpired(key: string, id: string): Promise<void> {
      const now = nowSeconds();
      await db.send(
        new PutCommand({
          TableName: 'counters',
          Item: { owner: hashApiKey(key), id, value: 41, created_at: now - 20 * DAY, expires_at: now - 60 },
        }),
      );
    }

    test('reads as a new counter with value 0, stored afresh', async () => {
      // Prepare
      const key = await server.newKey({ tier, period: 'month' });
      const id = freshId();
      await writeExpired(key, id);
      const before = nowSeconds();

      // Act
      const response = await counter(key, `id=${id}`);

      // Assess
      const item = await storedCounter(key, id);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ id, value: 0 });
      expect(item?.value).toBe(0);
      expect(item?.created_at).toBeGreaterThanOrEqual(before);
      expect(item?.expires_at).toBeGreaterThanOrEqual(before + days * DAY);
    });

    test('counts a hit from zero, returning 1', async () => {
      // Prepare
      const key = await server.newKey({ tier, period: 'month' });
      const id = freshId();
      await writeExpired(key, id);
      const before = nowSeconds();

      // Act
      const response = await counter(key, `id=${id}&hit=true`);
      const next = await counter(key, `id=${id}&hit=true`);

      // Assess
      const item = await storedCounter(key, id);
      expect(await json(response)).toEqual({ id, value: 1 });
      expect(await json(next)).toEqual({ id, value: 2 });
      expect(item?.value).toBe(2);
      expect(item?.expires_at).toBeGreaterThanOrEqual(before + days * DAY);
    });
  });
});
