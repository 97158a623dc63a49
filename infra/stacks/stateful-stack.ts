import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, BillingMode, Table, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { TABLES, type TableDefinition, type TableName } from '../../lib/store/tables';
import { constructId, tableOutputKey } from './names';

export type Tables = Record<TableName, ITable>;

export interface StatefulStackProps extends StackProps {
  /** subscribed to the alarm topic (ALARM_EMAIL); it confirms by the link AWS mails it */
  alarmEmail?: string;
}

/**
 * What outlives every deploy: the DynamoDB tables of lib/store/tables.ts (on demand, point-in-time recovery,
 * kept when the stack goes) and the alarm topic every alarm of the service acts on (its subscriptions stay
 * confirmed across deploys of the other stacks), with the tables' throttling alarms.
 */
export class StatefulStack extends Stack {
  readonly tables: Tables;
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: StatefulStackProps = {}) {
    super(scope, id, props);
    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: 'Data Query Service alarms', enforceSSL: true });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn, description: 'Every alarm of the service; subscribe to it (README "Alarms")' });

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
      // on-demand tables throttle when traffic more than doubles its previous peak within 30 minutes
      new Alarm(this, `${constructId(name)}ThrottlesAlarm`, {
        alarmDescription: `DynamoDB throttled reads or writes of the ${name} table`,
        metric: new MathExpression({
          expression: 'reads + writes',
          label: `${name} throttle events`,
          period: Duration.minutes(5),
          usingMetrics: {
            reads: table.metric('ReadThrottleEvents', { statistic: 'Sum' }),
            writes: table.metric('WriteThrottleEvents', { statistic: 'Sum' }),
          },
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(new SnsAction(this.alarmTopic));
    }
  }
}
