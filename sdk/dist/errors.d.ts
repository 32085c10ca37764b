import type { ApiErrorBody, ErrorCode, ErrorType } from './types.js';
/** `Retry-After` in seconds (delta-seconds or an HTTP date), or null. */
export declare function parseRetryAfter(value: string | null, now?: number): number | null;
/** An answer of the API with an error status: `{"error": {type, code, message, param, requestId}}`. */
export declare class CaisseError extends Error {
    readonly name: string;
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
    constructor(status: number, body: Partial<ApiErrorBody> & {
        message: string;
        type: ErrorType;
    }, headers?: Headers);
    /** The error for an answer; `body` is its parsed JSON (anything: a proxy's HTML page gives a generic error). */
    static from(response: Response, body: unknown): CaisseError;
}
/** 400, 402, 404, 405, 408, 409 `unexpected_state`, 413, 415: the request cannot succeed as it is. */
export declare class CaisseInvalidRequestError extends CaisseError {
    readonly name: string;
}
/** 401 `invalid_api_key`. */
export declare class CaisseAuthenticationError extends CaisseError {
    readonly name: string;
}
/** 409 `idempotency_key_in_use` (after the retries) or 422 `idempotency_key_reused`. */
export declare class CaisseIdempotencyError extends CaisseError {
    readonly name: string;
}
/** 429 `rate_limited` or `phone_rate_limited` (after the retries): see `retryAfter`. */
export declare class CaisseRateLimitError extends CaisseError {
    readonly name: string;
}
/** 5xx: 503 `rail_unavailable` (try later or another rail), 500 (a bug: quote `requestId`). */
export declare class CaisseApiError extends CaisseError {
    readonly name: string;
}
/** No answer from the API (connection refused or reset, DNS, timeout), after the retries. */
export declare class CaisseConnectionError extends Error {
    readonly name: string;
    constructor(message: string, options?: {
        cause?: unknown;
    });
}
/** A webhook delivery that is not genuine: bad or missing signature headers, wrong secret, altered body, old timestamp. */
export declare class CaisseSignatureError extends Error {
    readonly name: string;
    constructor(message: string, options?: {
        cause?: unknown;
    });
}
