// OpenAPI 3.1, generated from the same zod schemas the handlers parse with. Response objects are
// described by zod schemas too (RESPONSE_OBJECTS); test/openapi.test.ts checks real responses
// against them, so the reference cannot drift from what the API answers.
import { z } from 'zod';
import { createCheckoutSessionInput, listCheckoutSessionsQuery, LOCALES } from '../domain/checkout-sessions';
import { createPaymentIntentInput, listPaymentIntentsQuery } from '../domain/payment-intents';
import { createPriceInput, listPricesQuery, updatePriceInput } from '../domain/prices';
import { createProductInput, listProductsQuery, updateProductInput } from '../domain/products';
import { createPaymentLinkInput, listPaymentLinksQuery, updatePaymentLinkInput } from '../domain/payment-links';
import { CURRENCIES, RAILS } from '../money';
import { EVENT_TYPES, listEventsQuery } from '../domain/events';
import { confirmPaymentIntentInput, testPayInput } from '../domain/lifecycle';
import { createEndpointInput, listEndpointsQuery, rollSecretInput, updateEndpointInput } from '../webhooks/endpoints';
import { listDeliveriesQuery } from '../webhooks/deliveries';
import { INTENT_STATUSES, SESSION_STATUSES } from '../domain/transitions';
import { BASES, CONVERTIBLE_CURRENCIES } from '../rates';
import { listExchangeRatesQuery } from '../rates/store';

const metadata = z.record(z.string(), z.string());
const ts = z.number().int().describe('Unix timestamp, seconds');

export const RESPONSE_OBJECTS = {
  Product: z.strictObject({
    id: z.string(), object: z.literal('product'), name: z.string(), description: z.string().nullable(),
    active: z.boolean(), metadata, livemode: z.boolean(), createdAt: ts,
  }),
  Price: z.strictObject({
    id: z.string(), object: z.literal('price'), productId: z.string(), currency: z.enum(CURRENCIES), unitAmount: z.number().int(),
    active: z.boolean(), metadata, livemode: z.boolean(), createdAt: ts,
  }),
  PaymentIntent: z.strictObject({
    id: z.string(), object: z.literal('payment_intent'), amount: z.number().int().describe('minor units'),
    amountReceived: z.number().int(), currency: z.enum(CURRENCIES), status: z.enum(INTENT_STATUSES), rail: z.enum(RAILS),
    reference: z.string().nullable(), description: z.string().nullable(), metadata,
    lastPaymentError: z.object({ code: z.string(), message: z.string(), rail: z.enum(RAILS).nullable() }).nullable(),
    canceledAt: ts.nullable(), livemode: z.boolean(), createdAt: ts,
    nextAction: z
      .object({ type: z.enum(['mobile_money_prompt', 'redirect_to_url', 'lightning_invoice', 'bitcoin_address', 'tron_address']) })
      .loose()
      .nullable()
      .describe('What the payer must do: mobile_money_prompt {phone, operator, ussdCode, expiresAt} (push operators: approve on the phone); redirect_to_url {url, operator, phone (null when none was given), expiresAt} (Orange Money, Wave: send the payer to url; in test mode it is Caisse\'s test operator page); lightning_invoice {invoice, uri, expiresAt}; bitcoin_address {address, amount, uri, confirmations, requiredConfirmations, expiresAt}; tron_address {address, amount, network, contract, expiresAt}. Every nextAction has quote: {amount (settlement minor units), currency (BTC or USDT), rate (decimal string: intent-currency units for one settlement unit), expiresAt} when the attempt converts (an XOF, XAF or GNF intent paid in BTC or USDT), else null; its amounts are then the quote\'s. null when nothing to do'),
    latestQuote: z
      .strictObject({ amount: z.number().int(), currency: z.enum(CURRENCIES), rate: z.string(), expiresAt: ts, received: z.number().int().describe('what the attempt received, settlement minor units') })
      .nullable()
      .describe('The quote of the intent\'s latest attempt when it converted, and what it received in the settlement currency; stays after the payment. null when the latest attempt is in the intent\'s own currency'),
  }),
  CheckoutSession: z.strictObject({
    id: z.string(), object: z.literal('checkout_session'), url: z.string().describe('{checkout_url}/<id>: send the buyer there'),
    status: z.enum(SESSION_STATUSES), paymentIntentId: z.string().nullable(), priceId: z.string().nullable(),
    paymentLinkId: z.string().nullable().describe('the payment link whose visit made this session; null when made through the API'),
    amount: z.number().int(), currency: z.enum(CURRENCIES), successUrl: z.string().nullable(), cancelUrl: z.string().nullable(),
    locale: z.enum(LOCALES), metadata, expiresAt: ts, livemode: z.boolean(), createdAt: ts,
  }),
  PaymentLink: z.strictObject({
    id: z.string(), object: z.literal('payment_link'),
    url: z.string().describe('{checkout_url}/link/<id>: share it anywhere; each visit makes a new checkout session and answers 303 to it (410 once inactive)'),
    priceId: z.string(), active: z.boolean(), successUrl: z.string().nullable(), cancelUrl: z.string().nullable(),
    locale: z.enum(LOCALES), metadata, livemode: z.boolean(), createdAt: ts,
  }),
  Event: z.strictObject({
    id: z.string(), object: z.literal('event'), type: z.enum(EVENT_TYPES),
    data: z.strictObject({ object: z.object({ id: z.string(), object: z.string() }).loose().describe('the object as it was right after the change') }),
    livemode: z.boolean(), createdAt: ts,
  }),
  WebhookEndpoint: z.looseObject({
    id: z.string(), object: z.literal('webhook_endpoint'), url: z.string(), enabledEvents: z.array(z.string()),
    description: z.string().nullable(), status: z.enum(['enabled', 'disabled']),
    disabledReason: z.enum(['manual', 'http_410', 'retries_exhausted']).nullable(),
    previousSecretExpiresAt: ts.nullable(), livemode: z.boolean(), createdAt: ts,
    secret: z.string().optional().describe('whsec_...: only in the create and roll_secret answers'),
  }),
  WebhookDelivery: z.looseObject({
    id: z.string(), object: z.literal('webhook_delivery'), endpointId: z.string(), eventId: z.string(), eventType: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']), attemptCount: z.number().int(), nextAttemptAt: ts.nullable(),
    lastAttemptAt: ts.nullable(), lastResponseStatus: z.number().int().nullable(), lastError: z.string().nullable(),
    attempts: z.array(z.object({}).loose()), livemode: z.boolean(), createdAt: ts,
  }),
  ExchangeRate: z.strictObject({
    object: z.literal('exchange_rate'), from: z.enum(CONVERTIBLE_CURRENCIES).describe("the intent's currency"),
    to: z.enum(BASES).describe('the settlement currency (the rail\'s own)'),
    rate: z.string().describe('decimal string: units of `from` for one unit of `to` (e.g. "60000000": 1 BTC = 60,000,000 XOF), after the spread'),
    source: z.string().describe('"test" in test mode; live: the exchange, or "median:<exchanges>" when several answered'),
    fetchedAt: ts.describe('the newest exchange price the rate rests on (test mode: now)'),
  }),
  DeletedWebhookEndpoint: z.strictObject({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) }),
  Error: z.strictObject({
    error: z.strictObject({
      type: z.enum(['invalid_request_error', 'authentication_error', 'idempotency_error', 'rate_limit_error', 'api_error']),
      code: z.string().optional(), message: z.string(), param: z.string().optional(), requestId: z.string(),
    }),
  }),
} as const;

