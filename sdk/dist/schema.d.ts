export interface paths {
    "/v1/payment_intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment intents
         * @description Your payment intents in the key's mode. Filter by `status`, `rail`, `currency`, or `reference` (your order id: the way to find the intent of an order).
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listPaymentIntents"];
        put?: never;
        /**
         * Create a payment intent
         * @description Creates an intent to collect `amount` (minor units) in `currency` over `rail`. It starts in `requires_payment_method`: nothing is asked of the payer yet. Then either send the payer to a hosted checkout page (create a checkout session with `paymentIntentId`) or collect without it (`confirmPaymentIntent`). Follow the outcome with webhooks (`payment_intent.succeeded`, `payment_intent.failed`) rather than by polling.
         *
         *     Send an `Idempotency-Key` (your order id, for instance): a retry after a timeout then returns the same intent instead of making a second one. Refused with 400 when the rail does not take the currency (`rail_currency_mismatch`), the amount is outside the currency's bounds (`amount_too_small`, `amount_too_large`) or this deployment has no backend for the rail in this mode (`rail_not_configured`); 503 `rail_unavailable` when an XOF, XAF or GNF intent over a BTC or USDT rail has no fresh exchange rate right now.
         */
        post: operations["createPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a payment intent
         * @description The intent as it is now: `status`, `amountReceived`, `nextAction` (what the payer must do, while a payment is in progress), `lastPaymentError` (why the last attempt failed) and, when it was paid in BTC or USDT for a franc amount, `latestQuote`. 404 `resource_missing` when this key's merchant and mode have no intent with this id (a test key never sees live objects).
         */
        get: operations["retrievePaymentIntent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payment intent
         * @description Cancels an intent nobody is paying: only from `requires_payment_method`. Once a payer has a prompt, an invoice or an address (`pending`), or once the intent is final, it answers 409 `unexpected_state`: let the attempt end, or expire its checkout session. Its open checkout session expires with it; sends `payment_intent.canceled` (and `checkout_session.expired`).
         */
        post: operations["cancelPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout_sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List checkout sessions
         * @description Your checkout sessions in the key's mode. Filter by `status` or `paymentIntentId`.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listCheckoutSessions"];
        put?: never;
        /**
         * Create a checkout session
         * @description A hosted payment page: send the buyer to the session's `url`. Give exactly one of `paymentIntentId` (an intent in `requires_payment_method` with no other open session) or `priceId` (an active price: the page makes the intent when the buyer picks a payment method). The buyer chooses among the rails of the currency that are up; the session completes when the intent succeeds (`checkout_session.completed`) and expires at `expiresAt` (30 minutes to 24 hours ahead, default 24 hours).
         *
         *     `successUrl` and `cancelUrl` may contain `{CHECKOUT_SESSION_ID}`, replaced by the session's id when the buyer is sent back. A session made from `priceId` copies its `metadata` to the payment intent it makes (plus `checkoutSessionId`), so your webhook handler finds your order id on `payment_intent.*` events. 400 `parameters_exclusive` when both ids are given, `parameter_missing` when neither, `resource_missing` (with `param`) when the id names nothing.
         */
        post: operations["createCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout_sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a checkout session
         * @description The session as it is now: `status` (`open`, `complete`, `expired`) and, once the buyer picked a payment method, its `paymentIntentId`. 404 `resource_missing` when this key's merchant and mode have no session with this id.
         */
        get: operations["retrieveCheckoutSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout_sessions/{id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Expire a checkout session
         * @description Closes an open session now: its page stops taking payments. Its payment intent, if still `requires_payment_method`, fails (`payment_intent.failed`, `lastPaymentError.code` `session_expired`, or `underpaid` when part was received). 409 `unexpected_state` while a payment is pending (a prompt or an operator page is out, or money was seen on its way: let it end), or when the session is already complete or expired.
         */
        post: operations["expireCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description Your products in the key's mode. Filter by `active`.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product
         * @description Something you sell. Give it prices (one per currency) to make checkout sessions and payment links from. Sends `product.created`.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a product
         * @description One product. 404 `resource_missing` when this key's merchant and mode have no product with this id.
         */
        get: operations["retrieveProduct"];
        put?: never;
        /**
         * Update a product
         * @description Changes the given fields only. `metadata` is merged: a key set to `""` or `null` is removed. An inactive product's prices take no new checkout session, and its payment links answer 410. Sends `product.updated`.
         */
        post: operations["updateProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List prices
         * @description Your prices in the key's mode. Filter by `productId` or `active`.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listPrices"];
        put?: never;
        /**
         * Create a price
         * @description The cost of a product in one currency, as an integer in minor units (`unitAmount`). A price never changes its amount, currency or product: make a new price, and deactivate the old one. 400 `resource_missing` (param `productId`) when the product does not exist in this mode; `amount_too_small` / `amount_too_large` outside the currency's bounds. Sends `price.created`.
         */
        post: operations["createPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a price
         * @description One price. 404 `resource_missing` when this key's merchant and mode have no price with this id.
         */
        get: operations["retrievePrice"];
        put?: never;
        /**
         * Update a price
         * @description Only `active` and `metadata` (merged; a key set to `""` or `null` is removed). Amount, currency and product never change: a price with other terms is a new price. An inactive price takes no new checkout session. Sends `price.updated`.
         */
        post: operations["updatePrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment links
         * @description Your payment links in the key's mode. Filter by `active`.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listPaymentLinks"];
        put?: never;
        /**
         * Create a payment link
         * @description A URL under {checkout_url} to share anywhere (a chat message, a QR code on a shop counter). Each visit creates a new checkout session from the price, with the link's successUrl, cancelUrl and locale (the session's paymentLinkId names the link), and answers 303 to the session's url. The price must be this merchant's, in this mode, and active (and its product too). Visits are limited to 30 a minute per client address (429 page with Retry-After). Sessions made by visits that expired unpaid, with no payment intent, are deleted 24 h after they expired.
         */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a payment link
         * @description One payment link. 404 `resource_missing` when this key's merchant and mode have no link with this id.
         */
        get: operations["retrievePaymentLink"];
        put?: never;
        /**
         * Update a payment link
         * @description Only active and metadata (merged; a key set to "" or null is removed). An inactive link's url answers 410 with a page saying it is no longer available (as does a link whose price or product is inactive); reactivate it to take payments again.
         */
        post: operations["updatePaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a payment intent (collect without the hosted page)
         * @description Starts, or returns, the payer's attempt and answers nextAction. `rail` switches to another rail of the currency while requires_payment_method (or while pending at a redirect operator the payer left). `phone` (E.164 or national): required by push operators (MTN MoMo protocol: nextAction mobile_money_prompt), optional for redirect operators (Orange Money, Wave: nextAction redirect_to_url; with Wave only that number may pay). `returnUrl` (https): where a redirect operator sends the payer back when the intent has no checkout session. `{"resend": true}` alone sends a pending push again (at most 3 times, spaced, under the per-phone limits; 409 on redirect operators). 400 rail_not_configured when this deployment has no backend for the rail in this mode; 503 rail_unavailable when the rail's backend is down or refused.
         */
        post: operations["confirmPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payment_intents/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test mode: pay a payment intent
         * @description Test mode: the payer pays, as the rail's simulator would report it. Without `amount`, the full amount due; with one (in the attempt's settlement currency: sats or USDT millionths when the intent converts), an underpayment (`payment_intent.partially_paid`, the intent stays payable) or an overpayment (`payment_intent.overpaid`). Starts an attempt on the intent's rail when none is open, so an intent in `requires_payment_method` can be paid at once. On an address rail (`btc_onchain`, `usdt_trc20`) a payment after the intent ended is a late payment (`payment_intent.late_payment`). Test keys only: a live key gets 404. 409 `unexpected_state` once the intent succeeded, or was canceled or failed on a rail that is not an address.
         */
        post: operations["testPayPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payment_intents/{id}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test mode: make the current attempt fail
         * @description Test mode: the current attempt fails as if the payer declined (`lastPaymentError.code` `payment_declined` on mobile money). The intent goes back to `requires_payment_method` (`payment_intent.payment_failed`) so the payer can try again, or fails for good after 10 failed attempts (`payment_intent.failed`). Starts an attempt first when none is open. Test keys only: a live key gets 404; 409 `unexpected_state` once the intent is final.
         */
        post: operations["testFailPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/address_gaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List address gaps
         * @description For each address rail configured in the key's mode (btc_onchain, usdt_trc20): how far a wallet restored from the rail's account key must scan. Addresses whose payer never paid are handed to later payers, so they stay within the configured gap limit while they can; when every address within it is held, a new one is derived past it rather than refusing the payer. Set your wallet's gap limit to at least requiredGapLimit. Not paginated.
         */
        get: operations["listAddressGaps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exchange_rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List exchange rates
         * @description The rates a quote for an XOF, XAF or GNF intent paid over btc_lightning, btc_onchain or usdt_trc20 would use now, in the key's mode: test mode's fixed rates, or live rates (median of the exchanges' EUR prices, at most 2 minutes old; XOF and XAF at the peg of 655.957 per EUR; GNF only when the operator configured a GNF rate). A pair without a fresh rate is left out (its converting rails answer 503 rail_unavailable). Filters from and to; not paginated.
         */
        get: operations["listExchangeRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Every change to your objects in the key's mode, also the bodies your webhook endpoints receive. Filter by `type` (for example `payment_intent.succeeded`). Use it to catch up after downtime: page with `endingBefore` from the last event you handled.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description One event, as it was sent to your webhook endpoints: `data.object` is the object right after the change. Use it to check a webhook you received, or to replay one you missed. 404 `resource_missing` when this key's merchant and mode have no event with this id.
         */
        get: operations["retrieveEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Your webhook endpoints in the key's mode (at most 16 per mode). The signing secret is not in this list: it is shown once, when the endpoint is made or its secret rolled.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Subscribes a URL of yours to events: `enabledEvents` lists event types, or `["*"]` for all. The answer carries the signing secret (`whsec_...`) this once: store it to verify each delivery's `webhook-signature` (Standard Webhooks, HMAC-SHA256). Test-mode endpoints may be any http(s) URL; live endpoints must be https on a public address. At most 16 endpoints per mode (400 `webhook_endpoint_limit`).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description One endpoint: its `status` (`enabled`, `disabled`) and, when disabled, why (`manual`, `http_410`: your server answered 410, `retries_exhausted`). Its secret is not shown again. 404 `resource_missing` when this key's merchant and mode have no endpoint with this id.
         */
        get: operations["retrieveWebhookEndpoint"];
        put?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the given fields only: `url`, `enabledEvents`, `description` (`null` clears it), `disabled`. `disabled: true` stops deliveries (`disabledReason` `manual`); `disabled: false` enables it again, also after a 410 from your server or exhausted retries. The secret does not change: roll it with roll_secret.
         */
        post: operations["updateWebhookEndpoint"];
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint, with its deliveries and their record: pending deliveries are not sent. Events stay listed (`GET /v1/events`). 404 `resource_missing` when no endpoint has this id.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/roll_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll the signing secret
         * @description Makes a new signing secret, in the answer this once. The old secret keeps signing for `expiresInSeconds` (default 86400, 0 to stop at once, at most 604800): meanwhile each delivery carries both signatures in `webhook-signature`, so you can deploy the new secret without dropping a webhook.
         */
        post: operations["rollWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries of an endpoint
         * @description The deliveries of events to this endpoint, with each attempt's response status, the start of your server's answer, and its duration: what to look at when a webhook did not arrive. Filter by `status` (`pending`, `succeeded`, `failed`) or `eventId`. 404 `resource_missing` when the endpoint does not exist.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a delivery
         * @description One delivery and every attempt made (newest last). 404 `resource_missing` when the endpoint or the delivery does not exist.
         */
        get: operations["retrieveWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now
         * @description Sends the delivery again now, whatever its status (a failed one after fixing your server, for instance), with the same `webhook-id` so your handler can drop a duplicate. The answer shows the new attempt. It does not move the automatic schedule. 409 `unexpected_state` while an attempt of this delivery is running.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List refunds
         * @description Filter by `paymentIntentId` or `status`.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listRefunds"];
        put?: never;
        /**
         * Create a refund
         * @description Gives back `amount` (the intent's currency, minor units; default: all that is refundable from one payment) of what the payment intent received, over- and late payments included (a late payment on a canceled intent too), out of the account the payment came into. Refundable is what was received minus refunds not failed or canceled: more is 400 `amount_too_large`; nothing received yet, 409 `unexpected_state`. When the intent was paid in several payments, one refund takes from one of them (the one with the most left): 400 `amount_too_large` says how much, refund the rest in another. A converted payment (francs paid in BTC or USDT) is given back at its quote's rate (`rate: "quote"`, the default: the buyer gets back what they sent for that part) or at today's (`rate: "current"`): `settlementAmount` says what leaves on the rail.
         *
         *     Mobile money: MTN MoMo refunds through the Disbursement API of your account (`pending`, then `succeeded` or `failed`); Wave refunds a whole payment, and a part as a payout when your key allows it; Orange Money has no refund API (`requires_action`, `manual_refund`). Lightning, on-chain and USDT: `requires_action` with `refund_claim`: send `claimUrl` to the payer. A refund whose answer was lost stays `pending` and is asked about until the backend's final word; it is never sent twice. Use an Idempotency-Key: a retry without one makes a second refund. Sends `refund.created`, then `refund.updated`, `refund.succeeded`, `refund.failed` or `refund.canceled`.
         *
         *     Approvals: a refund above your threshold for its currency (`refundApprovalThresholds`, POST /v1/account; none by default) starts in `pending_approval` (`refund.pending_approval`): its money is held, nothing is sent until an owner or admin approves it on the dashboard (`refund.approved`, then as any refund) or rejects it (`refund.rejected`, `canceled`). Refunds made with a secret key wait only above the threshold. A refund asked for with a key is its maker's (the user who rolled or made it): they cannot approve it; rolling or revoking the key cancels it while it waits (`refund.canceled`, `failureReason` `author_removed`). Needs `refunds.write`.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a refund
         * @description The refund as it is now: its status, what must happen next (`nextAction`), the backend's reference once it succeeded, or why it failed. 404 `resource_missing` when no refund of this mode has this id.
         */
        get: operations["retrieveRefund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a refund
         * @description Only while nothing went out: waiting for approval, waiting for the payer's claim or for you (`requires_action`), or `pending` and not yet sent. 409 `unexpected_state` otherwise. Its amount is refundable again. Sends `refund.canceled`.
         */
        post: operations["cancelRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/mark_succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a refund you made
         * @description You sent the money yourself. A `manual_refund` (Orange Money): `operatorReference` is the operator's transaction id; the refund succeeds. A `send_payment` (a claimed crypto refund your account cannot pay): `operatorReference` is the transaction id (on-chain, TRON) or the payment's preimage (Lightning, 64 hex digits), checked at the backend first: it must pay the payer's destination at least `settlementAmount`. Confirmed: `succeeded`; not yet confirmed or not found yet: `pending`, asked about until it is (a proof not found within a day goes back to `requires_action`); a proof that pays something else: 400 `operator_reference_invalid`, nothing changes. 409 `unexpected_state` for any other refund (one the payer has not claimed yet, for instance).
         */
        post: operations["markRefundSucceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/refunds/{id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test mode: the payer claims a refund
         * @description Test mode: the payer gives `destination` on the claim page (a testnet invoice for exactly the settlement amount, a tb1 address, a TRON address), checked as the claim page checks it (400 `invalid_destination`, `wrong_network`, `amount_mismatch`, `invoice_expired`); without one, a valid test destination is made. The simulated account then pays it (`pending`), except for test amounts ending in 17 (`send_payment`). Test keys only: a live key gets 404.
         */
        post: operations["testClaimRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/refunds/{id}/succeed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test mode: a refund succeeds
         * @description Test mode: the backend's final word on a simulator's refund is success (a claim refund not yet claimed is claimed first; a refund waiting for you is recorded as done). Test keys only: a live key gets 404.
         */
        post: operations["testSucceedRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/refunds/{id}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test mode: a refund fails
         * @description Test mode: the backend refuses a simulator's refund (`refund_declined`); its amount is refundable again. A refund waiting for you cannot fail: cancel it (409). Test keys only: a live key gets 404.
         */
        post: operations["testFailRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance_transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List balance transactions
         * @description The ledger, one line per money movement, written in the same transaction as the movement (never reconstructed later): a payment (what the intent was owed), an overpayment (beyond it), a late payment (on an intent that had ended: canceled, failed or paid), a refund, an adjustment (money reversed on chain). `amount` is as moved on the rail, `amountInIntentCurrency` at the quote for a converted payment. Filter by `type`, `source` (an intent or refund id) or `railAccountId`.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listBalanceTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance_transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a balance transaction
         * @description One line of the ledger. 404 `resource_missing` when no balance transaction of this mode has this id.
         */
        get: operations["retrieveBalanceTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the balance
         * @description The ledger summed per rail, account and currency, as moved on the rail: `received` (payments, overpayments and late payments, less money reversed on chain), `refunded`, `net`. A `platformAccount` line is money in the deployment's own account: what the platform owes you.
         */
        get: operations["retrieveBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reconciliations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reconciliations
         * @description Your reconciliations, the daily ones and yours, without their items (`itemCount` says how many). Filter by `status` or `railAccountId`.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listReconciliations"];
        put?: never;
        /**
         * Reconcile a period with the backends
         * @description Compares the days `from` to `to` (YYYY-MM-DD in your account's time zone, at most 31 days; optionally one `railAccountId`) with what each backend says, line by line: each payment attempt of the period is asked about at its backend, and where a backend lists its movements (your own LND node: invoices and payments; your own Wave account: its transaction list) money that no payment or refund of Caisse explains is found too. Answered at once, `pending`; the worker completes it (seconds to minutes) and sends `reconciliation.succeeded` with one `reconciliation_item.created` per difference, or `reconciliation.failed` when a backend could not be read (never a success over a gap). Money the backend received that Caisse had not recorded is credited through the normal settle path (`resolution: credited`); nothing is ever debited automatically (`needs_review`). The worker also reconciles your previous live day every day. 400 `resource_missing` (param `railAccountId`) when it names no rail account of yours in this mode.
         */
        post: operations["createReconciliation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reconciliations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a reconciliation
         * @description The reconciliation with its first 100 differences (`items`, oldest first); `hasMoreItems` says when GET /v1/reconciliations/{id}/items has more. 404 `resource_missing` when no reconciliation of this mode has this id.
         */
        get: operations["retrieveReconciliation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reconciliations/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a reconciliation's differences
         * @description Every difference a reconciliation found, each with both sides (`caisse`, `backend`), a `reason` code and an English `explanation`.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listReconciliationItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve your account
         * @description Your merchant account as the key sees it: its name and the time zone its days are counted in (reports, the dashboard).
         */
        get: operations["retrieveAccount"];
        put?: never;
        /**
         * Update your account
         * @description `timeZone`: an IANA time zone name (`Africa/Abidjan` by default, `Africa/Douala`, `Africa/Conakry`...), stored as the runtime spells it; anything else is a 400 naming `timeZone`. `refundApprovalThresholds`: per currency, the amount in minor units above which a refund waits in `pending_approval` until an owner or admin approves it on the dashboard (`{"XOF": 50000}`; `null` removes one); merged into the current ones. Lowering or adding one needs only `settings.write`; raising or removing one also `approvals.loosen` (secret keys, and restricted keys an owner gave it): else 403 `permission_denied` naming `refundApprovalThresholds`, nothing changed. `railAccountApproval` (needs `rail_accounts.write` too): `true` makes every change and disabling of a rail account wait for the approval of an owner other than its author on the dashboard (409 `two_owners_required` without two active owners: nobody could approve); `false` while it is on waits itself for another owner's approval (202, `pendingChange`), unless fewer than two owners are left. The same for both modes; each change is a line of the audit log (`account.updated`). Needs `settings.write`.
         */
        post: operations["updateAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events
         * @description The audit log, one line per action: who (a dashboard user, an API key with its prefix and last four, or Caisse), what (`action`), on what (`target`), from which address, and `changes` before and after (secrets never). Needs the permission `audit.read`: your secret keys, and restricted keys given it; a key reads the lines of its own mode (account-wide actions, such as a sign-in, are live-mode lines). Filter by `action` or `actor` (a `user_...` or `key_...` id, or `system`).
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rail_accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List rail accounts
         * @description Your rail accounts in the key's mode, active and disabled (an account whose creation waits for approval is not listed until it is made). Filter by `rail` or `status` (`active`, `disabled`).
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listRailAccounts"];
        put?: never;
        /**
         * Create a rail account
         * @description Connects an account of yours on a rail, in the key's mode, so that your buyers' money lands in it: a mobile-money merchant account, your LND node, or your wallet's account key (Bitcoin on-chain, USDT on TRON). `settings` takes the settings of the rail's protocol for mobile money (on a deployment that keeps the defaults `mobile_money_a` and `mobile_money_c` speak `mtn_momo`, `mobile_money_b` speaks `orange_money`, `mobile_money_d` speaks `wave`; the account's `protocol` says which), else the rail's own: see the RailAccountSettings objects. Secrets are write-only: this answer and every later one show only their `last4` and `fingerprint`. A test key makes a test-mode account, which test-mode payments then use instead of the simulator: give it sandbox settings (the operator's sandbox, a test node).
         *
         *     Before anything is saved, Caisse calls the backend the way payments will (MTN MoMo and Orange Money: a token; Wave: an authenticated read; LND: a read the invoice macaroon allows; Esplora and TronGrid: a read). When it refuses or cannot be reached: 400 `rail_account_invalid` with its reason in `message`, and nothing is saved (a retry with the same Idempotency-Key gets that answer again: send the corrected settings with a new key). A missing, unknown or malformed setting is a 400 whose `param` names it (`settings.apiKey`). `currencies`, `minAmount`, `maxAmount` and `amountStep` (mobile money only) narrow what the account takes, as your contract with the operator says. In live mode every URL must be https (a loopback address is taken, for a node on the same host). One active account per rail and mode: a second is 409 `rail_account_exists` (update the first, or disable it). 503 `encryption_key_missing` when this deployment has no key to encrypt secrets with. Sends `rail_account.created`.
         *
         *     With your account's `railAccountApproval` on (POST /v1/account), the account is checked at the backend all the same, then not made: its creation waits for the approval of an owner other than its author on the dashboard, and the answer is 202 with the account it would make, `status` `pending_approval`, its `id` (the one it will have) and its `pendingChange` (action `create`). Until then the rail's payments go where they went (this deployment's own account, the simulator in test mode, or nowhere). `GET /v1/rail_accounts/{id}` answers it while it waits (the list does not show it); once approved it is `active` with that id and `rail_account.created` is sent; rejected or withdrawn, the id answers 404. One creation waits per rail and mode at a time (another: 409 `rail_account_change_pending`, naming it); an account made active on the rail meanwhile supersedes it.
         */
        post: operations["createRailAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rail_accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a rail account
         * @description One rail account: its `pendingChange` (a change waiting for another owner's approval, or null; an account whose creation waits is answered with `status` `pending_approval` until it is approved), its settings that are not secrets, each secret's `last4` and `fingerprint` (never the secret), `callbackUrl` (mobile money: where the operator notifies Caisse for this account) and `receiveAddresses` (address rails: compare them with your wallet's first receive addresses before a buyer pays). 404 `resource_missing` when this key's merchant and mode have no rail account with this id.
         */
        get: operations["retrieveRailAccount"];
        put?: never;
        /**
         * Update a rail account
         * @description Changes `displayName`, the limits (`currencies`, `minAmount`, `maxAmount`, `amountStep`) and the given `settings` only: a secret left out is kept, `null` removes an optional setting. A change of `metadata` alone makes no new version and asks no backend. The result is checked at the backend as on create (400 `rail_account_invalid`, nothing saved) and saved as a new `version`: new payments use it; payments started before keep the version that made them until they end. 409 `unexpected_state` when the account is disabled (create a new one). Sends `rail_account.updated`. With your account's `railAccountApproval` on (POST /v1/account), a change of the settings, limits or name is checked at the backend all the same, then not applied: it waits for the approval of an owner other than its author on the dashboard, and the answer is 202 with the account as it is and its `pendingChange`; one change waits per account at a time (another: 409 `rail_account_change_pending`, naming it). A change of `metadata` alone applies at once.
         */
        post: operations["updateRailAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rail_accounts/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a rail account
         * @description No new payment goes to this account: the rail is then offered with this deployment's own account when it lends one, else not at all (test mode: the simulator). Payments it started are still watched, and credited, with it until they end. Disabling a disabled account changes nothing: it answers the account as it is, and `rail_account.disabled` is sent once. A disabled account cannot be enabled again: create a new one. With your account's `railAccountApproval` on (POST /v1/account), the account is not disabled yet: it waits for the approval of an owner other than its author on the dashboard, and the answer is 202 with the account as it is and its `pendingChange`; one change waits per account at a time (another: 409 `rail_account_change_pending`, naming it).
         */
        post: operations["disableRailAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/report_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List report runs
         * @description Your report runs in the key's mode.
         *
         *     Newest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.
         */
        get: operations["listReportRuns"];
        put?: never;
        /**
         * Create a report run
         * @description A report of your ledger from `from` to `to` (YYYY-MM-DD, both included, days in your account's time zone: GET /v1/account), at most 366 days, `to` not after your today. `balance_transactions`: one line per balance transaction, oldest first. `daily_summary`: per day and per rail, rail account, currency and intent currency: `opening`, `payments` (payments, overpayments, late payments and adjustments), `refunds`, `closing` (= opening + payments - refunds, the next day's opening), `count`, and the same sums in the intent's currency (the franc value, at each line's own rate). Answered at once, `pending`; the worker completes it within seconds: `report_run.succeeded` (or `report_run.failed`), then GET `fileUrl`. The file holds the ledger as it was when the run completed: money that arrives later is in the next run, never in this file.
         */
        post: operations["createReportRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/report_runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a report run
         * @description The run as it is now: `pending`, then `succeeded` with its `rowCount` and `fileUrl`, or `failed`. 404 `resource_missing` when no report run of this mode has this id.
         */
        get: operations["retrieveReportRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/report_runs/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a report run's file
         * @description The CSV of a succeeded run (`text/csv; charset=utf-8`, as an attachment), streamed: RFC 4180, comma-separated, CRLF line ends, a header line. Amounts are integers in minor units (negative: money out), as the API gives them; a text cell that would start a spreadsheet formula (=, +, -, @) is written with a leading `'`. `balance_transactions` columns: `id`, `createdAt`, `createdAtUtc`, `type`, `source`, `paymentIntentId`, `rail`, `railAccountId`, `platformAccount`, `amount`, `currency`, `amountInIntentCurrency`, `intentCurrency`, `rate` (`createdAt` in the run's time zone with its offset, `createdAtUtc` in UTC). `daily_summary` columns: `date`, `rail`, `railAccountId`, `platformAccount`, `currency`, `opening`, `payments`, `refunds`, `closing`, `count`, `intentCurrency`, `openingInIntentCurrency`, `paymentsInIntentCurrency`, `refundsInIntentCurrency`, `closingInIntentCurrency`. The same bytes on every download. 409 `report_not_ready` while the run is pending or when it failed.
         */
        get: operations["retrieveReportRunFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "payment_intent.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.created event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.pending event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_pending"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.succeeded event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.payment_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.payment_failed event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_payment_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.failed event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.canceled event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_canceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.partially_paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.partially_paid event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_partially_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.overpaid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.overpaid event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_overpaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.late_payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.late_payment event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_late_payment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.payment_reversed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.payment_reversed event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_intent_payment_reversed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout_session.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout_session.completed event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_checkout_session_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout_session.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout_session.expired event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_checkout_session_expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * product.created event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_product_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * product.updated event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_product_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "price.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * price.created event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_price_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "price.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * price.updated event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_price_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_link.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_link.created event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_link_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_link.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_link.updated event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_payment_link_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "rail_account.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * rail_account.created event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_rail_account_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "rail_account.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * rail_account.updated event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_rail_account_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "rail_account.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * rail_account.disabled event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_rail_account_disabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.created event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_refund_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.updated event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_refund_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.succeeded event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_refund_succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.failed event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_refund_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.canceled event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_refund_canceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reconciliation.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reconciliation.succeeded event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_reconciliation_succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reconciliation.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reconciliation.failed event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_reconciliation_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reconciliation_item.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reconciliation_item.created event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_reconciliation_item_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "report_run.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * report_run.succeeded event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_report_run_succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "report_run.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * report_run.failed event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_report_run_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.pending_approval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.pending_approval event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_refund_pending_approval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.approved event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_refund_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.rejected event
         * @description Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.
         */
        post: operations["webhook_refund_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Product: {
            id: string;
            /** @constant */
            object: "product";
            name: string;
            description: string | null;
            active: boolean;
            metadata: {
                [key: string]: string;
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        Price: {
            id: string;
            /** @constant */
            object: "price";
            productId: string;
            /** @enum {string} */
            currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
            /** @description minor units */
            unitAmount: number;
            active: boolean;
            metadata: {
                [key: string]: string;
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        PaymentIntent: {
            id: string;
            /** @constant */
            object: "payment_intent";
            /** @description minor units */
            amount: number;
            /** @description minor units of the intent's currency */
            amountReceived: number;
            /** @enum {string} */
            currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
            /** @enum {string} */
            status: "requires_payment_method" | "pending" | "succeeded" | "failed" | "canceled";
            /** @enum {string} */
            rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
            reference: string | null;
            description: string | null;
            metadata: {
                [key: string]: string;
            };
            lastPaymentError: components["schemas"]["LastPaymentError"] | null;
            /** @description what succeeded refunds gave back, in the intent's currency */
            amountRefunded: number;
            canceledAt: number | null;
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
            /** @description What the payer must do now; null when nothing */
            nextAction: components["schemas"]["NextAction"] | null;
            /** @description The quote of the intent's latest attempt when it converted, and what it received in the settlement currency; stays after the payment. null when the latest attempt is in the intent's own currency */
            latestQuote: {
                /** @description minor units */
                amount: number;
                /**
                 * @description the settlement currency: BTC or USDT
                 * @enum {string}
                 */
                currency: "BTC" | "USDT";
                rate: string;
                /** @description Unix timestamp, seconds */
                expiresAt: number;
                /** @description what the attempt received, settlement minor units */
                received: number;
            } | null;
            /** @description The merchant's own rail account (`ra_...`) its latest attempt went to, whose backend holds the money; null for the deployment's account (a platform account, or test mode's simulator) and before any attempt */
            railAccountId: string | null;
        };
        CheckoutSession: {
            id: string;
            /** @constant */
            object: "checkout_session";
            /** @description {checkout_url}/<id>: send the buyer there */
            url: string;
            /** @enum {string} */
            status: "open" | "complete" | "expired";
            paymentIntentId: string | null;
            priceId: string | null;
            /** @description the payment link whose visit made this session; null when made through the API */
            paymentLinkId: string | null;
            /** @description minor units */
            amount: number;
            /** @enum {string} */
            currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
            successUrl: string | null;
            cancelUrl: string | null;
            /** @enum {string} */
            locale: "fr" | "en" | "auto";
            metadata: {
                [key: string]: string;
            };
            /** @description Unix timestamp, seconds */
            expiresAt: number;
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        PaymentLink: {
            id: string;
            /** @constant */
            object: "payment_link";
            /** @description {checkout_url}/link/<id>: share it anywhere; each visit makes a new checkout session and answers 303 to it (410 once inactive) */
            url: string;
            priceId: string;
            active: boolean;
            successUrl: string | null;
            cancelUrl: string | null;
            /** @enum {string} */
            locale: "fr" | "en" | "auto";
            metadata: {
                [key: string]: string;
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        RailAccount: {
            id: string;
            /** @constant */
            object: "rail_account";
            /** @enum {string} */
            rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
            /** @description Mobile money: the operator API the rail speaks on this deployment; null for the other rails */
            protocol: ("mtn_momo" | "orange_money" | "wave") | null;
            displayName: string | null;
            /**
             * @description active: new payments on the rail use it; disabled: no new payment does; pending_approval: not made yet, its creation waits for another owner's approval (your account's railAccountApproval): the rail's payments go where they went until then, and the account becomes active, with this id, once approved
             * @enum {string}
             */
            status: "active" | "disabled" | "pending_approval";
            /** @description Each change of its settings, limits or name makes a new version; an attempt keeps the version that made it */
            version: number;
            /** @description The currencies it takes: a mobile-money account's (its `currencies`, else its operator's), else the rail's */
            currencies: ("XOF" | "XAF" | "GNF" | "BTC" | "USDT")[];
            /** @description Mobile money: the smallest amount your contract with the operator takes (minor units); null when not set */
            minAmount: number | null;
            /** @description Mobile money: the largest amount your contract with the operator takes (minor units); null when not set */
            maxAmount: number | null;
            /** @description Mobile money: amounts must be a multiple of it; null when not set (any amount) */
            amountStep: number | null;
            /** @description The account's settings that are not secrets, as given (the rail's RailAccountSettings object without its secrets) */
            settings: {
                [key: string]: string | number | boolean | string[];
            };
            /** @description Each secret as it may be shown: its last four characters (empty for a secret under 16 characters) and a fingerprint (12 hex digits of an HMAC under a key of this deployment: the same secret shows the same fingerprint, and a fingerprint gives nothing of the secret away). Never the secret */
            secrets: {
                [key: string]: {
                    last4: string;
                    fingerprint: string;
                };
            };
            /** @description Mobile money: where the operator posts notifications for this account, verified with its secrets (Wave: the webhook URL to register; MTN: the `callbackUrl` setting to give when your API user's callback host is Caisse's); null for the other rails */
            notifyUrl: string | null;
            metadata: {
                [key: string]: string;
            };
            /** @description Address rails (btc_onchain, usdt_trc20): the first 3 receive addresses the account key gives (indexes 0 to 2 of the receive chain), to compare with your wallet's before a buyer pays; empty otherwise */
            receiveAddresses: string[];
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
            /** @description Unix timestamp, seconds */
            updatedAt: number;
            disabledAt: number | null;
            /** @description Its creation, a change or its disabling waiting for another owner's approval (your account's railAccountApproval); null when none. Until it is approved, the account (and every new payment) stays as it is */
            pendingChange: components["schemas"]["PendingChange"] | null;
        };
        Refund: {
            id: string;
            /** @constant */
            object: "refund";
            paymentIntentId: string;
            /** @description in the intent's currency, minor units */
            amount: number;
            /**
             * @description the intent's
             * @enum {string}
             */
            currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
            /** @enum {string} */
            status: "pending_approval" | "pending" | "requires_action" | "succeeded" | "failed" | "canceled";
            reason: ("requested_by_customer" | "duplicate" | "fraudulent" | "other") | null;
            /**
             * @description the rail of the payment it gives back
             * @enum {string}
             */
            rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
            /** @description your rail account the money leaves (the payment's); null for the deployment's */
            railAccountId: string | null;
            /** @description what leaves on the rail: francs, sats or USDT millionths */
            settlementAmount: number;
            /** @enum {string} */
            settlementCurrency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
            /** @description a converted payment: units of the intent's currency for one unit of the settlement currency (decimal string); null otherwise */
            rate: string | null;
            /** @description a converted payment: the payment's quote, or the rate of the refund's creation */
            rateSource: ("quote" | "current") | null;
            /** @description what must happen now; null unless `requires_action` */
            nextAction: ({
                /** @constant */
                type: "refund_claim";
                /** @description {checkout_url}/refund/<token>: send it to the payer, who gives a Lightning invoice or an address there */
                claimUrl: string;
                /** @description until when the payer can claim; then the refund is canceled (`failureReason` `claim_expired`) */
                expiresAt: number;
            } | {
                /** @constant */
                type: "manual_refund";
                /** @description what to do in the operator's merchant portal */
                instructions: string;
            } | {
                /** @constant */
                type: "send_payment";
                /** @description the payer's invoice or address */
                destination: string;
                /** @description exactly this, in the settlement currency (sats, USDT millionths) */
                amount: number;
                /** @enum {string} */
                currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
                /** @description a wallet URI (lightning:, bitcoin:...) for a QR code */
                uri: string;
                /** @description a Lightning invoice: until when it can be paid (then the payer is asked again); null for an address */
                expiresAt: number | null;
            }) | null;
            /** @description the backend's id of the transfer, or the proof you recorded */
            operatorReference: string | null;
            /** @description why it failed or was canceled (refund_declined, insufficient_funds, claim_expired...) */
            failureReason: string | null;
            failureMessage: string | null;
            metadata: {
                [key: string]: string;
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        BalanceTransaction: {
            id: string;
            /** @constant */
            object: "balance_transaction";
            /**
             * @description payment (what the intent was owed), overpayment (beyond it), late_payment (on an intent that had ended), refund, refund_reversal, adjustment (money reversed on chain)
             * @enum {string}
             */
            type: "payment" | "late_payment" | "overpayment" | "refund" | "refund_reversal" | "adjustment";
            /** @description the payment intent (pi_...) or the refund (re_...) that moved the money */
            source: string;
            paymentIntentId: string;
            /** @enum {string} */
            rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
            /** @description your rail account the money moved in; null for the deployment's */
            railAccountId: string | null;
            /** @description true when it moved in the deployment's own account (the platform owes it to you) */
            platformAccount: boolean;
            /** @description as moved on the rail (francs, sats, USDT millionths): in positive, out negative */
            amount: number;
            /** @enum {string} */
            currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
            /** @description the same money in the intent's currency, minor units (a converted payment: at its quote) */
            amountInIntentCurrency: number;
            /** @enum {string} */
            intentCurrency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
            /** @description intent units for one unit of `currency` (decimal string: the quote of a converted payment); null without conversion */
            rate: string | null;
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        Balance: {
            /** @constant */
            object: "balance";
            accounts: {
                /** @enum {string} */
                rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
                railAccountId: string | null;
                platformAccount: boolean;
                /** @enum {string} */
                currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
                /** @description payments, overpayments and late payments, less money reversed on chain (minor units of `currency`) */
                received: number;
                /** @description what refunds gave back */
                refunded: number;
                /** @description received - refunded */
                net: number;
            }[];
            livemode: boolean;
        };
        Reconciliation: {
            /** @description recon_... */
            id: string;
            /** @constant */
            object: "reconciliation";
            /**
             * @description pending until the worker completes it; failed when a backend could not be read (failure says which)
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /**
             * @description api: made with POST /v1/reconciliations; daily: the worker's run of your previous live day
             * @enum {string}
             */
            origin: "api" | "daily";
            /** @description the first day, YYYY-MM-DD in timeZone */
            from: string;
            /** @description the last day, included */
            to: string;
            /** @description your account's time zone when the run was made */
            timeZone: string;
            /** @description the one rail account checked; null: every account */
            railAccountId: string | null;
            /** @description attemptsChecked, refundsChecked, backendMovementsRead, listedAccounts, listingsUnavailable */
            summary: {
                [key: string]: unknown;
            };
            /** @description why a failed run failed: the backend that could not be read */
            failure: {
                /** @constant */
                code: "backend_unavailable";
                /** @enum {string} */
                rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
                railAccountId: string | null;
                message: string;
            } | null;
            /** @description how many differences were found */
            itemCount: number;
            /** @description the first 100 differences, oldest first (empty in lists) */
            items: components["schemas"]["ReconciliationItem"][];
            /** @description more than `items` shows: GET /v1/reconciliations/{id}/items lists them all */
            hasMoreItems: boolean;
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
            completedAt: number | null;
        };
        ReconciliationItem: {
            /** @description recitem_... */
            id: string;
            /** @constant */
            object: "reconciliation_item";
            reconciliationId: string;
            /**
             * @description missing_in_caisse: the backend has money Caisse had not recorded; missing_at_backend: Caisse has money the backend does not; amount_differs: both, not the same
             * @enum {string}
             */
            kind: "missing_in_caisse" | "missing_at_backend" | "amount_differs";
            /**
             * @description why, as a program reads it (explanation says it in words)
             * @enum {string}
             */
            reason: "credited_through_settle_path" | "credit_not_applied" | "backend_has_no_record" | "backend_received_nothing" | "backend_received_less" | "payment_outside_caisse" | "refund_outside_caisse" | "transfer_outside_caisse" | "refund_unknown_at_backend" | "refund_failed_at_backend";
            /**
             * @description credited: credited through the normal settle path, the ledger now matches; needs_review: nothing was changed, look at it; outside_caisse: money moved at the backend that Caisse did not make
             * @enum {string}
             */
            resolution: "credited" | "needs_review" | "outside_caisse";
            /** @enum {string} */
            rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
            /** @description your rail account; null for the deployment's */
            railAccountId: string | null;
            /** @description the backend's reference: a payment hash, a Wave session or transaction id, an operator reference, an address */
            backendRef: string | null;
            paymentIntentId: string | null;
            attemptId: string | null;
            refundId: string | null;
            /** @description what Caisse holds: amount (as moved on the rail; a refund's negative), currency, ledgerLines, the attempt's or refund's status; null: nothing */
            caisse: {
                [key: string]: unknown;
            } | null;
            /** @description what the backend says: amount (money out negative), currency, state, or its own id and time; null: it has no record */
            backend: {
                [key: string]: unknown;
            } | null;
            /** @description the difference in one English sentence */
            explanation: string;
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        Account: {
            /** @description acct_...: your merchant account */
            id: string;
            /** @constant */
            object: "account";
            name: string;
            /** @description an IANA time zone name: your days for reports and the dashboard (default Africa/Abidjan) */
            timeZone: string;
            /** @description per currency, the amount (minor units) above which a refund waits in pending_approval for an owner or admin: counted per payment, the refund with those of the same payment not failed or canceled; none by default */
            refundApprovalThresholds: {
                [key: string]: number;
            };
            /** @description true: a change or the disabling of a rail account waits for the approval of an owner other than its author (false by default) */
            railAccountApproval: boolean;
            /** @description turning railAccountApproval off, waiting for another owner's approval; null when none */
            pendingChange: components["schemas"]["PendingChange"] | null;
            /** @description the key's mode */
            livemode: boolean;
        };
        ReportRun: {
            /** @description frr_... */
            id: string;
            /** @constant */
            object: "report_run";
            /**
             * @description balance_transactions: one line per ledger line; daily_summary: per day, rail account and currency, opening, payments, refunds, closing, count
             * @enum {string}
             */
            type: "balance_transactions" | "daily_summary";
            /**
             * @description pending until the worker completes it (seconds), then succeeded (the file is ready) or failed
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /** @description your account's time zone when the run was made: `from` and `to` are days in it */
            timeZone: string;
            /** @description the first day, YYYY-MM-DD, included */
            from: string;
            /** @description the last day, YYYY-MM-DD, included */
            to: string;
            /** @description lines of the file (without its header); null until succeeded */
            rowCount: number | null;
            /** @description GET it with your key for the CSV; null until succeeded */
            fileUrl: string | null;
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        AuditEvent: {
            /** @description audit_... */
            id: string;
            /** @constant */
            object: "audit_event";
            /**
             * @description what was done (user.signed_in, api_key.created, refund.approved, rail_account.updated...)
             * @enum {string}
             */
            action: "user.signed_in" | "user.sign_in_failed" | "user.invited" | "user.invitation_revoked" | "user.role_changed" | "user.disabled" | "user.two_factor_changed" | "user.two_factor_reset" | "user.recovery_codes_regenerated" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "rail_account.created" | "rail_account.updated" | "rail_account.disabled" | "rail_account.change_requested" | "rail_account.change_approved" | "rail_account.change_rejected" | "rail_account.change_canceled" | "refund.created" | "refund.approved" | "refund.rejected" | "refund.canceled" | "account.updated";
            /** @description who did it */
            actor: {
                /**
                 * @description a dashboard user, an API key, or Caisse itself
                 * @enum {string}
                 */
                type: "user" | "key" | "system";
                /** @description user_... or key_...; null for system */
                id: string | null;
                /** @description the user's e-mail, or the key's prefix and last four (sk_live_…AbCd); never a secret */
                label: string | null;
            };
            /** @description what it was done to */
            target: {
                /** @description the kind of object (refund, webhook_endpoint, rail_account, api_key, user, account) */
                object: string;
                id: string;
            } | null;
            /** @description the client address it came from, when known */
            ip: string | null;
            /** @description `before` and `after` of what changed; secrets never, only their last four and fingerprint */
            changes: {
                [key: string]: unknown;
            } | null;
            /** @description the mode of the action; account-wide actions (a sign-in, a user's change) are live-mode lines */
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        /** @description An event; data.object is the object its type names (payment_intent.* a PaymentIntent, ...). Also the body of every webhook */
        Event: components["schemas"]["PaymentIntentEvent"] | components["schemas"]["CheckoutSessionEvent"] | components["schemas"]["ProductEvent"] | components["schemas"]["PriceEvent"] | components["schemas"]["PaymentLinkEvent"] | components["schemas"]["RailAccountEvent"] | components["schemas"]["RefundEvent"] | components["schemas"]["ReconciliationEvent"] | components["schemas"]["ReconciliationItemEvent"] | components["schemas"]["ReportRunEvent"];
        WebhookEndpoint: {
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            url: string;
            enabledEvents: ("*" | "payment_intent.created" | "payment_intent.pending" | "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.failed" | "payment_intent.canceled" | "payment_intent.partially_paid" | "payment_intent.overpaid" | "payment_intent.late_payment" | "payment_intent.payment_reversed" | "checkout_session.completed" | "checkout_session.expired" | "product.created" | "product.updated" | "price.created" | "price.updated" | "payment_link.created" | "payment_link.updated" | "rail_account.created" | "rail_account.updated" | "rail_account.disabled" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "refund.canceled" | "reconciliation.succeeded" | "reconciliation.failed" | "reconciliation_item.created" | "report_run.succeeded" | "report_run.failed" | "refund.pending_approval" | "refund.approved" | "refund.rejected")[];
            description: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            disabledReason: ("manual" | "http_410" | "retries_exhausted") | null;
            previousSecretExpiresAt: number | null;
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        WebhookEndpointWithSecret: {
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            url: string;
            enabledEvents: ("*" | "payment_intent.created" | "payment_intent.pending" | "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.failed" | "payment_intent.canceled" | "payment_intent.partially_paid" | "payment_intent.overpaid" | "payment_intent.late_payment" | "payment_intent.payment_reversed" | "checkout_session.completed" | "checkout_session.expired" | "product.created" | "product.updated" | "price.created" | "price.updated" | "payment_link.created" | "payment_link.updated" | "rail_account.created" | "rail_account.updated" | "rail_account.disabled" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "refund.canceled" | "reconciliation.succeeded" | "reconciliation.failed" | "reconciliation_item.created" | "report_run.succeeded" | "report_run.failed" | "refund.pending_approval" | "refund.approved" | "refund.rejected")[];
            description: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            disabledReason: ("manual" | "http_410" | "retries_exhausted") | null;
            previousSecretExpiresAt: number | null;
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
            /** @description whsec_...: the signing secret, in the create and roll_secret answers only: store it */
            secret: string;
        };
        WebhookDelivery: {
            id: string;
            /** @constant */
            object: "webhook_delivery";
            endpointId: string;
            eventId: string;
            /** @enum {string} */
            eventType: "payment_intent.created" | "payment_intent.pending" | "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.failed" | "payment_intent.canceled" | "payment_intent.partially_paid" | "payment_intent.overpaid" | "payment_intent.late_payment" | "payment_intent.payment_reversed" | "checkout_session.completed" | "checkout_session.expired" | "product.created" | "product.updated" | "price.created" | "price.updated" | "payment_link.created" | "payment_link.updated" | "rail_account.created" | "rail_account.updated" | "rail_account.disabled" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "refund.canceled" | "reconciliation.succeeded" | "reconciliation.failed" | "reconciliation_item.created" | "report_run.succeeded" | "report_run.failed" | "refund.pending_approval" | "refund.approved" | "refund.rejected";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attemptCount: number;
            nextAttemptAt: number | null;
            lastAttemptAt: number | null;
            lastResponseStatus: number | null;
            lastError: string | null;
            /** @description newest last */
            attempts: {
                /** @description Unix timestamp, seconds */
                attemptedAt: number;
                /** @description a retry asked for through the API */
                manual: boolean;
                /** @description null when no HTTP answer came */
                responseStatus: number | null;
                /** @description the start of the receiver's answer */
                responseBody: string | null;
                error: string | null;
                durationMs: number;
            }[];
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        ExchangeRate: {
            /** @constant */
            object: "exchange_rate";
            /**
             * @description the intent's currency
             * @enum {string}
             */
            from: "XOF" | "XAF" | "GNF";
            /**
             * @description the settlement currency (the rail's own)
             * @enum {string}
             */
            to: "BTC" | "USDT";
            /** @description decimal string: units of `from` for one unit of `to` (e.g. "60000000": 1 BTC = 60,000,000 XOF), after the spread */
            rate: string;
            /** @description "test" in test mode; live: the exchange, or "median:<exchanges>" when several answered */
            source: string;
            /** @description the newest exchange price the rate rests on (test mode: now) */
            fetchedAt: number;
        };
        AddressGap: {
            /** @constant */
            object: "address_gap";
            /** @enum {string} */
            rail: "btc_onchain" | "usdt_trc20";
            livemode: boolean;
            /** @description BTC_GAP_LIMIT or TRON_GAP_LIMIT: addresses are handed out within it while any is free */
            configuredGapLimit: number;
            /** @description how many indexes of the key were handed out (the highest is this minus one) */
            derivedCount: number;
            /** @description the highest index whose money is counted (confirmed on the chain; money only seen in the mempool may vanish and leave no history for a wallet); null when none did */
            highestUsedIndex: number | null;
            /** @description the longest run of consecutive indexes without counted money, up to the highest handed out */
            longestUnusedRun: number;
            /** @description the gap limit a wallet restored from the key must scan with to find every payment to an address handed out so far */
            requiredGapLimit: number;
        };
        DeletedWebhookEndpoint: {
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            /** @constant */
            deleted: true;
        };
        Error: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error" | "authentication_error" | "idempotency_error" | "rate_limit_error" | "api_error";
                /**
                 * @description absent only on a 500
                 * @enum {string}
                 */
                code?: "parameter_missing" | "parameter_invalid" | "parameter_unknown" | "parameters_exclusive" | "amount_too_small" | "amount_too_large" | "rail_currency_mismatch" | "rail_not_configured" | "invalid_json" | "invalid_content_length" | "invalid_host" | "request_aborted" | "request_timeout" | "request_too_large" | "unsupported_media_type" | "method_not_allowed" | "resource_missing" | "webhook_endpoint_limit" | "invalid_api_key" | "rate_limited" | "phone_rate_limited" | "address_limit_reached" | "idempotency_key_in_use" | "idempotency_key_reused" | "unexpected_state" | "payment_refused" | "rail_unavailable" | "rail_account_invalid" | "rail_account_exists" | "encryption_key_missing" | "refund_unsupported" | "invalid_destination" | "wrong_network" | "amount_mismatch" | "invoice_expired" | "operator_reference_invalid" | "destination_in_use" | "report_not_ready" | "permission_denied" | "rail_account_change_pending" | "two_owners_required";
                message: string;
                /** @description the parameter at fault; null when the error is not about one parameter */
                param: string | null;
                requestId: string;
            };
        };
        PaymentIntentEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payment_intent.created" | "payment_intent.pending" | "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.failed" | "payment_intent.canceled" | "payment_intent.partially_paid" | "payment_intent.overpaid" | "payment_intent.late_payment" | "payment_intent.payment_reversed";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["PaymentIntent"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        CheckoutSessionEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "checkout_session.completed" | "checkout_session.expired";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["CheckoutSession"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        ProductEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "product.created" | "product.updated";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["Product"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        PriceEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "price.created" | "price.updated";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["Price"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        PaymentLinkEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payment_link.created" | "payment_link.updated";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["PaymentLink"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        RailAccountEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "rail_account.created" | "rail_account.updated" | "rail_account.disabled";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["RailAccount"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        RefundEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "refund.canceled" | "refund.pending_approval" | "refund.approved" | "refund.rejected";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["Refund"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        ReconciliationEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "reconciliation.succeeded" | "reconciliation.failed";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["Reconciliation"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        ReconciliationItemEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "reconciliation_item.created";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["ReconciliationItem"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        ReportRunEvent: {
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "report_run.succeeded" | "report_run.failed";
            data: {
                /** @description the object as it was right after the change */
                object: components["schemas"]["ReportRun"];
            };
            livemode: boolean;
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
        /** @description What the payer must do, by type */
        NextAction: components["schemas"]["NextActionMobileMoneyPrompt"] | components["schemas"]["NextActionRedirectToUrl"] | components["schemas"]["NextActionLightningInvoice"] | components["schemas"]["NextActionBitcoinAddress"] | components["schemas"]["NextActionTronAddress"];
        /** @description Push operators (MTN MoMo protocol): the payer approves a prompt on the phone, or dials ussdCode */
        NextActionMobileMoneyPrompt: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "mobile_money_prompt";
            phone: string;
            operator: string;
            ussdCode: string;
            /** @description until when this action is good for */
            expiresAt: number;
            /** @description null when the attempt does not convert */
            quote: components["schemas"]["Quote"] | null;
        };
        /** @description Redirect operators (Orange Money, Wave): send the payer to url; in test mode it is Caisse's test operator page */
        NextActionRedirectToUrl: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "redirect_to_url";
            url: string;
            operator: string;
            /** @description null when none was given */
            phone: string | null;
            /** @description until when this action is good for */
            expiresAt: number;
            /** @description null when the attempt does not convert */
            quote: components["schemas"]["Quote"] | null;
        };
        /** @description btc_lightning: pay the invoice */
        NextActionLightningInvoice: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "lightning_invoice";
            /** @description BOLT11 */
            invoice: string;
            /** @description lightning:<invoice> */
            uri: string;
            /** @description until when this action is good for */
            expiresAt: number;
            /** @description null when the attempt does not convert */
            quote: components["schemas"]["Quote"] | null;
        };
        /** @description btc_onchain: send amount to address */
        NextActionBitcoinAddress: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "bitcoin_address";
            address: string;
            /** @description BTC, a decimal string (not minor units); after an underpayment, the amount still due */
            amount: string;
            /** @description BIP21 */
            uri: string;
            confirmations: number;
            requiredConfirmations: number;
            /** @description until when a payment to the address counts for this attempt; null when the rail sets no limit */
            expiresAt: number | null;
            /** @description null when the attempt does not convert */
            quote: components["schemas"]["Quote"] | null;
        };
        /** @description usdt_trc20: send amount of USDT (TRC20) to address */
        NextActionTronAddress: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "tron_address";
            address: string;
            /** @description USDT, a decimal string (not minor units); after an underpayment, the amount still due */
            amount: string;
            /** @constant */
            network: "TRC20";
            /** @description the USDT TRC20 contract address */
            contract: string;
            /** @description until when a payment to the address counts for this attempt; null when the rail sets no limit */
            expiresAt: number | null;
            /** @description null when the attempt does not convert */
            quote: components["schemas"]["Quote"] | null;
        };
        /** @description The quote this attempt locked when it converts (an XOF, XAF or GNF intent paid in BTC or USDT); the action's amounts are then the quote's */
        Quote: {
            /** @description settlement currency minor units (sats, or USDT millionths) */
            amount: number;
            /**
             * @description the settlement currency: BTC or USDT
             * @enum {string}
             */
            currency: "BTC" | "USDT";
            /** @description decimal string: units of the intent's currency for one unit of the settlement currency */
            rate: string;
            /** @description Unix timestamp, seconds */
            expiresAt: number;
        };
        LastPaymentError: {
            /** @enum {string} */
            code: "payment_declined" | "insufficient_funds" | "timeout" | "invalid_phone" | "limit_exceeded" | "payment_failed" | "payment_refused" | "rail_unavailable" | "payment_dropped" | "payment_reversed" | "payment_abandoned" | "underpaid" | "session_expired";
            message: string;
            rail: ("mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20") | null;
        };
        /** @description An MTN MoMo account (protocol `mtn_momo`: the Collection API, RequestToPay). The settings `POST /v1/rail_accounts` takes; unknown ones are refused (400 naming `settings.<name>`) */
        RailAccountSettingsMtnMomo: {
            /** @description MoMo API URL: Given by MTN (MoMo Developer portal). An http(s) URL. */
            baseUrl: string;
            /** @description Collection subscription key (Ocp-Apim-Subscription-Key): MoMo Developer profile, Collection product. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            subscriptionKey: string;
            /** @description API User (X-Reference-Id): The UUID of the API user created for you. */
            apiUser: string;
            /** @description API Key: The API user's key. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            apiKey: string;
            /** @description X-Target-Environment: Your market: mtnivorycoast, mtncameroon… (sandbox in test). */
            targetEnvironment: string;
            /** @description Callback URL (X-Callback-Url): Sent with each RequestToPay as X-Callback-Url, so that MTN notifies Caisse at once: this account's `notifyUrl` (known once the account exists: set it with an update). Only when your API user's callback host (providerCallbackHost) is Caisse's host; without it Caisse asks MTN for the status, and payments complete all the same. An http(s) URL. */
            callbackUrl?: string;
            /** @description Disbursement subscription key (refunds): MoMo Developer profile, Disbursement product; with the Disbursement API User and API Key, or none of the three. Without them, you refund from your MTN partner portal. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            disbursementSubscriptionKey?: string;
            /** @description Disbursement API User: The UUID of the API user created for the Disbursement product. */
            disbursementApiUser?: string;
            /** @description Disbursement API Key: The Disbursement API user's key. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            disbursementApiKey?: string;
        };
        /** @description An Orange Money account (protocol `orange_money`: Web Payment). The settings `POST /v1/rail_accounts` takes; unknown ones are refused (400 naming `settings.<name>`) */
        RailAccountSettingsOrangeMoney: {
            /** @description API URL: Default https://api.orange.com. An http(s) URL. */
            baseUrl?: string;
            /** @description Client ID: Orange Developer, your application. */
            clientId: string;
            /** @description Client Secret: Orange Developer, your application. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            clientSecret: string;
            /** @description Merchant Key: Given by Orange when Web Payment is activated. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            merchantKey: string;
            /** @description Country (Web Payment path): ci, sn, cm… (dev for the sandbox). */
            webpayCountry: string;
            /** @description Web Payment currency: OUV, in the sandbox only. */
            webpayCurrency?: string;
        };
        /** @description A Wave Business account (protocol `wave`: Checkout). The settings `POST /v1/rail_accounts` takes; unknown ones are refused (400 naming `settings.<name>`) */
        RailAccountSettingsWave: {
            /** @description API URL: Default https://api.wave.com. An http(s) URL. */
            baseUrl?: string;
            /** @description API key (Checkout): Wave Business portal, Developers. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            apiKey: string;
            /** @description Webhook secret: The signing secret Wave shows for the webhook you register in the Wave Business portal at this account's `notifyUrl`: create the account without it, register the webhook there, then update this setting with its secret. Until then Wave's notifications are refused and payments are found by asking Wave, seconds later. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            webhookSecret?: string;
            /** @description API key (Payout): A key the Wave Business portal gives the Payout API (the Checkout key, if it has both). Without it, Wave refunds only whole payments by API; a partial refund is made from the portal. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            payoutApiKey?: string;
        };
        /** @description `btc_lightning`: your LND node, with a macaroon that can create invoices and cannot spend. The settings `POST /v1/rail_accounts` takes; unknown ones are refused (400 naming `settings.<name>`) */
        RailAccountSettingsLightning: {
            /** @description LND REST URL: https://your-node:8080. An http(s) URL. */
            restUrl: string;
            /** @description Invoice macaroon (hex): invoice.macaroon as hex: it creates invoices, it cannot spend. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            macaroon: string;
            /** @description Refund macaroon (hex): Optional: a macaroon that can pay (offchain:read and offchain:write). With it your node pays claimed refunds itself; without it, you pay them from your wallet. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            refundMacaroon?: string;
            /** @description TLS certificate (PEM): Your node's tls.cert, if it is self-signed. PEM (-----BEGIN CERTIFICATE-----...). */
            tlsCert?: string;
        };
        /** @description `btc_onchain`: your wallet's BIP84 account key (Caisse derives receive addresses from it and cannot spend) and the Esplora server to watch the chain with. The settings `POST /v1/rail_accounts` takes; unknown ones are refused (400 naming `settings.<name>`) */
        RailAccountSettingsBitcoinOnchain: {
            /** @description Extended public key (zpub, BIP84): Your wallet’s (a testnet vpub for a test-mode account): Caisse derives receive addresses from it and cannot spend. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            accountKey: string;
            /** @description Esplora URL: https://blockstream.info/api or your own server. An http(s) URL. */
            esploraUrl: string;
        };
        /** @description `usdt_trc20`: your wallet's TRON account key (Caisse derives receive addresses from it and cannot spend) and TronGrid. The settings `POST /v1/rail_accounts` takes; unknown ones are refused (400 naming `settings.<name>`) */
        RailAccountSettingsUsdtTrc20: {
            /** @description TRON extended public key (xpub): Your wallet's m/44'/195'/0' account key. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            accountKey: string;
            /** @description TronGrid API key: trongrid.io dashboard. Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
            tronGridApiKey: string;
            /** @description TronGrid URL: Default https://api.trongrid.io. An http(s) URL. */
            tronGridUrl?: string;
        };
        /** @description A change waiting for the approval of an owner other than its author (your account's railAccountApproval is on): approved or rejected on the dashboard's Payment methods page. Never its settings or secrets */
        PendingChange: {
            /** @description rachg_...: the change */
            id: string;
            /**
             * @description create: connecting the account (it is made once approved); update: a new version or name of the account; disable; approval_off: turning the account's railAccountApproval off
             * @enum {string}
             */
            action: "create" | "update" | "disable" | "approval_off";
            /**
             * @description pending_approval while it waits
             * @enum {string}
             */
            status: "pending_approval" | "approved" | "rejected" | "canceled" | "superseded";
            /** @description who asked for it: an owner other than them approves or rejects it */
            requestedBy: {
                /** @enum {string} */
                type: "user" | "key" | "system";
                /** @description a user_... or key_... id; null for Caisse itself */
                id: string | null;
                /** @description a user's e-mail, or a key's prefix and last four (sk_live_…AbCd) */
                label: string | null;
            };
            /** @description Unix timestamp, seconds */
            createdAt: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request id (req_...), repeated in error bodies: quote it to support */
        RequestId: string;
        /** @description "true" when this is the replay of an earlier request with the same Idempotency-Key */
        IdempotentReplayed: "true";
        /** @description Seconds to wait before retrying */
        RetryAfter: number;
        /** @description When present, seconds to wait before trying this rail again. When absent, retry with backoff (for example 5 s, then 30 s), or offer the payer another rail */
        RetryAfterUnavailable: number;
        /** @description Bearer realm="caisse" */
        WWWAuthenticate: string;
        /** @description attachment; filename="report-<type>-<from>-<to>-<id>.csv" */
        ContentDisposition: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPaymentIntents: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                status?: "requires_payment_method" | "pending" | "succeeded" | "failed" | "canceled";
                rail?: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
                currency?: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
                reference?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *           "object": "payment_intent",
                     *           "amount": 5000,
                     *           "amountReceived": 0,
                     *           "amountRefunded": 0,
                     *           "currency": "XOF",
                     *           "status": "pending",
                     *           "rail": "mobile_money_a",
                     *           "reference": "order-1042",
                     *           "description": "Order 1042",
                     *           "metadata": {
                     *             "orderId": "1042"
                     *           },
                     *           "lastPaymentError": null,
                     *           "canceledAt": null,
                     *           "livemode": false,
                     *           "createdAt": 1767225600,
                     *           "nextAction": {
                     *             "type": "mobile_money_prompt",
                     *             "phone": "+2250700000000",
                     *             "operator": "MTN MoMo",
                     *             "ussdCode": "*133#",
                     *             "expiresAt": 1767225900,
                     *             "quote": null
                     *           },
                     *           "latestQuote": null,
                     *           "railAccountId": "ra_3Hn8Qw2LxT6vKc9ZpB4mRd"
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/payment_intents"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["PaymentIntent"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 5000,
                 *       "currency": "XOF",
                 *       "rail": "mobile_money_a",
                 *       "reference": "order-1042",
                 *       "description": "Order 1042",
                 *       "metadata": {
                 *         "orderId": "1042"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description minor units. Per currency: XOF and XAF 100 to 5,000,000; GNF 1,000 to 50,000,000; BTC 1 to 1,000,000,000 sats (on-chain at least 1,000); USDT 1,000,000 to 1,000,000,000,000 (400 amount_too_small / amount_too_large) */
                    amount: number;
                    /** @enum {string} */
                    currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
                    /** @enum {string} */
                    rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
                    reference?: string;
                    description?: string;
                    /** @default {} */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "object": "payment_intent",
                     *       "amount": 5000,
                     *       "amountReceived": 0,
                     *       "amountRefunded": 0,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "rail": "mobile_money_a",
                     *       "reference": "order-1042",
                     *       "description": "Order 1042",
                     *       "metadata": {
                     *         "orderId": "1042"
                     *       },
                     *       "lastPaymentError": null,
                     *       "canceledAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600,
                     *       "nextAction": {
                     *         "type": "mobile_money_prompt",
                     *         "phone": "+2250700000000",
                     *         "operator": "MTN MoMo",
                     *         "ussdCode": "*133#",
                     *         "expiresAt": 1767225900,
                     *         "quote": null
                     *       },
                     *       "latestQuote": null,
                     *       "railAccountId": "ra_3Hn8Qw2LxT6vKc9ZpB4mRd"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `amount_too_small`, `amount_too_large`, `rail_currency_mismatch`, `rail_not_configured` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required param: amount.",
                     *         "param": "amount",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rail_unavailable`: the rail's backend is down or refused, no receive address is free, or (a converting rail) no fresh exchange rate; try again later or use another rail */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfterUnavailable"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "rail_unavailable",
                     *         "message": "The usdt_trc20 rail is unavailable right now (no fresh USDT/XOF exchange rate is available right now). Try again later or use another rail.",
                     *         "param": "rail",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrievePaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "object": "payment_intent",
                     *       "amount": 5000,
                     *       "amountReceived": 0,
                     *       "amountRefunded": 0,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "rail": "mobile_money_a",
                     *       "reference": "order-1042",
                     *       "description": "Order 1042",
                     *       "metadata": {
                     *         "orderId": "1042"
                     *       },
                     *       "lastPaymentError": null,
                     *       "canceledAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600,
                     *       "nextAction": {
                     *         "type": "mobile_money_prompt",
                     *         "phone": "+2250700000000",
                     *         "operator": "MTN MoMo",
                     *         "ussdCode": "*133#",
                     *         "expiresAt": 1767225900,
                     *         "quote": null
                     *       },
                     *       "latestQuote": null,
                     *       "railAccountId": "ra_3Hn8Qw2LxT6vKc9ZpB4mRd"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such payment_intent: 'pi_3kTq8ZbV2nLw9XyC4rHd7M'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelPaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "object": "payment_intent",
                     *       "amount": 5000,
                     *       "amountReceived": 0,
                     *       "amountRefunded": 0,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "rail": "mobile_money_a",
                     *       "reference": "order-1042",
                     *       "description": "Order 1042",
                     *       "metadata": {
                     *         "orderId": "1042"
                     *       },
                     *       "lastPaymentError": null,
                     *       "canceledAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600,
                     *       "nextAction": {
                     *         "type": "mobile_money_prompt",
                     *         "phone": "+2250700000000",
                     *         "operator": "MTN MoMo",
                     *         "ussdCode": "*133#",
                     *         "expiresAt": 1767225900,
                     *         "quote": null
                     *       },
                     *       "latestQuote": null,
                     *       "railAccountId": "ra_3Hn8Qw2LxT6vKc9ZpB4mRd"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such payment_intent: 'pi_3kTq8ZbV2nLw9XyC4rHd7M'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "This payment intent's status is succeeded; it cannot become canceled (only from requires_payment_method).",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCheckoutSessions: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                status?: "open" | "complete" | "expired";
                paymentIntentId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "cs_9Wm4Kx2PbT7nQz5LcV8rJh",
                     *           "object": "checkout_session",
                     *           "url": "http://localhost:3000/checkout/cs_9Wm4Kx2PbT7nQz5LcV8rJh",
                     *           "status": "open",
                     *           "paymentIntentId": null,
                     *           "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *           "paymentLinkId": null,
                     *           "amount": 5000,
                     *           "currency": "XOF",
                     *           "successUrl": "https://shop.example/thanks?session={CHECKOUT_SESSION_ID}",
                     *           "cancelUrl": "https://shop.example/cart",
                     *           "locale": "auto",
                     *           "metadata": {
                     *             "orderId": "1042"
                     *           },
                     *           "expiresAt": 1767312000,
                     *           "livemode": false,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/checkout_sessions"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["CheckoutSession"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCheckoutSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                 *       "successUrl": "https://shop.example/thanks?session={CHECKOUT_SESSION_ID}",
                 *       "cancelUrl": "https://shop.example/cart",
                 *       "metadata": {
                 *         "orderId": "1042"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description an intent in requires_payment_method; give exactly one of paymentIntentId and priceId */
                    paymentIntentId?: string;
                    /** @description an active price (of an active product); give exactly one of paymentIntentId and priceId */
                    priceId?: string;
                    successUrl?: string;
                    cancelUrl?: string;
                    /**
                     * @default auto
                     * @enum {string}
                     */
                    locale?: "fr" | "en" | "auto";
                    /** @description Unix timestamp, seconds: 30 minutes to 24 hours ahead (default: 24 hours) */
                    expiresAt?: number;
                    /**
                     * @description at most 50 keys
                     * @default {}
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                } & ({
                    /** @description an intent in requires_payment_method; give exactly one of paymentIntentId and priceId */
                    paymentIntentId: string;
                } | {
                    /** @description an active price (of an active product); give exactly one of paymentIntentId and priceId */
                    priceId: string;
                });
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cs_9Wm4Kx2PbT7nQz5LcV8rJh",
                     *       "object": "checkout_session",
                     *       "url": "http://localhost:3000/checkout/cs_9Wm4Kx2PbT7nQz5LcV8rJh",
                     *       "status": "open",
                     *       "paymentIntentId": null,
                     *       "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "paymentLinkId": null,
                     *       "amount": 5000,
                     *       "currency": "XOF",
                     *       "successUrl": "https://shop.example/thanks?session={CHECKOUT_SESSION_ID}",
                     *       "cancelUrl": "https://shop.example/cart",
                     *       "locale": "auto",
                     *       "metadata": {
                     *         "orderId": "1042"
                     *       },
                     *       "expiresAt": 1767312000,
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["CheckoutSession"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `parameters_exclusive`, `resource_missing` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameters_exclusive",
                     *         "message": "Give either paymentIntentId or priceId, not both.",
                     *         "param": "priceId",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveCheckoutSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cs_9Wm4Kx2PbT7nQz5LcV8rJh",
                     *       "object": "checkout_session",
                     *       "url": "http://localhost:3000/checkout/cs_9Wm4Kx2PbT7nQz5LcV8rJh",
                     *       "status": "open",
                     *       "paymentIntentId": null,
                     *       "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "paymentLinkId": null,
                     *       "amount": 5000,
                     *       "currency": "XOF",
                     *       "successUrl": "https://shop.example/thanks?session={CHECKOUT_SESSION_ID}",
                     *       "cancelUrl": "https://shop.example/cart",
                     *       "locale": "auto",
                     *       "metadata": {
                     *         "orderId": "1042"
                     *       },
                     *       "expiresAt": 1767312000,
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["CheckoutSession"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such checkout_session: 'cs_9Wm4Kx2PbT7nQz5LcV8rJh'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    expireCheckoutSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cs_9Wm4Kx2PbT7nQz5LcV8rJh",
                     *       "object": "checkout_session",
                     *       "url": "http://localhost:3000/checkout/cs_9Wm4Kx2PbT7nQz5LcV8rJh",
                     *       "status": "open",
                     *       "paymentIntentId": null,
                     *       "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "paymentLinkId": null,
                     *       "amount": 5000,
                     *       "currency": "XOF",
                     *       "successUrl": "https://shop.example/thanks?session={CHECKOUT_SESSION_ID}",
                     *       "cancelUrl": "https://shop.example/cart",
                     *       "locale": "auto",
                     *       "metadata": {
                     *         "orderId": "1042"
                     *       },
                     *       "expiresAt": 1767312000,
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["CheckoutSession"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such checkout_session: 'cs_9Wm4Kx2PbT7nQz5LcV8rJh'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "A payment for this session is pending; the session cannot expire until that payment succeeds or fails.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                     *           "object": "product",
                     *           "name": "Wax fabric, 6 yards",
                     *           "description": "Hand-printed cotton",
                     *           "active": true,
                     *           "metadata": {
                     *             "sku": "WAX-6Y"
                     *           },
                     *           "livemode": false,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/products"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["Product"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Wax fabric, 6 yards",
                 *       "description": "Hand-printed cotton",
                 *       "metadata": {
                 *         "sku": "WAX-6Y"
                 *       }
                 *     }
                 */
                "application/json": {
                    name: string;
                    description?: string;
                    /** @default true */
                    active?: boolean;
                    /** @default {} */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                     *       "object": "product",
                     *       "name": "Wax fabric, 6 yards",
                     *       "description": "Hand-printed cotton",
                     *       "active": true,
                     *       "metadata": {
                     *         "sku": "WAX-6Y"
                     *       },
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required param: name.",
                     *         "param": "name",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                     *       "object": "product",
                     *       "name": "Wax fabric, 6 yards",
                     *       "description": "Hand-printed cotton",
                     *       "active": true,
                     *       "metadata": {
                     *         "sku": "WAX-6Y"
                     *       },
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such product: 'prod_7Hc2LmQx9VbN4tKz1PwR8s'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "metadata": {
                 *         "sku": "WAX-6Y-B"
                 *       }
                 *     }
                 */
                "application/json": {
                    name?: string;
                    description?: string | null;
                    active?: boolean;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                     *       "object": "product",
                     *       "name": "Wax fabric, 6 yards",
                     *       "description": "Hand-printed cotton",
                     *       "active": true,
                     *       "metadata": {
                     *         "sku": "WAX-6Y"
                     *       },
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such product: 'prod_7Hc2LmQx9VbN4tKz1PwR8s'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPrices: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                productId?: string;
                active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *           "object": "price",
                     *           "productId": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                     *           "currency": "XOF",
                     *           "unitAmount": 5000,
                     *           "active": true,
                     *           "metadata": {},
                     *           "livemode": false,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/prices"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["Price"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPrice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "productId": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                 *       "currency": "XOF",
                 *       "unitAmount": 5000
                 *     }
                 */
                "application/json": {
                    productId: string;
                    /** @enum {string} */
                    currency: "XOF" | "XAF" | "GNF" | "BTC" | "USDT";
                    /** @description minor units. Per currency: XOF and XAF 100 to 5,000,000; GNF 1,000 to 50,000,000; BTC 1 to 1,000,000,000 sats (on-chain at least 1,000); USDT 1,000,000 to 1,000,000,000,000 (400 amount_too_small / amount_too_large) */
                    unitAmount: number;
                    /** @default true */
                    active?: boolean;
                    /** @default {} */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "object": "price",
                     *       "productId": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                     *       "currency": "XOF",
                     *       "unitAmount": 5000,
                     *       "active": true,
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Price"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `amount_too_small`, `amount_too_large`, `resource_missing` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required param: productId.",
                     *         "param": "productId",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrievePrice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "object": "price",
                     *       "productId": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                     *       "currency": "XOF",
                     *       "unitAmount": 5000,
                     *       "active": true,
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Price"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such price: 'price_5Rt8NvK2qLx7BwZ3mJc9Hd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePrice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "active": false
                 *     }
                 */
                "application/json": {
                    active?: boolean;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "object": "price",
                     *       "productId": "prod_7Hc2LmQx9VbN4tKz1PwR8s",
                     *       "currency": "XOF",
                     *       "unitAmount": 5000,
                     *       "active": true,
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Price"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such price: 'price_5Rt8NvK2qLx7BwZ3mJc9Hd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentLinks: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "plink_2Nq7Xv4KcM9tRb3LzW8pHd",
                     *           "object": "payment_link",
                     *           "url": "http://localhost:3000/checkout/link/plink_2Nq7Xv4KcM9tRb3LzW8pHd",
                     *           "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *           "active": true,
                     *           "successUrl": null,
                     *           "cancelUrl": null,
                     *           "locale": "fr",
                     *           "metadata": {},
                     *           "livemode": false,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/payment_links"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["PaymentLink"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                 *       "locale": "fr"
                 *     }
                 */
                "application/json": {
                    priceId: string;
                    successUrl?: string;
                    cancelUrl?: string;
                    /**
                     * @default auto
                     * @enum {string}
                     */
                    locale?: "fr" | "en" | "auto";
                    /** @default {} */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_2Nq7Xv4KcM9tRb3LzW8pHd",
                     *       "object": "payment_link",
                     *       "url": "http://localhost:3000/checkout/link/plink_2Nq7Xv4KcM9tRb3LzW8pHd",
                     *       "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "active": true,
                     *       "successUrl": null,
                     *       "cancelUrl": null,
                     *       "locale": "fr",
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `resource_missing` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required param: priceId.",
                     *         "param": "priceId",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrievePaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_2Nq7Xv4KcM9tRb3LzW8pHd",
                     *       "object": "payment_link",
                     *       "url": "http://localhost:3000/checkout/link/plink_2Nq7Xv4KcM9tRb3LzW8pHd",
                     *       "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "active": true,
                     *       "successUrl": null,
                     *       "cancelUrl": null,
                     *       "locale": "fr",
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such payment_link: 'plink_2Nq7Xv4KcM9tRb3LzW8pHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "active": false
                 *     }
                 */
                "application/json": {
                    active?: boolean;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_2Nq7Xv4KcM9tRb3LzW8pHd",
                     *       "object": "payment_link",
                     *       "url": "http://localhost:3000/checkout/link/plink_2Nq7Xv4KcM9tRb3LzW8pHd",
                     *       "priceId": "price_5Rt8NvK2qLx7BwZ3mJc9Hd",
                     *       "active": true,
                     *       "successUrl": null,
                     *       "cancelUrl": null,
                     *       "locale": "fr",
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such payment_link: 'plink_2Nq7Xv4KcM9tRb3LzW8pHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmPaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "phone": "+2250700000000"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description another rail of the intent's currency (or, for XOF, XAF, GNF, a converting rail: btc_lightning, btc_onchain, usdt_trc20)
                     * @enum {string}
                     */
                    rail?: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
                    /** @description E.164 or national. Required by push operators (nextAction mobile_money_prompt); optional for redirect operators (Orange Money, Wave: with Wave only that number may pay) */
                    phone?: string;
                    /** @description Redirect operators (Orange Money, Wave) without a checkout session: where the operator sends the payer back */
                    returnUrl?: string;
                    /**
                     * @description Send the pending mobile-money push again (push operators only); no other parameter with it
                     * @constant
                     */
                    resend?: true;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `rail_currency_mismatch`, `rail_not_configured` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_refused`: the rail's backend refused this one payment request (e.g. the payer's number); try again or use another rail */
            402: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "payment_refused",
                     *         "message": "The mobile_money_a backend refused this payment request (HTTP 400). Check the payer's phone number. Try again or use another rail.",
                     *         "param": "phone",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such payment_intent: 'pi_3kTq8ZbV2nLw9XyC4rHd7M'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "This payment intent's status is succeeded; it can no longer be confirmed.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute); or `phone_rate_limited`: too many payment prompts to one phone (per merchant 3 a minute and 10 an hour; 30 an hour from all merchants beyond each one's first 3; resends 30 s apart); or `address_limit_reached`: the hosted page's client or payment link holds too many unpaid receive addresses */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "phone_rate_limited",
                     *         "message": "Too many payment requests were sent to this phone number by this account: at most 3 a minute and 10 an hour. Retry after 42 seconds.",
                     *         "param": "phone",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rail_unavailable`: the rail's backend is down or refused, no receive address is free, or (a converting rail) no fresh exchange rate; try again later or use another rail */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfterUnavailable"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "rail_unavailable",
                     *         "message": "The mobile_money_a rail is unavailable right now. Try again later or use another rail.",
                     *         "param": "rail",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testPayPaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "amount": 5000
                 *     }
                 */
                "application/json": {
                    /** @description in the attempt's settlement currency's minor units (the intent's own currency when there is no conversion); without it, the full amount due */
                    amount?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "object": "payment_intent",
                     *       "amount": 5000,
                     *       "amountReceived": 0,
                     *       "amountRefunded": 0,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "rail": "mobile_money_a",
                     *       "reference": "order-1042",
                     *       "description": "Order 1042",
                     *       "metadata": {
                     *         "orderId": "1042"
                     *       },
                     *       "lastPaymentError": null,
                     *       "canceledAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600,
                     *       "nextAction": {
                     *         "type": "mobile_money_prompt",
                     *         "phone": "+2250700000000",
                     *         "operator": "MTN MoMo",
                     *         "ussdCode": "*133#",
                     *         "expiresAt": 1767225900,
                     *         "quote": null
                     *       },
                     *       "latestQuote": null,
                     *       "railAccountId": "ra_3Hn8Qw2LxT6vKc9ZpB4mRd"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode (and every test helper with a live key) */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such payment_intent: 'pi_3kTq8ZbV2nLw9XyC4rHd7M'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "This payment intent's status is canceled.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rail_unavailable`: the rail's backend is down or refused, no receive address is free, or (a converting rail) no fresh exchange rate; try again later or use another rail */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfterUnavailable"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "rail_unavailable",
                     *         "message": "The usdt_trc20 rail is unavailable right now (no fresh USDT/XOF exchange rate is available right now). Try again later or use another rail.",
                     *         "param": "rail",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testFailPaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "object": "payment_intent",
                     *       "amount": 5000,
                     *       "amountReceived": 0,
                     *       "amountRefunded": 0,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "rail": "mobile_money_a",
                     *       "reference": "order-1042",
                     *       "description": "Order 1042",
                     *       "metadata": {
                     *         "orderId": "1042"
                     *       },
                     *       "lastPaymentError": null,
                     *       "canceledAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600,
                     *       "nextAction": {
                     *         "type": "mobile_money_prompt",
                     *         "phone": "+2250700000000",
                     *         "operator": "MTN MoMo",
                     *         "ussdCode": "*133#",
                     *         "expiresAt": 1767225900,
                     *         "quote": null
                     *       },
                     *       "latestQuote": null,
                     *       "railAccountId": "ra_3Hn8Qw2LxT6vKc9ZpB4mRd"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode (and every test helper with a live key) */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such payment_intent: 'pi_3kTq8ZbV2nLw9XyC4rHd7M'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "This payment intent's status is succeeded.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAddressGaps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "object": "address_gap",
                     *           "rail": "btc_onchain",
                     *           "livemode": true,
                     *           "configuredGapLimit": 20,
                     *           "derivedCount": 57,
                     *           "highestUsedIndex": 41,
                     *           "longestUnusedRun": 23,
                     *           "requiredGapLimit": 24
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/address_gaps"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["AddressGap"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listExchangeRates: {
        parameters: {
            query?: {
                from?: "XOF" | "XAF" | "GNF";
                to?: "BTC" | "USDT";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "object": "exchange_rate",
                     *           "from": "XOF",
                     *           "to": "USDT",
                     *           "rate": "600",
                     *           "source": "test",
                     *           "fetchedAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/exchange_rates"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["ExchangeRate"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                type?: "payment_intent.created" | "payment_intent.pending" | "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.failed" | "payment_intent.canceled" | "payment_intent.partially_paid" | "payment_intent.overpaid" | "payment_intent.late_payment" | "payment_intent.payment_reversed" | "checkout_session.completed" | "checkout_session.expired" | "product.created" | "product.updated" | "price.created" | "price.updated" | "payment_link.created" | "payment_link.updated" | "rail_account.created" | "rail_account.updated" | "rail_account.disabled" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "refund.canceled" | "reconciliation.succeeded" | "reconciliation.failed" | "reconciliation_item.created" | "report_run.succeeded" | "report_run.failed" | "refund.pending_approval" | "refund.approved" | "refund.rejected";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "evt_8Jd3Wq6LzN2cKx7TbR5mVh",
                     *           "object": "event",
                     *           "type": "payment_intent.succeeded",
                     *           "data": {
                     *             "object": {
                     *               "id": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *               "object": "payment_intent",
                     *               "amount": 5000,
                     *               "amountReceived": 5000,
                     *               "amountRefunded": 0,
                     *               "currency": "XOF",
                     *               "status": "succeeded",
                     *               "rail": "mobile_money_a",
                     *               "reference": "order-1042",
                     *               "description": "Order 1042",
                     *               "metadata": {
                     *                 "orderId": "1042"
                     *               },
                     *               "lastPaymentError": null,
                     *               "canceledAt": null,
                     *               "livemode": false,
                     *               "createdAt": 1767225600,
                     *               "nextAction": null,
                     *               "latestQuote": null,
                     *               "railAccountId": "ra_3Hn8Qw2LxT6vKc9ZpB4mRd"
                     *             }
                     *           },
                     *           "livemode": false,
                     *           "createdAt": 1767225604
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/events"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["Event"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_8Jd3Wq6LzN2cKx7TbR5mVh",
                     *       "object": "event",
                     *       "type": "payment_intent.succeeded",
                     *       "data": {
                     *         "object": {
                     *           "id": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *           "object": "payment_intent",
                     *           "amount": 5000,
                     *           "amountReceived": 5000,
                     *           "amountRefunded": 0,
                     *           "currency": "XOF",
                     *           "status": "succeeded",
                     *           "rail": "mobile_money_a",
                     *           "reference": "order-1042",
                     *           "description": "Order 1042",
                     *           "metadata": {
                     *             "orderId": "1042"
                     *           },
                     *           "lastPaymentError": null,
                     *           "canceledAt": null,
                     *           "livemode": false,
                     *           "createdAt": 1767225600,
                     *           "nextAction": null,
                     *           "latestQuote": null,
                     *           "railAccountId": "ra_3Hn8Qw2LxT6vKc9ZpB4mRd"
                     *         }
                     *       },
                     *       "livemode": false,
                     *       "createdAt": 1767225604
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such event: 'evt_8Jd3Wq6LzN2cKx7TbR5mVh'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *           "object": "webhook_endpoint",
                     *           "url": "https://shop.example/caisse/webhooks",
                     *           "enabledEvents": [
                     *             "payment_intent.succeeded",
                     *             "payment_intent.failed"
                     *           ],
                     *           "description": "Orders",
                     *           "status": "enabled",
                     *           "disabledReason": null,
                     *           "previousSecretExpiresAt": null,
                     *           "livemode": false,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/webhook_endpoints"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["WebhookEndpoint"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://shop.example/caisse/webhooks",
                 *       "enabledEvents": [
                 *         "payment_intent.succeeded",
                 *         "payment_intent.failed"
                 *       ],
                 *       "description": "Orders"
                 *     }
                 */
                "application/json": {
                    url: string;
                    enabledEvents: ("*" | "payment_intent.created" | "payment_intent.pending" | "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.failed" | "payment_intent.canceled" | "payment_intent.partially_paid" | "payment_intent.overpaid" | "payment_intent.late_payment" | "payment_intent.payment_reversed" | "checkout_session.completed" | "checkout_session.expired" | "product.created" | "product.updated" | "price.created" | "price.updated" | "payment_link.created" | "payment_link.updated" | "rail_account.created" | "rail_account.updated" | "rail_account.disabled" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "refund.canceled" | "reconciliation.succeeded" | "reconciliation.failed" | "reconciliation_item.created" | "report_run.succeeded" | "report_run.failed" | "refund.pending_approval" | "refund.approved" | "refund.rejected")[];
                    description?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://shop.example/caisse/webhooks",
                     *       "enabledEvents": [
                     *         "payment_intent.succeeded",
                     *         "payment_intent.failed"
                     *       ],
                     *       "description": "Orders",
                     *       "status": "enabled",
                     *       "disabledReason": null,
                     *       "previousSecretExpiresAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600,
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `webhook_endpoint_limit` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required param: url.",
                     *         "param": "url",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://shop.example/caisse/webhooks",
                     *       "enabledEvents": [
                     *         "payment_intent.succeeded",
                     *         "payment_intent.failed"
                     *       ],
                     *       "description": "Orders",
                     *       "status": "enabled",
                     *       "disabledReason": null,
                     *       "previousSecretExpiresAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "enabledEvents": [
                 *         "*"
                 *       ]
                 *     }
                 */
                "application/json": {
                    url?: string;
                    enabledEvents?: ("*" | "payment_intent.created" | "payment_intent.pending" | "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.failed" | "payment_intent.canceled" | "payment_intent.partially_paid" | "payment_intent.overpaid" | "payment_intent.late_payment" | "payment_intent.payment_reversed" | "checkout_session.completed" | "checkout_session.expired" | "product.created" | "product.updated" | "price.created" | "price.updated" | "payment_link.created" | "payment_link.updated" | "rail_account.created" | "rail_account.updated" | "rail_account.disabled" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "refund.canceled" | "reconciliation.succeeded" | "reconciliation.failed" | "reconciliation_item.created" | "report_run.succeeded" | "report_run.failed" | "refund.pending_approval" | "refund.approved" | "refund.rejected")[];
                    description?: string | null;
                    disabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://shop.example/caisse/webhooks",
                     *       "enabledEvents": [
                     *         "payment_intent.succeeded",
                     *         "payment_intent.failed"
                     *       ],
                     *       "description": "Orders",
                     *       "status": "enabled",
                     *       "disabledReason": null,
                     *       "previousSecretExpiresAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *       "object": "webhook_endpoint",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rollWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "expiresInSeconds": 86400
                 *     }
                 */
                "application/json": {
                    /** @default 86400 */
                    expiresInSeconds?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://shop.example/caisse/webhooks",
                     *       "enabledEvents": [
                     *         "payment_intent.succeeded",
                     *         "payment_intent.failed"
                     *       ],
                     *       "description": "Orders",
                     *       "status": "enabled",
                     *       "disabledReason": null,
                     *       "previousSecretExpiresAt": null,
                     *       "livemode": false,
                     *       "createdAt": 1767225600,
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                status?: "pending" | "succeeded" | "failed";
                eventId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "whd_4Kc8Rz2LmT6nQx9VbP3wHd1",
                     *           "object": "webhook_delivery",
                     *           "endpointId": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *           "eventId": "evt_8Jd3Wq6LzN2cKx7TbR5mVh",
                     *           "eventType": "payment_intent.succeeded",
                     *           "status": "succeeded",
                     *           "attemptCount": 1,
                     *           "nextAttemptAt": null,
                     *           "lastAttemptAt": 1767225605,
                     *           "lastResponseStatus": 200,
                     *           "lastError": null,
                     *           "attempts": [
                     *             {
                     *               "attemptedAt": 1767225605,
                     *               "manual": false,
                     *               "responseStatus": 200,
                     *               "responseBody": "ok",
                     *               "error": null,
                     *               "durationMs": 84
                     *             }
                     *           ],
                     *           "livemode": false,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/webhook_endpoints/{id}/deliveries"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["WebhookDelivery"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_endpoint: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whd_4Kc8Rz2LmT6nQx9VbP3wHd1",
                     *       "object": "webhook_delivery",
                     *       "endpointId": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *       "eventId": "evt_8Jd3Wq6LzN2cKx7TbR5mVh",
                     *       "eventType": "payment_intent.succeeded",
                     *       "status": "succeeded",
                     *       "attemptCount": 1,
                     *       "nextAttemptAt": null,
                     *       "lastAttemptAt": 1767225605,
                     *       "lastResponseStatus": 200,
                     *       "lastError": null,
                     *       "attempts": [
                     *         {
                     *           "attemptedAt": 1767225605,
                     *           "manual": false,
                     *           "responseStatus": 200,
                     *           "responseBody": "ok",
                     *           "error": null,
                     *           "durationMs": 84
                     *         }
                     *       ],
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_delivery: 'whd_4Kc8Rz2LmT6nQx9VbP3wHd1'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whd_4Kc8Rz2LmT6nQx9VbP3wHd1",
                     *       "object": "webhook_delivery",
                     *       "endpointId": "we_6Lp3Tz8KvQ2nXc7BmR4wJd",
                     *       "eventId": "evt_8Jd3Wq6LzN2cKx7TbR5mVh",
                     *       "eventType": "payment_intent.succeeded",
                     *       "status": "succeeded",
                     *       "attemptCount": 1,
                     *       "nextAttemptAt": null,
                     *       "lastAttemptAt": 1767225605,
                     *       "lastResponseStatus": 200,
                     *       "lastError": null,
                     *       "attempts": [
                     *         {
                     *           "attemptedAt": 1767225605,
                     *           "manual": false,
                     *           "responseStatus": 200,
                     *           "responseBody": "ok",
                     *           "error": null,
                     *           "durationMs": 84
                     *         }
                     *       ],
                     *       "livemode": false,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such webhook_delivery: 'whd_4Kc8Rz2LmT6nQx9VbP3wHd1'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "Delivery whd_4Kc8Rz2LmT6nQx9VbP3wHd1 is being attempted right now. Retry when that attempt is over.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRefunds: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                paymentIntentId?: string;
                status?: "pending_approval" | "pending" | "requires_action" | "succeeded" | "failed" | "canceled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "re_7Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *           "object": "refund",
                     *           "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *           "amount": 2000,
                     *           "currency": "XOF",
                     *           "status": "pending",
                     *           "reason": "requested_by_customer",
                     *           "rail": "mobile_money_a",
                     *           "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *           "settlementAmount": 2000,
                     *           "settlementCurrency": "XOF",
                     *           "rate": null,
                     *           "rateSource": null,
                     *           "nextAction": null,
                     *           "operatorReference": null,
                     *           "failureReason": null,
                     *           "failureMessage": null,
                     *           "metadata": {
                     *             "ticket": "SAV-311"
                     *           },
                     *           "livemode": true,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/refunds"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["Refund"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                 *       "amount": 2000,
                 *       "reason": "requested_by_customer",
                 *       "metadata": {
                 *         "ticket": "SAV-311"
                 *       }
                 *     }
                 */
                "application/json": {
                    paymentIntentId: string;
                    /** @description minor units. Per currency: XOF and XAF 100 to 5,000,000; GNF 1,000 to 50,000,000; BTC 1 to 1,000,000,000 sats (on-chain at least 1,000); USDT 1,000,000 to 1,000,000,000,000 (400 amount_too_small / amount_too_large) */
                    amount?: number;
                    /** @enum {string} */
                    reason?: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
                    /**
                     * @default quote
                     * @enum {string}
                     */
                    rate?: "quote" | "current";
                    /** @default {} */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_7Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *       "object": "refund",
                     *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "amount": 2000,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "reason": "requested_by_customer",
                     *       "rail": "mobile_money_a",
                     *       "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "settlementAmount": 2000,
                     *       "settlementCurrency": "XOF",
                     *       "rate": null,
                     *       "rateSource": null,
                     *       "nextAction": null,
                     *       "operatorReference": null,
                     *       "failureReason": null,
                     *       "failureMessage": null,
                     *       "metadata": {
                     *         "ticket": "SAV-311"
                     *       },
                     *       "livemode": true,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `refund_unsupported` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "amount_too_large",
                     *         "message": "amount is more than is refundable: at most 3000 XOF.",
                     *         "param": "amount",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "Nothing was received on this payment intent yet: there is nothing to refund.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rail_unavailable`: the rail's backend is down or refused, no receive address is free, or (a converting rail) no fresh exchange rate; try again later or use another rail */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfterUnavailable"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "rail_unavailable",
                     *         "message": "The usdt_trc20 rail is unavailable right now (no fresh USDT/XOF exchange rate is available right now). Try again later or use another rail.",
                     *         "param": "rail",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_7Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *       "object": "refund",
                     *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "amount": 2000,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "reason": "requested_by_customer",
                     *       "rail": "mobile_money_a",
                     *       "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "settlementAmount": 2000,
                     *       "settlementCurrency": "XOF",
                     *       "rate": null,
                     *       "rateSource": null,
                     *       "nextAction": null,
                     *       "operatorReference": null,
                     *       "failureReason": null,
                     *       "failureMessage": null,
                     *       "metadata": {
                     *         "ticket": "SAV-311"
                     *       },
                     *       "livemode": true,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such refund: 're_7Kp2Wx9LmQ4nTc8BvZ3rHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_7Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *       "object": "refund",
                     *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "amount": 2000,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "reason": "requested_by_customer",
                     *       "rail": "mobile_money_a",
                     *       "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "settlementAmount": 2000,
                     *       "settlementCurrency": "XOF",
                     *       "rate": null,
                     *       "rateSource": null,
                     *       "nextAction": null,
                     *       "operatorReference": null,
                     *       "failureReason": null,
                     *       "failureMessage": null,
                     *       "metadata": {
                     *         "ticket": "SAV-311"
                     *       },
                     *       "livemode": true,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such refund: 're_7Kp2Wx9LmQ4nTc8BvZ3rHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "This refund was already sent to the operator; it can no longer be canceled (it ends succeeded or failed).",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markRefundSucceeded: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "operatorReference": "MP240601.1532.C00231"
                 *     }
                 */
                "application/json": {
                    operatorReference: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_7Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *       "object": "refund",
                     *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "amount": 2000,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "reason": "requested_by_customer",
                     *       "rail": "mobile_money_a",
                     *       "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "settlementAmount": 2000,
                     *       "settlementCurrency": "XOF",
                     *       "rate": null,
                     *       "rateSource": null,
                     *       "nextAction": null,
                     *       "operatorReference": null,
                     *       "failureReason": null,
                     *       "failureMessage": null,
                     *       "metadata": {
                     *         "ticket": "SAV-311"
                     *       },
                     *       "livemode": true,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `operator_reference_invalid` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "operator_reference_invalid",
                     *         "message": "operatorReference does not prove this refund: transaction 4a5e1e4b... pays no output to tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx.",
                     *         "param": "operatorReference",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such refund: 're_7Kp2Wx9LmQ4nTc8BvZ3rHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "The payer has not claimed this refund yet: there is nothing to send it to.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testClaimRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": {
                    destination?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_7Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *       "object": "refund",
                     *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "amount": 2000,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "reason": "requested_by_customer",
                     *       "rail": "mobile_money_a",
                     *       "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "settlementAmount": 2000,
                     *       "settlementCurrency": "XOF",
                     *       "rate": null,
                     *       "rateSource": null,
                     *       "nextAction": null,
                     *       "operatorReference": null,
                     *       "failureReason": null,
                     *       "failureMessage": null,
                     *       "metadata": {
                     *         "ticket": "SAV-311"
                     *       },
                     *       "livemode": true,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `invalid_destination`, `wrong_network`, `amount_mismatch`, `invoice_expired`, `destination_in_use` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "amount_mismatch",
                     *         "message": "This invoice is for 1000 sats; make one for exactly 20000 sats.",
                     *         "param": "destination",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode (and every test helper with a live key) */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such refund: 're_7Kp2Wx9LmQ4nTc8BvZ3rHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "Only a refund waiting for the payer's claim can be claimed (this one is succeeded).",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testSucceedRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_7Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *       "object": "refund",
                     *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "amount": 2000,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "reason": "requested_by_customer",
                     *       "rail": "mobile_money_a",
                     *       "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "settlementAmount": 2000,
                     *       "settlementCurrency": "XOF",
                     *       "rate": null,
                     *       "rateSource": null,
                     *       "nextAction": null,
                     *       "operatorReference": null,
                     *       "failureReason": null,
                     *       "failureMessage": null,
                     *       "metadata": {
                     *         "ticket": "SAV-311"
                     *       },
                     *       "livemode": true,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode (and every test helper with a live key) */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such refund: 're_7Kp2Wx9LmQ4nTc8BvZ3rHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "This refund's status is failed; only a pending refund gets the backend's answer.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testFailRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_7Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *       "object": "refund",
                     *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "amount": 2000,
                     *       "currency": "XOF",
                     *       "status": "pending",
                     *       "reason": "requested_by_customer",
                     *       "rail": "mobile_money_a",
                     *       "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "settlementAmount": 2000,
                     *       "settlementCurrency": "XOF",
                     *       "rate": null,
                     *       "rateSource": null,
                     *       "nextAction": null,
                     *       "operatorReference": null,
                     *       "failureReason": null,
                     *       "failureMessage": null,
                     *       "metadata": {
                     *         "ticket": "SAV-311"
                     *       },
                     *       "livemode": true,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode (and every test helper with a live key) */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such refund: 're_7Kp2Wx9LmQ4nTc8BvZ3rHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "This refund waits for the merchant, who sends it or cancels it: it cannot fail at the backend.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBalanceTransactions: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                type?: "payment" | "late_payment" | "overpayment" | "refund" | "refund_reversal" | "adjustment";
                source?: string;
                railAccountId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "txn_5Qm2Kx8LvT3nRc9BzW7pJd",
                     *           "object": "balance_transaction",
                     *           "type": "payment",
                     *           "source": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *           "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *           "rail": "usdt_trc20",
                     *           "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *           "platformAccount": false,
                     *           "amount": 8333334,
                     *           "currency": "USDT",
                     *           "amountInIntentCurrency": 5000,
                     *           "intentCurrency": "XOF",
                     *           "rate": "600",
                     *           "livemode": true,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/balance_transactions"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["BalanceTransaction"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveBalanceTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "txn_5Qm2Kx8LvT3nRc9BzW7pJd",
                     *       "object": "balance_transaction",
                     *       "type": "payment",
                     *       "source": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *       "rail": "usdt_trc20",
                     *       "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "platformAccount": false,
                     *       "amount": 8333334,
                     *       "currency": "USDT",
                     *       "amountInIntentCurrency": 5000,
                     *       "intentCurrency": "XOF",
                     *       "rate": "600",
                     *       "livemode": true,
                     *       "createdAt": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["BalanceTransaction"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such balance_transaction: 'txn_5Qm2Kx8LvT3nRc9BzW7pJd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "balance",
                     *       "accounts": [
                     *         {
                     *           "rail": "mobile_money_a",
                     *           "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *           "platformAccount": false,
                     *           "currency": "XOF",
                     *           "received": 152500,
                     *           "refunded": 2000,
                     *           "net": 150500
                     *         },
                     *         {
                     *           "rail": "usdt_trc20",
                     *           "railAccountId": null,
                     *           "platformAccount": true,
                     *           "currency": "USDT",
                     *           "received": 8333334,
                     *           "refunded": 0,
                     *           "net": 8333334
                     *         }
                     *       ],
                     *       "livemode": true
                     *     }
                     */
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReconciliations: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                status?: "pending" | "succeeded" | "failed";
                railAccountId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "recon_6Tq3Lx8KvM2nRc7BzW4pJd",
                     *           "object": "reconciliation",
                     *           "status": "succeeded",
                     *           "origin": "daily",
                     *           "from": "2025-12-31",
                     *           "to": "2025-12-31",
                     *           "timeZone": "Africa/Abidjan",
                     *           "railAccountId": null,
                     *           "summary": {
                     *             "attemptsChecked": 42,
                     *             "refundsChecked": 1,
                     *             "backendMovementsRead": 43,
                     *             "listedAccounts": [
                     *               "ra_4Hm9Qx2LcT7nKz3WbV8pRd"
                     *             ],
                     *             "listingsUnavailable": []
                     *           },
                     *           "failure": null,
                     *           "itemCount": 1,
                     *           "items": [
                     *             {
                     *               "id": "recitem_3Wm8Qx2LcT7nKz4BvR9pHd",
                     *               "object": "reconciliation_item",
                     *               "reconciliationId": "recon_6Tq3Lx8KvM2nRc7BzW4pJd",
                     *               "kind": "missing_in_caisse",
                     *               "reason": "credited_through_settle_path",
                     *               "resolution": "credited",
                     *               "rail": "mobile_money_d",
                     *               "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *               "backendRef": "cos-18qq25rgr100a",
                     *               "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *               "attemptId": "att_8Hd2Lq5XvN9cKm3TbR7wZp",
                     *               "refundId": null,
                     *               "caisse": {
                     *                 "amount": 2000,
                     *                 "currency": "XOF",
                     *                 "ledgerLines": 1,
                     *                 "attemptStatus": "succeeded"
                     *               },
                     *               "backend": {
                     *                 "amount": 2000,
                     *                 "currency": "XOF",
                     *                 "state": "confirmed"
                     *               },
                     *               "explanation": "The backend received 2000 XOF for attempt att_8Hd2Lq5XvN9cKm3TbR7wZp; Caisse had recorded 0 XOF. The difference was credited through the normal settle path and the ledger now matches.",
                     *               "livemode": true,
                     *               "createdAt": 1767315600
                     *             }
                     *           ],
                     *           "hasMoreItems": false,
                     *           "livemode": true,
                     *           "createdAt": 1767315600,
                     *           "completedAt": 1767315604
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/reconciliations"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["Reconciliation"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReconciliation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "2026-11-27",
                 *       "to": "2026-11-27"
                 *     }
                 */
                "application/json": {
                    from: string;
                    to: string;
                    railAccountId?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "recon_6Tq3Lx8KvM2nRc7BzW4pJd",
                     *       "object": "reconciliation",
                     *       "status": "succeeded",
                     *       "origin": "daily",
                     *       "from": "2025-12-31",
                     *       "to": "2025-12-31",
                     *       "timeZone": "Africa/Abidjan",
                     *       "railAccountId": null,
                     *       "summary": {
                     *         "attemptsChecked": 42,
                     *         "refundsChecked": 1,
                     *         "backendMovementsRead": 43,
                     *         "listedAccounts": [
                     *           "ra_4Hm9Qx2LcT7nKz3WbV8pRd"
                     *         ],
                     *         "listingsUnavailable": []
                     *       },
                     *       "failure": null,
                     *       "itemCount": 1,
                     *       "items": [
                     *         {
                     *           "id": "recitem_3Wm8Qx2LcT7nKz4BvR9pHd",
                     *           "object": "reconciliation_item",
                     *           "reconciliationId": "recon_6Tq3Lx8KvM2nRc7BzW4pJd",
                     *           "kind": "missing_in_caisse",
                     *           "reason": "credited_through_settle_path",
                     *           "resolution": "credited",
                     *           "rail": "mobile_money_d",
                     *           "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *           "backendRef": "cos-18qq25rgr100a",
                     *           "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *           "attemptId": "att_8Hd2Lq5XvN9cKm3TbR7wZp",
                     *           "refundId": null,
                     *           "caisse": {
                     *             "amount": 2000,
                     *             "currency": "XOF",
                     *             "ledgerLines": 1,
                     *             "attemptStatus": "succeeded"
                     *           },
                     *           "backend": {
                     *             "amount": 2000,
                     *             "currency": "XOF",
                     *             "state": "confirmed"
                     *           },
                     *           "explanation": "The backend received 2000 XOF for attempt att_8Hd2Lq5XvN9cKm3TbR7wZp; Caisse had recorded 0 XOF. The difference was credited through the normal settle path and the ledger now matches.",
                     *           "livemode": true,
                     *           "createdAt": 1767315600
                     *         }
                     *       ],
                     *       "hasMoreItems": false,
                     *       "livemode": true,
                     *       "createdAt": 1767315600,
                     *       "completedAt": 1767315604
                     *     }
                     */
                    "application/json": components["schemas"]["Reconciliation"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `resource_missing` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required param: from.",
                     *         "param": "from",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveReconciliation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "recon_6Tq3Lx8KvM2nRc7BzW4pJd",
                     *       "object": "reconciliation",
                     *       "status": "succeeded",
                     *       "origin": "daily",
                     *       "from": "2025-12-31",
                     *       "to": "2025-12-31",
                     *       "timeZone": "Africa/Abidjan",
                     *       "railAccountId": null,
                     *       "summary": {
                     *         "attemptsChecked": 42,
                     *         "refundsChecked": 1,
                     *         "backendMovementsRead": 43,
                     *         "listedAccounts": [
                     *           "ra_4Hm9Qx2LcT7nKz3WbV8pRd"
                     *         ],
                     *         "listingsUnavailable": []
                     *       },
                     *       "failure": null,
                     *       "itemCount": 1,
                     *       "items": [
                     *         {
                     *           "id": "recitem_3Wm8Qx2LcT7nKz4BvR9pHd",
                     *           "object": "reconciliation_item",
                     *           "reconciliationId": "recon_6Tq3Lx8KvM2nRc7BzW4pJd",
                     *           "kind": "missing_in_caisse",
                     *           "reason": "credited_through_settle_path",
                     *           "resolution": "credited",
                     *           "rail": "mobile_money_d",
                     *           "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *           "backendRef": "cos-18qq25rgr100a",
                     *           "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *           "attemptId": "att_8Hd2Lq5XvN9cKm3TbR7wZp",
                     *           "refundId": null,
                     *           "caisse": {
                     *             "amount": 2000,
                     *             "currency": "XOF",
                     *             "ledgerLines": 1,
                     *             "attemptStatus": "succeeded"
                     *           },
                     *           "backend": {
                     *             "amount": 2000,
                     *             "currency": "XOF",
                     *             "state": "confirmed"
                     *           },
                     *           "explanation": "The backend received 2000 XOF for attempt att_8Hd2Lq5XvN9cKm3TbR7wZp; Caisse had recorded 0 XOF. The difference was credited through the normal settle path and the ledger now matches.",
                     *           "livemode": true,
                     *           "createdAt": 1767315600
                     *         }
                     *       ],
                     *       "hasMoreItems": false,
                     *       "livemode": true,
                     *       "createdAt": 1767315600,
                     *       "completedAt": 1767315604
                     *     }
                     */
                    "application/json": components["schemas"]["Reconciliation"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such reconciliation: 'recon_6Tq3Lx8KvM2nRc7BzW4pJd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReconciliationItems: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "recitem_5Kp2Wx9LmQ4nTc8BvZ3rHd",
                     *           "object": "reconciliation_item",
                     *           "reconciliationId": "recon_6Tq3Lx8KvM2nRc7BzW4pJd",
                     *           "kind": "missing_in_caisse",
                     *           "reason": "refund_outside_caisse",
                     *           "resolution": "outside_caisse",
                     *           "rail": "mobile_money_d",
                     *           "railAccountId": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *           "backendRef": "cos-18qq25rgr100a",
                     *           "paymentIntentId": "pi_3kTq8ZbV2nLw9XyC4rHd7M",
                     *           "attemptId": "att_8Hd2Lq5XvN9cKm3TbR7wZp",
                     *           "refundId": null,
                     *           "caisse": null,
                     *           "backend": {
                     *             "amount": -2000,
                     *             "currency": "XOF",
                     *             "id": "T_V3TFOUE7VU",
                     *             "reference": "att_8Hd2Lq5XvN9cKm3TbR7wZp",
                     *             "at": 1767229200
                     *           },
                     *           "explanation": "2000 XOF went back from the mobile_money_d account for Caisse payment attempt att_8Hd2Lq5XvN9cKm3TbR7wZp without a Caisse refund: a refund made directly at the backend. Caisse still counts the payment as received; record it as a refund or review it.",
                     *           "livemode": true,
                     *           "createdAt": 1767315600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/reconciliations/{id}/items"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["ReconciliationItem"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such reconciliation: 'recon_6Tq3Lx8KvM2nRc7BzW4pJd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "acct_2Lm8Qx4KvT9nRc3BzW6pJd",
                     *       "object": "account",
                     *       "name": "Boutique Awa",
                     *       "timeZone": "Africa/Abidjan",
                     *       "refundApprovalThresholds": {
                     *         "XOF": 50000
                     *       },
                     *       "railAccountApproval": false,
                     *       "pendingChange": null,
                     *       "livemode": true
                     *     }
                     */
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "timeZone": "Africa/Douala"
                 *     }
                 */
                "application/json": {
                    timeZone?: string;
                    refundApprovalThresholds?: {
                        [key: string]: number | null;
                    };
                    railAccountApproval?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "acct_2Lm8Qx4KvT9nRc3BzW6pJd",
                     *       "object": "account",
                     *       "name": "Boutique Awa",
                     *       "timeZone": "Africa/Abidjan",
                     *       "refundApprovalThresholds": {
                     *         "XOF": 50000
                     *       },
                     *       "railAccountApproval": false,
                     *       "pendingChange": null,
                     *       "livemode": true
                     *     }
                     */
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Accepted, not applied yet: Turning railAccountApproval off waits for another owner's approval: the account as it is (railAccountApproval still true, the other settings given applied), with its `pendingChange` */
            202: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "acct_2Lm8Qx4KvT9nRc3BzW6pJd",
                     *       "object": "account",
                     *       "name": "Boutique Awa",
                     *       "timeZone": "Africa/Abidjan",
                     *       "refundApprovalThresholds": {
                     *         "XOF": 50000
                     *       },
                     *       "railAccountApproval": true,
                     *       "pendingChange": {
                     *         "id": "rachg_6Wm3Kx8QvT2nLc9BzR4pHd",
                     *         "status": "pending_approval",
                     *         "requestedBy": {
                     *           "type": "key",
                     *           "id": "key_8Rc2Wx5LmQ9nTb3KzV7pJd",
                     *           "label": "sk_live_…Q7pX"
                     *         },
                     *         "createdAt": 1767229200,
                     *         "action": "approval_off"
                     *       },
                     *       "livemode": true
                     *     }
                     */
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry); or `rail_account_change_pending`: another change waits for an owner's approval (the message names it); or `two_owners_required`: railAccountApproval needs two active owners */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                action?: "user.signed_in" | "user.sign_in_failed" | "user.invited" | "user.invitation_revoked" | "user.role_changed" | "user.disabled" | "user.two_factor_changed" | "user.two_factor_reset" | "user.recovery_codes_regenerated" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "rail_account.created" | "rail_account.updated" | "rail_account.disabled" | "rail_account.change_requested" | "rail_account.change_approved" | "rail_account.change_rejected" | "rail_account.change_canceled" | "refund.created" | "refund.approved" | "refund.rejected" | "refund.canceled" | "account.updated";
                actor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "audit_6Tq2Lx9KmV4nRc8BzW3pJd",
                     *           "object": "audit_event",
                     *           "action": "refund.approved",
                     *           "actor": {
                     *             "type": "user",
                     *             "id": "user_3Kc9Qx2LmT7nVb4RzW8pHd",
                     *             "label": "ana@shop.example"
                     *           },
                     *           "target": {
                     *             "object": "refund",
                     *             "id": "re_4Nq8Xv2KcM7tRb3LzW9pHd"
                     *           },
                     *           "ip": "203.0.113.7",
                     *           "changes": {
                     *             "before": {
                     *               "status": "pending_approval"
                     *             },
                     *             "after": {
                     *               "status": "pending"
                     *             }
                     *           },
                     *           "livemode": true,
                     *           "createdAt": 1767225600
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/audit_events"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["AuditEvent"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRailAccounts: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
                rail?: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
                status?: "active" | "disabled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *           "object": "rail_account",
                     *           "rail": "mobile_money_a",
                     *           "protocol": "mtn_momo",
                     *           "displayName": "MTN MoMo",
                     *           "status": "active",
                     *           "version": 1,
                     *           "currencies": [
                     *             "XOF"
                     *           ],
                     *           "minAmount": null,
                     *           "maxAmount": 1500000,
                     *           "amountStep": null,
                     *           "settings": {
                     *             "baseUrl": "https://proxy.momoapi.mtn.com",
                     *             "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                     *             "targetEnvironment": "mtnivorycoast"
                     *           },
                     *           "secrets": {
                     *             "subscriptionKey": {
                     *               "last4": "9c1e",
                     *               "fingerprint": "f1df6aadcd7e"
                     *             },
                     *             "apiKey": {
                     *               "last4": "41b7",
                     *               "fingerprint": "c5e4c2a47788"
                     *             }
                     *           },
                     *           "notifyUrl": "http://localhost:3000/callbacks/ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *           "receiveAddresses": [],
                     *           "metadata": {},
                     *           "livemode": true,
                     *           "createdAt": 1767225600,
                     *           "updatedAt": 1767225600,
                     *           "disabledAt": null,
                     *           "pendingChange": null
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/rail_accounts"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["RailAccount"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRailAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rail": "mobile_money_a",
                 *       "displayName": "MTN MoMo",
                 *       "settings": {
                 *         "baseUrl": "https://proxy.momoapi.mtn.com",
                 *         "subscriptionKey": "f3b1c8d24e6a4f0b9d7e5a3c21b09c1e",
                 *         "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                 *         "apiKey": "8e2d4c6a0b1f47d3a5c9e7b2d6f841b7",
                 *         "targetEnvironment": "mtnivorycoast"
                 *       },
                 *       "currencies": [
                 *         "XOF"
                 *       ],
                 *       "maxAmount": 1500000
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    rail: "mobile_money_a" | "mobile_money_b" | "mobile_money_c" | "mobile_money_d" | "btc_lightning" | "btc_onchain" | "usdt_trc20";
                    /**
                     * @description mobile money only: the protocol this deployment's rail speaks (leave it out: the account takes it)
                     * @enum {string}
                     */
                    protocol?: "mtn_momo" | "orange_money" | "wave";
                    /** @description mobile money: the operator's name your buyers see on the payment page (default: the rail's usual name, such as MTN MoMo); other rails: a label for you */
                    displayName?: string;
                    /** @description The rail's settings: one of the RailAccountSettings objects, the one of the rail's protocol for mobile money, else the rail's. Secrets among them are write-only */
                    settings: components["schemas"]["RailAccountSettingsMtnMomo"] | components["schemas"]["RailAccountSettingsOrangeMoney"] | components["schemas"]["RailAccountSettingsWave"] | components["schemas"]["RailAccountSettingsLightning"] | components["schemas"]["RailAccountSettingsBitcoinOnchain"] | components["schemas"]["RailAccountSettingsUsdtTrc20"];
                    currencies?: unknown;
                    minAmount?: unknown;
                    maxAmount?: unknown;
                    amountStep?: unknown;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "object": "rail_account",
                     *       "rail": "mobile_money_a",
                     *       "protocol": "mtn_momo",
                     *       "displayName": "MTN MoMo",
                     *       "status": "active",
                     *       "version": 1,
                     *       "currencies": [
                     *         "XOF"
                     *       ],
                     *       "minAmount": null,
                     *       "maxAmount": 1500000,
                     *       "amountStep": null,
                     *       "settings": {
                     *         "baseUrl": "https://proxy.momoapi.mtn.com",
                     *         "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                     *         "targetEnvironment": "mtnivorycoast"
                     *       },
                     *       "secrets": {
                     *         "subscriptionKey": {
                     *           "last4": "9c1e",
                     *           "fingerprint": "f1df6aadcd7e"
                     *         },
                     *         "apiKey": {
                     *           "last4": "41b7",
                     *           "fingerprint": "c5e4c2a47788"
                     *         }
                     *       },
                     *       "notifyUrl": "http://localhost:3000/callbacks/ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "receiveAddresses": [],
                     *       "metadata": {},
                     *       "livemode": true,
                     *       "createdAt": 1767225600,
                     *       "updatedAt": 1767225600,
                     *       "disabledAt": null,
                     *       "pendingChange": null
                     *     }
                     */
                    "application/json": components["schemas"]["RailAccount"];
                };
            };
            /** @description Accepted, not applied yet: The creation waits for another owner's approval (your account's railAccountApproval): the account it would make, `status` `pending_approval`, with its `pendingChange`; nothing is connected yet */
            202: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "object": "rail_account",
                     *       "rail": "mobile_money_a",
                     *       "protocol": "mtn_momo",
                     *       "displayName": "MTN MoMo",
                     *       "status": "pending_approval",
                     *       "version": 1,
                     *       "currencies": [
                     *         "XOF"
                     *       ],
                     *       "minAmount": null,
                     *       "maxAmount": 1500000,
                     *       "amountStep": null,
                     *       "settings": {
                     *         "baseUrl": "https://proxy.momoapi.mtn.com",
                     *         "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                     *         "targetEnvironment": "mtnivorycoast"
                     *       },
                     *       "secrets": {
                     *         "subscriptionKey": {
                     *           "last4": "9c1e",
                     *           "fingerprint": "f1df6aadcd7e"
                     *         },
                     *         "apiKey": {
                     *           "last4": "41b7",
                     *           "fingerprint": "c5e4c2a47788"
                     *         }
                     *       },
                     *       "notifyUrl": "http://localhost:3000/callbacks/ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "receiveAddresses": [],
                     *       "metadata": {},
                     *       "livemode": true,
                     *       "createdAt": 1767229200,
                     *       "updatedAt": 1767229200,
                     *       "disabledAt": null,
                     *       "pendingChange": {
                     *         "id": "rachg_6Wm3Kx8QvT2nLc9BzR4pHd",
                     *         "status": "pending_approval",
                     *         "requestedBy": {
                     *           "type": "key",
                     *           "id": "key_8Rc2Wx5LmQ9nTb3KzV7pJd",
                     *           "label": "sk_live_…Q7pX"
                     *         },
                     *         "createdAt": 1767229200,
                     *         "action": "create"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RailAccount"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `rail_account_invalid` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "rail_account_invalid",
                     *         "message": "The mobile_money_a backend did not accept these settings: token: the backend answered HTTP 401 (error login_failed). Nothing was saved.",
                     *         "param": "settings",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rail_account_exists`: this merchant already has an active account for the rail in this mode (update it, or disable it first); or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry); or `rail_account_change_pending`: another change waits for an owner's approval (the message names it) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "rail_account_exists",
                     *         "message": "This account already has an active mobile_money_a rail account in live mode (ra_4Hm9Qx2LcT7nKz3WbV8pRd): update it, or disable it first.",
                     *         "param": "rail",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `encryption_key_missing`: this deployment has no `CAISSE_ENCRYPTION_KEY` to encrypt the account's secrets with; nothing was saved. Its operator must set one, then send the request again */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfterUnavailable"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "encryption_key_missing",
                     *         "message": "This deployment has no CAISSE_ENCRYPTION_KEY, so it cannot keep rail account secrets. Its operator must set one (see the README).",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveRailAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "object": "rail_account",
                     *       "rail": "mobile_money_a",
                     *       "protocol": "mtn_momo",
                     *       "displayName": "MTN MoMo",
                     *       "status": "active",
                     *       "version": 1,
                     *       "currencies": [
                     *         "XOF"
                     *       ],
                     *       "minAmount": null,
                     *       "maxAmount": 1500000,
                     *       "amountStep": null,
                     *       "settings": {
                     *         "baseUrl": "https://proxy.momoapi.mtn.com",
                     *         "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                     *         "targetEnvironment": "mtnivorycoast"
                     *       },
                     *       "secrets": {
                     *         "subscriptionKey": {
                     *           "last4": "9c1e",
                     *           "fingerprint": "f1df6aadcd7e"
                     *         },
                     *         "apiKey": {
                     *           "last4": "41b7",
                     *           "fingerprint": "c5e4c2a47788"
                     *         }
                     *       },
                     *       "notifyUrl": "http://localhost:3000/callbacks/ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "receiveAddresses": [],
                     *       "metadata": {},
                     *       "livemode": true,
                     *       "createdAt": 1767225600,
                     *       "updatedAt": 1767225600,
                     *       "disabledAt": null,
                     *       "pendingChange": null
                     *     }
                     */
                    "application/json": components["schemas"]["RailAccount"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such rail_account: 'ra_4Hm9Qx2LcT7nKz3WbV8pRd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateRailAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "settings": {
                 *         "apiKey": "5b7d9f1e3a2c48e6b0d4f6a8c1e3b574"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description `null` removes it */
                    displayName?: string | null;
                    /** @description The settings to change, among those of the account's rail (its RailAccountSettings object): the others are kept, secrets included; `null` removes an optional one */
                    settings?: {
                        baseUrl?: string | null;
                        /** @description Collection subscription key (Ocp-Apim-Subscription-Key) (mtn_momo). Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
                        subscriptionKey?: string;
                        /** @description API User (X-Reference-Id) (mtn_momo). */
                        apiUser?: string;
                        /** @description API Key / API key (Checkout) (mtn_momo, wave). Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
                        apiKey?: string;
                        /** @description X-Target-Environment (mtn_momo). */
                        targetEnvironment?: string;
                        callbackUrl?: string | null;
                        disbursementSubscriptionKey?: string | null;
                        disbursementApiUser?: string | null;
                        disbursementApiKey?: string | null;
                        /** @description Client ID (orange_money). */
                        clientId?: string;
                        /** @description Client Secret (orange_money). Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
                        clientSecret?: string;
                        /** @description Merchant Key (orange_money). Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
                        merchantKey?: string;
                        /** @description Country (Web Payment path) (orange_money). */
                        webpayCountry?: string;
                        webpayCurrency?: string | null;
                        webhookSecret?: string | null;
                        payoutApiKey?: string | null;
                        /** @description LND REST URL (btc_lightning). An http(s) URL. */
                        restUrl?: string;
                        /** @description Invoice macaroon (hex) (btc_lightning). Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
                        macaroon?: string;
                        refundMacaroon?: string | null;
                        tlsCert?: string | null;
                        /** @description Extended public key (zpub, BIP84) / TRON extended public key (xpub) (btc_onchain, usdt_trc20). Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
                        accountKey?: string;
                        /** @description Esplora URL (btc_onchain). An http(s) URL. */
                        esploraUrl?: string;
                        /** @description TronGrid API key (usdt_trc20). Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`. */
                        tronGridApiKey?: string;
                        tronGridUrl?: string | null;
                    };
                    currencies?: unknown;
                    minAmount?: unknown;
                    maxAmount?: unknown;
                    amountStep?: unknown;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "object": "rail_account",
                     *       "rail": "mobile_money_a",
                     *       "protocol": "mtn_momo",
                     *       "displayName": "MTN MoMo",
                     *       "status": "active",
                     *       "version": 1,
                     *       "currencies": [
                     *         "XOF"
                     *       ],
                     *       "minAmount": null,
                     *       "maxAmount": 1500000,
                     *       "amountStep": null,
                     *       "settings": {
                     *         "baseUrl": "https://proxy.momoapi.mtn.com",
                     *         "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                     *         "targetEnvironment": "mtnivorycoast"
                     *       },
                     *       "secrets": {
                     *         "subscriptionKey": {
                     *           "last4": "9c1e",
                     *           "fingerprint": "f1df6aadcd7e"
                     *         },
                     *         "apiKey": {
                     *           "last4": "41b7",
                     *           "fingerprint": "c5e4c2a47788"
                     *         }
                     *       },
                     *       "notifyUrl": "http://localhost:3000/callbacks/ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "receiveAddresses": [],
                     *       "metadata": {},
                     *       "livemode": true,
                     *       "createdAt": 1767225600,
                     *       "updatedAt": 1767225600,
                     *       "disabledAt": null,
                     *       "pendingChange": null
                     *     }
                     */
                    "application/json": components["schemas"]["RailAccount"];
                };
            };
            /** @description Accepted, not applied yet: The change waits for another owner's approval (your account's railAccountApproval): the account as it is (the same version, settings and name: new payments keep using it), with its `pendingChange` */
            202: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "object": "rail_account",
                     *       "rail": "mobile_money_a",
                     *       "protocol": "mtn_momo",
                     *       "displayName": "MTN MoMo",
                     *       "status": "active",
                     *       "version": 1,
                     *       "currencies": [
                     *         "XOF"
                     *       ],
                     *       "minAmount": null,
                     *       "maxAmount": 1500000,
                     *       "amountStep": null,
                     *       "settings": {
                     *         "baseUrl": "https://proxy.momoapi.mtn.com",
                     *         "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                     *         "targetEnvironment": "mtnivorycoast"
                     *       },
                     *       "secrets": {
                     *         "subscriptionKey": {
                     *           "last4": "9c1e",
                     *           "fingerprint": "f1df6aadcd7e"
                     *         },
                     *         "apiKey": {
                     *           "last4": "41b7",
                     *           "fingerprint": "c5e4c2a47788"
                     *         }
                     *       },
                     *       "notifyUrl": "http://localhost:3000/callbacks/ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "receiveAddresses": [],
                     *       "metadata": {},
                     *       "livemode": true,
                     *       "createdAt": 1767225600,
                     *       "updatedAt": 1767225600,
                     *       "disabledAt": null,
                     *       "pendingChange": {
                     *         "id": "rachg_6Wm3Kx8QvT2nLc9BzR4pHd",
                     *         "status": "pending_approval",
                     *         "requestedBy": {
                     *           "type": "key",
                     *           "id": "key_8Rc2Wx5LmQ9nTb3KzV7pJd",
                     *           "label": "sk_live_…Q7pX"
                     *         },
                     *         "createdAt": 1767229200,
                     *         "action": "update"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RailAccount"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host`, `rail_account_invalid` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "rail_account_invalid",
                     *         "message": "The btc_lightning backend did not accept these settings: credentials check: the backend answered HTTP 500 (verification failed: signature mismatch after caveat verification). Nothing was saved.",
                     *         "param": "settings",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such rail_account: 'ra_4Hm9Qx2LcT7nKz3WbV8pRd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry); or `rail_account_change_pending`: another change waits for an owner's approval (the message names it) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unexpected_state",
                     *         "message": "This rail account is disabled; create a new one for the rail.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `encryption_key_missing`: this deployment has no `CAISSE_ENCRYPTION_KEY` to encrypt the account's secrets with; nothing was saved. Its operator must set one, then send the request again */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfterUnavailable"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "encryption_key_missing",
                     *         "message": "This deployment has no CAISSE_ENCRYPTION_KEY, so it cannot keep rail account secrets. Its operator must set one (see the README).",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disableRailAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "object": "rail_account",
                     *       "rail": "mobile_money_a",
                     *       "protocol": "mtn_momo",
                     *       "displayName": "MTN MoMo",
                     *       "status": "active",
                     *       "version": 1,
                     *       "currencies": [
                     *         "XOF"
                     *       ],
                     *       "minAmount": null,
                     *       "maxAmount": 1500000,
                     *       "amountStep": null,
                     *       "settings": {
                     *         "baseUrl": "https://proxy.momoapi.mtn.com",
                     *         "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                     *         "targetEnvironment": "mtnivorycoast"
                     *       },
                     *       "secrets": {
                     *         "subscriptionKey": {
                     *           "last4": "9c1e",
                     *           "fingerprint": "f1df6aadcd7e"
                     *         },
                     *         "apiKey": {
                     *           "last4": "41b7",
                     *           "fingerprint": "c5e4c2a47788"
                     *         }
                     *       },
                     *       "notifyUrl": "http://localhost:3000/callbacks/ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "receiveAddresses": [],
                     *       "metadata": {},
                     *       "livemode": true,
                     *       "createdAt": 1767225600,
                     *       "updatedAt": 1767225600,
                     *       "disabledAt": null,
                     *       "pendingChange": null
                     *     }
                     */
                    "application/json": components["schemas"]["RailAccount"];
                };
            };
            /** @description Accepted, not applied yet: The disabling waits for another owner's approval (your account's railAccountApproval): the account as it is, still active, with its `pendingChange` */
            202: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "object": "rail_account",
                     *       "rail": "mobile_money_a",
                     *       "protocol": "mtn_momo",
                     *       "displayName": "MTN MoMo",
                     *       "status": "active",
                     *       "version": 1,
                     *       "currencies": [
                     *         "XOF"
                     *       ],
                     *       "minAmount": null,
                     *       "maxAmount": 1500000,
                     *       "amountStep": null,
                     *       "settings": {
                     *         "baseUrl": "https://proxy.momoapi.mtn.com",
                     *         "apiUser": "c72025f5-5cd1-4630-99e4-8ba4722fad56",
                     *         "targetEnvironment": "mtnivorycoast"
                     *       },
                     *       "secrets": {
                     *         "subscriptionKey": {
                     *           "last4": "9c1e",
                     *           "fingerprint": "f1df6aadcd7e"
                     *         },
                     *         "apiKey": {
                     *           "last4": "41b7",
                     *           "fingerprint": "c5e4c2a47788"
                     *         }
                     *       },
                     *       "notifyUrl": "http://localhost:3000/callbacks/ra_4Hm9Qx2LcT7nKz3WbV8pRd",
                     *       "receiveAddresses": [],
                     *       "metadata": {},
                     *       "livemode": true,
                     *       "createdAt": 1767225600,
                     *       "updatedAt": 1767225600,
                     *       "disabledAt": null,
                     *       "pendingChange": {
                     *         "id": "rachg_6Wm3Kx8QvT2nLc9BzR4pHd",
                     *         "status": "pending_approval",
                     *         "requestedBy": {
                     *           "type": "key",
                     *           "id": "key_8Rc2Wx5LmQ9nTb3KzV7pJd",
                     *           "label": "sk_live_…Q7pX"
                     *         },
                     *         "createdAt": 1767229200,
                     *         "action": "disable"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RailAccount"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "invalid_json",
                     *         "message": "The request body is not valid JSON: Unexpected end of JSON input.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such rail_account: 'ra_4Hm9Qx2LcT7nKz3WbV8pRd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry); or `rail_account_change_pending`: another change waits for an owner's approval (the message names it) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReportRuns: {
        parameters: {
            query?: {
                limit?: number;
                startingAfter?: string;
                endingBefore?: string;
                "createdAt[gte]"?: number;
                "createdAt[lt]"?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "frr_6Tn3Wq8KzL2mXc5BvR9pHd",
                     *           "object": "report_run",
                     *           "type": "daily_summary",
                     *           "status": "succeeded",
                     *           "timeZone": "Africa/Abidjan",
                     *           "from": "2026-01-01",
                     *           "to": "2026-01-31",
                     *           "rowCount": 62,
                     *           "fileUrl": "http://localhost:3000/v1/report_runs/frr_6Tn3Wq8KzL2mXc5BvR9pHd/file",
                     *           "livemode": true,
                     *           "createdAt": 1769904060
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "url": "/v1/report_runs"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: components["schemas"]["ReportRun"][];
                        hasMore: boolean;
                        url: string;
                    };
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `parameters_exclusive`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_invalid",
                     *         "message": "limit must be an integer from 1 to 100",
                     *         "param": "limit",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReportRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first response for 24 h */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "daily_summary",
                 *       "from": "2026-01-01",
                 *       "to": "2026-01-31"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "balance_transactions" | "daily_summary";
                    from: string;
                    to: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "frr_6Tn3Wq8KzL2mXc5BvR9pHd",
                     *       "object": "report_run",
                     *       "type": "daily_summary",
                     *       "status": "succeeded",
                     *       "timeZone": "Africa/Abidjan",
                     *       "from": "2026-01-01",
                     *       "to": "2026-01-31",
                     *       "rowCount": 62,
                     *       "fileUrl": "http://localhost:3000/v1/report_runs/frr_6Tn3Wq8KzL2mXc5BvR9pHd/file",
                     *       "livemode": true,
                     *       "createdAt": 1769904060
                     *     }
                     */
                    "application/json": components["schemas"]["ReportRun"];
                };
            };
            /** @description Invalid request: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `invalid_content_length`, `request_aborted`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_missing",
                     *         "message": "Missing required param: type.",
                     *         "param": "type",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_timeout`: the body did not arrive within 10 s */
            408: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_timeout",
                     *         "message": "The request body did not arrive within 10 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_in_use",
                     *         "message": "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_too_large`: body over 64 KiB */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "request_too_large",
                     *         "message": "The request body is larger than the limit of 65536 bytes.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: body is not application/json */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "unsupported_media_type",
                     *         "message": "Request bodies must be JSON, sent with Content-Type: application/json.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was first used with another body or path */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "idempotency_error",
                     *         "code": "idempotency_key_reused",
                     *         "message": "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveReportRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "frr_6Tn3Wq8KzL2mXc5BvR9pHd",
                     *       "object": "report_run",
                     *       "type": "daily_summary",
                     *       "status": "succeeded",
                     *       "timeZone": "Africa/Abidjan",
                     *       "from": "2026-01-01",
                     *       "to": "2026-01-31",
                     *       "rowCount": 62,
                     *       "fileUrl": "http://localhost:3000/v1/report_runs/frr_6Tn3Wq8KzL2mXc5BvR9pHd/file",
                     *       "livemode": true,
                     *       "createdAt": 1769904060
                     *     }
                     */
                    "application/json": components["schemas"]["ReportRun"];
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such report_run: 'frr_6Tn3Wq8KzL2mXc5BvR9pHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveReportRunFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example date,rail,railAccountId,platformAccount,currency,opening,payments,refunds,closing,count,intentCurrency,openingInIntentCurrency,paymentsInIntentCurrency,refundsInIntentCurrency,closingInIntentCurrency
                     *     2026-01-01,mobile_money_a,ra_4Hm9Qx2LcT7nKz3WbV8pRd,false,XOF,150500,25000,2000,173500,7,XOF,150500,25000,2000,173500
                     *     2026-01-01,usdt_trc20,,true,USDT,8333334,16666667,0,25000001,1,XOF,5000,10000,0,15000
                     */
                    "text/csv": string;
                };
            };
            /** @description Invalid request: `parameter_invalid`, `parameter_unknown`, `invalid_host` */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "parameter_unknown",
                     *         "message": "Received unknown parameter: expand.",
                     *         "param": "expand",
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_api_key`: no, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authentication_error",
                     *         "code": "invalid_api_key",
                     *         "message": "Invalid API key provided.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions) */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "permission_denied",
                     *         "message": "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: no such object for this merchant and mode */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "resource_missing",
                     *         "message": "No such report_run: 'frr_6Tn3Wq8KzL2mXc5BvR9pHd'.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `report_not_ready`: the run is pending (retrieve it until it succeeded) or failed (make a new one) */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "report_not_ready",
                     *         "message": "Report run frr_6Tn3Wq8KzL2mXc5BvR9pHd is pending: its file exists once the run has succeeded. Retrieve the run (GET /v1/report_runs/frr_6Tn3Wq8KzL2mXc5BvR9pHd) until its status is succeeded, or wait for the report_run.succeeded event.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute) */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "rate_limit_error",
                     *         "code": "rate_limited",
                     *         "message": "Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug: the body carries no code, only a message and the request id */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "message": "An unexpected error occurred. Contact support with the request id req_5Vn2Kq8LxT3mRc7BzW9pJd if it persists.",
                     *         "param": null,
                     *         "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_payment_intent_created: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.created";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_pending: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.pending";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_succeeded: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.succeeded";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_payment_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.payment_failed";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.failed";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_canceled: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.canceled";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_partially_paid: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.partially_paid";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_overpaid: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.overpaid";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_late_payment: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.late_payment";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_intent_payment_reversed: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentEvent"] & {
                    /** @constant */
                    type: "payment_intent.payment_reversed";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_session_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckoutSessionEvent"] & {
                    /** @constant */
                    type: "checkout_session.completed";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_session_expired: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckoutSessionEvent"] & {
                    /** @constant */
                    type: "checkout_session.expired";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_product_created: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductEvent"] & {
                    /** @constant */
                    type: "product.created";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_product_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductEvent"] & {
                    /** @constant */
                    type: "product.updated";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_price_created: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PriceEvent"] & {
                    /** @constant */
                    type: "price.created";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_price_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PriceEvent"] & {
                    /** @constant */
                    type: "price.updated";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_link_created: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentLinkEvent"] & {
                    /** @constant */
                    type: "payment_link.created";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_link_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentLinkEvent"] & {
                    /** @constant */
                    type: "payment_link.updated";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_rail_account_created: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RailAccountEvent"] & {
                    /** @constant */
                    type: "rail_account.created";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_rail_account_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RailAccountEvent"] & {
                    /** @constant */
                    type: "rail_account.updated";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_rail_account_disabled: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RailAccountEvent"] & {
                    /** @constant */
                    type: "rail_account.disabled";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_created: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundEvent"] & {
                    /** @constant */
                    type: "refund.created";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundEvent"] & {
                    /** @constant */
                    type: "refund.updated";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_succeeded: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundEvent"] & {
                    /** @constant */
                    type: "refund.succeeded";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundEvent"] & {
                    /** @constant */
                    type: "refund.failed";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_canceled: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundEvent"] & {
                    /** @constant */
                    type: "refund.canceled";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_reconciliation_succeeded: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReconciliationEvent"] & {
                    /** @constant */
                    type: "reconciliation.succeeded";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_reconciliation_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReconciliationEvent"] & {
                    /** @constant */
                    type: "reconciliation.failed";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_reconciliation_item_created: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReconciliationItemEvent"] & {
                    /** @constant */
                    type: "reconciliation_item.created";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_report_run_succeeded: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportRunEvent"] & {
                    /** @constant */
                    type: "report_run.succeeded";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_report_run_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportRunEvent"] & {
                    /** @constant */
                    type: "report_run.failed";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_pending_approval: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundEvent"] & {
                    /** @constant */
                    type: "refund.pending_approval";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_approved: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundEvent"] & {
                    /** @constant */
                    type: "refund.approved";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_rejected: {
        parameters: {
            query?: never;
            header: {
                /** @description the event's id (the same on every retry) */
                "webhook-id": string;
                "webhook-timestamp": number;
                /** @description v1,<base64> (several, space-separated, while a rolled secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundEvent"] & {
                    /** @constant */
                    type: "refund.rejected";
                };
            };
        };
        responses: {
            /** @description Gone: disables the endpoint */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received: any 2xx stops the retries */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
