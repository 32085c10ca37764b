export type { AddressGaps, CaisseOptions, CheckoutSessions, Events, ExchangeRates, PaymentIntents, PaymentLinks, Prices, Products, RailAccounts, ReportRuns, RequestOptions, TestHelpersPaymentIntents, WebhookEndpoints, Webhooks, } from './client.js';
export { Caisse } from './client.js';
export { CaisseApiError, CaisseAuthenticationError, CaisseConnectionError, CaisseError, CaisseIdempotencyError, CaisseInvalidRequestError, CaisseRateLimitError, CaisseSignatureError, } from './errors.js';
export type { FetchLike } from './http.js';
export { PageIterator, type PageParams } from './pagination.js';
export type { components, operations, paths, webhooks } from './schema.js';
export type * from './types.js';
export { verifyWebhook, type WebhookHeaders } from './webhooks.js';
