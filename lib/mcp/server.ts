/**
 * The MCP server of POST /mcp, built with the official SDK: its low-level `Server` (tools whose JSON Schemas
 * come from the registry) on its Web-standard Streamable HTTP transport, stateless (a server and a transport
 * per request, no session) with JSON answers (no event stream). The API Gateway event becomes a `Request`
 * and the transport's `Response` the function's result, so the same code runs in Lambda and locally.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Account } from '../store/accounts';
import { InternalError } from '../http/errors';
import { MAX_BODY_BYTES } from '../http/limits';
import { errorFacts, logger } from '../http/observability';
import { bodyBytes, errorResponse, type HttpResponse } from '../http/response';
import type { ListedEndpoint } from '../api/registry';
import type { EndpointInvoker } from './invoker';
import { toolEndpoint, toolsFor } from './tools';
import { toolCallEvent, toolResult } from './toolCall';

const SERVER_INFO = { name: 'data-query-service', title: 'Data Query Service', version: '1.0.0' };

const INSTRUCTIONS =
  'Data lookups and small utilities (market prices, rates, filings, tax, holidays, aviation, lookups, object detection). ' +
  'Each tool is one endpoint of the Data Query Service HTTP API and each tool call is one call of it with your key: ' +
  "it counts against your plan's monthly quota exactly as an HTTP call does. A refused call (bad parameter, plan, quota, " +
  'no data) is a result with isError whose text is the error body {"error", "code", "param"}; _meta["data-query-service/http"] ' +
  'carries the HTTP status and the quota left.';

/** What the pipeline established about the /mcp request: the caller's account and key, and the event. */
export interface McpCall {
  account: Account;
  apiKey: string;
  event: APIGatewayProxyEventV2;
}

async function runTool(entry: ListedEndpoint, args: Record<string, unknown>, call: McpCall, invoke: EndpointInvoker): Promise<CallToolResult> {
  try {
    return toolResult(entry, await invoke(entry, toolCallEvent(entry, args, call.apiKey, call.event)));
  } catch (error) {
    // the invocation failed or its function did: whether the call was counted is not known
    logger.error('tool call failed', { tool: entry.name, ...errorFacts(error) });
    return toolResult(entry, errorResponse(new InternalError(true)));
  }
}

/**
 * The Server's JSON Schema validator, which checks a client's answer to an elicitation request: this server
 * sends none, so it needs none (and the Lambda bundle leaves out the SDK's default, Ajv: lib/mcp/withoutAjv.ts).
 */
const noElicitation: jsonSchemaValidator = {
  getValidator: () => {
    throw new Error('this MCP server sends no elicitation requests');
  },
};

function mcpServer(call: McpCall, invoke: EndpointInvoker): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: noElicitation });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolsFor(call.account) }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    const entry = toolEndpoint(params.name);
    // an unknown tool is a protocol error (MCP "Tools": error handling); a known one the plan cannot call is the endpoint's 403
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}. tools/list names the tools of your plan.`);
    return runTool(entry, params.arguments ?? {}, call, invoke);
  });
  return server;
}

/** The /mcp request as a Web `Request` (the body as API Gateway delivered it, decoded). */
function webRequest(event: APIGatewayProxyEventV2, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined && name !== 'content-length') headers.set(name, value);
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const method = event.requestContext.http.method;
  return new Request(`https://${event.requestContext.domainName ?? 'localhost'}${event.rawPath}${query}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' || body.length === 0 ? undefined : body,
  });
}

async function lambdaResult(response: Response): Promise<HttpResponse> {
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

/** Answers one /mcp request: initialize, tools/list and tools/call (each call run by `invoke`), or the protocol's error. */
export async function answerMcp(call: McpCall, invoke: EndpointInvoker): Promise<HttpResponse> {
  // the pipeline's bodyLimit has refused a body over MAX_BODY_BYTES; the transport's own limit is the same one
  const body = bodyBytes(call.event);
  const server = mcpServer(call, invoke);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES });
  await server.connect(transport);
  try {
    return await lambdaResult(await transport.handleRequest(webRequest(call.event, body)));
  } finally {
    await server.close();
  }
}
