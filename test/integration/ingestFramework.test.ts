import { jest } from '@jest/globals';
import { describeSeed, seedSampleData } from '../../infra/local/seed';
import { startScheduler } from '../../infra/local/scheduler';
import { JOB_RUNS, type JobRun } from '../../lib/ingest/job';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/store/dynamo';
import { tableName } from '../../lib/store/tables';
import { getRecord, getRecords, listRecords, putBars, putRecords, queryBars, replaceCollection } from '../../lib/store/marketData';
import { greetingsJob, handler as greetingsHandler } from '../fixtures/ingest-sample/sampleJob';
import { fixtureReply, serverError, startFakeUpstream, truncatedJson, type FakeUpstream } from '../support/fakeUpstream';
import { startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let upstream: FakeUpstream;
const now = new Date('2026-03-02T12:00:00Z');
const live = { now, sample: false };

beforeAll(async () => {
  server = await startTestServer();
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
  await server.close();
});
afterEach(() => {
  upstream.reset();
  delete process.env.GREETINGS_BASE_URL;
});

describe('The market-data repository', () => {
  const series = { dataset: 'test', symbol: 'ABC', period: '1h' };
  const bar = (time: number) => ({ time, close: time / 3600 });

  it('returns bars in a time range newest first, at most the limit, with the range inclusive', async () => {
    // Prepare: 10 hourly bars
    const start = Date.UTC(2026, 2, 2, 0) / 1000;
    await putBars(series, Array.from({ length: 10 }, (_, i) => bar(start + i * 3600)), live);
    // Act
    const newest = await queryBars(series, { from: start + 3600, to: start + 5 * 3600, limit: 3, order: 'newest' }, now);
    const oldest = await queryBars(series, { from: start + 3600, to: start + 5 * 3600, limit: 100, order: 'oldest' }, now);
    // Assess
    expect(newest.map((b) => b.value.time)).toEqual([start + 5 * 3600, start + 4 * 3600, start + 3 * 3600]);
    expect(oldest.map((b) => b.value.time)).toEqual([1, 2, 3, 4, 5].map((i) => start + i * 3600));
    expect(newest[0]).toMatchObject({ sample: false, storedAt: now.getTime() / 1000 });
  });

  it('keeps pre-1970 bars in time order', async () => {
    const old = { ...series, symbol: 'OLD', period: '1d' };
    await putBars(old, [bar(-86_400 * 365), bar(-86_400), bar(0), bar(86_400)], live);
    const bars = await queryBars(old, { limit: 10, order: 'oldest' }, now);
    expect(bars.map((b) => b.value.time)).toEqual([-86_400 * 365, -86_400, 0, 86_400]);
  });

  it('replaces a bar with the same open time instead of adding a second one (idempotent writes)', async () => {
    const s = { ...series, symbol: 'IDEM' };
    await putBars(s, [{ time: 3600, close: 1 }], live);
    await putBars(s, [{ time: 3600, close: 2 }], live);
    const bars = await queryBars<{ time: number; close: number }>(s, { limit: 10, order: 'newest' }, now);
    expect(bars.map((b) => b.value.close)).toEqual([2]);
  });

  it('skips intraday bars past their retention while the limit still counts live bars', async () => {
    // Prepare: retention 1 day; three bars older than a day, two recent ones
    const s = { ...series, symbol: 'TTL', period: '1m' };
    const t = now.getTime() / 1000;
    await putBars(s, [t - 3 * 86_400, t - 2.5 * 86_400, t - 2 * 86_400, t - 600, t - 60].map(bar), live, 86_400);
    // Act
    const bars = await queryBars(s, { limit: 3, order: 'oldest' }, now);
    // Assess
    expect(bars.map((b) => b.value.time)).toEqual([t - 600, t - 60]);
  });

  it('reads records by id, in batches, and lists a collection in id order', async () => {
    await putRecords('quotes-test', [{ id: 'B', value: { p: 2 } }, { id: 'A', value: { p: 1 } }], { now, sample: true });
    expect(await getRecord('quotes-test', 'A', now)).toEqual({ value: { p: 1 }, sample: true, storedAt: now.getTime() / 1000 });
    expect(await getRecord('quotes-test', 'Z', now)).toBeUndefined();
    const found = await getRecords<{ p: number }>('quotes-test', ['A', 'Z', 'B', 'A'], now);
    expect([...found.keys()].sort()).toEqual(['A', 'B']);
    expect((await listRecords('quotes-test', now)).map((r) => r.id)).toEqual(['A', 'B']);
  });

  it('replaces a whole collection, dropping ids that are no longer listed', async () => {
    await replaceCollection('list-test', ['X', 'Y', 'Z'].map((id) => ({ id, value: id })), live);
    await replaceCollection('list-test', ['Y', 'W'].map((id) => ({ id, value: id })), live);
    expect((await listRecords('list-test', now)).map((r) => r.id)).toEqual(['W', 'Y']);
  });

  it('keeps a record read with cacheSeconds in memory until a write through the repository drops it', async () => {
    // Prepare: a cached read, then the record changed behind the repository's back (another container)
    await putRecords('memo-one', [{ id: 'latest', value: 1 }], live);
    expect((await getRecord('memo-one', 'latest', now, 10))?.value).toBe(1);
    await dynamo().send(new PutCommand({ TableName: tableName('market'), Item: { pk: 'rec|memo-one', sk: 'latest', value: '2', stored_at: 0 } }));
    // Act
    const cached = await getRecord('memo-one', 'latest', now, 10);
    const uncached = await getRecord('memo-one', 'latest', now);
    await putRecords('memo-one', [{ id: 'other', value: 3 }], live);
    const fresh = await getRecord('memo-one', 'latest', now, 10);
    // Assess
    expect([cached?.value, uncached?.value, fresh?.value]).toEqual([1, 2, 2]);
  });

  it('keeps a list read with cacheSeconds in memory until a write through the repository drops it', async () => {
    // Prepare: a cached read, then an item written behind the repository's back (another container)
    await replaceCollection('memo-test', [{ id: 'A', value: 1 }], live);
    expect((await listRecords('memo-test', now, 300)).map((r) => r.id)).toEqual(['A']);
    await dynamo().send(new PutCommand({ TableName: tableName('market'), Item: { pk: 'rec|memo-test', sk: 'B', value: '2', stored_at: 0 } }));
    // Act
    const cached = await listRecords('memo-test', now, 300);
    await putRecords('memo-test', [{ id: 'C', value: 3 }], live);
    const fresh = await listRecords('memo-test', now, 300);
    // Assess
    expect(cached.map((r) => r.id)).toEqual(['A']);
    expect(fresh.map((r) => r.id)).toEqual(['A', 'B', 'C']);
  });

  it('writes and reads more items than one batch holds', async () => {
    const records = Array.from({ length: 260 }, (_, i) => ({ id: `id${String(i).padStart(3, '0')}`, value: i }));
    await replaceCollection('big-test', records, live);
    expect(await listRecords('big-test', now)).toHaveLength(260);
    expect((await getRecords('big-test', records.map((r) => r.id), now)).size).toBe(260);
  });
});

describe('An ingestion job', () => {
  it('stores what it fetched and records the run', async () => {
    // Prepare
    upstream.on('/v1/greetings', fixtureReply('ingest-sample', 'greetings.json'));
    process.env.GREETINGS_BASE_URL = upstream.url;
    // Act
    const summary = await greetingsHandler({ time: '2026-03-02T12:00:00Z' });
    // Assess
    expect(summary).toEqual({ written: 2 });
    expect((await listRecords('greetings', now)).map((r) => r.value)).toEqual([
      { id: 'en', text: 'hello' },
      { id: 'fr', text: 'bonjour' },
    ]);
    const run = await getRecord<JobRun>(JOB_RUNS, 'greetings', now);
    expect(run?.value).toMatchObject({ job: 'greetings', last_success: now.getTime() / 1000, last_error: null, written: 2, sample: false });
  });

  it.each([
    ['a 5xx', serverError(503)],
    ['truncated JSON', truncatedJson('{"greetings":[{"id":"xx","text":"gone"}]}')],
    ['an empty result', { status: 200, body: '{"greetings":[]}' }],
  ])('fails on %s, leaves the stored data as they were and records the error', async (_case, reply) => {
    // Prepare: a good run first
    upstream.on('/v1/greetings', fixtureReply('ingest-sample', 'greetings.json'));
    process.env.GREETINGS_BASE_URL = upstream.url;
    await greetingsHandler({ time: '2026-03-02T12:00:00Z' });
    upstream.on('/v1/greetings', reply);
    // Act
    const failure = await greetingsHandler({ time: '2026-03-02T12:05:00Z', log: false }).catch((error: Error) => error);
    // Assess
    expect(failure).toBeInstanceOf(Error);
    expect((await listRecords('greetings', now)).map((r) => r.id)).toEqual(['en', 'fr']);
    const run = await getRecord<JobRun>(JOB_RUNS, 'greetings', new Date('2026-03-02T12:05:00Z'));
    expect(run?.value.last_success).toBe(now.getTime() / 1000);
    expect(run?.value.last_error).toEqual(expect.any(String));
  });
});

describe("A job's data-age metric", () => {
  /** The EMF records a run writes to stdout, with metrics on as in Lambda. */
  async function metricsOf(run: () => Promise<unknown>): Promise<Record<string, any>[]> {
    const lines: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    }) as typeof process.stdout.write);
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    try {
      await run();
    } finally {
      process.env.POWERTOOLS_METRICS_DISABLED = 'true';
      spy.mockRestore();
    }
    return lines.map((line) => JSON.parse(line) as Record<string, any>).filter((record) => record._aws);
  }

  it("publishes the family's data age after every run: 0 once it stored items, then the time since, also after a failed run", async () => {
    // Prepare
    process.env.GREETINGS_BASE_URL = upstream.url;
    upstream.on('/v1/greetings', fixtureReply('ingest-sample', 'greetings.json'));
    // Act: a run that stores, then one ten minutes later whose upstream fails
    const stored = await metricsOf(() => greetingsHandler({ time: '2026-03-03T08:00:00Z', log: false }));
    upstream.on('/v1/greetings', serverError(503));
    const failed = await metricsOf(() => greetingsHandler({ time: '2026-03-03T08:10:00Z', log: false }).catch(() => undefined));
    // Assess
    expect(stored).toEqual([
      {
        _aws: { Timestamp: expect.any(Number), CloudWatchMetrics: [{ Namespace: 'DataQueryService', Dimensions: [['service', 'family']], Metrics: [{ Name: 'DataAgeSeconds', Unit: 'Seconds' }] }] },
        service: 'data-query-service',
        family: 'greetings',
        DataAgeSeconds: 0,
      },
    ]);
    expect(failed.map((record) => record.DataAgeSeconds)).toEqual([600]);
  });
});