type ObjectName = keyof typeof RESPONSE_OBJECTS;

export interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  returns: ObjectName | `list:${ObjectName}`;
  idempotent?: boolean;
}

const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

export const OPERATIONS: Operation[] = [
  { method: 'post', path: '/v1/payment_intents', summary: 'Create a payment intent', body: createPaymentIntentInput, returns: 'PaymentIntent' },
  { method: 'get', path: '/v1/payment_intents', summary: 'List payment intents', query: listPaymentIntentsQuery, returns: 'list:PaymentIntent' },
  { method: 'get', path: '/v1/payment_intents/{id}', summary: 'Retrieve a payment intent', returns: 'PaymentIntent' },
  { method: 'post', path: '/v1/payment_intents/{id}/cancel', summary: 'Cancel a payment intent', description: 'Only from requires_payment_method; otherwise 409 unexpected_state. Its open checkout session expires.', returns: 'PaymentIntent' },
  { method: 'post', path: '/v1/checkout_sessions', summary: 'Create a checkout session', description: 'Give exactly one of paymentIntentId or priceId.', body: createCheckoutSessionInput, returns: 'CheckoutSession' },
  { method: 'get', path: '/v1/checkout_sessions', summary: 'List checkout sessions', query: listCheckoutSessionsQuery, returns: 'list:CheckoutSession' },
  { method: 'get', path: '/v1/checkout_sessions/{id}', summary: 'Retrieve a checkout session', returns: 'CheckoutSession' },
  { method: 'post', path: '/v1/checkout_sessions/{id}/expire', summary: 'Expire a checkout session', description: 'Not while a payment is pending (409). The intent, if still unpaid, fails.', returns: 'CheckoutSession' },
  { method: 'post', path: '/v1/products', summary: 'Create a product', body: createProductInput, returns: 'Product' },
  { method: 'get', path: '/v1/products', summary: 'List products', query: listProductsQuery, returns: 'list:Product' },
  { method: 'get', path: '/v1/products/{id}', summary: 'Retrieve a product', returns: 'Product' },
  { method: 'post', path: '/v1/products/{id}', summary: 'Update a product', description: 'metadata is merged; a key set to "" or null is removed.', body: updateProductInput, returns: 'Product' },
  { method: 'post', path: '/v1/prices', summary: 'Create a price', body: createPriceInput, returns: 'Price' },
  { method: 'get', path: '/v1/prices', summary: 'List prices', query: listPricesQuery, returns: 'list:Price' },
  { method: 'get', path: '/v1/prices/{id}', summary: 'Retrieve a price', returns: 'Price' },
  { method: 'post', path: '/v1/prices/{id}', summary: 'Update a price', description: 'Only active and metadata; amount, currency and product never change.', body: updatePriceInput, returns: 'Price' },
  { method: 'post', path: '/v1/payment_links', summary: 'Create a payment link', description: 'A URL under {checkout_url} to share anywhere (a chat message, a QR code on a shop counter). Each visit creates a new checkout session from the price, with the link\'s successUrl, cancelUrl and locale (the session\'s paymentLinkId names the link), and answers 303 to the session\'s url. The price must be this merchant\'s, in this mode, and active (and its product too). Visits are limited to 30 a minute per client address (429 page with Retry-After). Sessions made by visits that expired unpaid, with no payment intent, are deleted 24 h after they expired.', body: createPaymentLinkInput, returns: 'PaymentLink' },
  { method: 'get', path: '/v1/payment_links', summary: 'List payment links', query: listPaymentLinksQuery, returns: 'list:PaymentLink' },
  { method: 'get', path: '/v1/payment_links/{id}', summary: 'Retrieve a payment link', returns: 'PaymentLink' },
  { method: 'post', path: '/v1/payment_links/{id}', summary: 'Update a payment link', description: 'Only active and metadata (merged; a key set to "" or null is removed). An inactive link\'s url answers 410 with a page saying it is no longer available (as does a link whose price or product is inactive); reactivate it to take payments again.', body: updatePaymentLinkInput, returns: 'PaymentLink' },
  { method: 'post', path: '/v1/payment_intents/{id}/confirm', summary: 'Confirm a payment intent (collect without the hosted page)', description: 'Starts, or returns, the payer\'s attempt and answers nextAction. `rail` switches to another rail of the currency while requires_payment_method (or while pending at a redirect operator the payer left). `phone` (E.164 or national): required by push operators (MTN MoMo protocol: nextAction mobile_money_prompt), optional for redirect operators (Orange Money, Wave: nextAction redirect_to_url; with Wave only that number may pay). `returnUrl` (https): where a redirect operator sends the payer back when the intent has no checkout session. `{"resend": true}` alone sends a pending push again (at most 3 times, spaced, under the per-phone limits; 409 on redirect operators). 400 rail_not_configured when this deployment has no backend for the rail in this mode; 503 rail_unavailable when the rail\'s backend is down or refused.', body: confirmPaymentIntentInput, returns: 'PaymentIntent' },
  { method: 'post', path: '/v1/test_helpers/payment_intents/{id}/pay', summary: 'Test mode: pay a payment intent', description: 'Test keys only (404 with a live key). Optional amount for an under- or overpayment. Starts an attempt on the intent\'s rail if none.', body: testPayInput, returns: 'PaymentIntent' },
  { method: 'post', path: '/v1/test_helpers/payment_intents/{id}/fail', summary: 'Test mode: make the current attempt fail', description: 'Test keys only (404 with a live key).', returns: 'PaymentIntent' },
  { method: 'get', path: '/v1/exchange_rates', summary: 'List exchange rates', description: 'The rates a quote for an XOF, XAF or GNF intent paid over btc_lightning, btc_onchain or usdt_trc20 would use now, in the key\'s mode: test mode\'s fixed rates, or live rates (median of the exchanges\' EUR prices, at most 2 minutes old; XOF and XAF at the peg of 655.957 per EUR; GNF only when the operator configured a GNF rate). A pair without a fresh rate is left out (its converting rails answer 503 rail_unavailable). Filters from and to; not paginated.', query: listExchangeRatesQuery, returns: 'list:ExchangeRate' },
  { method: 'get', path: '/v1/events', summary: 'List events', description: 'Newest first; filter by type.', query: listEventsQuery, returns: 'list:Event' },
  { method: 'get', path: '/v1/events/{id}', summary: 'Retrieve an event', returns: 'Event' },
  { method: 'post', path: '/v1/webhook_endpoints', summary: 'Create a webhook endpoint', description: 'The answer carries the signing secret (whsec_...), this once. Live endpoints: https and public addresses only.', body: createEndpointInput, returns: 'WebhookEndpoint' },
  { method: 'get', path: '/v1/webhook_endpoints', summary: 'List webhook endpoints', query: listEndpointsQuery, returns: 'list:WebhookEndpoint' },
  { method: 'get', path: '/v1/webhook_endpoints/{id}', summary: 'Retrieve a webhook endpoint', returns: 'WebhookEndpoint' },
  { method: 'post', path: '/v1/webhook_endpoints/{id}', summary: 'Update a webhook endpoint', description: 'url, enabledEvents, description, disabled.', body: updateEndpointInput, returns: 'WebhookEndpoint' },
  { method: 'delete', path: '/v1/webhook_endpoints/{id}', summary: 'Delete a webhook endpoint', description: 'Its pending deliveries are dropped.', returns: 'DeletedWebhookEndpoint' },
  { method: 'post', path: '/v1/webhook_endpoints/{id}/roll_secret', summary: 'Roll the signing secret', description: 'The old secret keeps signing for expiresInSeconds (default 86400, at most 604800).', body: rollSecretInput, returns: 'WebhookEndpoint' },
  { method: 'get', path: '/v1/webhook_endpoints/{id}/deliveries', summary: 'List deliveries of an endpoint', query: listDeliveriesQuery, returns: 'list:WebhookDelivery' },
  { method: 'get', path: '/v1/webhook_endpoints/{id}/deliveries/{deliveryId}', summary: 'Retrieve a delivery', returns: 'WebhookDelivery' },
  { method: 'post', path: '/v1/webhook_endpoints/{id}/deliveries/{deliveryId}/retry', summary: 'Send a delivery again now', description: 'Same webhook-id; does not move the automatic schedule.', returns: 'WebhookDelivery' },
];

