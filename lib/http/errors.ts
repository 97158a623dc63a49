import { ACCESS, type Access } from './plans';

/**
 * HTTP errors with the CONTRACT bodies: `{"error": "<sentence>", "code": "<code>", "param"?: "<name>"}`.
 * Throw them anywhere in a handler or middleware; the error mapper turns them into responses.
 *
 * Client libraries written for the live API Ninjas service classify errors by the message text (CONTRACT
 * "Error messages"), so the key, plan and quota errors start with the live service's phrase ("Missing API
 * Key.", "Invalid API Key.", "This endpoint is for premium subscribers only.", "Monthly quota exceeded.")
 * and say more after it.
 */
export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { error: string; code: string; param?: string } {
    return this.param === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, param: this.param };
  }
}

export class MissingParameterError extends HttpError {
  override readonly name = 'MissingParameterError';
  constructor(param: string, message = `Parameter '${param}' is required.`) {
    super(400, 'missing_parameter', message, param);
  }
}

export class InvalidParameterError extends HttpError {
  override readonly name = 'InvalidParameterError';
  constructor(message: string, param?: string) {
    super(400, 'invalid_parameter', message, param);
  }
}

export class MissingApiKeyError extends HttpError {
  override readonly name = 'MissingApiKeyError';
  /** `where`: how this endpoint takes the key */
  constructor(where = 'Send your key in the X-Api-Key header.') {
    super(401, 'missing_api_key', `Missing API Key. ${where}`);
  }
}

export class InvalidApiKeyError extends HttpError {
  override readonly name = 'InvalidApiKeyError';
  constructor() {
    super(401, 'invalid_api_key', 'Invalid API Key. The key is unknown or disabled.');
  }
}

/** Plan rules above Business (Business-tier subscribers and above), in the live service's words. */
const BUSINESS_TIER_RULES: readonly Access[] = ['business', 'businessOrAnnual'];

/**
 * 403 plan_required: the live service's opening for what needs the plan (an endpoint, or a parameter or
 * its value), then `detail` (which plan, and this key's).
 */
export class PlanRequiredError extends HttpError {
  override readonly name = 'PlanRequiredError';
  constructor(subject: 'endpoint' | 'parameter', access: Access, detail: string, param?: string) {
    const opening = BUSINESS_TIER_RULES.includes(access)
      ? `This ${subject} is available to Business-tier subscribers and above.`
      : `This ${subject} is for premium subscribers only.`;
    super(403, 'plan_required', `${opening} ${detail}`, param);
  }
}

/** The usual detail of a PlanRequiredError: what needs which plan, and the key's own. */
export const needsPlan = (what: string, access: Access, tier: string) => `${what} needs a plan of: ${ACCESS[access].label}. This key is on the ${tier} plan.`;

export class NotFoundError extends HttpError {
  override readonly name = 'NotFoundError';
  constructor(message: string) {
    super(404, 'not_found', message);
  }
}

export class NoDataError extends HttpError {
  override readonly name = 'NoDataError';
  constructor(message: string) {
    super(404, 'no_data', message);
  }
}

export class MethodNotAllowedError extends HttpError {
  override readonly name = 'MethodNotAllowedError';
  constructor(method: string, path: string, allowed: string[]) {
    super(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${allowed.join(' or ')}.`, undefined, {
      Allow: allowed.join(', '),
    });
  }
}

export class GoneError extends HttpError {
  override readonly name = 'GoneError';
  constructor(message: string) {
    super(410, 'gone', message);
  }
}

export class PayloadTooLargeError extends HttpError {
  override readonly name = 'PayloadTooLargeError';
  constructor(message = 'The request body is larger than 4 MB (4,194,304 bytes), the most this API accepts.') {
    super(413, 'payload_too_large', message);
  }
}

/** Raised by the HTTP layer before any handler runs (the local server's parser). */
export class MalformedRequestError extends HttpError {
  override readonly name = 'MalformedRequestError';
  constructor(message = 'The request is not valid HTTP (a malformed request line or header).') {
    super(400, 'malformed_request', message);
  }
}

export class RequestTimeoutError extends HttpError {
  override readonly name = 'RequestTimeoutError';
  constructor(message = 'The request was not received completely in time.') {
    super(408, 'request_timeout', message);
  }
}

export class HeadersTooLargeError extends HttpError {
  override readonly name = 'HeadersTooLargeError';
  constructor(message = 'The request headers are larger than 16 KB.') {
    super(431, 'headers_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  override readonly name = 'UnsupportedMediaTypeError';
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

export class QuotaExceededError extends HttpError {
  override readonly name = 'QuotaExceededError';
  constructor(retryAfterSeconds: number, resetDate: string) {
    super(429, 'quota_exceeded', `Monthly quota exceeded. The monthly quota of this key is used up; it resets on ${resetDate}.`, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

export class RateLimitedError extends HttpError {
  override readonly name = 'RateLimitedError';
  constructor(limitPerMinute: number, retryAfterSeconds: number) {
    super(429, 'rate_limited', `At most ${limitPerMinute} calls per minute; retry in ${retryAfterSeconds} s.`, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

export class UpstreamError extends HttpError {
  override readonly name = 'UpstreamError';
  constructor(message: string) {
    super(502, 'upstream_error', message);
  }
}

export class DataUnavailableError extends HttpError {
  override readonly name = 'DataUnavailableError';
  constructor(message: string) {
    super(503, 'data_unavailable', message);
  }
}

/** Retry-After of a 503 service_unavailable: the SDK has already retried for a few seconds; a store restart or a throttled moment is over in about as long. */
export const SERVICE_RETRY_AFTER_SECONDS = 5;

/** Our own store cannot be reached (CONTRACT: 503 service_unavailable with Retry-After; the call is not counted). */
export class ServiceUnavailableError extends HttpError {
  override readonly name = 'ServiceUnavailableError';
  /** `mayBeCounted`: the call's quota write may have been applied and could not be given back */
  constructor(mayBeCounted = false, retryAfterSeconds = SERVICE_RETRY_AFTER_SECONDS) {
    super(
      503,
      'service_unavailable',
      `Our data store cannot be reached right now; try again in ${retryAfterSeconds} s. ` +
        (mayBeCounted ? 'The call may have been counted against your quota.' : 'The call was not counted.'),
      undefined,
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

export class InternalError extends HttpError {
  override readonly name = 'InternalError';
  /** `mayBeCounted`: the call took quota and giving it back failed (or its outcome is unknown) */
  constructor(mayBeCounted = false) {
    super(
      500,
      'internal_error',
      mayBeCounted
        ? 'Something went wrong on our side; the call may have been counted against your quota (giving it back failed).'
        : 'Something went wrong on our side; the call was not counted.',
    );
  }
}

/** Any thrown value as the HttpError the client will see: unknown errors become a bare 500. */
export function toHttpError(error: unknown, mayBeCounted = false): HttpError {
  return error instanceof HttpError ? error : new InternalError(mayBeCounted);
}
