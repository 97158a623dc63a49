import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueApiKey, type NewKey } from '../../lib/accounts/keys';
import { startLocalServer, type LocalServer } from '../../infra/local/server';
import { PROJECT_ROOT } from '../../infra/projectRoot';

export interface TestServer extends LocalServer {
  dataDir: string;
  /** GET (or another method) on the server with an optional X-Api-Key */
  call(path: string, options?: { key?: string; method?: string; headers?: Record<string, string>; body?: string | Uint8Array }): Promise<Response>;
  /** a fresh key on its own account */
  newKey(plan: NewKey): Promise<string>;
  /** runs the key CLI against this server's store, as an operator would */
  keysCli(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }>;
}

const run = promisify(execFile);

/** The local server on free ports with a fresh store, as `npm start` runs it (auth cache off for key changes). */
export async function startTestServer(): Promise<TestServer> {
  process.env.AUTH_CACHE_SECONDS = '0';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const dataDir = mkdtempSync(join(tmpdir(), 'dqs-test-'));
  // reference data: the project's build output (npm test builds it first; the server builds it when missing)
  const server = await startLocalServer({ port: 0, dynamoPort: 0, dataDir });
  return {
    ...server,
    dataDir,
    call: (path, { key, method = 'GET', headers = {}, body } = {}) =>
      fetch(`${server.url}${path}`, { method, body, headers: { ...(key ? { 'X-Api-Key': key } : {}), ...headers } }),
    newKey: async (plan) => (await issueApiKey(plan)).apiKey,
    keysCli: async (...args) => {
      const options = { cwd: PROJECT_ROOT, env: { ...process.env, DYNAMODB_PORT: String(server.store.port), DATA_DIR: dataDir } };
      try {
        const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'infra/keys.ts', ...args], options);
        return { status: 0, stdout: stdout.trim(), stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { status: failed.code, stdout: failed.stdout.trim(), stderr: failed.stderr };
      }
    },
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Asserts a CONTRACT error response: status, JSON body with `code` and a message, and `param` when given. */
export async function expectError(response: Response, status: number, code: string, param?: string) {
  const body = await json(response);
  expect(response.status).toBe(status);
  expect(body).toMatchObject({ code, error: expect.any(String) });
  if (param !== undefined) expect(body.param).toBe(param);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return body;
}
