import { endpoint } from '../lib/http/endpoint';
import { CompleteResponse } from '../lib/http/response';
import { endpoints } from '../lib/api/registry';
import { answerMcp } from '../lib/mcp/server';
import { endpointInvoker, type EndpointInvoker } from '../lib/mcp/invoker';

/** Runs a tool's endpoint where this runtime runs it (chosen on the first tool call: initialize and tools/list need none). */
const invoke: EndpointInvoker = (entry, event) => endpointInvoker()(entry, event);

export const handler = endpoint(endpoints.mcp, async ({ account, apiKey, event }) => new CompleteResponse(await answerMcp({ account, apiKey, event }, invoke)));
