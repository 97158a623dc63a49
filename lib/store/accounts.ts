import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Period, Tier } from '../http/plans';
import { dynamo, isConditionFailure } from './dynamo';
import { tableName } from './tables';

export interface Account {
  /** SHA-256 of the API key: the account's identity in every table */
  keyHash: string;
  tier: Tier;
  period: Period;
  status: 'active' | 'disabled';
  /** YYYY-MM-DD (UTC): the day-of-month the billing month starts on */
  createdOn: string;
  /** first characters of the key, so an operator can tell keys apart in `keys list` */
  keyPrefix: string;
  /** monthly quota that replaces the plan's (key CLI `--quota`) */
  quotaOverride?: number;
}

interface AccountItem {
  key_hash: string;
  tier: Tier;
  period: Period;
  status: 'active' | 'disabled';
  created_on: string;
  key_prefix: string;
  quota_override?: number;
}

const toAccount = (item: AccountItem): Account => ({
  keyHash: item.key_hash,
  tier: item.tier,
  period: item.period,
  status: item.status,
  createdOn: item.created_on,
  keyPrefix: item.key_prefix,
  ...(item.quota_override === undefined ? {} : { quotaOverride: item.quota_override }),
});

export async function getAccount(keyHash: string): Promise<Account | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('accounts'), Key: { key_hash: keyHash } }));
  return Item ? toAccount(Item as AccountItem) : undefined;
}

export async function createAccount(account: Account): Promise<void> {
  const item: AccountItem = {
    key_hash: account.keyHash,
    tier: account.tier,
    period: account.period,
    status: account.status,
    created_on: account.createdOn,
    key_prefix: account.keyPrefix,
    quota_override: account.quotaOverride,
  };
  await dynamo().send(
    new PutCommand({ TableName: tableName('accounts'), Item: item, ConditionExpression: 'attribute_not_exists(key_hash)' }),
  );
}

/** The fields to change; `quotaOverride: null` drops the override (the plan's quota applies again). */
export type AccountChange = Partial<Pick<Account, 'tier' | 'period' | 'status'>> & { quotaOverride?: number | null };

const COLUMNS: Record<keyof AccountChange, string> = {
  tier: 'tier',
  period: 'period',
  status: 'status',
  quotaOverride: 'quota_override',
};

/** Applies the change to an existing account; returns false when no account has this hash. */
export async function updateAccount(keyHash: string, change: AccountChange): Promise<boolean> {
  const entries = Object.entries(change).filter(([, v]) => v !== undefined) as [keyof AccountChange, unknown][];
  if (entries.length === 0) return (await getAccount(keyHash)) !== undefined;
  const set = entries.flatMap(([, v], i) => (v === null ? [] : [`#c${i} = :v${i}`]));
  const remove = entries.flatMap(([, v], i) => (v === null ? [`#c${i}`] : []));
  const values = entries.flatMap(([, v], i) => (v === null ? [] : [[`:v${i}`, v]]));
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('accounts'),
        Key: { key_hash: keyHash },
        UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].filter(Boolean).join(' '),
        ConditionExpression: 'attribute_exists(key_hash)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#c${i}`, COLUMNS[k]])),
        ExpressionAttributeValues: values.length ? Object.fromEntries(values) : undefined,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function listAccounts(): Promise<Account[]> {
  const accounts: Account[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName('accounts'), ExclusiveStartKey: start }));
    accounts.push(...((page.Items ?? []) as AccountItem[]).map(toAccount));
    start = page.LastEvaluatedKey;
  } while (start);
  return accounts.sort((a, b) => a.createdOn.localeCompare(b.createdOn) || a.keyPrefix.localeCompare(b.keyPrefix));
}
