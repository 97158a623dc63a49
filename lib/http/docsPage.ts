import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The API reference as a web page: Swagger UI (npm swagger-ui-dist, Apache-2.0) rendering /openapi.json,
 * with its "Try it out" console. Everything is inlined into one HTML document, so the page needs nothing but
 * this service (no CDN, works offline) and the docs route stays one route. The renderer's files come from
 * the `docs` layer in Lambda (DOCS_ASSETS_DIR) and from the installed package elsewhere.
 */
export const DOCS_ASSET_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'] as const;

/** The API reference document (GET /openapi.json) as the docs layer holds it, built at deploy time. */
export const OPENAPI_FILE = 'openapi.json';

export function docsAssetsDir(): string {
  return process.env.DOCS_ASSETS_DIR || dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** Text that may sit inside an inline <script> or <style> element without closing it early. */
const inline = (text: string) => text.replace(/<\/(script|style)/gi, '<\\/$1');

const SETUP = `
window.addEventListener('load', function () {
  // the document is served beside this page (/docs -> /openapi.json), whatever prefix a deployment adds
  var base = location.pathname.replace(/\\/docs\\/?$/, '');
  window.ui = SwaggerUIBundle({
    url: base + '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    filter: true,
    displayRequestDuration: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});`;

export function docsPage(): string {
  const dir = docsAssetsDir();
  const read = (file: (typeof DOCS_ASSET_FILES)[number]) => inline(readFileSync(join(dir, file), 'utf8'));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Data Query Service: API reference</title>
<style>${read('swagger-ui.css')}</style>
<style>body { margin: 0; } .topnote { font: 14px/1.5 sans-serif; margin: 12px 20px; }</style>
</head>
<body>
<p class="topnote">Data Query Service API reference. Send your key with <b>Authorize</b> (X-Api-Key) to try calls from this page;
each call counts against your key's quota. The OpenAPI document is at <a href="openapi.json">/openapi.json</a>. Rendered by Swagger UI.<br>
No key yet? Running the service yourself, <code>npm start</code> prints a demo key for every plan and keeps them in
<code>.data/demo-keys.json</code> (under <code>DATA_DIR</code>); <code>npm run keys -- create --tier free</code> makes another.
On a deployed service, ask its operator for one.</p>
<div id="swagger-ui"></div>
<script>${read('swagger-ui-bundle.js')}</script>
<script>${SETUP}</script>
</body>
</html>
`;
}
