import { mkdirSync } from 'node:fs';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, type KeySchemaElement } from '@aws-sdk/client-dynamodb';
import { TABLES } from '../../lib/store/tables';

// Lambda runs Node.js 22; locally Node.js 20 is supported, so the SDK's upgrade notice is noise here
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface EmbeddedStore {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Embedded DynamoDB (dynalite) on disk under `dataDir`, listening on 127.0.0.1:`port` (0: any free port).
 * It runs in a child process so that the store and the HTTP server use both cores.
 */
export async function startEmbeddedStore(dataDir: string, port: number): Promise<EmbeddedStore> {
  const path = join(dataDir, 'dynamodb');
  mkdirSync(path, { recursive: true });
  const child = fork(fileURLToPath(new URL('./dynaliteProcess.mjs', import.meta.url)), [path, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    execArgv: [],
  });
  const actualPort = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`embedded DynamoDB exited with code ${code} (is port ${port} in use?)`)));
    child.stdout!.once('data', (line: Buffer) => resolve((JSON.parse(line.toString()) as { port: number }).port));
  });
  child.removeAllListeners('exit');
  return {
    endpoint: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
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
