import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';

/**
 * How long one attempt may take: to connect, and to get the response's headers. DynamoDB answers in
 * milliseconds; without a limit the SDK waits for its default socket timeout (300 s), so a store that hangs
 * would hold every call until its function times out (10 s by default) and API Gateway answers in its own
 * words. With the SDK's retries (3 attempts in AWS, 2 against the embedded store) a store that does not
 * answer is given up after about 6.5 s (4 s locally), and the call answers 503 service_unavailable.
 */
export const STORE_TIMEOUTS = { connectionTimeout: 1000, requestTimeout: 2000 };

/**
 * The store could not be reached, did not answer in time, throttled the request or failed on its side (a 5xx),
 * and the SDK's own retries did not help: the errors the SDK itself retries. Any other error (a condition that
 * failed, a validation error) is passed on as the SDK threw it.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  /** the last attempt's error code or name (ECONNREFUSED, TimeoutError, ThrottlingException, ...), for the logs */
  readonly code: string;
  constructor(
    cause: unknown,
    /** false when no attempt can have changed anything: each one was refused before it reached the store */
    readonly mayHaveApplied: boolean,
  ) {
    const code = String((cause as NodeJS.ErrnoException).code ?? (cause as Error).name);
    super(`the DynamoDB store is unavailable (${code})`, { cause });
    this.code = code;
  }
}

/** Network errors raised before a request was sent (nothing can have been written) */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * The SDK's own classification of the errors it retries (duck-typed: Node's network errors may come from
 * another realm, as under jest, where the SDK's retry stage rewraps them without their code).
 */
type SdkError = Parameters<typeof isTransientError>[0];
const sdkError = (error: unknown) => (typeof error === 'object' && error !== null ? (error as SdkError) : undefined);
const unavailable = (error: SdkError) => isTransientError(error) || isThrottlingError(error) || isServerError(error);
/** an attempt that failed without the store changing anything: refused before it was sent, or throttled */
const appliedNothing = (error: SdkError) => NOT_SENT.has(String((error as NodeJS.ErrnoException).code)) || isThrottlingError(error);

/** What the attempts of one request came to, kept in its SDK context. */
const ATTEMPTS = Symbol('store attempts');
type Attempts = { last?: SdkError; mayHaveApplied: boolean };

/**
 * Two middlewares on the client: one inside the SDK's retries notes each attempt's error as it was raised,
 * one outside them turns the final failure into StoreUnavailableError when the last attempt's error means an
 * unavailable store.
 */
function reportUnavailableStore(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        const attempts = ((context as Record<symbol, Attempts>)[ATTEMPTS] ??= { mayHaveApplied: false });
        attempts.last = sdkError(error);
        if (!attempts.last || !appliedNothing(attempts.last)) attempts.mayHaveApplied = true;
        throw error;
      }
    },
    { step: 'finalizeRequest', priority: 'low', name: 'noteStoreAttempt' },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        const attempts = (context as Record<symbol, Attempts | undefined>)[ATTEMPTS];
        if (attempts?.last && unavailable(attempts.last)) throw new StoreUnavailableError(attempts.last, attempts.mayHaveApplied);
        throw error;
      }
    },
    { step: 'initialize', priority: 'high', name: 'reportUnavailableStore' },
  );
}

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * The shared document client, made on first use. `DYNAMODB_ENDPOINT` points it at the embedded store
 * (local server, key CLI, tests); without it the client talks to AWS with the Lambda's role.
 */
export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const requestHandler = { ...STORE_TIMEOUTS, throwOnRequestTimeout: true };
    const client = new DynamoDBClient(
      endpoint
        ? {
            endpoint,
            region: process.env.AWS_REGION ?? 'local',
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
            maxAttempts: 2,
            requestHandler,
          }
        : { requestHandler },
    );
    reportUnavailableStore(client);
    documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}

/** Drops the client (after the endpoint changed, or to let a process exit). */
export function resetDynamo(): void {
  documentClient?.destroy();
  documentClient = undefined;
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
