import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { lambdaContext } from '../../infra/local/adapter';
import { defineEndpoint, type EndpointDefinition } from '../../lib/http/definition';
import { endpoint } from '../../lib/http/endpoint';
import { billingPeriod } from '../../lib/http/plans';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/store/dynamo';
import { tableName } from '../../lib/store/tables';
import { monthUsage } from '../../lib/store/usage';

/** A quota-metered endpoint without parameters for pipeline tests; `tables` as a definition declares them. */
export function meteredTestEndpoint(path: string, tables: EndpointDefinition['tables'], handle: () => unknown) {
  return endpoint(
    defineEndpoint({
      path,
      method: 'GET',
      entry: 'test/support/meteredEndpoint.ts',
      summary: 'a test endpoint',
      cache: 'no-store',
      access: 'all',
      metering: 'quota',
      tables,
      params: () => z.object({}),
      response: { json: () => z.object({}) },
    }),
    handle,
  );
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/**
 * A call with an API key to an endpoint's handler in-process, as API Gateway sends it (a GET unless `method`
 * says otherwise): status, JSON body (none for HEAD or 304), RateLimit-Remaining and Retry-After.
 */
export async function callWithKey(
  handler: Handler,
  path: string,
  key: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; remaining: number; retryAfter?: string }> {
  const requestId = `test-${Math.random()}`;
  const event = {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'x-api-key': key, ...headers },
    requestContext: { requestId, http: { method, path } },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const result = (await handler(event, lambdaContext('test', 256, 10, requestId))) as APIGatewayProxyStructuredResultV2;
  return {
    status: result.statusCode!,
    body: result.body ? (JSON.parse(result.body) as Record<string, unknown>) : {},
    remaining: Number(result.headers!['RateLimit-Remaining']),
    retryAfter: result.headers!['Retry-After'] as string | undefined,
  };
}

/** The calls an account has used in its current billing month, as stored. */
export async function usedCalls(account: { keyHash: string; createdOn: string }): Promise<number> {
  return (await monthUsage(account.keyHash, billingPeriod(account.createdOn, new Date()).start)).calls;
}

/** The account's calls of this billing month per day and API, as /v1/analytics reads them. */
export async function usageHistory(account: { keyHash: string; createdOn: string }): Promise<Record<string, Record<string, number>>> {
  return (await monthUsage(account.keyHash, billingPeriod(account.createdOn, new Date()).start)).history;
}

/** The names of the attributes the account's usage item of this month holds (the quota count, holds, markers). */
export async function usageAttributes(account: { keyHash: string; createdOn: string }): Promise<string[]> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('usage'), Key: { account: account.keyHash, period: billingPeriod(account.createdOn, new Date()).start }, ConsistentRead: true }),
  );
  return Object.keys(Item ?? {}).sort();
}
