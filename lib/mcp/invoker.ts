/**
 * How the MCP server runs an endpoint: the endpoint's own handler (its whole pipeline: key, parameters,
 * plan, quota, usage record, caching, errors) with the API Gateway event of the tool call. In AWS each
 * endpoint is its own function and the MCP function invokes it by name; the local server runs every
 * handler in its own process and hands its dispatcher over here.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ListedEndpoint } from '../api/registry';
import { awsError, awsRequest } from '../sources/awsRequest';

export type EndpointInvoker = (entry: ListedEndpoint, event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The name of an endpoint's function: the deployment's prefix and the registry name. The stack names every
 * tool's function so and tells the MCP function the prefix (ENDPOINT_FUNCTION_PREFIX): one short variable,
 * however many endpoints there are (a list of names would outgrow Lambda's 4 KB of environment).
 */
export const endpointFunctionName = (prefix: string, name: string): string => `${prefix}${name}`;

/**
 * Invokes the endpoint's function synchronously with the event and returns its result as API Gateway would
 * receive it: Lambda's Invoke API (REST JSON) as a signed request (lib/sources/awsRequest.ts: no Lambda client
 * in the bundle), waiting as long as the function may run. One attempt only: a retry after a lost answer would
 * run, and count, the call twice.
 */
export function lambdaInvoker(prefix: string): EndpointInvoker {
  return async (entry, event) => {
    const functionName = endpointFunctionName(prefix, entry.name);
    const response = await awsRequest('lambda', {
      path: `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
      headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'RequestResponse' },
      body: JSON.stringify(event),
    });
    if (!response.ok) throw await awsError(response, `Lambda Invoke ${functionName}`);
    // an unhandled error or a timeout inside the function (the pipeline answers every other failure itself)
    const functionError = response.headers.get('x-amz-function-error');
    if (functionError) throw new Error(`the ${entry.name} function failed (${functionError})`);
    return (await response.json()) as APIGatewayProxyStructuredResultV2;
  };
}

let invoker: EndpointInvoker | undefined;

/** The local server (npm start, the tests) runs every endpoint in its own process and hands its dispatcher over here. */
export function setEndpointInvoker(dispatch: EndpointInvoker): void {
  invoker = dispatch;
}

/** The invoker of this runtime: the local server's dispatcher, else (Lambda) the endpoints' functions by name. */
export function endpointInvoker(): EndpointInvoker {
  if (invoker) return invoker;
  const prefix = process.env.ENDPOINT_FUNCTION_PREFIX;
  if (!prefix) throw new Error('ENDPOINT_FUNCTION_PREFIX is not set: the stack sets it on the MCP function');
  return (invoker = lambdaInvoker(prefix));
}
