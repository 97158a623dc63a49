/**
 * Key CLI: `npm run keys -- create|list|disable|enable|set-tier ...` (README "API keys").
 * Local by default: the running server's embedded store on DYNAMODB_PORT, or the store in DATA_DIR when
 * no server runs. With --aws: the deployed tables (names from the stateful stack's outputs).
 */
import { parseArgs } from 'node:util';
import { hashApiKey } from '../lib/accounts/apiKey';
import { issueApiKey } from '../lib/accounts/keys';
import { billingPeriod, isPeriod, isTier, MONTHLY_QUOTA, TIERS, type Period, type Tier } from '../lib/http/plans';
import { listAccounts, updateAccount, type AccountChange } from '../lib/store/accounts';
import { resetDynamo } from '../lib/store/dynamo';
import { monthUsage } from '../lib/store/usage';
import type { EmbeddedStore } from './local/store';
import { useAwsTables, useLocalStore } from './operatorStore';

const USAGE = `usage: npm run keys -- <command> [options]
  create --tier <${TIERS.join('|')}> [--period month|year] [--quota N] [--json]
  list [--json]
  disable <key or key hash>
  enable <key or key hash>
  set-tier <key or key hash> <tier> [--period month|year] [--quota N|plan]
options: --quota N replaces the plan's monthly quota for the key, --quota plan drops that (the plan's quota
         applies again); --aws uses the deployed tables; --json prints machine-readable output; --help this text.
The local store is the running server's (DYNAMODB_PORT, default 8000), or the one in DATA_DIR when none runs.`;

class UsageError extends Error {}

function tierOf(value: string | undefined): Tier {
  if (!value || !isTier(value)) throw new UsageError(`tier must be one of: ${TIERS.join(', ')}`);
  return value;
}

function periodOf(value: string | undefined): Period | undefined {
  if (value === undefined) return undefined;
  if (!isPeriod(value)) throw new UsageError('period must be month or year');
  return value;
}

/** --quota N (an override), --quota plan (no override: null), or nothing (unchanged: undefined). */
function quotaOf(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'plan') return null;
  if (!/^\d+$/.test(value)) throw new UsageError("quota must be a whole number of calls per month, or 'plan' for the plan's quota");
  return Number(value);
}

/** Rows as a table: a header row and columns padded to their widest cell. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  return [header, ...rows].map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** A key is hashed; a 64-hex-digit argument is taken as the hash itself (as `list` shows it). */
const keyHashOf = (value: string | undefined) => {
  if (!value) throw new UsageError('give the API key (or its hash from `keys list`)');
  return /^[0-9a-f]{64}$/.test(value) ? value : hashApiKey(value);
};

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        tier: { type: 'string' },
        period: { type: 'string' },
        quota: { type: 'string' },
        json: { type: 'boolean', default: false },
        aws: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    // an unknown option or a missing value
    throw new UsageError((error as Error).message);
  }
}

async function run({ values, positionals }: ReturnType<typeof parse>): Promise<string> {
  const [command, ...rest] = positionals;
  const json = values.json;
  switch (command) {
    case 'create': {
      const tier = tierOf(values.tier);
      const period = periodOf(values.period) ?? 'month';
      const { apiKey } = await issueApiKey({ tier, period, quotaOverride: quotaOf(values.quota) ?? undefined });
      return json ? JSON.stringify({ api_key: apiKey, tier, period }) : apiKey;
    }
    case 'list': {
      const now = new Date();
      const rows = await Promise.all(
        (await listAccounts()).map(async (a) => {
          const period = billingPeriod(a.createdOn, now);
          return {
            key_prefix: a.keyPrefix,
            key_hash: a.keyHash,
            tier: a.tier,
            period: a.period,
            status: a.status,
            created: a.createdOn,
            monthly_quota: a.quotaOverride ?? MONTHLY_QUOTA[a.tier],
            used_this_month: (await monthUsage(a.keyHash, period.start)).calls,
          };
        }),
      );
      if (json) return JSON.stringify(rows);
      if (rows.length === 0) return 'no keys yet (npm run keys -- create --tier free)';
      return table(
        ['KEY', 'TIER', 'PERIOD', 'STATUS', 'CREATED', 'USED/QUOTA', 'KEY HASH'],
        rows.map((r) => [`${r.key_prefix}…`, r.tier, r.period, r.status, r.created, `${r.used_this_month}/${r.monthly_quota}`, r.key_hash]),
      );
    }
    case 'disable':
    case 'enable':
    case 'set-tier': {
      const change: AccountChange =
        command === 'set-tier'
          ? { tier: tierOf(rest[1]), period: periodOf(values.period), quotaOverride: quotaOf(values.quota) }
          : { status: command === 'disable' ? 'disabled' : 'active' };
      const found = await updateAccount(keyHashOf(rest[0]), change);
      if (!found) throw new Error('no account has this key');
      return json ? JSON.stringify({ updated: true, ...change }) : `${command}: done (running servers see it within 60 s)`;
    }
    default:
      throw new UsageError(command ? `unknown command '${command}'` : 'no command given');
  }
}

let store: EmbeddedStore | undefined;
try {
  const args = parse(process.argv.slice(2));
  if (args.values.help) {
    console.log(USAGE);
  } else {
    if (args.values.aws) await useAwsTables();
    else store = await useLocalStore();
    console.log(await run(args));
  }
} catch (error) {
  console.error(`keys: ${(error as Error).message}`);
  if (error instanceof UsageError) console.error(USAGE);
  process.exitCode = error instanceof UsageError ? 2 : 1;
} finally {
  resetDynamo();
  await store?.close();
}
