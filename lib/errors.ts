// The one error type of the core (lib/domain, lib/webhooks, lib/checkout): a code, a message for
// the merchant's developer, and the parameter at fault. It knows nothing of HTTP: lib/api maps codes
// to statuses once (lib/api/errors.ts `toApiError`), the checkout page maps them to messages.
const DOMAIN_ERROR = Symbol.for('caisse.DomainError');

export class DomainError extends Error {
  /** `instanceof` by brand (see BackendError): the class may exist once per Next.js bundle layer. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DOMAIN_ERROR] === true;
  }
  readonly [DOMAIN_ERROR] = true;
  constructor(
    /** Stable, documented: `parameter_invalid`, `resource_missing`, `unexpected_state`, `rail_unavailable`... */
    readonly code: string,
    message: string,
    /** The request parameter at fault, when there is one. */
    readonly param?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Bad input: names the parameter and what is allowed. */
export const invalid = (code: string, message: string, param?: string) => new DomainError(code, message, param);

/** No such object for this merchant and mode. With `param`: the object was named in the request body. */
export const notFound = (kind: string, id: string, param?: string) => new DomainError('resource_missing', `No such ${kind}: '${id}'.`, param);

/** The object's state does not allow this now. */
export const unexpectedState = (message: string) => new DomainError('unexpected_state', message);

/**
 * The rail's backend cannot take a payment now (not configured, or failing). `retryAfterSeconds`
 * when we know when it is worth asking again (sent as Retry-After): a backend down until a time, a
 * probe out, the next exchange-rate refresh. Absent when nobody knows (no address free yet).
 */
export const railUnavailable = (rail: string, detail?: string, retryAfterSeconds?: number) =>
  Object.assign(
    new DomainError(
      'rail_unavailable',
      `The ${rail} rail is unavailable right now${detail ? ` (${detail})` : ''}. Try again later or use another rail.`,
      'rail',
    ),
    {
      retryAfterSeconds,
    },
  );

/** A feature that exists only in test mode, asked for with a live key (answered as a missing resource). */
export const testModeOnly = (message: string) => new DomainError('test_mode_only', message);
