/**
 * The one way this app builds a Lambda: an ESM bundle made by the local esbuild (all handlers in one run,
 * handlerBundles.ts), its own log group and a role that may write only there (no managed policy with logs on
 * `*`), exactly the DynamoDB actions it needs on exactly the tables it uses, the settings its own code reads
 * (found in its bundle) and read access to exactly the upstream-key parameters its code reads. Each function
 * has an errors and a throttles alarm acting on the alarm topic.
 */
import { createHash } from 'node:crypto';
import { ArnFormat, Duration, Stack, Token } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, type TableAccess } from '../../lib/http/definition';
import { TABLES, type TableName } from '../../lib/store/tables';
import type { Tables } from './stateful-stack';
import { handlerBundle, handlerCode } from './handlerBundles';
import { DEPLOYMENT_SETTINGS, keyParameterVariable, UPSTREAM_KEYS, variablesReadBy, type DeploymentConfig } from './settings';

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

/** The actions a registry `tables` declaration stands for: those the table's repository uses to read or write it. */
export function permissionsFor(tables: Partial<Record<TableName, TableAccess>> = {}): TablePermissions {
  return Object.fromEntries(
    (Object.entries(tables) as [TableName, TableAccess][]).map(([table, access]) => {
      const { read, write } = TABLES[table].actions;
      const actions = access === 'read' ? read : access === 'write' ? write : [...read, ...write];
      return [table, actions.map((action) => `dynamodb:${action}`)];
    }),
  );
}

/** Lambda's limit on a function's environment: keys and values together. */
export const ENVIRONMENT_LIMIT_BYTES = 4096;

/** What a value known only at deploy time (a generated table name, about 60 characters) is counted as. */
const DEPLOY_TIME_VALUE_BYTES = 128;

/** The size Lambda counts: every name and value, in UTF-8. */
export const environmentBytes = (environment: Record<string, string>): number =>
  Object.entries(environment).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + (Token.isUnresolved(value) ? DEPLOY_TIME_VALUE_BYTES : Buffer.byteLength(value)),
    0,
  );

export interface ServiceFunctionProps {
  /** handler module, relative to the project root; it exports `handler` */
  entry: string;
  /** a fixed function name, where another function invokes it by name (default: CloudFormation's) */
  functionName?: string;
  memoryMb?: number;
  timeoutSeconds?: number;
  tables: Tables;
  permissions: TablePermissions;
  config: DeploymentConfig;
  /** where the errors and throttles alarms send */
  alarmTopic: ITopic;
  /**
   * consecutive 5-minute periods with errors before the errors alarm goes off: 1 on the request path; more
   * for a job that runs every minute, whose single failed run its dead-letter queue reports
   */
  errorPeriods?: number;
  layers?: ILayerVersion[];
  /** what its layers tell it (REFERENCE_DATA_DIR, ...) */
  environment?: Record<string, string>;
  /** where failed asynchronous invocations go */
  deadLetterQueue?: IQueue;
  /** caps (and keeps) the function's concurrency; none by default (settings.ts, reservedConcurrency) */
  reservedConcurrency?: number;
}

export class ServiceFunction extends Construct {
  readonly function: NodejsFunction;
  /** the deployment settings its bundle reads */
  readonly settingsRead: readonly string[];
  /** changes when its code or its settings change (the after-deploy run starts the jobs whose fingerprint changed) */
  readonly fingerprint: string;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const used = Object.keys(props.permissions) as TableName[];
    const bundle = handlerBundle(props.entry);
    const keys = UPSTREAM_KEYS.filter((key) => variablesReadBy(bundle, [keyParameterVariable(key)]).length > 0);
    this.settingsRead = variablesReadBy(bundle, DEPLOYMENT_SETTINGS);
    const settings = Object.fromEntries(this.settingsRead.flatMap((name) => {
      const value = props.config.settings[name as keyof DeploymentConfig['settings']];
      return value ? [[name, value]] : [];
    }));
    const keyParameter = (key: string) => `${props.config.secretsParameterPath}${key}`;
    const environment: Record<string, string> = {
      // empty in AWS; `sam local start-api --env-vars cdk.out/sam-env.json` points it at the local store
      ...(variablesReadBy(bundle, ['DYNAMODB_ENDPOINT']).length ? { DYNAMODB_ENDPOINT: '' } : {}),
      ...Object.fromEntries(used.map((table) => [TABLES[table].env, props.tables[table].tableName])),
      ...settings,
      ...Object.fromEntries(keys.map((key) => [keyParameterVariable(key), keyParameter(key)])),
      ...props.environment,
    };
    const bytes = environmentBytes(environment);
    if (bytes > ENVIRONMENT_LIMIT_BYTES) {
      throw new Error(`${props.entry}: its environment takes ${bytes} bytes, over Lambda's ${ENVIRONMENT_LIMIT_BYTES} (shorten the watchlists or base URLs it reads: ${this.settingsRead.join(', ')})`);
    }
    this.fingerprint = createHash('sha256').update(bundle).update(JSON.stringify(settings)).digest('hex').slice(0, 16);

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });
    // no AWSLambdaBasicExecutionRole (logs on `*`): this role writes only to the function's own log group
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    this.function = new NodejsFunction(this, 'Function', {
      functionName: props.functionName,
      code: handlerCode(props.entry),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.X86_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      role,
      logGroup,
      layers: props.layers,
      deadLetterQueue: props.deadLetterQueue,
      reservedConcurrentExecutions: props.reservedConcurrency,
      environment,
    });
    for (const table of used) {
      role.addToPolicy(new PolicyStatement({ actions: props.permissions[table], resources: [props.tables[table].tableArn] }));
    }
    if (keys.length > 0) {
      const parameterArn = (key: string) =>
        stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: keyParameter(key).slice(1), arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
      // SecureStrings under the AWS managed key aws/ssm, whose key policy lets the account's principals decrypt through SSM
      role.addToPolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: keys.map(parameterArn) }));
    }

    const action = new SnsAction(props.alarmTopic);
    const errorPeriods = props.errorPeriods ?? 1;
    new Alarm(this, 'ErrorsAlarm', {
      alarmDescription: `${props.entry} failed (an uncaught error or a timeout) in ${errorPeriods} consecutive 5-minute period(s); see its log group`,
      metric: this.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: errorPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);
    new Alarm(this, 'ThrottlesAlarm', {
      alarmDescription: `${props.entry} was throttled: calls refused for want of concurrency (the account's, or its reserved concurrency)`,
      metric: this.function.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);
  }
}
