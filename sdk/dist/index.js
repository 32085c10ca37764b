// @caisse/sdk: a typed client for the Caisse payments API.
export { Caisse } from './client.js';
export { CaisseError, CaisseInvalidRequestError, CaisseAuthenticationError, CaisseIdempotencyError, CaisseRateLimitError, CaisseApiError, CaisseConnectionError, CaisseSignatureError, } from './errors.js';
export { PageIterator } from './pagination.js';
export { verifyWebhook } from './webhooks.js';
