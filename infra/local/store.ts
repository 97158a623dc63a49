import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, type KeySchemaElement } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { TABLES } from '../../lib/store/tables';

export interface EmbeddedStore {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/** Embedded DynamoDB (dynalite) on disk under `dataDir`, listening on 127.0.0.1:`port` (0: any free port). */
export async function startEmbeddedStore(dataDir: string, port: number): Promise<EmbeddedStore> {
  const path = join(dataDir, 'dynamodb');
  mkdirSync(path, { recursive: true });
  const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: () => new Promise((resolve) => server.close(() => resolve())),
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
