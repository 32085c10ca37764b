// @caisse/sdk: a typed client for the Caisse payments API.
export { Caisse } from './client.js';
export type {
  CaisseOptions,
  RequestOptions,
  PaymentIntents,
  CheckoutSessions,
  Products,
  Prices,
  PaymentLinks,
  Events,
  ExchangeRates,
  AddressGaps,
  WebhookEndpoints,
  TestHelpersPaymentIntents,
  Webhooks,
} from './client.js';
export {
  CaisseError,
  CaisseInvalidRequestError,
  CaisseAuthenticationError,
  CaisseIdempotencyError,
  CaisseRateLimitError,
  CaisseApiError,
  CaisseConnectionError,
  CaisseSignatureError,
} from './errors.js';
export { PageIterator, type PageParams } from './pagination.js';
export { verifyWebhook, type WebhookHeaders } from './webhooks.js';
export type { FetchLike } from './http.js';
export type * from './types.js';
export type { paths, components, operations, webhooks } from './schema.js';
