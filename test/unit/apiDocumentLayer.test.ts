import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiDocumentJson } from '../../lib/api/apiDocument';
import { lambdaContext } from '../../infra/local/adapter';
import { buildDocsLayer } from '../../layers/docs/build';

/**
 * GET /openapi.json in Lambda reads the document the docs layer holds instead of building it on its first
 * call (npm run bench: about 50 ms of cold init). Without a layer (npm start, the other tests) it is built
 * from the registry, which the integration tests cover.
 */
const layerRoot = mkdtempSync(join(tmpdir(), 'dqs-docs-layer-'));
const savedDir = process.env.DOCS_ASSETS_DIR;
afterAll(() => {
  rmSync(layerRoot, { recursive: true, force: true });
  if (savedDir === undefined) delete process.env.DOCS_ASSETS_DIR;
  else process.env.DOCS_ASSETS_DIR = savedDir;
});

const getDocument = async () => {
  const { handler } = await import('../../functions/openApi');
  return (await handler(
    { rawPath: '/openapi.json', headers: {}, requestContext: { requestId: 'layer-test', http: { method: 'GET' } } } as unknown as APIGatewayProxyEventV2,
    lambdaContext('openApi', 256, 10, 'layer-test'),
  )) as APIGatewayProxyStructuredResultV2;
};

test('the docs layer holds the API reference the registry builds, beside Swagger UI', () => {
  // Act
  const dir = buildDocsLayer(layerRoot);
  // Assess
  const built = readFileSync(join(dir, 'openapi.json'), 'utf8');
  expect(built).toBe(apiDocumentJson());
  expect(JSON.parse(built)).toMatchObject({ openapi: '3.1.0', paths: expect.objectContaining({ '/v1/stockprice': expect.any(Object) }) });
});

test('serves the document in the docs layer as it is, without building one', async () => {
  // Prepare: a layer whose document differs from what the registry would build
  const dir = buildDocsLayer(layerRoot);
  const layerDocument = JSON.stringify({ openapi: '3.1.0', info: { title: 'the layer copy', version: 'test' }, paths: {} });
  writeFileSync(join(dir, 'openapi.json'), layerDocument);
  process.env.DOCS_ASSETS_DIR = dir;
  // Act
  const response = await getDocument();
  // Assess
  expect(response.statusCode).toBe(200);
  expect(response.headers?.['Content-Type']).toBe('application/json');
  expect(response.body).toBe(layerDocument);
});
