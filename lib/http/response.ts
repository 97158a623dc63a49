import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { HttpError } from './errors';

/** A binary body (image bytes); the serializer sends it base64-encoded as API Gateway expects. */
export class BinaryBody {
  constructor(
    readonly body: Buffer,
    readonly contentType: string,
  ) {}
}

/** A text body other than JSON (the HTML docs page), sent as it is with its Content-Type. */
export class TextBody {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

/** A temporary redirect (302) to another path of the service. */
export class Redirect {
  constructor(readonly location: string) {}
}

export type HttpResponse = APIGatewayProxyStructuredResultV2 & { headers: Record<string, string> };

/** A response the handler made whole (status, headers, body), sent as it is: the MCP transport's answer. */
export class CompleteResponse {
  constructor(readonly response: HttpResponse) {}
}

export function jsonResponse(statusCode: number, body: unknown): HttpResponse {
  return { statusCode, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

export function binaryResponse(binary: BinaryBody): HttpResponse {
  return {
    statusCode: 200,
    headers: { 'Content-Type': binary.contentType },
    body: binary.body.toString('base64'),
    isBase64Encoded: true,
  };
}

export function textResponse(text: TextBody): HttpResponse {
  return { statusCode: 200, headers: { 'Content-Type': text.contentType }, body: text.text };
}

export function redirectResponse(redirect: Redirect): HttpResponse {
  return { statusCode: 302, headers: { Location: redirect.location }, body: '' };
}

export function errorResponse(error: HttpError): HttpResponse {
  const response = jsonResponse(error.statusCode, error.body());
  Object.assign(response.headers, error.headers);
  return response;
}

/** The bytes of a response body as the client receives them (base64 bodies decoded). */
export function bodyBytes(response: Pick<HttpResponse, 'body' | 'isBase64Encoded'>): Buffer {
  return Buffer.from(response.body ?? '', response.isBase64Encoded ? 'base64' : 'utf8');
}
