import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MONTHLY_QUOTA } from '../../lib/http/plans';
import { modelPath } from '../../lib/vision/model';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { expectError } from '../support/testServer';

/** The shared test photos, read in place (never copied into the project). */
const IMAGES_DIR = resolve(process.env.IMAGES_DIR ?? '../shared/images');
const photo = (name: string) => readFileSync(join(IMAGES_DIR, name));

interface Box { x1: number; y1: number; x2: number; y2: number }
interface DetectedObject { label: string; confidence: number; bounding_box: Box }

const BOUNDARY = 'dqs-test-boundary-7f3a';

/** A multipart/form-data body written out by hand, so the declared types can lie. */
function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename ? `; filename="${part.filename}"` : '';
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`));
    chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** Boxes measured by hand on the photos (pixel edges, x1 y1 x2 y2). */
const DOG_PHOTO = {
  dog: { x1: 130, y1: 218, x2: 312, y2: 542 },
  bicycle: { x1: 125, y1: 138, x2: 568, y2: 420 },
  pickup: { x1: 466, y1: 72, x2: 690, y2: 170 },
};
const LIVING_ROOM = {
  tv: { x1: 5, y1: 166, x2: 155, y2: 262 },
  standingWoman: { x1: 412, y1: 156, x2: 466, y2: 296 },
  diningArea: { x1: 280, y1: 200, x2: 450, y2: 340 },
};

function iou(a: Box, b: Box): number {
  const w = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const h = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const area = (r: Box) => (r.x2 - r.x1) * (r.y2 - r.y1);
  return (w * h) / (area(a) + area(b) - w * h);
}
const centreIn = (box: Box, region: Box) =>
  (box.x1 + box.x2) / 2 >= region.x1 && (box.x1 + box.x2) / 2 <= region.x2 && (box.y1 + box.y2) / 2 >= region.y1 && (box.y1 + box.y2) / 2 <= region.y2;
const found = (objects: DetectedObject[], labels: string[], box: Box) => objects.some((o) => labels.includes(o.label) && iou(o.bounding_box, box) >= 0.5);

/**
 * The local server in its own process, as `npm start` runs it. Not the in-process test server: onnxruntime's
 * native outputs are typed arrays of the main realm, which jest's sandboxed modules do not recognise.
 */
interface LocalServerProcess {
  url: string;
  keys: Record<string, string>;
  stop(): Promise<void>;
}

async function startServerProcess(env: Record<string, string>): Promise<LocalServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dqs-vision-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: '0', DYNAMODB_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'SILENT' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    let output = '';
    child.once('exit', (code) => fail(new Error(`local server exited with code ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) done(match[1]!);
    });
  });
  child.removeAllListeners('exit');
  child.stdout!.resume();
  return {
    url,
    keys: JSON.parse(readFileSync(join(dataDir, 'demo-keys.json'), 'utf8')),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let server: LocalServerProcess;
let key: string;
/** where the server looks for the model: empty until the first tests are done */
let modelDir: string;

const json = async <T = any>(response: Response): Promise<T> => (await response.json()) as T;
const call = (path: string, init: { method?: string; key?: string; body?: Buffer | Uint8Array; headers?: Record<string, string> } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: { ...(init.key ? { 'X-Api-Key': init.key } : {}), ...init.headers },
  });
const detect = (body: Buffer | Uint8Array, headers: Record<string, string>, apiKey = key) =>
  call('/v1/objectdetection', { method: 'POST', key: apiKey, body, headers });
const upload = (image: Buffer, filename = 'photo.jpg', type = 'image/jpeg', apiKey = key) => {
  const form = multipart([{ name: 'image', filename, type, data: image }]);
  return detect(form.body, form.headers, apiKey);
};

