import { jest } from '@jest/globals';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { defineEndpoint } from '../../lib/http/definition';
import { endpoint } from '../../lib/http/endpoint';
import { errorFacts, logger } from '../../lib/http/observability';
import { lambdaContext } from '../../infra/local/adapter';

const SECRET = 'caller-input-4242';

/** Fails the way a module of ours fails on a caller's input: the message quotes the input. */
function parseCallerInput(input: string): never {
  throw Object.assign(new TypeError(`cannot parse '${input}'\nsecond line: ${input}`), { code: 'ERR_INVALID_ARG_VALUE' });
}

describe('errorFacts', () => {
  test('gives the class, the code and the first frame inside the project, and nothing of the message', () => {
    // Prepare
    let error: unknown;
    try {
      parseCallerInput(SECRET);
    } catch (caught) {
      error = caught;
    }

    // Act
    const facts = errorFacts(error);

    // Assess
    expect(facts).toEqual({
      error_class: 'TypeError',
      error_code: 'ERR_INVALID_ARG_VALUE',
      error_frame: expect.stringMatching(/^test\/unit\/errorFacts\.test\.ts:\d+:\d+ \(parseCallerInput\)$/),
    });
    expect(JSON.stringify(facts)).not.toContain(SECRET);
  });

  test('skips frames in node_modules and Node internals, and names an SDK error whose name differs from its class', () => {
    // Prepare: the stack of a missing module as a bundled layer import reports it
    class ServiceException extends Error {}
    const error = Object.assign(new ServiceException('Cannot find module /opt/nodejs/node_modules/sharp'), {
      name: 'ResourceNotFoundException',
      stack: [
        'ResourceNotFoundException: Cannot find module /opt/nodejs/node_modules/sharp',
        '    at finalizeResolution (node:internal/modules/esm/resolve:275:11)',
        '    at load (file:///var/task/node_modules/onnxruntime-node/dist/index.js:10:3)',
        '    at detectObjects (file:///var/task/lib/vision/detector.ts:57:21)',
        '    at file:///var/task/functions/objectDetection.ts:12:9',
      ].join('\n'),
    });

    // Act
    const facts = errorFacts(error);

    // Assess
    expect(facts).toEqual({ error_class: 'ServiceException', error_name: 'ResourceNotFoundException', error_frame: 'lib/vision/detector.ts:57:21 (detectObjects)' });
  });

  test('describes a thrown non-error by its type only', () => {
    // Act / Assess
    expect(errorFacts(SECRET)).toEqual({ error_class: 'string' });
  });
});

test('the error mapper logs an unexpected error with its facts and answers a bare 500 without the message', async () => {
  // Prepare
  const spy = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  const handler = endpoint(
    defineEndpoint({
      path: '/v1/broken',
      method: 'GET',
      entry: 'test/unit/errorFacts.test.ts',
      summary: 'fails',
      cache: 'no-store',
      access: 'public',
      metering: 'none',
      params: () => z.object({}),
      response: { json: () => z.object({}) },
    }),
    () => parseCallerInput(SECRET),
  );
  const event = { rawPath: '/v1/broken', headers: {}, requestContext: { requestId: 'r1', http: { method: 'GET' } } } as unknown as APIGatewayProxyEventV2;

  // Act
  const response = (await handler(event, lambdaContext('broken', 256, 10, 'r1'))) as APIGatewayProxyStructuredResultV2;

  // Assess
  expect(response.statusCode).toBe(500);
  expect(JSON.parse(response.body!)).toEqual({ error: 'Something went wrong on our side; the call was not counted.', code: 'internal_error' });
  expect(spy).toHaveBeenCalledWith('unexpected error', {
    error_class: 'TypeError',
    error_code: 'ERR_INVALID_ARG_VALUE',
    error_frame: expect.stringMatching(/^test\/unit\/errorFacts\.test\.ts:\d+:\d+ \(parseCallerInput\)$/),
  });
  expect(JSON.stringify(spy.mock.calls)).not.toContain(SECRET);
  spy.mockRestore();
});
