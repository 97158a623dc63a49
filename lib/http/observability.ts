/**
 * Structured logs and metrics. Only call counts, statuses and timings are recorded: never parameters,
 * bodies, responses or API keys (the service's promise to its users).
 *
 * Written here rather than with Powertools for AWS Lambda, in the same formats: Powertools' Logger and
 * Metrics cost about 3-5 ms of every cold start (module load, their Console, configuration services;
 * npm run bench), for the two JSON lines a call writes. A log line is one JSON object:
 * `{"level","message","timestamp","service","sampling_rate","xray_trace_id"?, ...keys, ...fields}` on stdout
 * (WARN and ERROR on stderr), fields that are undefined, null or empty left out; a metric is a CloudWatch
 * embedded-metric-format (EMF) record on stdout. The settings are the ones Powertools reads, so deployments,
 * local runs and tests keep theirs: the level from AWS_LAMBDA_LOG_LEVEL (Lambda's log-level control), else
 * POWERTOOLS_LOG_LEVEL, else LOG_LEVEL, else INFO; POWERTOOLS_METRICS_DISABLED=true turns metrics off.
 */
/** The `service` of every log line and metric (a metric dimension too). */
export const SERVICE_NAME = 'data-query-service';
/** The CloudWatch namespace of the service's metrics. */
export const METRICS_NAMESPACE = 'DataQueryService';

const LEVELS = { TRACE: 6, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 } as const;
export type LogLevel = keyof typeof LEVELS;
type Fields = Record<string, unknown>;

const isLevel = (value: string | undefined): value is LogLevel => value !== undefined && value in LEVELS;

function levelFromEnv(): LogLevel {
  const lambda = process.env.AWS_LAMBDA_LOG_LEVEL?.toUpperCase();
  const lambdaLevel = lambda === 'FATAL' ? 'CRITICAL' : lambda;
  if (isLevel(lambdaLevel)) return lambdaLevel;
  const configured = (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL)?.toUpperCase();
  return isLevel(configured) ? configured : 'INFO';
}

/** The X-Ray trace id of the current invocation (Lambda sets `_X_AMZN_TRACE_ID` per call). */
function traceId(): string | undefined {
  const header = process.env._X_AMZN_TRACE_ID;
  if (!header) return undefined;
  return header.split(';')[0]!.replace(/^Root=/, '');
}

class Logger {
  #threshold: number = LEVELS[levelFromEnv()];
  #keys: Fields = {};

  info(message: string, fields?: Fields): void {
    this.#write('INFO', message, fields);
  }

  warn(message: string, fields?: Fields): void {
    this.#write('WARN', message, fields);
  }

  error(message: string, fields?: Fields): void {
    this.#write('ERROR', message, fields);
  }

  /** Fields every following line carries (the request id), until removed. */
  appendKeys(keys: Fields): void {
    Object.assign(this.#keys, keys);
  }

  removeKeys(names: string[]): void {
    for (const name of names) delete this.#keys[name];
  }

  setLogLevel(level: LogLevel): void {
    this.#threshold = LEVELS[level];
  }

  #write(level: LogLevel, message: string, fields: Fields = {}): void {
    if (LEVELS[level] < this.#threshold) return;
    const line: Fields = {
      level,
      message,
      timestamp: new Date().toISOString(),
      service: SERVICE_NAME,
      sampling_rate: 0, // no debug sampling; kept so queries written against Powertools' lines still match
      xray_trace_id: traceId(),
      ...this.#keys,
      ...fields,
    };
    for (const name in line) if (line[name] === undefined || line[name] === null || line[name] === '') delete line[name];
    const stream = LEVELS[level] >= LEVELS.WARN ? process.stderr : process.stdout;
    stream.write(`${JSON.stringify(line)}\n`);
  }
}

export const logger = new Logger();

const metricsDisabled = () => /^(true|1|yes|on)$/i.test(process.env.POWERTOOLS_METRICS_DISABLED ?? '');

/**
 * Records one metric as a CloudWatch EMF line: namespace DataQueryService, dimensions `service` and those
 * given (e.g. `api`). CloudWatch turns the line into the metric; nothing is sent from the function.
 */
export function putMetric(name: string, unit: 'Count' | 'Milliseconds' | 'Seconds', value: number, dimensions: Record<string, string>): void {
  if (metricsDisabled()) return;
  const record = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['service', ...Object.keys(dimensions)]], Metrics: [{ Name: name, Unit: unit }] }],
    },
    service: SERVICE_NAME,
    ...dimensions,
    [name]: value,
  };
  process.stdout.write(`${JSON.stringify(record)}\n`);
}

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
