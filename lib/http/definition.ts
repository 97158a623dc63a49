import type * as z from 'zod/mini';
import type { CachePolicy } from './caching';
import type { Access } from './plans';
import type { TableName } from '../store/tables';

/** A function's memory and time limit unless its definition says otherwise (the stacks and the local server). */
export const DEFAULT_MEMORY_MB = 256;
export const DEFAULT_TIMEOUT_SECONDS = 10;

export type LayerName = 'referenceData' | 'onnxruntime' | 'model' | 'vpic' | 'docs';
/** what a function may do on a table; the CDK stack turns it into exact IAM actions */
export type TableAccess = 'read' | 'write' | 'readWrite';

export type QueryParams = z.ZodMiniObject<Record<string, z.ZodMiniType<unknown, string | undefined>>>;

/** A premium parameter: allowed for lower plans only when the value is what they get anyway. */
export interface ParamGate<V> {
  access: Access;
  /** true when a key below `access` may still send this value (e.g. the default) */
  freeValue?: (value: V, now: Date) => boolean;
}

export interface EndpointDefinition<S extends QueryParams = QueryParams> {
  /** URL path, e.g. /v1/counter; `$default` for the catch-all route */
  path: string;
  /**
   * Further paths of the same endpoint: the same function, parameters, access and answer (spec 4.9 lists
   * /v1/zipcode as an address of /v1/propertytax). The stack routes them, the local server serves them and
   * the API reference lists them as the same endpoint; calls are metered under `path`.
   */
  aliases?: readonly string[];
  method: 'GET' | 'POST' | 'ANY';
  /** handler module, relative to the project root */
  entry: string;
  summary: string;
  description?: string;
  /** endpoint-level access rule (`public`: no key) */
  access: Access;
  /**
   * where the key is read: the X-Api-Key header (default), the api_key query parameter (/v1/analytics), or
   * the X-Api-Key header or `Authorization: Bearer <key>` (/mcp: what MCP clients send)
   */
  keyIn?: 'header' | 'query' | 'headerOrBearer';
  /** quota: one call off the monthly quota; rateLimit: per-minute limit, no quota; none */
  metering: 'quota' | 'rateLimit' | 'none';
  params: S;
  /** a multipart/form-data upload in the request body: its file field and the accepted file types */
  upload?: { field: string; types: string[] };
  /** a JSON request body (/mcp: JSON-RPC messages), its schema for the API reference */
  jsonBody?: () => z.ZodMiniType;
  /** the function runs other endpoints' functions (/mcp: a tool call is a call of its endpoint); the stack lets it invoke them */
  invokesEndpoints?: true;
  paramGates?: { [K in keyof z.output<S>]?: ParamGate<z.output<S>[K]> };
  /**
   * Optional parameters that other values make required, checked with the required ones so that one 400 names
   * them all: `applies` gets the trimmed values sent (strings, before validation), `when` says in the message
   * when the parameter is required ("for US").
   */
  requiredWhen?: { [K in keyof z.output<S>]?: { when: string; applies: (values: Readonly<Record<string, string>>) => boolean } };
  /** rules across parameters; throw InvalidParameterError */
  rules?: (params: z.output<S>, now: Date) => void;
  /** response body: JSON (with its schema for the API reference), binary types, or a text type (HTML) */
  response: ResponseBody;
  /** Cache-Control of a 200 (lib/http/caching.ts): what fits the data, e.g. REFERENCE_DATA or liveData(60) */
  cache: CachePolicy;
  /** request headers besides Accept-Encoding and the API key that change the answer (Vary) */
  vary?: string[];
  /** the function's memory (default DEFAULT_MEMORY_MB) */
  memoryMb?: number;
  /** the function's time limit (default DEFAULT_TIMEOUT_SECONDS) */
  timeoutSeconds?: number;
  layers?: LayerName[];
  /**
   * The handler itself reaches hosts on the internet: an upstream read on demand, a DNS lookup, a web page.
   * test/unit/quotaBeside.test.ts checks it against the network modules the handler's bundle holds.
   */
  reachesInternet?: true;
  /** tables the handler itself uses; the pipeline's own access (accounts, usage) is added by the stack */
  tables?: Partial<Record<TableName, TableAccess>>;
}

/** A response body: JSON (with a schema for the API reference), binary types, or a text type (HTML). */
export type ResponseBody = { json: z.ZodMiniType } | { binary: string[] } | { text: string };

/**
 * What a family file in lib/api writes: a definition whose schemas are functions, built on first use. A
 * handler's bundle holds its whole family's definitions, but its cold start builds only its own endpoint's
 * parameters; response schemas are built only for the API reference (npm run bench: building every schema
 * of a family at import cost up to a few ms of each cold start).
 */
export type EndpointSpec<S extends QueryParams> = Omit<EndpointDefinition<S>, 'params' | 'response'> & {
  params: () => S;
  response: { json: () => z.ZodMiniType } | { binary: string[] } | { text: string };
};

/** The definition, its `params` and `response.json` built when first read (once). */
export function defineEndpoint<S extends QueryParams>(spec: EndpointSpec<S>): EndpointDefinition<S> {
  const { params, response, ...definition } = spec;
  let paramsSchema: S | undefined;
  let jsonSchema: z.ZodMiniType | undefined;
  const body: ResponseBody =
    'json' in response
      ? {
          get json() {
            return (jsonSchema ??= response.json());
          },
        }
      : response;
  return Object.defineProperties(definition, {
    params: { enumerable: true, get: () => (paramsSchema ??= params()) },
    response: { enumerable: true, value: body },
  }) as EndpointDefinition<S>;
}
