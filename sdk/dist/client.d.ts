import { type Client } from 'openapi-fetch';
import { type FetchLike } from './http.js';
import { PageIterator } from './pagination.js';
import type { paths } from './schema.js';
import type * as T from './types.js';
import { type WebhookHeaders } from './webhooks.js';
export interface CaisseOptions {
    /** The API's address, without /v1 (default http://localhost:3000). */
    baseUrl?: string;
    /** Retries of a request that may succeed later (409 idempotency_key_in_use, 429, 5xx, no answer). Default 2. */
    maxRetries?: number;
    /** Per attempt (default 60000). */
    timeoutMs?: number;
    /** The fetch to use (default globalThis.fetch). */
    fetch?: FetchLike;
    /** First backoff wait when the answer has no Retry-After (default 500 ms, doubled per retry, at most 8 s). */
    initialRetryDelayMs?: number;
    /** A Retry-After longer than this (default 60 s) is not waited for: the error is thrown with its `retryAfter`. */
    maxRetryAfterSeconds?: number;
}
export interface RequestOptions {
    /** POST only: the Idempotency-Key (default: a random UUID, the same on each retry). */
    idempotencyKey?: string;
    signal?: AbortSignal;
}
/** What the resources share: the typed client and the error mapping. */
declare class Core {
    readonly api: Client<paths>;
    constructor(apiKey: string, options: CaisseOptions);
    init(opts: RequestOptions | undefined): {
        headers: Record<string, string>;
        signal?: AbortSignal;
    };
    /** The answer's object, or the CaisseError for its error status. */
    unwrap<D>(call: Promise<{
        data?: D;
        error?: unknown;
        response: Response;
    }>): Promise<D>;
}
type Id = string;
export declare class PaymentIntents {
    #private;
    constructor(core: Core);
    /** POST /v1/payment_intents */
    create(params: T.PaymentIntentCreateParams, opts?: RequestOptions): Promise<T.PaymentIntent>;
    /** GET /v1/payment_intents/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.PaymentIntent>;
    /** GET /v1/payment_intents: iterate with `for await`, or `.page()` for one page. */
    list(params?: T.PaymentIntentListParams, opts?: RequestOptions): PageIterator<T.PaymentIntent, T.PaymentIntentListParams>;
    /** POST /v1/payment_intents/{id}/confirm: starts (or returns) the payer's attempt; see `nextAction`. */
    confirm(id: Id, params?: T.PaymentIntentConfirmParams, opts?: RequestOptions): Promise<T.PaymentIntent>;
    /** POST /v1/payment_intents/{id}/cancel */
    cancel(id: Id, opts?: RequestOptions): Promise<T.PaymentIntent>;
}
export declare class CheckoutSessions {
    #private;
    constructor(core: Core);
    /** POST /v1/checkout_sessions: give exactly one of paymentIntentId and priceId. */
    create(params: T.CheckoutSessionCreateParams, opts?: RequestOptions): Promise<T.CheckoutSession>;
    /** GET /v1/checkout_sessions/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.CheckoutSession>;
    /** GET /v1/checkout_sessions */
    list(params?: T.CheckoutSessionListParams, opts?: RequestOptions): PageIterator<T.CheckoutSession, T.CheckoutSessionListParams>;
    /** POST /v1/checkout_sessions/{id}/expire */
    expire(id: Id, opts?: RequestOptions): Promise<T.CheckoutSession>;
}
export declare class Products {
    #private;
    constructor(core: Core);
    /** POST /v1/products */
    create(params: T.ProductCreateParams, opts?: RequestOptions): Promise<T.Product>;
    /** GET /v1/products/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.Product>;
    /** POST /v1/products/{id}: metadata is merged; a key set to "" or null is removed. */
    update(id: Id, params: T.ProductUpdateParams, opts?: RequestOptions): Promise<T.Product>;
    /** GET /v1/products */
    list(params?: T.ProductListParams, opts?: RequestOptions): PageIterator<T.Product, T.ProductListParams>;
}
export declare class Prices {
    #private;
    constructor(core: Core);
    /** POST /v1/prices */
    create(params: T.PriceCreateParams, opts?: RequestOptions): Promise<T.Price>;
    /** GET /v1/prices/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.Price>;
    /** POST /v1/prices/{id}: only active and metadata. */
    update(id: Id, params: T.PriceUpdateParams, opts?: RequestOptions): Promise<T.Price>;
    /** GET /v1/prices */
    list(params?: T.PriceListParams, opts?: RequestOptions): PageIterator<T.Price, T.PriceListParams>;
}
export declare class PaymentLinks {
    #private;
    constructor(core: Core);
    /** POST /v1/payment_links */
    create(params: T.PaymentLinkCreateParams, opts?: RequestOptions): Promise<T.PaymentLink>;
    /** GET /v1/payment_links/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.PaymentLink>;
    /** POST /v1/payment_links/{id}: only active and metadata. */
    update(id: Id, params: T.PaymentLinkUpdateParams, opts?: RequestOptions): Promise<T.PaymentLink>;
    /** GET /v1/payment_links */
    list(params?: T.PaymentLinkListParams, opts?: RequestOptions): PageIterator<T.PaymentLink, T.PaymentLinkListParams>;
}
export declare class Events {
    #private;
    constructor(core: Core);
    /** GET /v1/events/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.Event>;
    /** GET /v1/events: newest first; filter by type. */
    list(params?: T.EventListParams, opts?: RequestOptions): PageIterator<T.Event, T.EventListParams>;
}
export declare class ExchangeRates {
    #private;
    constructor(core: Core);
    /** GET /v1/exchange_rates: the rates a quote would use now (one list, not paginated). */
    list(params?: T.ExchangeRateListParams, opts?: RequestOptions): Promise<T.List<T.ExchangeRate>>;
}
export declare class AddressGaps {
    #private;
    constructor(core: Core);
    /** GET /v1/address_gaps: how far a wallet restored from each address rail's key must scan (one list, not paginated). */
    list(opts?: RequestOptions): Promise<T.List<T.AddressGap>>;
}
export declare class WebhookEndpoints {
    #private;
    constructor(core: Core);
    /** POST /v1/webhook_endpoints: the answer carries `secret` (whsec_...), this once. */
    create(params: T.WebhookEndpointCreateParams, opts?: RequestOptions): Promise<T.WebhookEndpointWithSecret>;
    /** GET /v1/webhook_endpoints/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.WebhookEndpoint>;
    /** POST /v1/webhook_endpoints/{id}: url, enabledEvents, description, disabled. */
    update(id: Id, params: T.WebhookEndpointUpdateParams, opts?: RequestOptions): Promise<T.WebhookEndpoint>;
    /** DELETE /v1/webhook_endpoints/{id}: its pending deliveries are dropped. */
    delete(id: Id, opts?: RequestOptions): Promise<T.DeletedWebhookEndpoint>;
    /** GET /v1/webhook_endpoints */
    list(params?: T.WebhookEndpointListParams, opts?: RequestOptions): PageIterator<T.WebhookEndpoint, T.WebhookEndpointListParams>;
    /** POST /v1/webhook_endpoints/{id}/roll_secret: the new `secret`, this once; the old one signs for expiresInSeconds more. */
    rollSecret(id: Id, params?: T.WebhookEndpointRollSecretParams, opts?: RequestOptions): Promise<T.WebhookEndpointWithSecret>;
    /** GET /v1/webhook_endpoints/{id}/deliveries */
    listDeliveries(id: Id, params?: T.WebhookDeliveryListParams, opts?: RequestOptions): PageIterator<T.WebhookDelivery, T.WebhookDeliveryListParams>;
    /** GET /v1/webhook_endpoints/{id}/deliveries/{deliveryId} */
    retrieveDelivery(id: Id, deliveryId: Id, opts?: RequestOptions): Promise<T.WebhookDelivery>;
    /** POST /v1/webhook_endpoints/{id}/deliveries/{deliveryId}/retry: send it again now (same webhook-id). */
    retryDelivery(id: Id, deliveryId: Id, opts?: RequestOptions): Promise<T.WebhookDelivery>;
}
export declare class RailAccounts {
    #private;
    constructor(core: Core);
    /**
     * POST /v1/rail_accounts: checked at the backend first (400 rail_account_invalid); secrets come back only as last4 and fingerprint.
     * With railAccountApproval on, the answer (202) is the account it would make, `status: 'pending_approval'`, with its `pendingChange`.
     */
    create(params: T.RailAccountCreateParams, opts?: RequestOptions): Promise<T.RailAccount>;
    /** GET /v1/rail_accounts/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.RailAccount>;
    /** POST /v1/rail_accounts/{id}: a new version; a secret left out is kept, null removes an optional setting. */
    update(id: Id, params: T.RailAccountUpdateParams, opts?: RequestOptions): Promise<T.RailAccount>;
    /** GET /v1/rail_accounts: filters rail, status. */
    list(params?: T.RailAccountListParams, opts?: RequestOptions): PageIterator<T.RailAccount, T.RailAccountListParams>;
    /** POST /v1/rail_accounts/{id}/disable: no new payment goes to it; those it started are watched to their end. */
    disable(id: Id, opts?: RequestOptions): Promise<T.RailAccount>;
}
export declare class Refunds {
    #private;
    constructor(core: Core);
    /** POST /v1/refunds: give back `amount` (default: all that one payment can) out of the account the payment came into. Pass an idempotencyKey. */
    create(params: T.RefundCreateParams, opts?: RequestOptions): Promise<T.Refund>;
    /** GET /v1/refunds/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.Refund>;
    /** GET /v1/refunds: filters paymentIntentId, status. */
    list(params?: T.RefundListParams, opts?: RequestOptions): PageIterator<T.Refund, T.RefundListParams>;
    /** POST /v1/refunds/{id}/cancel: only while nothing went out. */
    cancel(id: Id, opts?: RequestOptions): Promise<T.Refund>;
    /** POST /v1/refunds/{id}/mark_succeeded: you sent it yourself (the operator's transaction id; a txid or preimage, checked). */
    markSucceeded(id: Id, params: T.RefundMarkSucceededParams, opts?: RequestOptions): Promise<T.Refund>;
}
export declare class BalanceTransactions {
    #private;
    constructor(core: Core);
    /** GET /v1/balance_transactions: the ledger; filters type, source, railAccountId. */
    list(params?: T.BalanceTransactionListParams, opts?: RequestOptions): PageIterator<T.BalanceTransaction, T.BalanceTransactionListParams>;
    /** GET /v1/balance_transactions/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.BalanceTransaction>;
}
export declare class BalanceResource {
    #private;
    constructor(core: Core);
    /** GET /v1/balance: received, refunded and net per rail account and currency. */
    retrieve(opts?: RequestOptions): Promise<T.Balance>;
}
export declare class AccountResource {
    #private;
    constructor(core: Core);
    /** GET /v1/account: your name and time zone. */
    retrieve(opts?: RequestOptions): Promise<T.Account>;
    /** POST /v1/account: { timeZone } (an IANA name). */
    update(params: T.AccountUpdateParams, opts?: RequestOptions): Promise<T.Account>;
}
export declare class ReportRuns {
    #private;
    constructor(core: Core);
    /** POST /v1/report_runs: { type: balance_transactions | daily_summary, from, to } (days in your time zone); pending until the worker completes it. */
    create(params: T.ReportRunCreateParams, opts?: RequestOptions): Promise<T.ReportRun>;
    /** GET /v1/report_runs */
    list(params?: T.ReportRunListParams, opts?: RequestOptions): PageIterator<T.ReportRun, T.ReportRunListParams>;
    /** GET /v1/report_runs/{id} */
    retrieve(id: Id, opts?: RequestOptions): Promise<T.ReportRun>;
    /** GET /v1/report_runs/{id}/file: the CSV of a succeeded run, as text (409 report_not_ready before). */
    file(id: Id, opts?: RequestOptions): Promise<string>;
    /** The same CSV as a byte stream, for a large file (read it as it arrives). */
    fileStream(id: Id, opts?: RequestOptions): Promise<ReadableStream<Uint8Array>>;
}
export declare class TestHelpersRefunds {
    #private;
    constructor(core: Core);
    /** POST /v1/test_helpers/refunds/{id}/claim (test keys only): the payer claims; a valid test destination is made when none is given. */
    claim(id: Id, params?: T.TestClaimRefundParams, opts?: RequestOptions): Promise<T.Refund>;
    /** POST /v1/test_helpers/refunds/{id}/succeed (test keys only) */
    succeed(id: Id, opts?: RequestOptions): Promise<T.Refund>;
    /** POST /v1/test_helpers/refunds/{id}/fail (test keys only) */
    fail(id: Id, opts?: RequestOptions): Promise<T.Refund>;
}
export declare class TestHelpersPaymentIntents {
    #private;
    constructor(core: Core);
    /** POST /v1/test_helpers/payment_intents/{id}/pay (test keys only): `amount` for an under- or overpayment. */
    pay(id: Id, params?: T.TestPayParams, opts?: RequestOptions): Promise<T.PaymentIntent>;
    /** POST /v1/test_helpers/payment_intents/{id}/fail (test keys only): the current attempt fails. */
    fail(id: Id, opts?: RequestOptions): Promise<T.PaymentIntent>;
}
export declare class Webhooks {
    /** The event a delivery carries, once its signature is checked (CaisseSignatureError otherwise). See verifyWebhook. */
    verify(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string): T.Event;
}
export declare class Caisse {
    readonly paymentIntents: PaymentIntents;
    readonly checkoutSessions: CheckoutSessions;
    readonly products: Products;
    readonly prices: Prices;
    readonly paymentLinks: PaymentLinks;
    readonly events: Events;
    readonly exchangeRates: ExchangeRates;
    readonly addressGaps: AddressGaps;
    readonly webhookEndpoints: WebhookEndpoints;
    readonly railAccounts: RailAccounts;
    readonly refunds: Refunds;
    readonly balanceTransactions: BalanceTransactions;
    readonly balance: BalanceResource;
    readonly account: AccountResource;
    readonly reportRuns: ReportRuns;
    readonly testHelpers: {
        readonly paymentIntents: TestHelpersPaymentIntents;
        readonly refunds: TestHelpersRefunds;
    };
    readonly webhooks: Webhooks;
    /** `apiKey`: a secret key, sk_test_... or sk_live_... */
    constructor(apiKey: string, options?: CaisseOptions);
}
export {};
