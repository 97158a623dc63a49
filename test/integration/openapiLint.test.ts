import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * The served /openapi.json through both linters the issue names, with their recommended rule sets
 * (redocly.yaml: Redocly's `recommended`; .spectral.yaml: `spectral:oas`): no error and no warning.
 */
const run = promisify(execFile);
let server: TestServer;
let dir: string;
let file: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'dqs-openapi-'));
  file = join(dir, 'openapi.json');
  writeFileSync(file, await (await server.call('/openapi.json')).text());
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a linter's CLI from node_modules; a non-zero exit still yields its report. */
async function lint(cli: string, args: string[]): Promise<string> {
  try {
    return (await run(process.execPath, [join(PROJECT_ROOT, 'node_modules', cli), ...args], { cwd: PROJECT_ROOT, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

test('Redocly CLI (recommended) finds no error and no warning', async () => {
  // Act
  const report = JSON.parse(await lint('@redocly/cli/bin/cli.js', ['lint', file, '--format=json', '--config', 'redocly.yaml']));

  // Assess
  const problems = report.problems.map((p: { ruleId: string; message: string }) => `${p.ruleId}: ${p.message}`);
  expect(problems).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
}, 60_000);

test('Spectral (spectral:oas) finds no error, warning or hint', async () => {
  // Act
  const output = await lint('@stoplight/spectral-cli/dist/index.js', ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--fail-severity', 'hint', '--quiet']);

  // Assess
  const results = JSON.parse(output || '[]').map((r: { code: string; message: string; path: string[] }) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
  expect(results).toEqual([]);
}, 60_000);
