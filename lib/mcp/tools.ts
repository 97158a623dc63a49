/**
 * The MCP tools: made from the registry, never listed by hand. A tool is an endpoint that does work for a
 * key (keyed and metered); its input schema is the endpoint's query parameters (and, for an upload, the file
 * as base64 with its content type), its output schema the endpoint's JSON answer, both from the converter
 * of the API reference (lib/http/openapi.ts).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { endpointList, type ListedEndpoint } from '../api/registry';
import type { EndpointDefinition } from '../http/definition';
import { jsonSchema, queryParameters } from '../http/openapi';
import { ACCESS, type Plan } from '../http/plans';

/**
 * Whether an endpoint is a tool: it needs a key and is metered (quota or rate limit). The public utilities
 * are not (the API reference and its page describe the HTTP API, which tools/list does for MCP; the 404
 * catch-all is no endpoint), nor is /mcp itself, which is not metered: the endpoints its tools run are.
 */
export const isTool = (entry: EndpointDefinition): boolean => entry.access !== 'public' && entry.metering !== 'none';

const toolEndpoints = endpointList.filter(isTool);

/** The endpoint a tool name stands for (tools are named as the registry names their endpoints). */
export const toolEndpoint = (name: string): ListedEndpoint | undefined => toolEndpoints.find((entry) => entry.name === name);

/** The upload's content-type argument beside the file (`image` → `image_content_type`). */
export const uploadTypeArgument = (field: string): string => `${field}_content_type`;

/** Where a JSON answer that is not an object (a list) goes in `structuredContent`, which MCP requires to be an object. */
export const RESULT_FIELD = 'result';

interface BuiltTool {
  tool: Tool;
  /** the JSON answer is wrapped as { result: answer } in structuredContent */
  wrapsResult: boolean;
}

function inputSchema(entry: ListedEndpoint): Tool['inputSchema'] {
  const parameters = queryParameters(entry);
  const properties: Record<string, object> = Object.fromEntries(
    parameters.map(({ name, description, schema }) => [name, description ? { ...schema, description } : schema]),
  );
  const required = parameters.filter((p) => p.required).map((p) => p.name);
  if (entry.upload) {
    const { field, types } = entry.upload;
    properties[field] = { type: 'string', contentEncoding: 'base64', description: `The file, base64-encoded (plain base64, no data: URL prefix): ${types.join(' or ')}.` };
    properties[uploadTypeArgument(field)] = { type: 'string', enum: [...types], description: `The file's content type.` };
    required.push(field, uploadTypeArgument(field));
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function outputSchema(entry: ListedEndpoint): { schema?: Tool['outputSchema']; wrapsResult: boolean } {
  if (!('json' in entry.response)) return { wrapsResult: false };
  const answer = jsonSchema(entry.response.json, 'output');
  if (answer.type === 'object') return { schema: answer as Tool['outputSchema'], wrapsResult: false };
  return { schema: { type: 'object', properties: { [RESULT_FIELD]: answer }, required: [RESULT_FIELD], additionalProperties: false }, wrapsResult: true };
}

function describe(entry: ListedEndpoint): string {
  const method = entry.method === 'ANY' ? 'GET' : entry.method;
  const cost =
    entry.metering === 'quota'
      ? "each tool call is one call of it and uses one call of your key's monthly quota, as over HTTP"
      : 'each tool call is one call of it: not counted against the quota, rate-limited as over HTTP';
  return [
    `${entry.summary}.`,
    entry.description,
    `Access: ${ACCESS[entry.access].label}. Runs ${method} ${entry.path}: ${cost}. ` +
      'A refused call is a result with isError whose text is the error body {"error", "code", "param"}.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const built = new Map<string, BuiltTool>();

/** The tool of an endpoint, built on first use (its schemas converted once per container). */
export function toolOf(entry: ListedEndpoint): BuiltTool {
  let tool = built.get(entry.name);
  if (!tool) {
    const output = outputSchema(entry);
    tool = {
      tool: {
        name: entry.name,
        title: entry.summary,
        description: describe(entry),
        inputSchema: inputSchema(entry),
        ...(output.schema ? { outputSchema: output.schema } : {}),
        annotations: {
          // hints for clients deciding what to confirm: writes no table of its own, reaches nothing outside
          readOnlyHint: Object.values(entry.tables ?? {}).every((access) => access === 'read'),
          openWorldHint: entry.reachesInternet === true,
        },
      },
      wrapsResult: output.wrapsResult,
    };
    built.set(entry.name, tool);
  }
  return tool;
}

/** The tools of the endpoints a plan can call, in registry order. */
export function toolsFor(plan: Plan): Tool[] {
  return toolEndpoints.filter((entry) => ACCESS[entry.access].allows(plan)).map((entry) => toolOf(entry).tool);
}