function jsonSchema(s: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function queryParameters(s: z.ZodType) {
  const schema = jsonSchema(s) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, p]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: p,
  }));
}

const ERROR_RESPONSES = {
  '400': 'Invalid request: parameter_missing, parameter_invalid, parameter_unknown, parameters_exclusive, amount_too_small, amount_too_large, rail_currency_mismatch, rail_not_configured, invalid_json (also a body nested deeper than 64), invalid_host, invalid_content_length, resource_missing (with param)',
  '402': 'payment_refused: the rail\'s backend refused this one payment request (e.g. the payer\'s number); try again or use another rail',
  '401': 'No, malformed, unknown or revoked API key',
  '404': 'No such object for this merchant and mode',
  '409': 'unexpected_state (transition not allowed) or idempotency_key_in_use',
  '408': 'Body not received within 10 s (request_timeout)',
  '413': 'Body over 64 KiB',
  '415': 'Body is not application/json',
  '422': 'Idempotency-Key reused with another body or path',
  '429': 'Rate limit (rate_limited), or too many payment prompts to one phone (phone_rate_limited: 3 a minute, 10 an hour, resends 30 s apart); see Retry-After',
  '503': 'rail_unavailable: the rail\'s backend is down or was just refused; try again later or use another rail',
  '500': 'A bug; the body carries only a request id',
};

