import * as z from 'zod/mini';
import { defineEndpoint } from '../../lib/http/definition';
import { endpointList, endpoints } from '../../lib/api/registry';

describe('defineEndpoint', () => {
  test('builds the parameter and response schemas when first read, once', () => {
    // Prepare
    const built = { params: 0, response: 0 };
    const definition = defineEndpoint({
      path: '/v1/lazy',
      method: 'GET',
      entry: 'test/unit/definition.test.ts',
      summary: 'lazy',
      cache: 'no-store',
      access: 'all',
      metering: 'quota',
      params: () => {
        built.params += 1;
        return z.object({ id: z.string() });
      },
      response: {
        json: () => {
          built.response += 1;
          return z.object({ id: z.string() });
        },
      },
    });

    // Act / Assess
    expect(built).toEqual({ params: 0, response: 0 });
    expect(Object.keys(definition.params.shape)).toEqual(['id']);
    expect(definition.params).toBe(definition.params);
    expect(built).toEqual({ params: 1, response: 0 });
    const response = definition.response as { json: z.ZodMiniType };
    expect(z.safeParse(response.json, { id: 'a' }).success).toBe(true);
    expect(response.json).toBe(response.json);
    expect(built).toEqual({ params: 1, response: 1 });
  });
});

test('the registry lists every endpoint with the same schemas as its definition', () => {
  // Act / Assess
  for (const entry of endpointList) {
    const definition = endpoints[entry.name as keyof typeof endpoints];
    expect(entry.path).toBe(definition.path);
    expect(entry.params).toBe(definition.params);
    expect(entry.response).toBe(definition.response);
  }
});
