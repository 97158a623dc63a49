import * as z from 'zod/mini';
import { revalidates } from './caching';
import type { EndpointDefinition } from './definition';
import { ACCESS } from './plans';
import { pathsOf } from './routes';
import { HeadersTooLargeError, InternalError, MissingApiKeyError, MissingParameterError, needsPlan, PayloadTooLargeError, PlanRequiredError, QuotaExceededError } from './errors';

type Entry = EndpointDefinition & { name: string; tag: string };

/** An operation's example for the API reference (lib/api/examples.generated.ts, made by `npm run examples`). */
export interface ApiExample {
  query?: Record<string, string>;
  /** the JSON request body (/mcp) */
  body?: unknown;
  response?: unknown;
  /** service: the local service's answer on reference data; sample: on the seed's sample data; illustrative: written by hand */
  source?: 'service' | 'sample' | 'illustrative';
  /** arrays were cut to their first 3 items */
  cut?: boolean;
}

/** The error responses, by status, with the codes each can carry (CONTRACT "Errors") and an example. */
const ERRORS = {
  '400': {
    name: 'BadRequest',
    description:
      'Parameters are missing or invalid: the message names every one (and any unknown parameter the call sent, which was ignored, with the ' +
      'closest real name), param the first; or the request is not valid HTTP',
    codes: ['missing_parameter', 'invalid_parameter', 'malformed_request'],
    example: new MissingParameterError('ticker').body(),
  },
  '401': {
    name: 'Unauthorized',
    description: 'No API key, or an unknown or disabled one',
    codes: ['missing_api_key', 'invalid_api_key'],
    example: new MissingApiKeyError().body(),
  },
  '403': {
    name: 'PlanRequired',
    description: 'The endpoint or a parameter needs a higher plan; the message names it',
    codes: ['plan_required'],
    example: new PlanRequiredError('parameter', 'premium', needsPlan("Parameter 'year'", 'premium', 'free'), 'year').body(),
  },
  '404': {
    name: 'NoData',
    description: 'A valid lookup of one thing that has no data (unknown ticker, fund, company, ...); it counts as a call',
    codes: ['no_data'],
    example: { error: "No stock or index with ticker 'ZZZZ' is known.", code: 'no_data' },
  },
  '413': {
    name: 'PayloadTooLarge',
    description:
      "The request body is over 4 MB (4,194,304 bytes): API Gateway base64-encodes a binary body inside Lambda's 6 MB invocation payload, so no larger body can reach the service",
    codes: ['payload_too_large'],
    example: new PayloadTooLargeError().body(),
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'Not multipart/form-data, or the file is not of an accepted type',
    codes: ['unsupported_media_type'],
    example: { error: 'The image must be a JPEG or PNG file.', code: 'unsupported_media_type' },
  },
  '429': {
    name: 'TooManyRequests',
    description: 'The monthly quota is used up, or the per-minute rate limit reached; Retry-After says when to try again',
    codes: ['quota_exceeded', 'rate_limited'],
    example: new QuotaExceededError(0, '2026-12-01').body(),
  },
  '431': {
    name: 'HeadersTooLarge',
    description: 'The request headers are over 16 KB',
    codes: ['headers_too_large'],
    example: new HeadersTooLargeError().body(),
  },
  '500': {
    name: 'InternalError',
    description: 'Something failed on our side; the call is not counted (the message says so only when giving it back succeeded)',
    codes: ['internal_error'],
    example: new InternalError().body(),
  },
  '502': {
    name: 'UpstreamError',
    description: 'A live upstream the call needs failed; the call is not counted',
    codes: ['upstream_error'],
    example: { error: 'Binance did not answer and no bars are stored for this window; try again later.', code: 'upstream_error' },
  },
  '503': {
    name: 'ServiceUnavailable',
    description:
      'The data the call needs have not been ingested or imported yet (data_unavailable), or our own store cannot be reached ' +
      '(service_unavailable, with Retry-After; the call is not counted)',
    codes: ['data_unavailable', 'service_unavailable'],
    example: { error: 'The stock ticker list has not been ingested yet; try again later.', code: 'data_unavailable' },
  },
} as const;
type ErrorStatus = keyof typeof ERRORS;

/** The errors an operation can answer: every one the HTTP layer and pipeline can raise for it. */
function errorStatuses(entry: Entry): ErrorStatus[] {
  const statuses: ErrorStatus[] = ['400', '431', '500'];
  // a keyed call can find our store unreachable (503 service_unavailable) while it looks up the key
  if (entry.access !== 'public') statuses.push('401', '503');
  if (entry.access !== 'public' && entry.metering !== 'none') statuses.push('403', '404', '429', '502');
  if (entry.upload || entry.jsonBody) statuses.push('413');
  if (entry.upload) statuses.push('415');
  return statuses.sort();
}

