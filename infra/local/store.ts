import { mkdirSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, type KeySchemaElement } from '@aws-sdk/client-dynamodb';
import { TABLES } from '../../lib/store/tables';

// Lambda runs Node.js 22; locally Node.js 20 is supported, so the SDK's upgrade notice is noise here
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface EmbeddedStore {
  endpoint: string;
  port: number;
  /** the store process's id (it changes when the store is restarted) */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/** The store directory is open in another process (a running `npm start` or key CLI). */
export class StoreLockedError extends Error {
  override readonly name = 'StoreLockedError';
  constructor(readonly dataDir: string) {
    super(`the store in ${dataDir} is open in another process (a running npm start?)`);
  }
}

export interface EmbeddedStoreOptions {
  /** the address to listen on (DYNAMODB_HOST); default 127.0.0.1 */
  host?: string;
  /** nothing on disk, everything gone at exit (DYNAMODB_IN_MEMORY=true: a second mode for load tests) */
  inMemory?: boolean;
  /** restarts after the process died, at most this many within RESTART_WINDOW_MS (0: never); default 3 */
  maxRestarts?: number;
  /** where restarts are reported; default console.warn */
  log?: (line: string) => void;
}

/** The window in which at most `maxRestarts` restarts are made. */
export const RESTART_WINDOW_MS = 60_000;

/** The address clients use for a listening address: a wildcard is reached on the loopback. */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** A running npm start's store, as DYNAMODB_HOST and DYNAMODB_PORT name it (for the key CLI and npm run seed). */
export function localStoreEndpoint(env: NodeJS.ProcessEnv = process.env): string {
  return `http://${clientHost(env.DYNAMODB_HOST ?? '127.0.0.1')}:${env.DYNAMODB_PORT ?? 8000}`;
}

/** Starts the store process; resolves with its port once it is listening with its database open. */
function launch(path: string, dataDir: string, port: number, host: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(new URL('./dynaliteProcess.mjs', import.meta.url)), [path, String(port), host], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    execArgv: [],
  });
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) =>
      reject(new Error(`embedded DynamoDB exited with code ${code} (is ${clientHost(host)}:${port} in use or not an address of this machine?)`));
    child.once('exit', exited);
    child.stdout!.once('data', (line: Buffer) => {
      child.removeListener('exit', exited);
      const message = JSON.parse(line.toString()) as { port?: number; error?: string };
      if (message.port !== undefined) return resolve({ child, port: message.port });
      child.kill();
      reject(message.error === 'LEVEL_LOCKED' ? new StoreLockedError(dataDir) : new Error(`embedded DynamoDB could not open ${path} (${message.error})`));
    });
  });
}

/**
 * Embedded DynamoDB (dynalite) on disk under `dataDir`, listening on `host`:`port` (0: any free port).
 * It runs in a child process so that the store and the HTTP server use both cores. When the process dies,
 * it is started again on the same port (at most `maxRestarts` times a minute), so the server recovers
 * without a hand restart; what the store had acknowledged is on disk.
 */
export async function startEmbeddedStore(dataDir: string, port: number, options: EmbeddedStoreOptions = {}): Promise<EmbeddedStore> {
  const { host = '127.0.0.1', maxRestarts = 3, log = console.warn, inMemory = false } = options;
  const path = inMemory ? '' : join(dataDir, 'dynamodb');
  if (path) mkdirSync(path, { recursive: true });
  let current = await launch(path, dataDir, port, host);
  const actualPort = current.port;
  let closing = false;
  const restarts: number[] = [];

  const watch = (child: ChildProcess) =>
    child.once('exit', (code, signal) => {
      if (closing) return;
      const now = Date.now();
      while (restarts.length > 0 && restarts[0]! <= now - RESTART_WINDOW_MS) restarts.shift();
      const cause = signal ?? `code ${code}`;
      if (restarts.length >= maxRestarts) {
        log(`embedded DynamoDB stopped (${cause}); not restarted (${restarts.length} restarts in the last minute): restart npm start`);
        return;
      }
      restarts.push(now);
      log(`embedded DynamoDB stopped (${cause}); restarting it on port ${actualPort} (${restarts.length} of ${maxRestarts} a minute)`);
      launch(path, dataDir, actualPort, host).then(
        (next) => {
          current = next;
          if (closing) return void next.child.kill('SIGTERM');
          watch(next.child);
          log(`embedded DynamoDB running again on port ${actualPort}`);
        },
        (error: Error) => log(`embedded DynamoDB could not be restarted: ${error.message}`),
      );
    });
  watch(current.child);

  return {
    endpoint: `http://${clientHost(host)}:${actualPort}`,
    port: actualPort,
    get pid() {
      return current.child.pid;
    },
    close: () =>
      new Promise((resolve) => {
        closing = true;
        const child = current.child;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Creates the missing tables (TTL sweeping is not emulated; reads already ignore expired items). */
export async function ensureTables(endpoint: string): Promise<string[]> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
    const created: string[] = [];
    for (const table of Object.values(TABLES)) {
      if (existing.has(table.localName)) continue;
      const keys: KeySchemaElement[] = [{ AttributeName: table.partitionKey, KeyType: 'HASH' }];
      if ('sortKey' in table) keys.push({ AttributeName: table.sortKey, KeyType: 'RANGE' });
      await client.send(
        new CreateTableCommand({
          TableName: table.localName,
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: keys,
          AttributeDefinitions: keys.map((k) => ({ AttributeName: k.AttributeName, AttributeType: 'S' })),
        }),
      );
      created.push(table.localName);
    }
    return created;
  } finally {
    client.destroy();
  }
}