/** Checks the CONTRACT shape of every object and returns them. */
function expectContractShape(objects: DetectedObject[], width: number, height: number): DetectedObject[] {
  for (const object of objects) {
    expect(Object.keys(object).sort()).toEqual(['bounding_box', 'confidence', 'label']);
    expect(Object.keys(object.bounding_box).sort()).toEqual(['x1', 'x2', 'y1', 'y2']);
    const { x1, y1, x2, y2 } = object.bounding_box;
    for (const value of [x1, y1, x2, y2]) expect(Number.isInteger(value)).toBe(true);
    expect(0 <= x1 && x1 < x2 && x2 <= width).toBe(true);
    expect(0 <= y1 && y1 < y2 && y2 <= height).toBe(true);
    expect(object.confidence).toBeGreaterThanOrEqual(0.3);
    expect(object.confidence).toBeLessThanOrEqual(1);
  }
  const confidences = objects.map((o) => o.confidence);
  expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
  return objects;
}

beforeAll(async () => {
  // the model path points into an empty folder; the first test links the real model in
  modelDir = mkdtempSync(join(tmpdir(), 'dqs-model-'));
  server = await startServerProcess({ MODEL_PATH: join(modelDir, 'yolox_nano.onnx') });
  key = server.keys.free!;
}, 90_000);
afterAll(async () => {
  await server?.stop();
  rmSync(modelDir, { recursive: true, force: true });
});

describe('POST /v1/objectdetection without the model', () => {
  it('answers 503 data_unavailable while the model file is missing, keeps serving, and finds the model once it is there', async () => {
    // Act
    const response = await upload(photo('dog.jpg'));
    const body = await json(response);
    // Assess
    expect(response.status).toBe(503);
    expect(body.code).toBe('data_unavailable');
    expect(body.error).toMatch(/model/);
    expect(body.error).not.toContain(modelDir);
    expect((await call('/openapi.json')).status).toBe(200);
    // a photo cut in half (its header reads, its pixels do not) still answers its own error first, and the server keeps serving
    const dog = photo('dog.jpg');
    const damaged = await upload(dog.subarray(0, dog.length >> 1));
    expect(damaged.status).toBe(400);
    expect((await json(damaged)).error).toMatch(/damaged or incomplete/);
    expect((await call('/openapi.json')).status).toBe(200);

    // Prepare the remaining tests: link (not copy) the configured model into the folder
    symlinkSync(modelPath({ ...process.env, MODEL_PATH: undefined }), join(modelDir, 'yolox_nano.onnx'));
    expect((await upload(photo('dog.jpg'))).status).toBe(200);
  }, 30_000);
});

