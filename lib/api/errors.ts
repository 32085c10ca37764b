// The HTTP error type and the one place (toApiError + errorBody) that turns any known error into the
// documented body. Messages are written for the merchant's developer: what was wrong, which param, what is
// allowed.
import { DomainError } from '../errors';

export type ErrorType = 'invalid_request_error' | 'authentication_error' | 'idempotency_error' | 'rate_limit_error' | 'api_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The API layer's own refusals (auth, rate limits, idempotency, body parsing) are ApiErrors; the
// core's are DomainErrors, mapped here, once, from their code.
/** The API layer's own 400 (body, query, headers). */
export const invalid = (code: string, message: string, param?: string) => new ApiError(400, 'invalid_request_error', code, message, param);

/** A DomainError's code -> HTTP status and error type. Codes not listed are a 400 invalid_request_error. */
const STATUS: Record<string, { status: number; type: ErrorType }> = {
  unexpected_state: { status: 409, type: 'invalid_request_error' },
  rail_unavailable: { status: 503, type: 'api_error' },
  test_mode_only: { status: 404, type: 'invalid_request_error' },
  // Too many payment prompts to one phone (lib/domain/phone-limits.ts): with Retry-After.
  phone_rate_limited: { status: 429, type: 'rate_limit_error' },
  // Too many unpaid receive addresses held by one client or payment link (lib/payments/addresses.ts): with Retry-After.
  address_limit_reached: { status: 429, type: 'rate_limit_error' },
  // The rail's backend refused this one request (a 4xx about it): the attempt failed, the rail is fine.
  payment_refused: { status: 402, type: 'invalid_request_error' },
  // The deployment has no CAISSE_ENCRYPTION_KEY, so it cannot keep a rail account's secrets: its
  // operator must set one; the request may be sent again then (a 5xx: not kept under an Idempotency-Key).
  encryption_key_missing: { status: 503, type: 'api_error' },
  // One active rail account per merchant, mode and rail (lib/domain/rail-accounts.ts).
  rail_account_exists: { status: 409, type: 'invalid_request_error' },
  // Issue 29: a change of a rail account (or turning railAccountApproval off) asked for while another
  // waits for approval; railAccountApproval turned on with fewer than two active owners.
  rail_account_change_pending: { status: 409, type: 'invalid_request_error' },
  two_owners_required: { status: 409, type: 'invalid_request_error' },
  // A report run's file asked for before the worker completed the run (lib/reports/file.ts).
  report_not_ready: { status: 409, type: 'invalid_request_error' },
  // Issue 29: what the caller's role or key does not allow (a threshold raised or removed by an admin).
  permission_denied: { status: 403, type: 'invalid_request_error' },
  // rail_account_invalid (the backend refused the settings) and rail_not_configured stay 400s.
};

/** Seconds to wait, for a DomainError that says when to retry (phone-limits.ts PhoneRateLimitedError). */
function retryAfterOf(err: DomainError): Record<string, string> | undefined {
  const s = (err as DomainError & { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof s === 'number' && Number.isFinite(s) && s > 0 ? { 'Retry-After': String(Math.ceil(s)) } : undefined;
}

/** The HTTP form of any error we know; null for a bug (answered as a bare 500). */
export function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (!(err instanceof DomainError)) return null;
  // A missing object named in the URL is a 404; named in the body (param), a 400.
  if (err.code === 'resource_missing') return new ApiError(err.param ? 400 : 404, 'invalid_request_error', err.code, err.message, err.param);
  // Test helpers called with a live key answer as Stripe does: the resource does not exist.
  if (err.code === 'test_mode_only') return new ApiError(404, 'invalid_request_error', 'resource_missing', err.message);
  const m = STATUS[err.code] ?? { status: 400, type: 'invalid_request_error' as const };
  return new ApiError(m.status, m.type, err.code, err.message, err.param, retryAfterOf(err));
}

export interface ErrorBody {
  error: { type: ErrorType; code?: string; message: string; param: string | null; requestId: string };
}

export function errorBody(err: ApiError, requestId: string): ErrorBody {
  return {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      param: err.param || null,
      requestId,
    },
  };
}
