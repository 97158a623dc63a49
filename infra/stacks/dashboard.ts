/**
 * The CloudWatch dashboard of what the alarms watch: the API's answers, every function's errors, throttles and
 * durations, each family's data age, failed ingestion runs and DynamoDB throttling. Metrics of the service's
 * other stacks are found by CloudWatch search (their resource names begin with DataQueryService-), so the
 * dashboard needs no reference into them and stays one resource.
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Dashboard, GraphWidget, MathExpression, TextWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { DATA_AGE_METRIC } from '../../lib/ingest/job';
import { METRICS_NAMESPACE } from '../../lib/http/observability';

const FIVE_MINUTES = Duration.minutes(5);

/** One line per metric that a CloudWatch search finds. */
const search = (query: string, statistic: string, label: string) =>
  new MathExpression({ expression: `SEARCH('${query}', '${statistic}', 300)`, usingMetrics: {}, label, period: FIVE_MINUTES });

export function serviceDashboard(scope: Construct, api: HttpApi): Dashboard {
  const dashboard = new Dashboard(scope, 'Dashboard', { defaultInterval: Duration.hours(24) });
  dashboard.addWidgets(
    new TextWidget({
      markdown: '# Data Query Service\nAlarms act on the AlarmTopic (stateful stack). Access logs: the API stack\'s AccessLogs group.',
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(
    new GraphWidget({
      title: 'API answers (per 5 minutes)',
      left: [api.metricCount({ statistic: 'Sum', period: FIVE_MINUTES }), api.metricClientError({ statistic: 'Sum', period: FIVE_MINUTES }), api.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES })],
      width: 12,
    }),
    new GraphWidget({
      title: 'API latency (p99, ms)',
      left: [api.metricLatency({ statistic: 'p99', period: FIVE_MINUTES }), api.metricIntegrationLatency({ statistic: 'p99', period: FIVE_MINUTES })],
      width: 12,
    }),
  );
  dashboard.addWidgets(
    new GraphWidget({ title: 'Function errors', left: [search('{AWS/Lambda,FunctionName} MetricName="Errors" DataQueryService', 'Sum', 'errors')], width: 8 }),
    new GraphWidget({ title: 'Function throttles', left: [search('{AWS/Lambda,FunctionName} MetricName="Throttles" DataQueryService', 'Sum', 'throttles')], width: 8 }),
    new GraphWidget({ title: 'Function duration (p99, ms)', left: [search('{AWS/Lambda,FunctionName} MetricName="Duration" DataQueryService', 'p99', 'duration')], width: 8 }),
  );
  dashboard.addWidgets(
    new GraphWidget({ title: 'Data age per job family (s)', left: [search(`{${METRICS_NAMESPACE},family,service} MetricName="${DATA_AGE_METRIC}"`, 'Maximum', 'age')], width: 8 }),
    new GraphWidget({
      title: 'Failed ingestion runs waiting in the dead-letter queue',
      left: [search('{AWS/SQS,QueueName} MetricName="ApproximateNumberOfMessagesVisible" DataQueryService', 'Maximum', 'failed runs')],
      width: 8,
    }),
    new GraphWidget({
      title: 'DynamoDB throttled reads and writes',
      left: [
        search('{AWS/DynamoDB,TableName} MetricName="ReadThrottleEvents" DataQueryService', 'Sum', 'reads'),
        search('{AWS/DynamoDB,TableName} MetricName="WriteThrottleEvents" DataQueryService', 'Sum', 'writes'),
      ],
      width: 8,
    }),
  );
  return dashboard;
}
