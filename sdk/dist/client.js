// The Caisse client: one object per resource of the API, each method one operation of the
// document, typed by sdk/src/schema.ts (generated) through openapi-fetch.
import createClient from 'openapi-fetch';
import { CaisseError } from './errors.js';
import { defaultSleep, retryingFetch } from './http.js';
import { PageIterator } from './pagination.js';
import { verifyWebhook } from './webhooks.js';
/** What the resources share: the typed client and the error mapping. */
class Core {
    api;
    constructor(apiKey, options) {
        if (typeof apiKey !== 'string' || !/^sk_(test|live)_\S+$/.test(apiKey))
            throw new TypeError('new Caisse(key): key must be a secret key (sk_test_... or sk_live_...).');
        const fetchImpl = options.fetch ?? ((input) => globalThis.fetch(input));
        this.api = createClient({
            baseUrl: (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
            headers: { Authorization: `Bearer ${apiKey}` },
            fetch: retryingFetch({
                fetch: fetchImpl,
                maxRetries: Math.max(0, options.maxRetries ?? 2),
                timeoutMs: options.timeoutMs ?? 60_000,
                initialDelayMs: options.initialRetryDelayMs ?? 500,
                maxDelayMs: 8_000,
                maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
                sleep: defaultSleep,
            }),
        });
    }
    init(opts) {
        return { headers: opts?.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {}, ...(opts?.signal ? { signal: opts.signal } : {}) };
    }
    /** The answer's object, or the CaisseError for its error status. */
    async unwrap(call) {
        const r = await call;
        if (!r.response.ok || r.data === undefined)
            throw CaisseError.from(r.response, r.error);
        return r.data;
    }
}
export class PaymentIntents {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/payment_intents */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/payment_intents', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/payment_intents/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/payment_intents/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** GET /v1/payment_intents: iterate with `for await`, or `.page()` for one page. */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/payment_intents', { params: { query }, ...this.#c.init(opts) })), params);
    }
    /** POST /v1/payment_intents/{id}/confirm: starts (or returns) the payer's attempt; see `nextAction`. */
    confirm(id, params = {}, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/payment_intents/{id}/confirm', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** POST /v1/payment_intents/{id}/cancel */
    cancel(id, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/payment_intents/{id}/cancel', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
}
export class CheckoutSessions {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/checkout_sessions: give exactly one of paymentIntentId and priceId. */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/checkout_sessions', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/checkout_sessions/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/checkout_sessions/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** GET /v1/checkout_sessions */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/checkout_sessions', { params: { query }, ...this.#c.init(opts) })), params);
    }
    /** POST /v1/checkout_sessions/{id}/expire */
    expire(id, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/checkout_sessions/{id}/expire', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
}
export class Products {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/products */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/products', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/products/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/products/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** POST /v1/products/{id}: metadata is merged; a key set to "" or null is removed. */
    update(id, params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/products/{id}', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/products */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/products', { params: { query }, ...this.#c.init(opts) })), params);
    }
}
export class Prices {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/prices */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/prices', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/prices/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/prices/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** POST /v1/prices/{id}: only active and metadata. */
    update(id, params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/prices/{id}', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/prices */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/prices', { params: { query }, ...this.#c.init(opts) })), params);
    }
}
export class PaymentLinks {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/payment_links */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/payment_links', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/payment_links/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/payment_links/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** POST /v1/payment_links/{id}: only active and metadata. */
    update(id, params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/payment_links/{id}', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/payment_links */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/payment_links', { params: { query }, ...this.#c.init(opts) })), params);
    }
}
export class Events {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** GET /v1/events/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/events/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** GET /v1/events: newest first; filter by type. */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/events', { params: { query }, ...this.#c.init(opts) })), params);
    }
}
export class ExchangeRates {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** GET /v1/exchange_rates: the rates a quote would use now (one list, not paginated). */
    list(params = {}, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/exchange_rates', { params: { query: params }, ...this.#c.init(opts) }));
    }
}
export class AddressGaps {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** GET /v1/address_gaps: how far a wallet restored from each address rail's key must scan (one list, not paginated). */
    list(opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/address_gaps', { ...this.#c.init(opts) }));
    }
}
export class WebhookEndpoints {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/webhook_endpoints: the answer carries `secret` (whsec_...), this once. */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/webhook_endpoints', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/webhook_endpoints/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/webhook_endpoints/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** POST /v1/webhook_endpoints/{id}: url, enabledEvents, description, disabled. */
    update(id, params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/webhook_endpoints/{id}', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** DELETE /v1/webhook_endpoints/{id}: its pending deliveries are dropped. */
    delete(id, opts) {
        return this.#c.unwrap(this.#c.api.DELETE('/v1/webhook_endpoints/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** GET /v1/webhook_endpoints */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/webhook_endpoints', { params: { query }, ...this.#c.init(opts) })), params);
    }
    /** POST /v1/webhook_endpoints/{id}/roll_secret: the new `secret`, this once; the old one signs for expiresInSeconds more. */
    rollSecret(id, params = {}, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/webhook_endpoints/{id}/roll_secret', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/webhook_endpoints/{id}/deliveries */
    listDeliveries(id, params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/webhook_endpoints/{id}/deliveries', { params: { path: { id }, query }, ...this.#c.init(opts) })), params);
    }
    /** GET /v1/webhook_endpoints/{id}/deliveries/{deliveryId} */
    retrieveDelivery(id, deliveryId, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/webhook_endpoints/{id}/deliveries/{deliveryId}', { params: { path: { id, deliveryId } }, ...this.#c.init(opts) }));
    }
    /** POST /v1/webhook_endpoints/{id}/deliveries/{deliveryId}/retry: send it again now (same webhook-id). */
    retryDelivery(id, deliveryId, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/webhook_endpoints/{id}/deliveries/{deliveryId}/retry', { params: { path: { id, deliveryId } }, ...this.#c.init(opts) }));
    }
}
export class RailAccounts {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /**
     * POST /v1/rail_accounts: checked at the backend first (400 rail_account_invalid); secrets come back only as last4 and fingerprint.
     * With railAccountApproval on, the answer (202) is the account it would make, `status: 'pending_approval'`, with its `pendingChange`.
     */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/rail_accounts', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/rail_accounts/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/rail_accounts/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** POST /v1/rail_accounts/{id}: a new version; a secret left out is kept, null removes an optional setting. */
    update(id, params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/rail_accounts/{id}', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/rail_accounts: filters rail, status. */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/rail_accounts', { params: { query }, ...this.#c.init(opts) })), params);
    }
    /** POST /v1/rail_accounts/{id}/disable: no new payment goes to it; those it started are watched to their end. */
    disable(id, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/rail_accounts/{id}/disable', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
}
export class Refunds {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/refunds: give back `amount` (default: all that one payment can) out of the account the payment came into. Pass an idempotencyKey. */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/refunds', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/refunds/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/refunds/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** GET /v1/refunds: filters paymentIntentId, status. */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/refunds', { params: { query }, ...this.#c.init(opts) })), params);
    }
    /** POST /v1/refunds/{id}/cancel: only while nothing went out. */
    cancel(id, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/refunds/{id}/cancel', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** POST /v1/refunds/{id}/mark_succeeded: you sent it yourself (the operator's transaction id; a txid or preimage, checked). */
    markSucceeded(id, params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/refunds/{id}/mark_succeeded', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
}
export class BalanceTransactions {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** GET /v1/balance_transactions: the ledger; filters type, source, railAccountId. */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/balance_transactions', { params: { query }, ...this.#c.init(opts) })), params);
    }
    /** GET /v1/balance_transactions/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/balance_transactions/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
}
export class BalanceResource {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** GET /v1/balance: received, refunded and net per rail account and currency. */
    retrieve(opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/balance', { ...this.#c.init(opts) }));
    }
}
export class AccountResource {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** GET /v1/account: your name and time zone. */
    retrieve(opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/account', { ...this.#c.init(opts) }));
    }
    /** POST /v1/account: { timeZone } (an IANA name). */
    update(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/account', { body: params, ...this.#c.init(opts) }));
    }
}
export class ReportRuns {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/report_runs: { type: balance_transactions | daily_summary, from, to } (days in your time zone); pending until the worker completes it. */
    create(params, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/report_runs', { body: params, ...this.#c.init(opts) }));
    }
    /** GET /v1/report_runs */
    list(params = {}, opts) {
        return new PageIterator((query) => this.#c.unwrap(this.#c.api.GET('/v1/report_runs', { params: { query }, ...this.#c.init(opts) })), params);
    }
    /** GET /v1/report_runs/{id} */
    retrieve(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/report_runs/{id}', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** GET /v1/report_runs/{id}/file: the CSV of a succeeded run, as text (409 report_not_ready before). */
    file(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/report_runs/{id}/file', { params: { path: { id } }, parseAs: 'text', ...this.#c.init(opts) }));
    }
    /** The same CSV as a byte stream, for a large file (read it as it arrives). */
    fileStream(id, opts) {
        return this.#c.unwrap(this.#c.api.GET('/v1/report_runs/{id}/file', { params: { path: { id } }, parseAs: 'stream', ...this.#c.init(opts) }));
    }
}
export class TestHelpersRefunds {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/test_helpers/refunds/{id}/claim (test keys only): the payer claims; a valid test destination is made when none is given. */
    claim(id, params = {}, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/test_helpers/refunds/{id}/claim', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** POST /v1/test_helpers/refunds/{id}/succeed (test keys only) */
    succeed(id, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/test_helpers/refunds/{id}/succeed', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
    /** POST /v1/test_helpers/refunds/{id}/fail (test keys only) */
    fail(id, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/test_helpers/refunds/{id}/fail', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
}
export class TestHelpersPaymentIntents {
    #c;
    constructor(core) {
        this.#c = core;
    }
    /** POST /v1/test_helpers/payment_intents/{id}/pay (test keys only): `amount` for an under- or overpayment. */
    pay(id, params = {}, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/test_helpers/payment_intents/{id}/pay', { params: { path: { id } }, body: params, ...this.#c.init(opts) }));
    }
    /** POST /v1/test_helpers/payment_intents/{id}/fail (test keys only): the current attempt fails. */
    fail(id, opts) {
        return this.#c.unwrap(this.#c.api.POST('/v1/test_helpers/payment_intents/{id}/fail', { params: { path: { id } }, ...this.#c.init(opts) }));
    }
}
export class Webhooks {
    /** The event a delivery carries, once its signature is checked (CaisseSignatureError otherwise). See verifyWebhook. */
    verify(rawBody, headers, secret) {
        return verifyWebhook(rawBody, headers, secret);
    }
}
export class Caisse {
    paymentIntents;
    checkoutSessions;
    products;
    prices;
    paymentLinks;
    events;
    exchangeRates;
    addressGaps;
    webhookEndpoints;
    railAccounts;
    refunds;
    balanceTransactions;
    balance;
    account;
    reportRuns;
    testHelpers;
    webhooks;
    /** `apiKey`: a secret key, sk_test_... or sk_live_... */
    constructor(apiKey, options = {}) {
        const core = new Core(apiKey, options);
        this.paymentIntents = new PaymentIntents(core);
        this.checkoutSessions = new CheckoutSessions(core);
        this.products = new Products(core);
        this.prices = new Prices(core);
        this.paymentLinks = new PaymentLinks(core);
        this.events = new Events(core);
        this.exchangeRates = new ExchangeRates(core);
        this.addressGaps = new AddressGaps(core);
        this.webhookEndpoints = new WebhookEndpoints(core);
        this.railAccounts = new RailAccounts(core);
        this.refunds = new Refunds(core);
        this.balanceTransactions = new BalanceTransactions(core);
        this.balance = new BalanceResource(core);
        this.account = new AccountResource(core);
        this.reportRuns = new ReportRuns(core);
        this.testHelpers = { paymentIntents: new TestHelpersPaymentIntents(core), refunds: new TestHelpersRefunds(core) };
        this.webhooks = new Webhooks();
    }
}
