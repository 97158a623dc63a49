/**
 * Names the stacks give and the operator CLIs look up (no CDK import: the CLIs load this without the CDK).
 */
import { TABLES, type TableName } from '../../lib/store/tables';

/** A registry, table or family name as a CDK construct id: counter → Counter, 'Market prices' → MarketPrices. */
export const constructId = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** The stacks of the app, by role. */
export const STACK_NAMES = {
  stateful: 'DataQueryService-Stateful',
  api: 'DataQueryService-Api',
  ingestion: 'DataQueryService-Ingestion',
} as const;

/** The output key of a table's name: its env variable without underscores (CloudFormation keys are alphanumeric). */
export const tableOutputKey = (table: TableName): string => TABLES[table].env.replaceAll('_', '');

/** The ingestion stack's output that names a job's function (npm run jobs -- run <job> --aws reads it). */
export const jobOutputKey = (job: string): string => `${constructId(job)}Function`;

/** Items grouped by a key, groups in the order their first item comes (Map.groupBy, which Node 20 lacks). */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
