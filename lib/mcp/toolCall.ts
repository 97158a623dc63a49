/**
 * A tool call as a call of its endpoint: the arguments become the request an HTTP client would send (query
 * parameters, the key where the endpoint reads it, an upload as multipart/form-data), and the endpoint's
 * answer becomes the tool result.
 */
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ListedEndpoint } from '../api/registry';
import { bodyBytes } from '../http/response';
import { RESULT_FIELD, toolOf, uploadTypeArgument } from './tools';

/** Where a tool result carries the HTTP facts of the call (status, quota left, caching), in `_meta`. */
export const HTTP_META = 'data-query-service/http';

/** The answer's headers a tool result repeats in `_meta`: quota, caching and the request id to quote. */
const META_HEADERS = ['cache-control', 'etag', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'x-request-id'];

/** An argument as a query value: text as it is, numbers and booleans written out, anything else as JSON. */
function queryValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The upload as the multipart/form-data body a browser form would send; no file part when the argument is missing. */
function uploadForm({ field, types }: NonNullable<ListedEndpoint['upload']>, args: Record<string, unknown>) {
  const boundary = `dqs-mcp-${randomUUID()}`;
  const data = args[field];
  const declared = args[uploadTypeArgument(field)];
  const type = typeof declared === 'string' && types.includes(declared) ? declared : 'application/octet-stream';
  const parts: Buffer[] = [];
  if (typeof data === 'string' && data !== '') {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}"\r\nContent-Type: ${type}\r\n\r\n`),
      Buffer.from(data, 'base64'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The API Gateway (payload 2.0) event of a tool call: the endpoint's route with the tool's arguments as its
 * query parameters (only the endpoint's own: others would be ignored anyway), the key where the endpoint
 * reads it, and the caller's address and agent from the MCP request. No Accept-Encoding (the answer comes
 * back uncompressed) and no If-None-Match (a tool call never answers 304).
 */
export function toolCallEvent(entry: ListedEndpoint, args: Record<string, unknown>, apiKey: string, via: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  const method = entry.method === 'ANY' ? 'GET' : entry.method;
  const routeKey = `${method} ${entry.path}`;
  const query: Record<string, string> = {};
  for (const name of Object.keys(entry.params.shape)) {
    const value = queryValue(args[name]);
    if (value !== undefined) query[name] = value;
  }
  const headers: Record<string, string> = { host: via.headers?.host ?? via.requestContext.domainName, 'user-agent': via.headers?.['user-agent'] ?? '' };
  if (entry.keyIn === 'query') query.api_key = apiKey;
  else headers['x-api-key'] = apiKey;
  const form = entry.upload && uploadForm(entry.upload, args);
  if (form) headers['content-type'] = form.contentType;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: entry.path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      ...via.requestContext,
      http: { ...via.requestContext.http, method, path: entry.path },
      requestId: randomUUID(),
      routeKey,
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: form?.body.toString('base64'),
    isBase64Encoded: form !== undefined,
  };
}

/**
 * The endpoint's answer as a tool result: a JSON answer as text and as `structuredContent` (a list wrapped as
 * { result }), image bytes as image content, an error (4xx, 5xx) as `isError` with the error body as text.
 * `_meta` repeats the HTTP status and the quota and caching headers.
 */
export function toolResult(entry: ListedEndpoint, response: APIGatewayProxyStructuredResultV2): CallToolResult {
  const status = response.statusCode ?? 200;
  const headers = Object.fromEntries(Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
  const _meta = { [HTTP_META]: { status, headers: Object.fromEntries(META_HEADERS.filter((name) => headers[name]).map((name) => [name, headers[name]])) } };
  const bytes = bodyBytes(response);
  if (status >= 400) return { isError: true, content: [{ type: 'text', text: bytes.toString('utf8') }], _meta };
  if ('binary' in entry.response) {
    return { content: [{ type: 'image', data: bytes.toString('base64'), mimeType: headers['content-type'] ?? 'application/octet-stream' }], _meta };
  }
  const text = bytes.toString('utf8');
  const answer: unknown = JSON.parse(text);
  const structuredContent = toolOf(entry).wrapsResult ? { [RESULT_FIELD]: answer } : (answer as Record<string, unknown>);
  return { content: [{ type: 'text', text }], structuredContent, _meta };
}
