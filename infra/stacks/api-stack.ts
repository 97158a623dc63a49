import { ArnFormat, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
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
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { CORS } from '../../lib/http/cors';
import type { EndpointDefinition, LayerName } from '../../lib/http/definition';
import { methodsOf } from '../../lib/http/routes';
import { endpointList } from '../../lib/api/registry';
import { endpointFunctionName } from '../../lib/mcp/invoker';
import { isTool } from '../../lib/mcp/tools';
import { constructId } from './constructId';
import { mergePermissions, permissionsFor, ServiceFunction, type TablePermissions } from './lambdaFunction';
import { LAYERS, layerVersion } from './layers';
import { apiThrottle } from './settings';
import type { Tables } from './stateful-stack';

export interface ApiStackProps extends StackProps {
  tables: Tables;
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

/** The routes of an entry: each method it answers (methodsOf: HEAD beside GET; HTTP APIs route HEAD only where a route says so). */
function routeKeys(entry: EndpointDefinition): HttpRouteKey[] {
  if (entry.path === '$default') return [HttpRouteKey.DEFAULT];
  return methodsOf(entry.method).map((method) => HttpRouteKey.with(entry.path, HttpMethod[method as keyof typeof HttpMethod]));
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

/**
 * The HTTP API: one function and one route per registry entry (GET entries also a HEAD route), on a
 * throttled, access-logged default stage. Errors that API Gateway itself raises before a function runs (its
 * 413 for bodies over 10 MB, 429 throttling, 500/503 when an integration fails) keep API Gateway's
 * `{"message": ...}` body: HTTP APIs, unlike REST APIs, have no customisable gateway responses (see README
 * "Deploy to AWS"). The functions of the MCP tools (lib/mcp/tools.ts) get fixed names, `<stack name>-<registry
 * name>`, and the MCP function may invoke exactly those, by the prefix it is given (lib/mcp/invoker.ts).
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** the function of each registry entry, by entry name */
  readonly functions: Record<string, NodejsFunction> = {};

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
      throttle: apiThrottle(),
      accessLogSettings: {
        destination: new LogGroupLogDestination(new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH })),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });

    // each layer is made once, when the first function needs it
    const made = new Map<LayerName, ILayerVersion>();
    const layer = (name: LayerName) => {
      if (!made.has(name)) made.set(name, layerVersion(this, `${constructId(name)}Layer`, name));
      return made.get(name)!;
    };

    // the MCP function invokes each tool's function by a name made of this prefix and the registry name
    const functionPrefix = `${this.stackName}-`;
    const toolFunctionArns = endpointList
      .filter(isTool)
      .map((entry) => this.formatArn({ service: 'lambda', resource: 'function', resourceName: endpointFunctionName(functionPrefix, entry.name), arnFormat: ArnFormat.COLON_RESOURCE_NAME }));

    for (const entry of endpointList) {
      const id = constructId(entry.name);
      const fn = new ServiceFunction(this, id, {
        entry: entry.entry,
        functionName: isTool(entry) ? endpointFunctionName(functionPrefix, entry.name) : undefined,
        memoryMb: entry.memoryMb,
        timeoutSeconds: entry.timeoutSeconds,
        tables: props.tables,
        permissions: mergePermissions(pipelinePermissions(entry), permissionsFor(entry.tables)),
        layers: entry.layers?.map(layer),
        environment: Object.assign(
          {},
          ...(entry.layers ?? []).map((name) => LAYERS[name].environment),
          entry.invokesEndpoints ? { ENDPOINT_FUNCTION_PREFIX: functionPrefix } : {},
        ),
      }).function;
      if (entry.invokesEndpoints) fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: toolFunctionArns }));
      this.functions[entry.name] = fn;

      const integration = new HttpLambdaIntegration(`${id}Integration`, fn, { payloadFormatVersion: PayloadFormatVersion.VERSION_2_0 });
      routeKeys(entry).forEach((routeKey, index) => {
        new HttpRoute(this, index === 0 ? `${id}Route` : `${id}${routeKey.method}Route`, { httpApi: this.api, routeKey, integration });
      });
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL of the HTTP API' });
  }
}
