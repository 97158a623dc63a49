import type { EndpointDefinition } from '../definition';
import { HttpError, InvalidParameterError, MissingParameterError } from '../errors';
import type { PipelineMiddleware } from './state';

/**
 * Validates the query string with the endpoint's zod schema: values are trimmed, empty ones count as
 * absent, unknown parameters are ignored. Every missing required parameter and every invalid value is named
 * in ONE 400 (CONTRACT "Error messages"; `param` = the first named, missing ones before invalid ones), so a
 * caller fixes a call in one go. A 400 of this stage (the endpoint's rules included) also names the unknown
 * parameters the call sent, which were ignored, with the closest parameter name the endpoint has
 * (`iata_code` → `iata`): a call that failed for want of a filter usually sent that filter under another name.
 */
export function queryParams(definition: EndpointDefinition): PipelineMiddleware {
  const shape = definition.params.shape;
  const names = Object.keys(shape);
  const required = names.filter((name) => !shape[name]!.safeParse(undefined).success);
  const conditional = Object.entries(definition.requiredWhen ?? {});
  const known = new Set(definition.keyIn === 'query' ? [...names, 'api_key'] : names);
  return {
    before: (request) => {
      const query = request.event.queryStringParameters ?? {};
      const values: Record<string, string> = {};
      for (const name of names) {
        const value = query[name]?.trim();
        if (value) values[name] = value;
      }
      try {
        const missing = [
          ...required.filter((name) => values[name] === undefined).map((name) => ({ name })),
          ...conditional.filter(([name, rule]) => values[name] === undefined && rule!.applies(values)).map(([name, rule]) => ({ name, when: rule!.when })),
        ];
        const result = definition.params.safeParse(values);
        const invalid = new Map<string, string>();
        for (const issue of result.success ? [] : result.error.issues) {
          const name = String(issue.path[0] ?? '');
          // a missing parameter's own issue is named once, as missing; an issue of no sent value still counts
          if (!invalid.has(name) && (values[name] !== undefined || !missing.some((m) => m.name === name))) invalid.set(name, issue.message);
        }
        if (!result.success || missing.length > 0) throw parameterError(missing, invalid);
        definition.rules?.(result.data, request.internal.now);
        request.internal.params = result.data;
        request.internal.supplied = new Set(Object.keys(values));
      } catch (error) {
        throw withIgnoredParameters(error, Object.keys(query).filter((name) => !known.has(name)), names);
      }
    },
  };
}

/** "a", "a and b", "a, b and c" */
const listOf = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items[0]!);

/** One 400 naming every missing and invalid parameter; `param` is the first named. */
function parameterError(missing: { name: string; when?: string }[], invalid: Map<string, string>): HttpError {
  const sentences: string[] = [];
  if (missing.length > 0) {
    const named = missing.map(({ name, when }) => (when ? `'${name}' (${when})` : `'${name}'`));
    sentences.push(named.length === 1 ? `Parameter ${named[0]} is required.` : `Parameters ${listOf(named)} are required.`);
  }
  for (const [name, rule] of invalid) sentences.push(`Parameter '${name}' ${rule}.`);
  const message = sentences.join(' ');
  const first = missing[0]?.name;
  return first !== undefined ? new MissingParameterError(first, message) : new InvalidParameterError(message, invalid.keys().next().value);
}

/** At most this many ignored names are listed, each cut to NAME_CHARS (the message stays small whatever was sent). */
const LISTED_UNKNOWN = 5;
const NAME_CHARS = 40;

/** A 400 of this stage with a sentence on the unknown parameters it ignored; anything else as it was. */
function withIgnoredParameters(error: unknown, unknown: readonly string[], names: readonly string[]): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400 || unknown.length === 0) return error;
  const listed = unknown.slice(0, LISTED_UNKNOWN).map((sent) => {
    const name = sent.slice(0, NAME_CHARS);
    const match = closestName(name, names);
    return match ? `'${name}' (did you mean '${match}'?)` : `'${name}'`;
  });
  const more = unknown.length > LISTED_UNKNOWN ? ` and ${unknown.length - LISTED_UNKNOWN} more` : '';
  error.message = `${error.message} Ignored unknown parameter${unknown.length > 1 ? 's' : ''}: ${listed.join(', ')}${more}.`;
  return error;
}

/** Levenshtein distance (insert, delete, substitute). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The endpoint's parameter an unknown name most likely meant: the same name in another case, a name that is
 * one of its words (`iata_code` → `iata`, `zip_code` → `zip`) or begins it (`countrycode` → `country`), else the
 * nearest name within a third of its length in edits (`tickr` → `ticker`); undefined when none is close.
 */
export function closestName(sent: string, names: readonly string[]): string | undefined {
  const lower = sent.toLowerCase();
  const words = lower.split(/[^a-z0-9]+/);
  const exact = names.find((name) => name === lower);
  if (exact) return exact;
  const part = names.find((name) => name.length >= 3 && (words.includes(name) || lower.startsWith(name)));
  if (part) return part;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const distance = editDistance(lower, name);
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}