/** Where an operation takes the key (the security schemes of the document). */
const KEY_SCHEMES = { header: ['apiKeyHeader'], query: ['apiKeyQuery'], headerOrBearer: ['apiKeyHeader', 'bearer'] } as const;

const HEADERS = {
  'RateLimit-Limit': { description: 'Calls per billing month (per minute on /v1/analytics)', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Calls left in the billing month (minute)', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the quota (window) resets', schema: { type: 'integer' } },
  ETag: { description: 'Strong validator of the answer; send it back in If-None-Match to get 304 while it is current (not on no-store answers)', schema: { type: 'string' } },
  'Cache-Control': { description: 'How long the answer may be reused: public/private max-age, or no-store for per-key answers', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds until a call can succeed again', schema: { type: 'integer' } },
};
const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

const EXAMPLE_SOURCES: Record<NonNullable<ApiExample['source']>, string> = {
  service: 'The answer of the service to the example request.',
  sample:
    'The answer on SAMPLE data: `npm run seed` stores recorded upstream payloads in their real format with made-up values, ' +
    'and every answer built from them says "sample": true. Live data look the same without that field.',
  illustrative: 'Written by hand (the answer needs a live upstream): what this endpoint reports for that public resource.',
};

/** A zod schema as JSON Schema (2020-12, without `$schema`): the one converter of the API reference and the MCP tools. */
export function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** A query parameter as callers see it: its JSON Schema (with the default), whether it is required, and its description with the plan it needs. */
export interface QueryParameter {
  name: string;
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
}

/** The query parameters of an endpoint, from its zod schema and parameter gates (the API reference and the MCP tools). */
export function queryParameters(entry: EndpointDefinition): QueryParameter[] {
  const gates = entry.paramGates as Record<string, { access: keyof typeof ACCESS } | undefined> | undefined;
  return Object.entries(entry.params.shape).map(([name, schema]) => {
    const { description, ...schemaOnly } = jsonSchema(schema, 'input');
    // a number's or boolean's text pattern (integerParam, decimalParam) is no keyword of its typed schema
    if (schemaOnly.type !== 'string') delete schemaOnly.pattern;
    const gate = gates?.[name];
    const unset = schema.safeParse(undefined);
    if (unset.success && unset.data !== undefined) schemaOnly.default = unset.data;
    return {
      name,
      required: !unset.success,
      description: [description, gate ? `Needs: ${ACCESS[gate.access].label}.` : undefined].filter(Boolean).join(' '),
      schema: schemaOnly,
    };
  });
}

function uploadBody({ field, types }: NonNullable<Entry['upload']>) {
  const file = { type: 'string', format: 'binary', contentMediaType: types.join(', ') };
  const schema = { type: 'object', required: [field], properties: { [field]: file } };
  return { required: true, content: { 'multipart/form-data': { schema, encoding: { [field]: { contentType: types.join(', ') } } } } };
}

function jsonBody(schema: z.ZodMiniType, example: unknown) {
  return { required: true, content: { 'application/json': { schema: jsonSchema(schema, 'input'), ...(example === undefined ? {} : { example }) } } };
}

function successContent(entry: Entry, example: ApiExample | undefined) {
  if ('binary' in entry.response) {
    return Object.fromEntries(entry.response.binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  }
  if ('text' in entry.response) return { [entry.response.text]: { schema: { type: 'string' } } };
  const examples =
    example?.response === undefined
      ? undefined
      : {
          example: {
            summary: example.source === 'sample' ? 'Sample data' : example.source === 'illustrative' ? 'Illustrative' : 'Example',
            description: [EXAMPLE_SOURCES[example.source ?? 'service'], example.cut ? 'Lists are cut to their first 3 items here.' : ''].join(' ').trim(),
            value: example.response,
          },
        };
  return { 'application/json': { schema: jsonSchema(entry.response.json, 'output'), ...(examples ? { examples } : {}) } };
}

/** A query value as its parameter's schema types it (the API reference shows 100, not "100"). */
function typedExample(value: string, type: unknown): string | number | boolean {
  if (type === 'integer' || type === 'number') return Number(value);
  if (type === 'boolean') return value === 'true';
  return value;
}

const pascalCase = (path: string) => path.split('/').filter(Boolean).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');

/** The operation of an entry at its path, or at one of its aliases (the same endpoint, metered under its path). */
function operation(entry: Entry, example: ApiExample | undefined, path = entry.path) {
  const alias = path !== entry.path;
  const keyed = entry.access !== 'public';
  const query = example?.query ?? {};
  return {
    operationId: alias ? `${entry.name}At${pascalCase(path)}` : entry.name,
    tags: [entry.tag],
    summary: alias ? `${entry.summary} (the same endpoint as ${entry.path})` : entry.summary,
    description: [
      alias
        ? `The same endpoint as ${entry.path} at another address: the same parameters, access and answer. Calls are counted as ${entry.path} calls (also in /v1/analytics).`
        : undefined,
      entry.description,
      `Access: ${ACCESS[entry.access].label}.`,
      !alias && entry.aliases?.length ? `Also answers at ${entry.aliases.join(', ')}: the same endpoint (same parameters, access and answer).` : undefined,
    ]
      .filter(Boolean)
      .join('\n\n'),
    'x-access': entry.access,
    security: keyed ? KEY_SCHEMES[entry.keyIn ?? 'header'].map((scheme) => ({ [scheme]: [] })) : [],
    parameters: queryParameters(entry).map(({ name, required, description, schema }) => ({
      name,
      in: 'query',
      required,
      description,
      schema,
      ...(query[name] !== undefined ? { example: typedExample(query[name], schema.type) } : {}),
    })),
    ...(entry.upload ? { requestBody: uploadBody(entry.upload) } : {}),
    ...(entry.jsonBody ? { requestBody: jsonBody(entry.jsonBody(), example?.body) } : {}),
    responses: {
      '200': {
        description: 'Success',
        content: successContent(entry, example),
        headers: {
          ETag: header('ETag'),
          'Cache-Control': header('Cache-Control'),
          ...(keyed ? { 'RateLimit-Limit': header('RateLimit-Limit'), 'RateLimit-Remaining': header('RateLimit-Remaining'), 'RateLimit-Reset': header('RateLimit-Reset') } : {}),
        },
      },
      ...(entry.method === 'GET' && revalidates(entry.cache) ? { '304': { $ref: '#/components/responses/NotModified' } } : {}),
      ...Object.fromEntries(errorStatuses(entry).map((status) => [status, { $ref: `#/components/responses/${ERRORS[status].name}` }])),
    },
  };
}

function errorResponse(status: ErrorStatus) {
  const { description, codes, example } = ERRORS[status];
  const schema = { allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { type: 'string', enum: [...codes] } } }] };
  return {
    description: `${description}. code: ${codes.join(', ')}.`,
    ...(status === '429' || status === '503' ? { headers: { 'Retry-After': header('Retry-After') } } : {}),
    content: { 'application/json': { schema, example } },
  };
}

