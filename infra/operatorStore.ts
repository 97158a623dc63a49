/**
 * Where the operator CLIs (keys, jobs) work: locally the running server's embedded store (DYNAMODB_PORT), or
 * the one in DATA_DIR when no server runs; with --aws the deployed stacks, found through their outputs.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { TABLES } from '../lib/store/tables';
import { ensureTables, localStoreEndpoint, startEmbeddedStore, StoreLockedError, type EmbeddedStore } from './local/store';
import { STACK_NAMES, tableOutputKey } from './stacks/names';

/** A deployed stack's outputs, by output key. */
export async function stackOutputs(stackName: string): Promise<Record<string, string>> {
  const { Stacks } = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stackName }));
  return Object.fromEntries((Stacks?.[0]?.Outputs ?? []).flatMap((output) => (output.OutputKey && output.OutputValue ? [[output.OutputKey, output.OutputValue]] : [])));
}

/** Points the repositories at the deployed tables: names from ACCOUNTS_TABLE, ... or the stateful stack's outputs. */
export async function useAwsTables(): Promise<void> {
  const missing = (Object.keys(TABLES) as (keyof typeof TABLES)[]).filter((table) => !process.env[TABLES[table].env]);
  if (missing.length === 0) return;
  const outputs = await stackOutputs(process.env.STATEFUL_STACK ?? STACK_NAMES.stateful);
  for (const table of missing) {
    const name = outputs[tableOutputKey(table)];
    if (name) process.env[TABLES[table].env] = name;
  }
}

/** The running server's store, or the one on disk in DATA_DIR when nothing listens on DYNAMODB_PORT. */
export async function useLocalStore(): Promise<EmbeddedStore | undefined> {
  const endpoint = localStoreEndpoint();
  const running = await fetch(endpoint, { method: 'GET' }).then(
    () => true,
    () => false,
  );
  if (running) {
    process.env.DYNAMODB_ENDPOINT = endpoint;
    return undefined;
  }
  const dataDir = process.env.DATA_DIR ?? '.data';
  const store = await startEmbeddedStore(dataDir, 0, { maxRestarts: 0 }).catch((error: unknown) => {
    if (!(error instanceof StoreLockedError)) throw error;
    throw new Error(
      `${error.message}, but nothing answers on DYNAMODB_PORT ${process.env.DYNAMODB_PORT ?? 8000}: run the command with that server's DYNAMODB_PORT (npm start prints it), or stop the server`,
    );
  });
  await ensureTables(store.endpoint);
  process.env.DYNAMODB_ENDPOINT = store.endpoint;
  return store;
}