describe('POST /v1/objectdetection on real photos', () => {
  it('finds the dog, the bicycle and the pickup (car or truck) in dog.jpg, where they are', async () => {
    // Act
    const response = await upload(photo('dog.jpg'));
    const objects = expectContractShape(await json(response), 768, 576);
    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('ratelimit-limit')).toBe(String(MONTHLY_QUOTA.free));
    expect(found(objects, ['dog'], DOG_PHOTO.dog)).toBe(true);
    expect(found(objects, ['bicycle'], DOG_PHOTO.bicycle)).toBe(true);
    expect(found(objects, ['car', 'truck'], DOG_PHOTO.pickup)).toBe(true);
  }, 30_000);

  it('finds the tv, people and several chairs in the COCO living room', async () => {
    // Act
    const response = await upload(photo('coco_000000000139.jpg'));
    const objects = expectContractShape(await json(response), 640, 426);
    // Assess
    expect(response.status).toBe(200);
    expect(found(objects, ['tv'], LIVING_ROOM.tv)).toBe(true);
    expect(found(objects, ['person'], LIVING_ROOM.standingWoman)).toBe(true);
    const chairs = objects.filter((o) => o.label === 'chair' && centreIn(o.bounding_box, LIVING_ROOM.diningArea));
    expect(chairs.length).toBeGreaterThanOrEqual(2);
    expect(objects.filter((o) => o.label === 'person' || o.label === 'chair').length).toBeGreaterThanOrEqual(4);
  });

  it('judges the file by its content: a PNG sent from a browser form as image/jpeg is detected (chelsea the cat)', async () => {
    // Prepare: a standard FormData upload, the way a browser or fetch sends it
    const form = new FormData();
    form.append('image', new Blob([photo('chelsea.png')], { type: 'image/jpeg' }), 'chelsea.jpg');
    // Act
    const response = await fetch(`${server.url}/v1/objectdetection`, { method: 'POST', body: form, headers: { 'X-Api-Key': key } });
    const objects = expectContractShape(await json(response), 451, 300);
    // Assess
    expect(response.status).toBe(200);
    expect(objects[0]?.label).toBe('cat');
  });

  it('reports boxes in the pixels of the uploaded size: the same photo at half size gives half the coordinates', async () => {
    // Prepare
    const half = await sharp(photo('dog.jpg')).resize(384, 288).jpeg({ quality: 95 }).toBuffer();
    // Act
    const objects = expectContractShape(await json(await upload(half)), 384, 288);
    // Assess
    const scaled = (box: Box) => ({ x1: box.x1 / 2, y1: box.y1 / 2, x2: box.x2 / 2, y2: box.y2 / 2 });
    expect(found(objects, ['dog'], scaled(DOG_PHOTO.dog))).toBe(true);
    expect(found(objects, ['bicycle'], scaled(DOG_PHOTO.bicycle))).toBe(true);
  });

  it('detects the same objects through the MCP tool, the photo sent base64 with its content type, and counts one call', async () => {
    // Prepare
    const client = new Client({ name: 'dqs-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { 'X-Api-Key': key } } }));
    await client.listTools(); // the client checks structuredContent against the listed output schema
    const before = Number((await upload(photo('dog.jpg'))).headers.get('ratelimit-remaining'));

    // Act
    const result = (await client.callTool({ name: 'objectDetection', arguments: { image: photo('dog.jpg').toString('base64'), image_content_type: 'image/jpeg' } })) as CallToolResult;
    const after = Number((await upload(photo('dog.jpg'))).headers.get('ratelimit-remaining'));

    // Assess
    expect(result.isError).toBeUndefined();
    const objects = expectContractShape((result.structuredContent as { result: DetectedObject[] }).result, 768, 576);
    expect(found(objects, ['dog'], DOG_PHOTO.dog)).toBe(true);
    expect(found(objects, ['bicycle'], DOG_PHOTO.bicycle)).toBe(true);
    expect(before - after).toBe(2); // the tool call and the second upload
    await client.close();
  }, 30_000);

  it('answers an empty array for an image without objects', async () => {
    // Prepare: a plain grey picture
    const grey = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080' } }).png().toBuffer();
    // Act
    const response = await upload(grey, 'grey.png', 'image/png');
    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([]);
  });

  it('accepts an image of 1999 × 1999 pixels, just under the limit', async () => {
    // Prepare
    const image = await sharp({ create: { width: 1999, height: 1999, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    // Act
    const response = await upload(image);
    // Assess
    expect(response.status).toBe(200);
    expect(Array.isArray(await json(response))).toBe(true);
  });
});

describe('POST /v1/objectdetection rejects bad uploads', () => {
  it('answers 415 to a body that is not multipart (raw JPEG bytes, JSON)', async () => {
    // Act
    const raw = await detect(photo('dog.jpg'), { 'Content-Type': 'image/jpeg' });
    const jsonBody = await detect(Buffer.from('{"image":"dog.jpg"}'), { 'Content-Type': 'application/json' });
    // Assess
    await expectError(raw, 415, 'unsupported_media_type');
    await expectError(jsonBody, 415, 'unsupported_media_type');
  });

  it('answers 415 to a POST without a body', async () => {
    // Act
    const response = await call('/v1/objectdetection', { method: 'POST', key });
    // Assess
    await expectError(response, 415, 'unsupported_media_type');
  });

  it('answers 415 to a GIF declared as a JPEG and to text declared as a PNG', async () => {
    // Prepare: a real GIF made here
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } }).gif().toBuffer();
    // Act
    const asJpeg = await upload(gif, 'photo.jpg', 'image/jpeg');
    const asPng = await upload(Buffer.from('this is a text file, not a picture\n'), 'photo.png', 'image/png');
    // Assess
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    await expectError(asJpeg, 415, 'unsupported_media_type');
    await expectError(asPng, 415, 'unsupported_media_type');
  });

  it('answers 400 invalid_parameter to an image 2000 px wide or 2000 px high', async () => {
    // Prepare
    const wide = await sharp({ create: { width: 2000, height: 100, channels: 3, background: '#000' } }).png().toBuffer();
    const high = await sharp({ create: { width: 100, height: 2000, channels: 3, background: '#000' } }).jpeg().toBuffer();
    // Act
    const wideResponse = await upload(wide, 'wide.png', 'image/png');
    const highResponse = await upload(high);
    // Assess
    await expectError(wideResponse, 400, 'invalid_parameter', 'image');
    await expectError(highResponse, 400, 'invalid_parameter', 'image');
  });

  it('answers 400 missing_parameter when the form has no image field', async () => {
    // Prepare
    const form = multipart([{ name: 'photo', filename: 'dog.jpg', type: 'image/jpeg', data: photo('dog.jpg') }]);
    // Act
    const response = await detect(form.body, form.headers);
    // Assess
    await expectError(response, 400, 'missing_parameter', 'image');
  });

  it('answers 400 missing_parameter to an empty image file', async () => {
    // Act
    const response = await upload(Buffer.alloc(0));
    // Assess
    await expectError(response, 400, 'missing_parameter', 'image');
  });

  it('answers 400 invalid_parameter to a JPEG cut off after its first few kilobytes', async () => {
    // Act
    const response = await upload(photo('dog.jpg').subarray(0, 4096));
    // Assess
    await expectError(response, 400, 'invalid_parameter', 'image');
  });

  it('answers 413 payload_too_large to an upload over 4 MB', async () => {
    // Prepare: a 5 MB file, sent in full
    const big = Buffer.concat([photo('dog.jpg'), Buffer.alloc(5 * 1024 * 1024)]);
    // Act
    const response = await upload(big, 'big.jpg');
    // Assess
    await expectError(response, 413, 'payload_too_large');
  });

  it('documents the upload in the API reference: a multipart body with the image file, and 413 and 415', async () => {
    // Act
    const operation = (await json(await call('/openapi.json'))).paths['/v1/objectdetection'].post;
    // Assess
    expect(operation.requestBody.content['multipart/form-data'].schema).toMatchObject({
      required: ['image'],
      properties: { image: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '415']));
  });

  it('answers 401 without a key and 405 to GET', async () => {
    // Act
    const noKey = await upload(photo('dog.jpg'), 'dog.jpg', 'image/jpeg', '');
    const get = await call('/v1/objectdetection', { key });
    // Assess
    await expectError(noKey, 401, 'missing_api_key');
    await expectError(get, 405, 'method_not_allowed');
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('does not count a rejected upload against the quota', async () => {
    // Prepare: the demo developer key, not used by any other test
    const fresh = server.keys.developer!;
    // Act
    const rejected = await upload(Buffer.from('not an image'), 'x.jpg', 'image/jpeg', fresh);
    const accepted = await upload(photo('coco_000000000785.jpg'), 'skier.jpg', 'image/jpeg', fresh);
    // Assess: only the accepted call is counted
    expect(rejected.status).toBe(415);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('ratelimit-remaining')).toBe(String(MONTHLY_QUOTA.developer - 1));
  });
});

describe('The API reference', () => {
  it('documents POST /v1/objectdetection with the object shape', async () => {
    // Act
    const document = await json(await call('/openapi.json'));
    const operation = document.paths['/v1/objectdetection']?.post;
    // Assess
    expect(operation.description).toMatch(/multipart\/form-data/);
    const item = operation.responses['200'].content['application/json'].schema.items;
    expect(Object.keys(item.properties).sort()).toEqual(['bounding_box', 'confidence', 'label']);
  });
});

describe('the test photos', () => {
  it('are read from the shared images directory, which holds the photos the tests name', () => {
    // Assess: guards against the suite silently running on a different folder
    const names = readdirSync(IMAGES_DIR);
    expect(names).toEqual(expect.arrayContaining(['dog.jpg', 'coco_000000000139.jpg', 'chelsea.png', 'coco_000000000785.jpg']));
    expect(statSync(join(IMAGES_DIR, 'dog.jpg')).size).toBeGreaterThan(100_000);
  });
});
