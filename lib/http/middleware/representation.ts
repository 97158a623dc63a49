import { cacheControl, codedTag, entityTag, matchesIfNoneMatch, revalidates } from '../caching';
import { chooseCoding, compress } from '../compression';
import type { EndpointDefinition } from '../definition';
import { bodyBytes, type HttpResponse } from '../response';
import type { PipelineMiddleware } from './state';

/**
 * What a 200 becomes on the wire: a strong ETag of its bytes, the endpoint's Cache-Control and Vary, then
 * either 304 Not Modified (GET or HEAD whose If-None-Match names the current content, on an endpoint whose
 * answers may be stored: caching.ts revalidates) or the body compressed with br or gzip when the client
 * accepts it and it is over 1 KB. It runs after the handler, so after the call's quota was reserved: a 304
 * counts as the call it answers.
 */
export function representation(definition: EndpointDefinition): PipelineMiddleware {
  const vary = [
    'Accept-Encoding',
    ...(definition.access !== 'public' && definition.keyIn !== 'query' ? ['X-Api-Key'] : []),
    ...(definition.vary ?? []),
  ].join(', ');
  const conditional = revalidates(definition.cache);
  /** the last 200's body with its bytes and tag: a body that does not change (the docs page, the API reference) is hashed once per container */
  let last: { body: string | undefined; base64: boolean; bytes: Buffer; tag: string } | undefined;
  const bytesAndTag = (response: HttpResponse) => {
    const base64 = response.isBase64Encoded === true;
    if (last === undefined || last.body !== response.body || last.base64 !== base64) {
      const bytes = bodyBytes(response);
      last = { body: response.body, base64, bytes, tag: entityTag(bytes) };
    }
    return last;
  };
  return {
    after: (request) => {
      const response = request.response as HttpResponse;
      if (response.statusCode !== 200) return;
      const { headers = {}, requestContext } = request.event;
      const { bytes: body, tag } = bytesAndTag(response);
      const coding = chooseCoding(headers['accept-encoding'], response.headers['Content-Type'], body.length);
      const validators = { ETag: codedTag(tag, coding), 'Cache-Control': cacheControl(definition.cache, request.internal.now), Vary: vary };
      const method = requestContext.http.method;
      if (conditional && (method === 'GET' || method === 'HEAD') && matchesIfNoneMatch(headers['if-none-match'], tag)) {
        request.response = { statusCode: 304, headers: validators };
        return;
      }
      Object.assign(response.headers, validators);
      if (coding) {
        response.body = compress(body, coding, tag).toString('base64');
        response.isBase64Encoded = true;
        response.headers['Content-Encoding'] = coding;
      }
    },
  };
}
