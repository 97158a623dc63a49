/**
 * Stands in for `ajv` and `ajv-formats` in the Lambda bundles (infra/bundling.ts, `alias`). The MCP SDK's
 * low-level Server imports an Ajv-based JSON Schema validator, used only to check what a client answers to an
 * elicitation request, which this server never sends (lib/mcp/server.ts gives the Server its own validator, so
 * the Ajv one is never made); ajv and the packages it needs were 122 KB of the MCP function's bundle. Calling
 * or constructing this throws.
 */
export default function withoutAjv(): never {
  throw new Error('ajv is not in this bundle: the MCP server validates no elicitation answers (lib/mcp/server.ts)');
}
