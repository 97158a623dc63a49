import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * Structured logs and metrics. Only call counts, statuses and timings are recorded: never parameters,
 * bodies, responses or API keys (the service's promise to its users).
 */
export const logger = new Logger({ serviceName: 'data-query-service' });
export const metrics = new Metrics({ namespace: 'DataQueryService', serviceName: 'data-query-service' });

/** What an unexpected error's log line says about it. */
export type ErrorFacts = {
  /** the error's class (TypeError, ConditionalCheckFailedException, ...) */
  error_class: string;
  /** its `name` where that differs from the class */
  error_name?: string;
  /** Node's or the SDK's error code (ERR_MODULE_NOT_FOUND, ECONNREFUSED, ...) */
  error_code?: string;
  /** the first stack frame inside the project: `lib/store/usage.ts:42:11 (refundCall)` */
  error_frame?: string;
};

/** A frame's location: `at fn (place)` or `at place`. */
const FRAME = /^\s*at (?:(.+?) \()?(.+?)\)?$/;
/** The project's own code, in a checkout or in a bundle's source map (the last such folder in the path). */
const PROJECT_PATH = /(?:^|.*[/\\])((?:lib|functions|infra|layers|test)[/\\].+)$/;

/**
 * Where an unexpected error comes from, without its message or any value (a message may quote the caller's
 * input): the class, the code and the first stack frame in the project's own code (not node_modules or
 * Node's internals), so an operator can tell which module failed.
 */
export function errorFacts(error: unknown): ErrorFacts {
  if (!(error instanceof Error)) return { error_class: error === null ? 'null' : typeof error };
  const facts: ErrorFacts = { error_class: error.constructor?.name || 'Error' };
  if (error.name && error.name !== facts.error_class) facts.error_name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') facts.error_code = String(code);
  // the stack starts with "<name>: <message>", the message possibly over several lines; only frames follow
  const headerLines = 1 + (String(error.message).match(/\n/g)?.length ?? 0);
  for (const line of (error.stack ?? '').split('\n').slice(headerLines)) {
    const [, fn, place] = FRAME.exec(line) ?? [];
    if (!place || /node_modules|^node:|^internal[/\\]|^native$|^<anonymous>$/.test(place)) continue;
    const location = PROJECT_PATH.exec(place.replace(/^file:\/\//, ''))?.[1];
    if (!location) continue;
    facts.error_frame = fn ? `${location} (${fn})` : location;
    break;
  }
  return facts;
}
