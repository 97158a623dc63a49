import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { HttpError } from './errors';

/** A binary body (image bytes); the serializer sends it base64-encoded as API Gateway expects. */
export class BinaryBody {
  constructor(
    readonly body: Buffer,
    readonly contentType: string,
  ) {}
}

export type HttpResponse = APIGatewayProxyStructuredResultV2 & { headers: Record<string, string> };

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

export function errorResponse(error: HttpError): HttpResponse {
  const response = jsonResponse(error.statusCode, error.body());
  Object.assign(response.headers, error.headers);
  return response;
}