/**
 * The OpenAPI 3.1 document of every registered endpoint, generated from the registry's zod schemas, grouped
 * by family (tags), with an example request and answer per operation where `examples` has one.
 */
export function openApiDocument(entries: readonly Entry[], examples: Record<string, ApiExample> = {}, tags: readonly { name: string; description: string }[] = []) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of entries) {
    if (entry.path === '$default') continue;
    for (const path of pathsOf(entry)) (paths[path] ??= {})[entry.method.toLowerCase()] = operation(entry, examples[entry.name], path);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Data Query Service',
      version: '1.0.0',
      description:
        'Data lookups and small utilities over HTTP. Send your key in the X-Api-Key header (the api_key query parameter on /v1/analytics). ' +
        'Every error body is {"error", "code", "param"?}; key, plan and quota errors open with the live API Ninjas service\'s phrases ' +
        '("Missing API Key.", "Invalid API Key.", "This endpoint is for premium subscribers only.", "Monthly quota exceeded."). Calls on keyed endpoints count against the monthly quota and carry RateLimit-* headers. ' +
        'Every GET also answers HEAD (no body; it counts as a call, as the GET would). Answers over 1 KB are compressed (br, then gzip, as ' +
        'Accept-Encoding q-values allow); every 200 has a strong ETag and a Cache-Control, and If-None-Match with the current ETag answers 304, ' +
        'which also counts as a call. Answers marked no-store (per key, drawn at random, or a write such as the counter\'s hit) ignore If-None-Match. ' +
        'A search whose answer is a list answers 200 [] when nothing matches; 404 no_data is for the lookup of one named thing. ' +
        'Examples come from the service itself; those on sample data (made-up values in the real upstream formats) say so and carry "sample": true.',
      license: {
        name: 'Proprietary: use of the service under its plan terms; each data source under its own licence (README, "Data sources and licences")',
        identifier: 'LicenseRef-DataQueryService',
      },
      contact: { name: 'Data Query Service operators' },
    },
    servers: [{ url: '/', description: 'This service' }],
    tags: [...tags],
    components: {
      securitySchemes: {
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
        bearer: { type: 'http', scheme: 'bearer', description: 'Your API key as the bearer token (/mcp, as MCP clients send it)' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: {
            error: { type: 'string', description: 'What went wrong, in a sentence' },
            code: { type: 'string', description: 'Machine-readable code (CONTRACT "Errors")' },
            param: { type: 'string', description: 'The parameter at fault, when one is' },
          },
        },
      },
      headers: HEADERS,
      responses: {
        NotModified: { description: 'If-None-Match named the current ETag: no body; the call counts like the GET it answers' },
        ...Object.fromEntries((Object.keys(ERRORS) as ErrorStatus[]).map((status) => [ERRORS[status].name, errorResponse(status)])),
      },
    },
    paths,
  };
}
