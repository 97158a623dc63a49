import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * The docs page in a real browser: Debian's Chromium (.ci/run installs it) driven headless by
 * playwright-core. Without Chromium the suite fails with a message saying how to install it; only
 * DOCS_BROWSER_TEST=skip, set by hand, skips it. The screenshot is kept in test/artifacts/ (git-ignored).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SKIP = process.env.DOCS_BROWSER_TEST === 'skip';
const ARTIFACTS = join(PROJECT_ROOT, 'test/artifacts');
// flags for a closed network: no background connections, no sandbox (CI runs as root), no GPU
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server: TestServer;
let profile: string;
let context: BrowserContext;
let page: Page;
const foreignRequests: string[] = [];

const describeInBrowser = SKIP ? describe.skip : describe;

describeInBrowser('the docs page in headless Chromium', () => {
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`Chromium not found at ${CHROMIUM}: apt-get update && apt-get install -y chromium (.ci/run does), or DOCS_BROWSER_TEST=skip to skip this suite by hand`);
    }
    server = await startTestServer();
    profile = mkdtempSync(join(tmpdir(), 'dqs-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 900 } });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== server.url && !request.url().startsWith('data:')) foreignRequests.push(request.url());
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('/ leads to the API reference, which lists the endpoints by family and loads nothing from other hosts', async () => {
    // Act
    await page.goto(`${server.url}/`);
    const stockPrice = page.locator('.opblock-summary-path[data-path="/v1/stockprice"]');
    await stockPrice.waitFor({ state: 'visible', timeout: 20_000 });
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'docs-page.png') });

    // Assess
    expect(new URL(page.url()).pathname).toBe('/docs');
    expect(await page.title()).toBe('Data Query Service: API reference');
    // Swagger UI puts a zero-width space before each slash so long paths can wrap
    expect((await stockPrice.innerText()).replace(/\u200b/g, '')).toBe('/v1/stockprice');
    expect(await page.locator('.opblock-tag').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Market prices'), expect.stringContaining('Utilities')]));
    expect(await page.locator('.opblock-summary-path').count()).toBeGreaterThanOrEqual(45);
    expect(foreignRequests).toEqual([]);
  }, 60_000);

  test('the console sends a call with the key given under Authorize and shows the answer', async () => {
    // Prepare
    await page.locator('button.authorize').first().click();
    await page.locator('.modal-ux input[type="text"]').first().fill(server.demoKeys.free!);
    await page.locator('.modal-ux button.authorize').first().click();
    await page.locator('.modal-ux button.btn-done').first().click();

    // Act
    await page.locator('.opblock-summary-path[data-path="/v1/jokeoftheday"]').click();
    const operation = page.locator('#operations-Utilities-jokeOfTheDay');
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ state: 'visible', timeout: 20_000 });

    // Assess
    expect((await status.innerText()).trim()).toBe('200');
    expect(await operation.locator('.live-responses-table .highlight-code').first().innerText()).toContain('"joke"');
    expect(foreignRequests).toEqual([]);
  }, 60_000);
});
