/** The multipart/form-data upload of POST /v1/objectdetection: the file in the `image` field. */
import busboy from 'busboy';
import { InvalidParameterError, MissingParameterError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../http/errors';
import { IMAGE_FIELD, MAX_UPLOAD_BYTES } from './settings';

const MULTIPART = /^multipart\/form-data\s*(;|$)/i;

/** The request body as bytes: API Gateway base64-encodes every body it does not take for text. */
export function requestBytes(body: string | undefined, isBase64Encoded: boolean | undefined): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  return Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');
}

/**
 * The bytes of the file sent in the `image` field (the first one, when sent twice). Other fields and files
 * are ignored. 415 when the body is not multipart/form-data; 400 missing_parameter when there is no
 * `image` file or it is empty; 400 invalid_parameter when `image` is a plain field or the body is malformed.
 */
export function readImageField(contentType: string | undefined, body: Buffer): Promise<Buffer> {
  if (!contentType || !MULTIPART.test(contentType)) {
    throw new UnsupportedMediaTypeError(
      `Send the image as multipart/form-data with the file in the field '${IMAGE_FIELD}' (got ${contentType ? contentType.split(';')[0]!.trim() : 'no Content-Type'}).`,
    );
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': contentType }, limits: { fileSize: MAX_UPLOAD_BYTES, fields: 50, parts: 100 } });
  } catch {
    throw new UnsupportedMediaTypeError('The multipart/form-data Content-Type has no boundary.');
  }
  return new Promise<Buffer>((done, fail) => {
    let image: Buffer[] | undefined;
    let problem: Error | undefined;
    let plainField = false;
    parser.on('file', (name, stream) => {
      // a form cut off inside a file fails the file stream too; the parser's 'error' below reports it
      stream.on('error', () => undefined);
      if (name !== IMAGE_FIELD || image) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      image = chunks;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (problem ??= new PayloadTooLargeError()));
    });
    parser.on('field', (name) => {
      if (name === IMAGE_FIELD) plainField = true;
    });
    parser.on('error', () => fail(new InvalidParameterError('The multipart/form-data body is malformed or incomplete.')));
    parser.on('close', () => {
      if (problem) return fail(problem);
      if (!image && plainField) {
        return fail(new InvalidParameterError(`Parameter '${IMAGE_FIELD}' must be a file upload (a form part with a filename).`, IMAGE_FIELD));
      }
      if (!image) return fail(new MissingParameterError(IMAGE_FIELD, `Parameter '${IMAGE_FIELD}' is required: a JPEG or PNG file in the multipart form.`));
      const bytes = Buffer.concat(image);
      if (bytes.length === 0) return fail(new MissingParameterError(IMAGE_FIELD, `Parameter '${IMAGE_FIELD}' is an empty file.`));
      done(bytes);
    });
    parser.end(body);
  });
}
