/**
 * The DynamoDB tables: one description used by the CDK stateful stack, the local store and the repositories.
 *
 * - accounts: one item per API key, keyed by the key's SHA-256 hash (the key itself is never stored).
 * - usage: per account, one item per billing month (the quota: `calls`), one per UTC day with calls (a counter
 *   per API), and short-lived rate-limit windows (`period` = `rate|<minute>`); lib/store/usage.ts. TTL on all.
 * - counters: the /v1/counter values, keyed by owner (key hash) and counter id; `expires_at` is the TTL.
 * - cache: short-lived copies of live upstream answers (e.g. air quality per rounded location), keyed by
 *   `<family>|<key>`; `expires_at` is the TTL and reads treat expired items as absent.
 * - market: ingested market and filing data (bars, quotes, reference lists, documents); the key design is
 *   in lib/store/marketData.ts. `expires_at` is the TTL of fine-grained intraday bars.
 */
export interface TableDefinition {
  /** environment variable holding the physical table name */
  env: string;
  /**
   * The DynamoDB actions its repository uses to read it and to write it: what a function that reads or writes
   * the table is granted, nothing more (test/infra/stacks.test.ts holds them to the repository's commands).
   * Nothing deletes an item on its own: replaced records go in a BatchWriteItem.
   */
  actions: { read: readonly DynamoAction[]; write: readonly DynamoAction[] };
  /** table name in the embedded local store */
  localName: string;
  partitionKey: string;
  sortKey?: string;
  ttlAttribute?: string;
}

export type DynamoAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'BatchWriteItem';

export const TABLES = {
  // functions only look keys up; the key CLI writes and lists them with the operator's own credentials
  accounts: { env: 'ACCOUNTS_TABLE', localName: 'accounts', partitionKey: 'key_hash', actions: { read: ['GetItem'], write: [] } },
  usage: {
    env: 'USAGE_TABLE',
    localName: 'usage',
    partitionKey: 'account',
    sortKey: 'period',
    ttlAttribute: 'expires_at',
    actions: { read: ['GetItem', 'Query'], write: ['UpdateItem'] },
  },
  counters: {
    env: 'COUNTERS_TABLE',
    localName: 'counters',
    partitionKey: 'owner',
    sortKey: 'id',
    ttlAttribute: 'expires_at',
    actions: { read: ['GetItem'], write: ['PutItem', 'UpdateItem'] },
  },
  cache: { env: 'CACHE_TABLE', localName: 'cache', partitionKey: 'key', ttlAttribute: 'expires_at', actions: { read: ['GetItem'], write: ['PutItem'] } },
  market: {
    env: 'MARKET_TABLE',
    localName: 'market',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'expires_at',
    actions: { read: ['GetItem', 'BatchGetItem', 'Query'], write: ['BatchWriteItem'] },
  },
} as const satisfies Record<string, TableDefinition>;

export type TableName = keyof typeof TABLES;

export function tableName(table: TableName): string {
  return process.env[TABLES[table].env] ?? TABLES[table].localName;
}
