// The errors the SDK throws. An answer of the API other than 2xx is a CaisseError (a subclass per
// error `type`); no answer at all (network, timeout), after the retries, a CaisseConnectionError;
// a webhook that fails verification a CaisseSignatureError.
import type { ApiErrorBody, ErrorCode, ErrorType } from './types.js';

const ERROR_TYPES: readonly ErrorType[] = ['invalid_request_error', 'authentication_error', 'idempotency_error', 'rate_limit_error', 'api_error'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `Retry-After` in seconds (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const s = Number(value);
  if (Number.isFinite(s)) return Math.max(0, s);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** An answer of the API with an error status: `{"error": {type, code, message, param, requestId}}`. */
export class CaisseError extends Error {
  override readonly name: string = 'CaisseError';
  /** The HTTP status. */
  readonly status: number;
  readonly type: ErrorType;
  /** Stable: branch on it. Null only on a 500 (a bug on the server: the body has no code). */
  readonly code: ErrorCode | null;
  /** The parameter at fault, when there is one. */
  readonly param: string | null;
  /** The request's id (`req_...`): quote it to support. */
  readonly requestId: string | null;
  /** Seconds to wait before retrying (`Retry-After`), on 429 and some 409/503 answers. */
  readonly retryAfter: number | null;
  readonly headers: Headers;

  constructor(status: number, body: Partial<ApiErrorBody> & { message: string; type: ErrorType }, headers: Headers = new Headers()) {
    super(body.message);
    this.status = status;
    this.type = body.type;
    this.code = body.code ?? null;
    this.param = body.param ?? null;
    this.requestId = body.requestId ?? headers.get('request-id');
    this.retryAfter = parseRetryAfter(headers.get('retry-after'));
    this.headers = headers;
  }

  /** The error for an answer; `body` is its parsed JSON (anything: a proxy's HTML page gives a generic error). */
  static from(response: Response, body: unknown): CaisseError {
    const e = isRecord(body) && isRecord(body.error) ? body.error : {};
    const type = ERROR_TYPES.find((t) => t === e.type) ?? (response.status >= 500 ? 'api_error' : 'invalid_request_error');
    const fields = {
      type,
      message: typeof e.message === 'string' ? e.message : `HTTP ${response.status} ${response.statusText}`.trim(),
      ...(typeof e.code === 'string' ? { code: e.code as ErrorCode } : {}),
      ...(typeof e.param === 'string' ? { param: e.param } : {}),
      ...(typeof e.requestId === 'string' ? { requestId: e.requestId } : {}),
    };
    const Class =
      response.status === 401 || type === 'authentication_error'
        ? CaisseAuthenticationError
        : response.status === 429 || type === 'rate_limit_error'
          ? CaisseRateLimitError
          : type === 'idempotency_error'
            ? CaisseIdempotencyError
            : response.status >= 500 || type === 'api_error'
              ? CaisseApiError
              : CaisseInvalidRequestError;
    return new Class(response.status, fields, response.headers);
  }
}

/** 400, 402, 404, 405, 408, 409 `unexpected_state`, 413, 415: the request cannot succeed as it is. */
export class CaisseInvalidRequestError extends CaisseError {
  override readonly name: string = 'CaisseInvalidRequestError';
}
/** 401 `invalid_api_key`. */
export class CaisseAuthenticationError extends CaisseError {
  override readonly name: string = 'CaisseAuthenticationError';
}
/** 409 `idempotency_key_in_use` (after the retries) or 422 `idempotency_key_reused`. */
export class CaisseIdempotencyError extends CaisseError {
  override readonly name: string = 'CaisseIdempotencyError';
}
/** 429 `rate_limited` or `phone_rate_limited` (after the retries): see `retryAfter`. */
export class CaisseRateLimitError extends CaisseError {
  override readonly name: string = 'CaisseRateLimitError';
}
/** 5xx: 503 `rail_unavailable` (try later or another rail), 500 (a bug: quote `requestId`). */
export class CaisseApiError extends CaisseError {
  override readonly name: string = 'CaisseApiError';
}

/** No answer from the API (connection refused or reset, DNS, timeout), after the retries. */
export class CaisseConnectionError extends Error {
  override readonly name: string = 'CaisseConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A webhook delivery that is not genuine: bad or missing signature headers, wrong secret, altered body, old timestamp. */
export class CaisseSignatureError extends Error {
  override readonly name: string = 'CaisseSignatureError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
