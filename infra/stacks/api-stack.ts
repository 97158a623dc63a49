import { ArnFormat, CfnOutput, Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { CORS } from '../../lib/http/cors';
import type { EndpointDefinition, LayerName } from '../../lib/http/definition';
import { methodsOf, pathsOf } from '../../lib/http/routes';
import { endpointList, type ListedEndpoint } from '../../lib/api/registry';
import { endpointFunctionName } from '../../lib/mcp/invoker';
import { isTool } from '../../lib/mcp/tools';
import { serviceDashboard } from './dashboard';
import { constructId, groupBy } from './names';
import { mergePermissions, permissionsFor, ServiceFunction, type TablePermissions } from './lambdaFunction';
import { LAYERS, layerVersion } from './layers';
import type { DeploymentConfig } from './settings';
import type { Tables } from './stateful-stack';

export type { ListedEndpoint };

export interface ApiStackProps extends StackProps {
  tables: Tables;
  alarmTopic: ITopic;
  config: DeploymentConfig;
  /** defaults to the registry's endpointList */
  endpoints?: readonly ListedEndpoint[];
}

/**
 * What the shared pipeline itself does (lib/http/endpoint.ts): key lookup, then quota or rate-limit metering
 * (quota: HEAD and conditional GETs read the month's count before deciding).
 */
function pipelinePermissions(entry: EndpointDefinition): TablePermissions {
  if (entry.access === 'public') return {};
  const usage = { none: [], rateLimit: ['dynamodb:UpdateItem'], quota: ['dynamodb:UpdateItem', 'dynamodb:GetItem'] }[entry.metering];
  return { accounts: ['dynamodb:GetItem'], ...(usage.length ? { usage } : {}) };
}

/**
 * The routes of an entry: each method it answers (methodsOf: HEAD beside GET; HTTP APIs route HEAD only where
 * a route says so) on its path and on each alias (pathsOf), with the id suffix of each route's construct
 * (the path's own routes keep `Route` and `<METHOD>Route`; an alias's are `Alias<Path><METHOD>Route`).
 */
function routeKeys(entry: EndpointDefinition): { key: HttpRouteKey; id: string }[] {
  if (entry.path === '$default') return [{ key: HttpRouteKey.DEFAULT, id: 'Route' }];
  return pathsOf(entry).flatMap((path, p) =>
    methodsOf(entry.method).map((method, m) => ({
      key: HttpRouteKey.with(path, HttpMethod[method as keyof typeof HttpMethod]),
      id: p > 0 ? `Alias${path.split('/').filter(Boolean).map(constructId).join('')}${method}Route` : m > 0 ? `${method}Route` : 'Route',
    })),
  );
}

/**
 * The access log of the API stage, one JSON line per call: the route, outcome and timings. Never the query
 * string (parameters), headers (the API key) or bodies.
 */
export const ACCESS_LOG_FORMAT: Record<string, string> = {
  requestId: '$context.requestId',
  time: '$context.requestTimeEpoch',
  ip: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  route: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationStatus: '$context.integrationStatus',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
};

/** The share of 5xx answers (in %) over 5 minutes that sets off the API's alarm, and the calls it needs to judge. */
export const SERVER_ERROR_ALARM = { percent: 5, minimumCalls: 20 };

interface EndpointFamilyStackProps {
  api: HttpApi;
  endpoints: readonly ListedEndpoint[];
  /**
   * The MCP tools' functions are named `<prefix><registry name>` (lib/mcp/invoker.ts): a plain string known at
   * synth (the API stack's name and a dash), not the nested stack's own name, which is a token there.
   */
  functionPrefix: string;
  /** the tools of the whole API, which a function that invokes endpoints (/mcp) may invoke */
  tools: readonly ListedEndpoint[];
  layer: (name: LayerName) => ILayerVersion;
  tables: Tables;
  alarmTopic: ITopic;
  config: DeploymentConfig;
}

/**
 * The functions, routes and alarms of one endpoint family (an API reference tag): a nested stack of its own,
 * so each template stays far below CloudFormation's limits however many families and endpoints there are.
 */
export class EndpointFamilyStack extends NestedStack {
  readonly functions: Record<string, NodejsFunction> = {};

  constructor(scope: Construct, id: string, props: EndpointFamilyStackProps) {
    super(scope, id, { description: `Data Query Service: the ${id} endpoints` });
    for (const entry of props.endpoints) {
      const id = constructId(entry.name);
      const fn = new ServiceFunction(this, id, {
        entry: entry.entry,
        functionName: isTool(entry) ? endpointFunctionName(props.functionPrefix, entry.name) : undefined,
        memoryMb: entry.memoryMb,
        timeoutSeconds: entry.timeoutSeconds,
        tables: props.tables,
        permissions: mergePermissions(pipelinePermissions(entry), permissionsFor(entry.tables)),
        config: props.config,
        alarmTopic: props.alarmTopic,
        layers: entry.layers?.map(props.layer),
        environment: Object.assign(
          {},
          ...(entry.layers ?? []).map((name) => LAYERS[name].environment),
          entry.invokesEndpoints ? { ENDPOINT_FUNCTION_PREFIX: props.functionPrefix } : {},
        ),
        reservedConcurrency: props.config.reservedConcurrency[entry.name],
      }).function;
      if (entry.invokesEndpoints) fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: this.functionArns(props.functionPrefix, props.tools) }));
      this.functions[entry.name] = fn;

      const integration = new HttpLambdaIntegration(`${id}Integration`, fn, { payloadFormatVersion: PayloadFormatVersion.VERSION_2_0 });
      for (const route of routeKeys(entry)) new HttpRoute(this, `${id}${route.id}`, { httpApi: props.api, routeKey: route.key, integration });
    }
  }

  /** The ARNs of the tools' functions, from their names alone: no reference to another stack's resources. */
  private functionArns(prefix: string, tools: readonly ListedEndpoint[]): string[] {
    return tools.map((entry) =>
      this.formatArn({ service: 'lambda', resource: 'function', resourceName: endpointFunctionName(prefix, entry.name), arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
    );
  }
}

/**
 * The HTTP API: its stage (throttled, access-logged), the layers, the API's 5xx alarm and the service's
 * dashboard here; the
 * functions and routes of each endpoint family (one per registry entry, GET entries also a HEAD route) in a
 * nested stack per family. Errors that API Gateway itself raises before a function runs (its 413 for bodies
 * over 10 MB, 429 throttling, 500/503 when an integration fails) keep API Gateway's `{"message": ...}` body:
 * HTTP APIs, unlike REST APIs, have no customisable gateway responses (see README "Deploy to AWS"). The functions
 * of the MCP tools (lib/mcp/tools.ts) get fixed names, `<API stack name>-<registry name>`, and the MCP function
 * may invoke exactly those, by the prefix it is given (lib/mcp/invoker.ts).
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** the function of each registry entry, by entry name */
  readonly functions: Record<string, NodejsFunction> = {};
  /** the nested stack of each family, by family (API reference tag) */
  readonly families: Record<string, EndpointFamilyStack> = {};

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.api = new HttpApi(this, 'HttpApi', {
      description: 'Data Query Service',
      corsPreflight: {
        allowOrigins: [...CORS.allowOrigins],
        allowMethods: CORS.allowMethods.map((method) => CorsHttpMethod[method]),
        allowHeaders: [...CORS.allowHeaders],
        exposeHeaders: [...CORS.exposeHeaders],
        maxAge: Duration.seconds(CORS.maxAgeSeconds),
      },
      createDefaultStage: false,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.config.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH })),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });

    // each layer is made once, here, when the first function needs it; the family stacks take it as a parameter
    const made = new Map<LayerName, ILayerVersion>();
    const layer = (name: LayerName) => {
      if (!made.has(name)) made.set(name, layerVersion(this, `${constructId(name)}Layer`, name));
      return made.get(name)!;
    };

    const deployed = props.endpoints ?? endpointList;
    // the stack's own name is a plain string here (a nested stack's is a token)
    const functionPrefix = `${this.stackName}-`;
    for (const [tag, endpoints] of groupBy(deployed, (entry) => entry.tag)) {
      const family = new EndpointFamilyStack(this, constructId(tag), {
        api: this.api,
        endpoints,
        functionPrefix,
        tools: deployed.filter(isTool),
        layer,
        tables: props.tables,
        alarmTopic: props.alarmTopic,
        config: props.config,
      });
      this.families[tag] = family;
      Object.assign(this.functions, family.functions);
    }

    // 5xx answers include 502 upstream_error (a web page or upstream failing) and 503 data_unavailable
    new Alarm(this, 'ServerErrorsAlarm', {
      alarmDescription: `Over ${SERVER_ERROR_ALARM.percent} % of the API's answers were 5xx in 10 minutes (with at least ${SERVER_ERROR_ALARM.minimumCalls} calls every 5 minutes); the access log says which routes`,
      metric: new MathExpression({
        expression: `IF(calls >= ${SERVER_ERROR_ALARM.minimumCalls}, 100 * errors / calls, 0)`,
        label: '5xx answers (%)',
        period: Duration.minutes(5),
        usingMetrics: {
          errors: this.api.metricServerError({ statistic: 'Sum' }),
          calls: this.api.metricCount({ statistic: 'Sum' }),
        },
      }),
      threshold: SERVER_ERROR_ALARM.percent,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(props.alarmTopic));

    serviceDashboard(this, this.api);
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL of the HTTP API' });
  }
}
