import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/** Content types API Gateway passes as text; every other body arrives base64-encoded. */
const TEXT_BODY = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript)|[^;]*\+(json|xml))/i;

/** An HTTP request as the API Gateway HTTP API (payload format 2.0) event a Lambda receives. */
export function toApiGatewayEvent(req: IncomingMessage, url: URL, routeKey: string, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const isText = TEXT_BODY.test(headers['content-type'] ?? 'text/plain');
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(';').map((c) => c.trim()),
    headers,
    queryStringParameters: url.search.length > 1 ? query : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** The Lambda context for one invocation, with the function's time limit. */
export function lambdaContext(functionName: string, memoryMb: number, timeoutSeconds: number, requestId: string): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The request target as a URL: an origin-form path is always a path, even one starting with '//'. */
export function requestUrl(target = '/'): URL {
  return target.startsWith('/') ? new URL(`http://localhost${target}`) : new URL(target, 'http://localhost');
}

/**
 * Writes a Lambda result the way API Gateway does (base64 bodies decoded, cookies as Set-Cookie). A
 * Content-Length the result sets (a HEAD answer's) is kept; a 304 or 204 gets none.
 */
export function sendResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  const headers: Record<string, string | number | string[]> = { ...(result.headers as Record<string, string>) };
  const status = result.statusCode ?? 200;
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-length') && status !== 304 && status !== 204) {
    headers['Content-Length'] = body.length;
  }
  if (result.cookies?.length) headers['Set-Cookie'] = result.cookies;
  res.writeHead(status, headers);
  res.end(body);
}

/** A whole HTTP/1.1 response as bytes, for a socket the HTTP parser gave up on (no ServerResponse exists). */
export function rawResponse(result: APIGatewayProxyStructuredResultV2): string {
  const body = result.body ?? '';
  const status = result.statusCode ?? 200;
  const headers = { ...(result.headers as Record<string, string>), 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** How far past the limit a refused body is still read and discarded before the connection is cut. */
const DRAIN_LIMIT_FACTOR = 4;

/** Reads the request body; undefined (as soon as it is known) when it is longer than `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((done, fail) => {
    let chunks: Buffer[] | undefined = Number(req.headers['content-length'] ?? 0) > limit ? undefined : [];
    let size = 0;
    if (!chunks) done(undefined);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (chunks && size > limit) {
        chunks = undefined;
        done(undefined);
      }
      chunks?.push(chunk);
      // an over-limit body is drained (so the client reads the 413), up to a point
      if (size > DRAIN_LIMIT_FACTOR * limit) req.destroy();
    });
    req.on('end', () => chunks && done(Buffer.concat(chunks)));
    req.on('error', fail);
  });
}
