import { jest } from '@jest/globals';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { defineEndpoint } from '../../lib/http/definition';
import { endpoint } from '../../lib/http/endpoint';
import { textParam } from '../../lib/http/params';
import { logger, putMetric } from '../../lib/http/observability';
import { lambdaContext } from '../../infra/local/adapter';

const SECRET = 'caller-text-5150';

/** What the logger and metrics write while `act` runs, line by line, per stream. */
async function captureOutput(act: () => unknown): Promise<{ stdout: string[]; stderr: string[] }> {
  const written = { stdout: [] as string[], stderr: [] as string[] };
  const capture = (stream: NodeJS.WriteStream, lines: string[]) =>
    jest.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    }) as typeof stream.write);
  const spies = [capture(process.stdout, written.stdout), capture(process.stderr, written.stderr)];
  try {
    await act();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return written;
}

const echo = endpoint(
  defineEndpoint({
    path: '/v1/echo',
    method: 'GET',
    entry: 'test/unit/observability.test.ts',
    summary: 'echoes its text',
    cache: 'no-store',
    access: 'public',
    metering: 'none',
    params: () => z.object({ text: textParam(20, 'text to echo') }),
    response: { json: () => z.object({ text: z.string() }) },
  }),
  ({ params }) => ({ text: params.text }),
);

const call = (text: string, requestId: string) =>
  echo(
    {
      rawPath: '/v1/echo',
      headers: {},
      queryStringParameters: { text },
      requestContext: { requestId, http: { method: 'GET' } },
    } as unknown as APIGatewayProxyEventV2,
    lambdaContext('echo', 256, 10, requestId),
  ) as Promise<APIGatewayProxyStructuredResultV2>;

describe('logs and metrics of a call', () => {
  const metricsSetting = process.env.POWERTOOLS_METRICS_DISABLED;
  beforeEach(() => {
    logger.setLogLevel('INFO');
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  });
  afterEach(() => {
    logger.setLogLevel('SILENT');
    process.env.POWERTOOLS_METRICS_DISABLED = metricsSetting;
  });

  test('a call writes one JSON log line and one CloudWatch EMF record, with the API, status and duration only', async () => {
    // Act
    let response: APIGatewayProxyStructuredResultV2 | undefined;
    const output = await captureOutput(async () => {
      response = await call(SECRET, 'req-1');
    });

    // Assess
    expect(response!.statusCode).toBe(200);
    expect(output.stderr).toEqual([]);
    expect(output.stdout).toHaveLength(2);
    const [line, metric] = output.stdout.map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(Object.keys(line!)).toEqual(['level', 'message', 'timestamp', 'service', 'sampling_rate', 'request_id', 'api', 'status', 'duration_ms']);
    expect(line).toEqual({
      level: 'INFO',
      message: 'call',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: 'data-query-service',
      sampling_rate: 0,
      request_id: 'req-1',
      api: '/v1/echo',
      status: 200,
      duration_ms: expect.any(Number),
    });
    expect(metric).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [{ Namespace: 'DataQueryService', Dimensions: [['service', 'api']], Metrics: [{ Name: 'Calls', Unit: 'Count' }] }],
      },
      service: 'data-query-service',
      api: '/v1/echo',
      Calls: 1,
    });
    expect(output.stdout.join('\n')).not.toContain(SECRET);
  });

  test('a rejected call counts as a client error, and its log line does not quote the rejected value', async () => {
    // Act
    const tooLong = `${SECRET}-${SECRET}`;
    const output = await captureOutput(() => call(tooLong, 'req-2'));

    // Assess
    const [line, metric] = output.stdout.map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(line).toMatchObject({ level: 'INFO', message: 'call', request_id: 'req-2', status: 400 });
    expect(metric).toMatchObject({ api: '/v1/echo', ClientErrors: 1 });
    expect(output.stdout.join('\n')).not.toContain(SECRET);
  });

  test('the request id is on the call\'s lines only', async () => {
    // Act
    const output = await captureOutput(async () => {
      await call('first', 'req-3');
      logger.info('between calls');
    });

    // Assess
    const lines = output.stdout.map((text) => JSON.parse(text) as Record<string, unknown>).filter((l) => 'level' in l);
    expect(lines.map((l) => [l.message, l.request_id])).toEqual([
      ['call', 'req-3'],
      ['between calls', undefined],
    ]);
  });

  test('with POWERTOOLS_METRICS_DISABLED=true a call writes its log line and no metric', async () => {
    // Prepare
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';

    // Act
    const output = await captureOutput(() => call('hello', 'req-4'));

    // Assess
    expect(output.stdout.map((text) => (JSON.parse(text) as { message?: string }).message)).toEqual(['call']);
  });
});

describe('logger', () => {
  afterEach(() => {
    logger.setLogLevel('SILENT');
    delete process.env._X_AMZN_TRACE_ID;
  });

  test('writes warnings and errors to stderr, the rest to stdout, leaving out empty fields', async () => {
    // Prepare
    logger.setLogLevel('INFO');

    // Act
    const output = await captureOutput(() => {
      logger.info('started', { jobs: 3 });
      logger.warn('slow', { ms: 1200, note: '', extra: null, missing: undefined });
      logger.error('failed', { error_class: 'TypeError' });
    });

    // Assess
    expect(output.stdout.map((text) => JSON.parse(text))).toEqual([
      { level: 'INFO', message: 'started', timestamp: expect.any(String), service: 'data-query-service', sampling_rate: 0, jobs: 3 },
    ]);
    expect(output.stderr.map((text) => JSON.parse(text))).toEqual([
      { level: 'WARN', message: 'slow', timestamp: expect.any(String), service: 'data-query-service', sampling_rate: 0, ms: 1200 },
      { level: 'ERROR', message: 'failed', timestamp: expect.any(String), service: 'data-query-service', sampling_rate: 0, error_class: 'TypeError' },
    ]);
  });

  test('writes nothing below its level', async () => {
    // Prepare
    logger.setLogLevel('WARN');

    // Act
    const output = await captureOutput(() => {
      logger.info('routine');
      logger.warn('unusual');
    });

    // Assess
    expect(output.stdout).toEqual([]);
    expect(output.stderr.map((text) => (JSON.parse(text) as { message: string }).message)).toEqual(['unusual']);
  });

  test('carries the X-Ray trace id of the invocation when Lambda gives one', async () => {
    // Prepare
    logger.setLogLevel('INFO');
    process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';

    // Act
    const output = await captureOutput(() => logger.info('traced'));

    // Assess
    expect(JSON.parse(output.stdout[0]!)).toMatchObject({ message: 'traced', xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793' });
  });
});

test('putMetric writes an EMF record with the service and the given dimensions', async () => {
  // Prepare
  const setting = process.env.POWERTOOLS_METRICS_DISABLED;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';

  // Act
  const output = await captureOutput(() => putMetric('ServerErrors', 'Count', 1, { api: '/v1/counter' }));
  process.env.POWERTOOLS_METRICS_DISABLED = setting;

  // Assess
  expect(JSON.parse(output.stdout[0]!)).toEqual({
    _aws: {
      Timestamp: expect.any(Number),
      CloudWatchMetrics: [{ Namespace: 'DataQueryService', Dimensions: [['service', 'api']], Metrics: [{ Name: 'ServerErrors', Unit: 'Count' }] }],
    },
    service: 'data-query-service',
    api: '/v1/counter',
    ServerErrors: 1,
  });
});
