const ERROR_TYPES = ['invalid_request_error', 'authentication_error', 'idempotency_error', 'rate_limit_error', 'api_error'];
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `Retry-After` in seconds (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value, now = Date.now()) {
    if (value === null || value.trim() === '')
        return null;
    const s = Number(value);
    if (Number.isFinite(s))
        return Math.max(0, s);
    const at = Date.parse(value);
    return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
/** An answer of the API with an error status: `{"error": {type, code, message, param, requestId}}`. */
export class CaisseError extends Error {
    name = 'CaisseError';
    /** The HTTP status. */
    status;
    type;
    /** Stable: branch on it. Null only on a 500 (a bug on the server: the body has no code). */
    code;
    /** The parameter at fault, when there is one. */
    param;
    /** The request's id (`req_...`): quote it to support. */
    requestId;
    /** Seconds to wait before retrying (`Retry-After`), on 429 and some 409/503 answers. */
    retryAfter;
    headers;
    constructor(status, body, headers = new Headers()) {
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
    static from(response, body) {
        const e = isRecord(body) && isRecord(body.error) ? body.error : {};
        const type = ERROR_TYPES.find((t) => t === e.type) ?? (response.status >= 500 ? 'api_error' : 'invalid_request_error');
        const fields = {
            type,
            message: typeof e.message === 'string' ? e.message : `HTTP ${response.status} ${response.statusText}`.trim(),
            ...(typeof e.code === 'string' ? { code: e.code } : {}),
            ...(typeof e.param === 'string' ? { param: e.param } : {}),
            ...(typeof e.requestId === 'string' ? { requestId: e.requestId } : {}),
        };
        const Class = response.status === 401 || type === 'authentication_error'
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
    name = 'CaisseInvalidRequestError';
}
/** 401 `invalid_api_key`. */
export class CaisseAuthenticationError extends CaisseError {
    name = 'CaisseAuthenticationError';
}
/** 409 `idempotency_key_in_use` (after the retries) or 422 `idempotency_key_reused`. */
export class CaisseIdempotencyError extends CaisseError {
    name = 'CaisseIdempotencyError';
}
/** 429 `rate_limited` or `phone_rate_limited` (after the retries): see `retryAfter`. */
export class CaisseRateLimitError extends CaisseError {
    name = 'CaisseRateLimitError';
}
/** 5xx: 503 `rail_unavailable` (try later or another rail), 500 (a bug: quote `requestId`). */
export class CaisseApiError extends CaisseError {
    name = 'CaisseApiError';
}
/** No answer from the API (connection refused or reset, DNS, timeout), after the retries. */
export class CaisseConnectionError extends Error {
    name = 'CaisseConnectionError';
    constructor(message, options) {
        super(message, options);
    }
}
/** A webhook delivery that is not genuine: bad or missing signature headers, wrong secret, altered body, old timestamp. */
export class CaisseSignatureError extends Error {
    name = 'CaisseSignatureError';
    constructor(message, options) {
        super(message, options);
    }
}
