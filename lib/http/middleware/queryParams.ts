import type { EndpointDefinition } from '../definition';
import { InvalidParameterError, MissingParameterError } from '../errors';
import type { PipelineMiddleware } from './state';

/**
 * Validates the query string with the endpoint's zod schema: values are trimmed, empty ones count as
 * absent, unknown parameters are ignored. The first problem is reported with the parameter's name.
 */
export function queryParams(definition: EndpointDefinition): PipelineMiddleware {
  const shape = definition.params.shape;
  const names = Object.keys(shape);
  const required = names.filter((name) => !shape[name]!.safeParse(undefined).success);
  return {
    before: (request) => {
      const query = request.event.queryStringParameters ?? {};
      const values: Record<string, string> = {};
      for (const name of names) {
        const value = query[name]?.trim();
        if (value) values[name] = value;
      }
      const missing = required.find((name) => values[name] === undefined);
      if (missing) throw new MissingParameterError(missing);
      const result = definition.params.safeParse(values);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        const param = String(issue.path[0] ?? '');
        throw new InvalidParameterError(`Parameter '${param}' ${issue.message}.`, param);
      }
      definition.rules?.(result.data, request.internal.now);
      request.internal.params = result.data;
      request.internal.supplied = new Set(Object.keys(values));
    },
  };
}
