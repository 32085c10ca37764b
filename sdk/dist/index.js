// @caisse/sdk: a typed client for the Caisse payments API.
export { Caisse } from './client.js';
export { CaisseApiError, CaisseAuthenticationError, CaisseConnectionError, CaisseError, CaisseIdempotencyError, CaisseInvalidRequestError, CaisseRateLimitError, CaisseSignatureError, } from './errors.js';
export { PageIterator } from './pagination.js';
export { verifyWebhook } from './webhooks.js';
