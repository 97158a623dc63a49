import * as z from 'zod/mini';
import { DEFAULT_TIMEOUT_SECONDS, defineEndpoint, type EndpointDefinition } from '../http/definition';
import { NOT_STORED } from '../http/caching';

/** How long the MCP function waits beyond the slowest endpoint it runs: the invocation's own round trip. */
const INVOKE_MARGIN_SECONDS = 5;

/** A JSON-RPC 2.0 message as the API reference shows it; the MCP SDK checks each message itself. */
const jsonRpcMessage = () =>
  z.looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.optional(z.union([z.string(), z.number()])),
    method: z.optional(z.string()),
    params: z.optional(z.looseObject({})),
    result: z.optional(z.looseObject({})),
    error: z.optional(z.looseObject({ code: z.number(), message: z.string() })),
  });

/**
 * POST /mcp: the Model Context Protocol server (Streamable HTTP, stateless, JSON answers) whose tools are
 * the endpoints of this registry that a key's plan can call (lib/mcp/tools.ts). `endpoints` are the ones it
 * may run: its time limit is the slowest one's plus the invocation's margin.
 */
export function mcpEndpoint(endpoints: readonly EndpointDefinition[]) {
  return defineEndpoint({
    path: '/mcp',
    method: 'POST',
    entry: 'functions/mcp.ts',
    summary: 'Every endpoint as a tool for AI agents (Model Context Protocol)',
    description:
      'An MCP server over the Streamable HTTP transport: stateless (no session), JSON answers (no event stream). ' +
      'Connect an MCP client with this URL and your key in the X-Api-Key header or as Authorization: Bearer <key>. ' +
      "tools/list names one tool per endpoint your plan can call, with the endpoint's description, its parameters as the " +
      "input schema and its answer's JSON Schema as the output schema; object detection takes the image base64-encoded " +
      'with its content type, barcodes answer as image content. A tool call is a call of that endpoint: the same parameter ' +
      'rules, plan rules and errors, and it counts against your monthly quota and in /v1/analytics exactly as the HTTP call ' +
      'does; a refused call is a tool result with isError whose text is the error body {"error", "code", "param"}. ' +
      'initialize and tools/list use no quota. Without a valid key: 401. Protocol errors (a body that is not JSON-RPC, ' +
      'an Accept header without application/json and text/event-stream, an unknown tool) are JSON-RPC errors. ' +
      'GET and DELETE answer 405 (no event stream, no sessions). The body is at most 4 MB.',
    access: 'all',
    keyIn: 'headerOrBearer',
    metering: 'none',
    cache: NOT_STORED,
    params: () => z.object({}),
    jsonBody: () => z.union([jsonRpcMessage(), z.array(jsonRpcMessage())]),
    response: { json: () => z.union([jsonRpcMessage(), z.array(jsonRpcMessage())]) },
    timeoutSeconds: Math.max(...endpoints.map((e) => e.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS)) + INVOKE_MARGIN_SECONDS,
    invokesEndpoints: true,
  });
}