describe('The seed', () => {
  it('feeds the recordings through the real job and marks what it wrote as sample', async () => {
    // Prepare: the job asks for German greetings, which the recordings answer per query
    process.env.GREETINGS_LANG = 'de';
    // Act
    const outcomes = await seedSampleData([greetingsJob]);
    delete process.env.GREETINGS_LANG;
    // Assess
    expect(outcomes).toEqual([{ job: 'greetings', ok: true, written: 1, ms: expect.any(Number) }]);
    expect(describeSeed(outcomes)[0]).toMatch(/SAMPLE +greetings +1 items +\d+ ms \(recorded payloads, not live data\)/);
    const stored = await listRecords('greetings', now);
    expect(stored).toEqual([{ id: 'de', value: { id: 'de', text: 'hallo' }, sample: true, storedAt: Date.parse('2026-03-02T12:00:00Z') / 1000 }]);
    expect(process.env.GREETINGS_BASE_URL).toBeUndefined();
  });

  it('reports a job whose recordings are missing and goes on', async () => {
    const broken = { ...greetingsJob, sample: { ...greetingsJob.sample!, upstreams: [{ ...greetingsJob.sample!.upstreams[0]!, routes: {} }] } };
    const outcomes = await seedSampleData([broken, greetingsJob]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, true]);
    expect(outcomes[0]!.error).toMatch(/404/);
  });
});

describe('The local scheduler', () => {
  it('runs a job on its schedule and prints a failure once until it recovers', async () => {
    // Prepare: a handler that fails twice, then succeeds; fake timers drive rate(1 minute)
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    const lines: string[] = [];
    const outcomes = [new Error('offline'), new Error('offline'), { written: 3 }];
    let calls = 0;
    const handler = async () => {
      const outcome = outcomes[Math.min(calls++, outcomes.length - 1)]!;
      if (outcome instanceof Error) throw outcome;
      return outcome;
    };
    const scheduler = startScheduler([greetingsJob], (line) => lines.push(line), async () => handler);
    try {
      // Act
      for (let minute = 0; minute < 3; minute += 1) await jest.advanceTimersByTimeAsync(60_000);
      // Assess
      expect(calls).toBe(3);
      expect(lines).toEqual([
        'ingestion greetings failed: offline (stored data kept; retried on schedule rate(1 minute))',
        'ingestion greetings: running again (3 items written)',
      ]);
      expect(scheduler.next().greetings).toBeInstanceOf(Date);
    } finally {
      scheduler.stop();
      jest.useRealTimers();
    }
  });
});
