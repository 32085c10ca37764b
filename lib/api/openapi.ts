// OpenAPI 3.1, generated from the same zod schemas the handlers parse with. Response objects are
// described by zod schemas too (RESPONSE_OBJECTS); test/openapi.test.ts checks real responses
// against them, so the reference cannot drift from what the API answers.
import { z } from 'zod';
import { createCheckoutSessionInput, listCheckoutSessionsQuery, LOCALES } from '../domain/checkout-sessions';
import { createPaymentIntentInput, listPaymentIntentsQuery } from '../domain/payment-intents';
import { createPriceInput, listPricesQuery, updatePriceInput } from '../domain/prices';
import { createProductInput, listProductsQuery, updateProductInput } from '../domain/products';
import { CURRENCIES, RAILS } from '../domain/money';
import { INTENT_STATUSES, SESSION_STATUSES } from '../domain/transitions';

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
  PaymentIntent: z.looseObject({
    id: z.string(), object: z.literal('payment_intent'), amount: z.number().int().describe('minor units'),
    amountReceived: z.number().int(), currency: z.enum(CURRENCIES), status: z.enum(INTENT_STATUSES), rail: z.enum(RAILS),
    reference: z.string().nullable(), description: z.string().nullable(), metadata,
    lastPaymentError: z.object({ code: z.string(), message: z.string(), rail: z.enum(RAILS).nullable() }).nullable(),
    canceledAt: ts.nullable(), livemode: z.boolean(), createdAt: ts,
  }),
  CheckoutSession: z.strictObject({
    id: z.string(), object: z.literal('checkout_session'), url: z.string().describe('{checkout_url}/<id>: send the buyer there'),
    status: z.enum(SESSION_STATUSES), paymentIntentId: z.string().nullable(), priceId: z.string().nullable(),
    amount: z.number().int(), currency: z.enum(CURRENCIES), successUrl: z.string().nullable(), cancelUrl: z.string().nullable(),
    locale: z.enum(LOCALES), metadata, expiresAt: ts, livemode: z.boolean(), createdAt: ts,
  }),
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
  '400': 'Invalid request: parameter_missing, parameter_invalid, parameter_unknown, parameters_exclusive, amount_too_small, amount_too_large, rail_currency_mismatch, invalid_json, resource_missing (with param)',
  '401': 'No, malformed, unknown or revoked API key',
  '404': 'No such object for this merchant and mode',
  '409': 'unexpected_state (transition not allowed) or idempotency_key_in_use',
  '413': 'Body over 64 KiB',
  '415': 'Body is not application/json',
  '422': 'Idempotency-Key reused with another body or path',
  '429': 'Rate limit; see Retry-After',
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

