/**
 * The one way this app builds a Lambda: an ESM bundle made by the local esbuild (all handlers in one run,
 * handlerBundles.ts), its own log group, the table names in its environment and exact DynamoDB actions on
 * exactly the tables it uses.
 */
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, type TableAccess } from '../../lib/http/definition';
import { TABLES, type TableName } from '../../lib/store/tables';
import type { Tables } from './stateful-stack';
import { handlerCode } from './handlerBundles';
import { deploymentSettings } from './settings';

const READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
export const TABLE_ACTIONS: Record<TableAccess, string[]> = { read: READ, write: WRITE, readWrite: [...READ, ...WRITE] };

/** DynamoDB actions per table. */
export type TablePermissions = Partial<Record<TableName, string[]>>;

/** Merges action lists per table (duplicates dropped). */
export function mergePermissions(...parts: TablePermissions[]): TablePermissions {
  const merged: TablePermissions = {};
  for (const part of parts) {
    for (const [table, actions] of Object.entries(part) as [TableName, string[]][]) {
      merged[table] = [...new Set([...(merged[table] ?? []), ...actions])];
    }
  }
  return merged;
}

/** The actions a registry `tables` declaration stands for. */
export function permissionsFor(tables: Partial<Record<TableName, TableAccess>> = {}): TablePermissions {
  return Object.fromEntries(Object.entries(tables).map(([table, access]) => [table, TABLE_ACTIONS[access]]));
}

export interface ServiceFunctionProps {
  /** handler module, relative to the project root; it exports `handler` */
  entry: string;
  /** a fixed function name, where another function invokes it by name (default: CloudFormation's) */
  functionName?: string;
  memoryMb?: number;
  timeoutSeconds?: number;
  tables: Tables;
  permissions: TablePermissions;
  layers?: ILayerVersion[];
  environment?: Record<string, string>;
  /** where failed asynchronous invocations go */
  deadLetterQueue?: IQueue;
}

export class ServiceFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const used = Object.keys(props.permissions) as TableName[];
    this.function = new NodejsFunction(this, 'Function', {
      functionName: props.functionName,
      code: handlerCode(props.entry),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.X86_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      logGroup: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }),
      layers: props.layers,
      deadLetterQueue: props.deadLetterQueue,
      environment: {
        // empty in AWS; `sam local start-api --env-vars cdk.out/sam-env.json` points it at the local store
        DYNAMODB_ENDPOINT: '',
        ...Object.fromEntries(used.map((table) => [TABLES[table].env, props.tables[table].tableName])),
        ...deploymentSettings(),
        ...props.environment,
      },
    });
    for (const table of used) {
      this.function.addToRolePolicy(
        new PolicyStatement({ actions: props.permissions[table], resources: [props.tables[table].tableArn] }),
      );
    }
  }
}
