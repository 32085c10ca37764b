// One error type thrown from lib/, one place (toErrorResponse) that turns it into the documented
// body. Messages are written for the merchant's developer: what was wrong, which param, what is
// allowed.
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

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

export const invalid = (code: string, message: string, param?: string) =>
  new ApiError(400, 'invalid_request_error', code, message, param);

export const notFound = (kind: string, id: string, param?: string) =>
  param
    ? new ApiError(400, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'.`, param)
    : new ApiError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'.`);

export const unexpectedState = (message: string) =>
  new ApiError(409, 'invalid_request_error', 'unexpected_state', message);

export const railUnavailable = (rail: string, detail?: string) =>
  new ApiError(
    503,
    'api_error',
    'rail_unavailable',
    `The ${rail} rail is unavailable right now${detail ? ` (${detail})` : ''}. Try again later or use another rail.`,
    'rail',
  );

export interface ErrorBody {
  error: { type: ErrorType; code?: string; message: string; param?: string; requestId: string };
}

export function errorBody(err: ApiError, requestId: string): ErrorBody {
  return {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      ...(err.param ? { param: err.param } : {}),
      requestId,
    },
  };
}
