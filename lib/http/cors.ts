/** CORS policy: one definition for the pipeline's headers, the local server's preflight and the HTTP API. */
export const CORS = {
  allowOrigins: ['*'],
  allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
  // Authorization and Mcp-Protocol-Version: what an MCP client in a browser sends to /mcp
  allowHeaders: ['X-Api-Key', 'Content-Type', 'Accept', 'Authorization', 'Mcp-Protocol-Version'],
  exposeHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id', 'ETag'],
  maxAgeSeconds: 86_400,
} as const;

/** Headers on every response. */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': CORS.allowOrigins.join(','),
  'Access-Control-Expose-Headers': CORS.exposeHeaders.join(', '),
};

/** Headers answering a preflight (OPTIONS) request. */
export const preflightHeaders: Record<string, string> = {
  ...corsHeaders,
  'Access-Control-Allow-Methods': CORS.allowMethods.join(', '),
  'Access-Control-Allow-Headers': CORS.allowHeaders.join(', '),
  'Access-Control-Max-Age': String(CORS.maxAgeSeconds),
};
