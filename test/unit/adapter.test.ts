import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { toApiGatewayEvent } from '../../infra/local/adapter';

function request(method: string, headers: Record<string, string | string[]>): IncomingMessage {
  return { method, headers, httpVersion: '1.1', socket: new Socket() } as unknown as IncomingMessage;
}

describe('API Gateway 2.0 event adapter', () => {
  test('passes a multipart body base64-encoded, as API Gateway does for binary content', () => {
    // Prepare
    const body = Buffer.concat([Buffer.from('--b\r\nContent-Type: image/png\r\n\r\n'), Buffer.from([0x89, 0x50, 0x00, 0xff]), Buffer.from('\r\n--b--')]);
    const req = request('POST', { 'content-type': 'multipart/form-data; boundary=b', host: 'localhost:3000' });

    // Act
    const event = toApiGatewayEvent(req, new URL('http://localhost/v1/objectdetection'), 'POST /v1/objectdetection', body);

    // Assess
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(body);
    expect(event.requestContext.http.method).toBe('POST');
  });

  test('passes a JSON body as text', () => {
    const event = toApiGatewayEvent(request('POST', { 'content-type': 'application/json' }), new URL('http://localhost/x'), '$default', Buffer.from('{"a":1}'));
    expect(event.isBase64Encoded).toBe(false);
    expect(event.body).toBe('{"a":1}');
  });

  test('decodes query strings and joins repeated parameters with commas', () => {
    const url = new URL('http://localhost/v1/profanityfilter?text=a%20b%26c&x=1&x=2');
    const event = toApiGatewayEvent(request('GET', {}), url, 'GET /v1/profanityfilter', Buffer.alloc(0));
    expect(event.queryStringParameters).toEqual({ text: 'a b&c', x: '1,2' });
    expect(event.rawQueryString).toBe('text=a%20b%26c&x=1&x=2');
    expect(event.body).toBeUndefined();
  });

  test('keeps header names lower-case and moves cookies to their own list', () => {
    const event = toApiGatewayEvent(
      request('GET', { 'x-api-key': 'k', cookie: 'a=1; b=2', accept: ['image/png', 'image/svg+xml'] }),
      new URL('http://localhost/v1/jokes'),
      'GET /v1/jokes',
      Buffer.alloc(0),
    );
    expect(event.headers).toEqual({ 'x-api-key': 'k', accept: 'image/png,image/svg+xml' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.queryStringParameters).toBeUndefined();
  });
});