export function openApiDocument(baseUrl: string): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(RESPONSE_OBJECTS)) schemas[name] = jsonSchema(s);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => idParam(m[1]!));
    const ref = (n: string) => ({ $ref: `#/components/schemas/${n}` });
    const okSchema = op.returns.startsWith('list:')
      ? {
          type: 'object',
          properties: { object: { const: 'list' }, data: { type: 'array', items: ref(op.returns.slice(5)) }, hasMore: { type: 'boolean' }, url: { type: 'string' } },
          required: ['object', 'data', 'hasMore', 'url'],
        }
      : ref(op.returns);
    const errors = Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([code, description]) => [code, { description, content: { 'application/json': { schema: ref('Error') } } }]),
    );
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      operationId: `${op.method}${op.path.replace(/[^a-zA-Z]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      parameters: [
        ...pathParams,
        ...(op.query ? queryParameters(op.query) : []),
        ...(op.method === 'post'
          ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Replays the first response for 24 h' }]
          : []),
      ],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } } : {}),
      responses: { '200': { description: 'OK', content: { 'application/json': { schema: okSchema } } }, ...errors },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Caisse API',
      version: 'v1',
      description:
        'Payments API for West and Central Africa: mobile money (XOF, XAF, GNF), Bitcoin Lightning and on-chain, USDT on TRON. ' +
        'Amounts are integers in minor units; timestamps are Unix seconds; field names are camelCase.',
    },
    servers: [{ url: baseUrl }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'sk_test_... or sk_live_...' } }, schemas },
    paths,
  };
}

