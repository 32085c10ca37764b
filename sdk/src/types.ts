// Names for the document's types (sdk/src/schema.ts, generated): what a merchant's code writes.
import type { components, operations } from './schema.js';

type Schemas = components['schemas'];

export type PaymentIntent = Schemas['PaymentIntent'];
export type CheckoutSession = Schemas['CheckoutSession'];
export type Product = Schemas['Product'];
export type Price = Schemas['Price'];
export type PaymentLink = Schemas['PaymentLink'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
/** The create and roll_secret answers: the endpoint with its signing secret (shown this once). */
export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
export type DeletedWebhookEndpoint = Schemas['DeletedWebhookEndpoint'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type ExchangeRate = Schemas['ExchangeRate'];
export type AddressGap = Schemas['AddressGap'];
/** A merchant's own account on a rail: its secrets only as `last4` and `fingerprint`. */
export type RailAccount = Schemas['RailAccount'];
export type Refund = Schemas['Refund'];
export type BalanceTransaction = Schemas['BalanceTransaction'];
export type Balance = Schemas['Balance'];
export type Account = Schemas['Account'];
/** A report of the ledger over days (`frr_...`); its file once `succeeded`. */
export type ReportRun = Schemas['ReportRun'];
/** The settings of each kind of rail account (create's `settings` is one of them). */
export type RailAccountSettingsMtnMomo = Schemas['RailAccountSettingsMtnMomo'];
export type RailAccountSettingsOrangeMoney = Schemas['RailAccountSettingsOrangeMoney'];
export type RailAccountSettingsWave = Schemas['RailAccountSettingsWave'];
export type RailAccountSettingsLightning = Schemas['RailAccountSettingsLightning'];
export type RailAccountSettingsBitcoinOnchain = Schemas['RailAccountSettingsBitcoinOnchain'];
export type RailAccountSettingsUsdtTrc20 = Schemas['RailAccountSettingsUsdtTrc20'];
export type Quote = Schemas['Quote'];
export type LastPaymentError = Schemas['LastPaymentError'];

/** What the payer must do now: narrow on `type` (`mobile_money_prompt`, `redirect_to_url`, ...). */
export type NextAction = Schemas['NextAction'];
export type NextActionType = NextAction['type'];

/** An event (also every webhook body): narrow on `type`, and `data.object` is the object it names. */
export type Event = Schemas['Event'];
export type EventType = Event['type'];
/**
 * The event variant that carries type T: `EventOf<'payment_intent.succeeded'>` is the payment-intent
 * event (its `data.object` a PaymentIntent). Narrowing `event.type === 'payment_intent.succeeded'`
 * gives the same type.
 */
export type EventOf<T extends EventType> = Event extends infer E ? (E extends { type: infer U } ? (T extends U ? E : never) : never) : never;

export type Currency = PaymentIntent['currency'];
export type Rail = PaymentIntent['rail'];
export type PaymentIntentStatus = PaymentIntent['status'];

/** The error body's fields (`{"error": {...}}`). */
export type ApiErrorBody = Schemas['Error']['error'];
/** Every `error.code` the document lists (absent only on a 500). */
export type ErrorCode = NonNullable<ApiErrorBody['code']>;
export type ErrorType = ApiErrorBody['type'];

/** A page of a list: newest first; `hasMore` says whether another page follows. */
export interface List<T> {
  object: 'list';
  data: T[];
  hasMore: boolean;
  url: string;
}

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON request body of an operation (by its operationId). */
export type RequestBody<Op extends keyof operations> = JsonBody<NonNullable<operations[Op]['requestBody']>>;
/** The query parameters of an operation (by its operationId). */
export type QueryParams<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type PaymentIntentCreateParams = RequestBody<'createPaymentIntent'>;
export type PaymentIntentConfirmParams = RequestBody<'confirmPaymentIntent'>;
export type PaymentIntentListParams = QueryParams<'listPaymentIntents'>;
export type TestPayParams = RequestBody<'testPayPaymentIntent'>;
export type CheckoutSessionCreateParams = RequestBody<'createCheckoutSession'>;
export type CheckoutSessionListParams = QueryParams<'listCheckoutSessions'>;
export type ProductCreateParams = RequestBody<'createProduct'>;
export type ProductUpdateParams = RequestBody<'updateProduct'>;
export type ProductListParams = QueryParams<'listProducts'>;
export type PriceCreateParams = RequestBody<'createPrice'>;
export type PriceUpdateParams = RequestBody<'updatePrice'>;
export type PriceListParams = QueryParams<'listPrices'>;
export type PaymentLinkCreateParams = RequestBody<'createPaymentLink'>;
export type PaymentLinkUpdateParams = RequestBody<'updatePaymentLink'>;
export type PaymentLinkListParams = QueryParams<'listPaymentLinks'>;
export type EventListParams = QueryParams<'listEvents'>;
export type ExchangeRateListParams = QueryParams<'listExchangeRates'>;
export type WebhookEndpointCreateParams = RequestBody<'createWebhookEndpoint'>;
export type WebhookEndpointUpdateParams = RequestBody<'updateWebhookEndpoint'>;
export type WebhookEndpointListParams = QueryParams<'listWebhookEndpoints'>;
export type WebhookEndpointRollSecretParams = RequestBody<'rollWebhookEndpointSecret'>;
export type WebhookDeliveryListParams = QueryParams<'listWebhookDeliveries'>;
export type RailAccountCreateParams = RequestBody<'createRailAccount'>;
export type RailAccountUpdateParams = RequestBody<'updateRailAccount'>;
export type RailAccountListParams = QueryParams<'listRailAccounts'>;
export type RefundCreateParams = RequestBody<'createRefund'>;
export type RefundListParams = QueryParams<'listRefunds'>;
export type BalanceTransactionListParams = QueryParams<'listBalanceTransactions'>;
export type AccountUpdateParams = RequestBody<'updateAccount'>;
export type RefundMarkSucceededParams = RequestBody<'markRefundSucceeded'>;
export type TestClaimRefundParams = NonNullable<RequestBody<'testClaimRefund'>>;
export type ReportRunCreateParams = RequestBody<'createReportRun'>;
export type ReportRunListParams = QueryParams<'listReportRuns'>;
