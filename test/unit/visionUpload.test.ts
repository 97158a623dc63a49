import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { HttpError } from '../../lib/http/errors';
import { COCO_LABELS, DARKNET_SPELLINGS } from '../../lib/vision/cocoLabels';
import { sniffImageFormat } from '../../lib/vision/imageFormat';
import { modelPath } from '../../lib/vision/model';
import { readImageField, requestBytes } from '../../lib/vision/upload';

const BOUNDARY = 'unit-test-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart/form-data body written out by hand (RFC 7578). */
function form(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

async function failure(promise: () => Promise<unknown>): Promise<{ status: number; code: string; param?: string }> {
  try {
    await promise();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, code: error.code, param: error.param };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('sniffImageFormat', () => {
  it('recognises JPEG by FF D8 FF and PNG by its 8-byte signature', () => {
    // Assess
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniffImageFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
  });

  it('rejects GIF, text, a PNG signature cut short and an empty buffer', () => {
    // Assess
    expect(sniffImageFormat(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('hello, this is not an image'))).toBeUndefined();
    expect(sniffImageFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(sniffImageFormat(new Uint8Array())).toBeUndefined();
  });
});

describe('requestBytes', () => {
  it('decodes a base64 API Gateway body and keeps a text body as UTF-8', () => {
    // Assess
    expect(requestBytes(Buffer.from([0xff, 0xd8, 0x00]).toString('base64'), true)).toEqual(Buffer.from([0xff, 0xd8, 0x00]));
    expect(requestBytes('é', false)).toEqual(Buffer.from([0xc3, 0xa9]));
    expect(requestBytes(undefined, false)).toHaveLength(0);
  });
});

describe('readImageField', () => {
  it('returns the bytes of the image file, byte for byte, ignoring other fields and files', async () => {
    // Prepare: bytes that include CR LF and a dash sequence inside the file
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0x80, 0xfe]);
    const body = form([
      { name: 'note', data: 'hello' },
      { name: 'other', filename: 'a.png', type: 'image/png', data: 'not this one' },
      { name: 'image', filename: 'photo.jpg', type: 'image/jpeg', data: bytes },
    ]);
    // Act
    const result = await readImageField(CONTENT_TYPE, body);
    // Assess
    expect(result).toEqual(bytes);
  });

  it('takes the first image file when two are sent', async () => {
    // Prepare
    const body = form([
      { name: 'image', filename: 'one.jpg', data: 'first' },
      { name: 'image', filename: 'two.jpg', data: 'second' },
    ]);
    // Act
    const result = await readImageField(CONTENT_TYPE, body);
    // Assess
    expect(result.toString()).toBe('first');
  });

  it('answers 415 when the body is not multipart/form-data or has no boundary', async () => {
    // Assess
    expect(await failure(() => readImageField('application/json', Buffer.from('{}')))).toEqual({ status: 415, code: 'unsupported_media_type' });
    expect(await failure(() => readImageField(undefined, Buffer.alloc(0)))).toEqual({ status: 415, code: 'unsupported_media_type' });
    expect(await failure(() => readImageField('image/jpeg', Buffer.from([0xff, 0xd8, 0xff])))).toEqual({ status: 415, code: 'unsupported_media_type' });
    expect(await failure(() => readImageField('multipart/form-data', form([])))).toEqual({ status: 415, code: 'unsupported_media_type' });
  });

  it('answers 400 missing_parameter when there is no image file or it is empty', async () => {
    // Assess
    const other = form([{ name: 'photo', filename: 'dog.jpg', data: 'bytes' }]);
    const empty = form([{ name: 'image', filename: 'dog.jpg', type: 'image/jpeg', data: '' }]);
    expect(await failure(() => readImageField(CONTENT_TYPE, other))).toEqual({ status: 400, code: 'missing_parameter', param: 'image' });
    expect(await failure(() => readImageField(CONTENT_TYPE, empty))).toEqual({ status: 400, code: 'missing_parameter', param: 'image' });
  });

  it('answers 400 invalid_parameter when image is a plain form field rather than a file', async () => {
    // Prepare
    const body = form([{ name: 'image', data: 'https://example.com/dog.jpg' }]);
    // Assess
    expect(await failure(() => readImageField(CONTENT_TYPE, body))).toEqual({ status: 400, code: 'invalid_parameter', param: 'image' });
  });

  it('answers 400 when the multipart body stops in the middle of a part', async () => {
    // Prepare
    const body = form([{ name: 'image', filename: 'dog.jpg', data: 'abcdef' }]).subarray(0, 80);
    // Assess
    expect(await failure(() => readImageField(CONTENT_TYPE, body))).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });

  it('answers 400 (and does not crash) when the body stops inside the image file itself', async () => {
    // Prepare: the file part's headers are complete, its data is cut off and the closing boundary is missing
    const body = form([{ name: 'image', filename: 'dog.jpg', data: 'x'.repeat(5000) }]).subarray(0, 3000);
    // Assess
    expect(await failure(() => readImageField(CONTENT_TYPE, body))).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });
});

describe('modelPath', () => {
  it('takes MODEL_PATH first, then MODELS_DIR/yolox-nano/yolox_nano.onnx', () => {
    // Assess
    expect(modelPath({ MODEL_PATH: '/models/custom.onnx', MODELS_DIR: '/elsewhere' })).toBe('/models/custom.onnx');
    expect(modelPath({ MODELS_DIR: '/opt/models' })).toBe('/opt/models/yolox-nano/yolox_nano.onnx');
  });

  (existsSync('/opt/models') ? it.skip : it)('falls back to ../shared/models beside the working directory outside Lambda', () => {
    // Assess
    expect(modelPath({})).toBe(resolve('../shared/models/yolox-nano/yolox_nano.onnx'));
  });
});

describe('COCO_LABELS', () => {
  const labelFile = join(dirname(modelPath()), 'coco_classes.txt');

  (existsSync(labelFile) ? it : it.skip)('are the model label file in order, with the COCO names for the six darknet spellings', () => {
    // Prepare
    const fileLabels = readFileSync(labelFile, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
    // Act
    const expected = fileLabels.map((label) => DARKNET_SPELLINGS[label] ?? label);
    // Assess
    expect(fileLabels).toHaveLength(80);
    expect(COCO_LABELS).toEqual(expected);
    expect(Object.keys(DARKNET_SPELLINGS).every((spelling) => fileLabels.includes(spelling))).toBe(true);
  });
});
