import * as z from 'zod/mini';
import type { EndpointDefinition } from './definition';
import { ACCESS } from './plans';

type Entry = EndpointDefinition & { name: string };

const ERRORS: Record<string, string> = {
  '400': 'missing_parameter or invalid_parameter',
  '401': 'missing_api_key or invalid_api_key',
  '403': 'plan_required: the endpoint or a parameter needs a higher plan',
  '404': 'no_data: a valid query without data',
  '429': 'quota_exceeded (monthly quota) or rate_limited; see Retry-After',
  '500': 'internal_error; the call is not counted',
  '502': 'upstream_error: a live upstream the call needs failed; the call is not counted',
  '503': 'data_unavailable: the data have not been ingested yet',
};

const UPLOAD_ERRORS: Record<string, string> = {
  '413': 'payload_too_large: the request body is over 6 MB',
  '415': 'unsupported_media_type: not multipart/form-data, or the file is not of an accepted type',
};

const rateLimitHeaders = Object.fromEntries(
  ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'].map((h) => [h, { schema: { type: 'integer' } }]),
);

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function uploadBody({ field, types }: NonNullable<Entry['upload']>) {
  const file = { type: 'string', format: 'binary', contentMediaType: types.join(', ') };
  const schema = { type: 'object', required: [field], properties: { [field]: file } };
  return { required: true, content: { 'multipart/form-data': { schema, encoding: { [field]: { contentType: types.join(', ') } } } } };
}

function operation(entry: Entry) {
  const shape = entry.params.shape;
  const keyed = entry.access !== 'public';
  const success = 'json' in entry.response
    ? { 'application/json': { schema: jsonSchema(entry.response.json, 'output') } }
    : 'text' in entry.response ? { [entry.response.text]: { schema: { type: 'string' } } }
    : Object.fromEntries(entry.response.binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  const gates = entry.paramGates as Record<string, { access: keyof typeof ACCESS } | undefined> | undefined;
  return {
    operationId: entry.name,
    summary: entry.summary,
    description: [entry.description, `Access: ${ACCESS[entry.access].label}.`].filter(Boolean).join('\n\n'),
    'x-access': entry.access,
    security: keyed ? [{ [entry.keyIn === 'query' ? 'apiKeyQuery' : 'apiKeyHeader']: [] }] : [],
    parameters: Object.entries(shape).map(([name, schema]) => {
      const { description, ...schemaOnly } = jsonSchema(schema, 'input');
      const gate = gates?.[name];
      const unset = schema.safeParse(undefined);
      if (unset.success && unset.data !== undefined) schemaOnly.default = unset.data;
      return {
        name,
        in: 'query',
        required: !schema.safeParse(undefined).success,
        description: [description, gate ? `Needs: ${ACCESS[gate.access].label}.` : undefined].filter(Boolean).join(' '),
        schema: schemaOnly,
      };
    }),
    ...(entry.upload ? { requestBody: uploadBody(entry.upload) } : {}),
    responses: {
      '200': { description: 'Success', content: success, ...(keyed ? { headers: rateLimitHeaders } : {}) },
      ...Object.fromEntries(
        Object.entries({ ...ERRORS, ...(entry.upload ? UPLOAD_ERRORS : {}) })
          .filter(([status]) => keyed || Number(status) >= 500 || status === '400')
          .map(([status, description]) => [
            status,
            { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of every registered endpoint, generated from the registry's zod schemas. */
export function openApiDocument(entries: readonly Entry[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of entries) {
    if (entry.path === '$default') continue;
    (paths[entry.path] ??= {})[entry.method.toLowerCase()] = operation(entry);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Data Query Service',
      version: '1.0.0',
      description:
        'Data lookups and small utilities over HTTP. Send your key in the X-Api-Key header (the api_key query parameter on /v1/analytics). ' +
        'Every error body is {"error", "code", "param"?}. Calls on keyed endpoints count against the monthly quota and carry RateLimit-* headers.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: { error: { type: 'string' }, code: { type: 'string' }, param: { type: 'string' } },
        },
      },
    },
    paths,
  };
}
