import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLES, type TableDefinition, type TableName } from '../../lib/store/tables';
import { constructId } from './constructId';

export type Tables = Record<TableName, ITable>;

/** The output key of a table's name: its env variable without underscores (CloudFormation keys are alphanumeric). */
export const tableOutputKey = (table: TableName): string => TABLES[table].env.replaceAll('_', '');

/** The DynamoDB tables of lib/store/tables.ts: on demand, point-in-time recovery, kept when the stack goes. */
export class StatefulStack extends Stack {
  readonly tables: Tables;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.tables = {} as Tables;
    for (const [name, definition] of Object.entries(TABLES) as [TableName, TableDefinition][]) {
      const table = new Table(this, `${constructId(name)}Table`, {
        partitionKey: { name: definition.partitionKey, type: AttributeType.STRING },
        sortKey: definition.sortKey ? { name: definition.sortKey, type: AttributeType.STRING } : undefined,
        timeToLiveAttribute: definition.ttlAttribute,
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: true,
        removalPolicy: RemovalPolicy.RETAIN,
      });
      new CfnOutput(this, tableOutputKey(name), { value: table.tableName, description: `${definition.env}: the ${name} table` });
      this.tables[name] = table;
    }
  }
}
