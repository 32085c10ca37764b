// OpenAPI 3.1, generated from the same zod schemas the handlers parse with. Response objects are
// described by zod schemas too (RESPONSE_OBJECTS); test/openapi.test.ts checks real responses
// against them, so the reference cannot drift from what the API answers.
import { z } from 'zod';
import { MOMO_PROTOCOLS } from '../config';
import { updateAccountInput } from '../domain/account';
import { ACTOR_TYPES, AUDIT_ACTIONS, listAuditEventsQuery } from '../domain/audit';
import { listBalanceTransactionsQuery } from '../domain/balance-transactions';
import { createCheckoutSessionInput, LOCALES, listCheckoutSessionsQuery } from '../domain/checkout-sessions';
import { EVENT_TYPES, type EventType, listEventsQuery } from '../domain/events';
import { listExchangeRatesQuery } from '../domain/exchange-rates';
import { createPaymentIntentInput, listPaymentIntentsQuery } from '../domain/payment-intents';
import { createPaymentLinkInput, listPaymentLinksQuery, updatePaymentLinkInput } from '../domain/payment-links';
import { PHONE_PROMPTS_PER_HOUR, PROMPTS_BEYOND_CEILING, PROMPTS_PER_HOUR, PROMPTS_PER_MINUTE, RESEND_SPACING_SECONDS } from '../domain/phone-limits';
import { createPriceInput, listPricesQuery, updatePriceInput } from '../domain/prices';
import { createProductInput, listProductsQuery, updateProductInput } from '../domain/products';
import { createRailAccountInput, listRailAccountsQuery, PREVIEW_ADDRESSES, updateRailAccountInput } from '../domain/rail-accounts';
import { createRefundInput, listRefundsQuery, markRefundSucceededInput, REFUND_REASONS } from '../domain/refunds';
import { INTENT_STATUSES, REFUND_STATUSES, SESSION_STATUSES } from '../domain/transitions';
import { ADDRESS_RAILS, CONVERTING_RAILS, CURRENCIES, RAILS } from '../money';
import { confirmPaymentIntentInput } from '../payments/confirm';
import { testPayInput } from '../payments/test-helpers';
import { type AccountField, fieldsOfKind, SETTINGS_KINDS, type SettingsKind } from '../rails/accounts';
import { DEFAULT_PROTOCOL } from '../rails/mobile-money/operators';
import { BASES, CONVERTIBLE_CURRENCIES } from '../rates';
import { ITEM_KINDS, ITEM_REASONS, ITEM_RESOLUTIONS, RECONCILIATION_STATUSES } from '../reconcile/objects';
import { createReconciliationInput, listReconciliationItemsQuery, listReconciliationsQuery } from '../reconcile/reconciliations';
import { testClaimInput } from '../refunds/test-helpers';
import { BALANCE_TRANSACTIONS_COLUMNS, DAILY_SUMMARY_COLUMNS } from '../reports/file';
import { createReportRunInput, listReportRunsQuery, MAX_REPORT_DAYS, REPORT_STATUSES, REPORT_TYPES } from '../reports/runs';
import { secretHint } from '../secrets';
import { BALANCE_TRANSACTION_TYPES } from '../store/ledger';
import { listDeliveriesQuery } from '../webhooks/deliveries';
import { createEndpointInput, listEndpointsQuery, rollSecretInput, updateEndpointInput } from '../webhooks/endpoints';

/** The rails said in prose ("a, b or c"), from the catalog. */
const CONVERTING = RAILS.filter((r) => CONVERTING_RAILS[r]);
const inWords = (rails: readonly string[], last: string) => `${rails.slice(0, -1).join(', ')} ${last} ${rails.at(-1)}`;

const metadata = z.record(z.string(), z.string());
const ts = z.number().int().min(0).describe('Unix timestamp, seconds');
const minor = z.number().int().min(0).describe('minor units');

/** The codes `lastPaymentError.code` takes (the rails' adapters, lib/payments: decide.ts, expire.ts, choose-rail.ts, start-attempt.ts). */
export const LAST_PAYMENT_ERROR_CODES = [
  'payment_declined', // the payer declined (or pressed Decline on the test operator page)
  'insufficient_funds',
  'timeout', // the payer did not approve in time, the attempt or quote expired unpaid
  'invalid_phone', // no mobile-money account for this number
  'limit_exceeded', // the payer's mobile-money limit
  'payment_failed', // any other failure the rail reports
  'payment_refused', // our backend refused this one request
  'rail_unavailable', // the rail's backend was down when the attempt started
  'payment_dropped', // a payment seen on chain was replaced or dropped
  'payment_reversed',
  'payment_abandoned', // the payer left a redirect operator's page and chose another method
  'underpaid',
  'session_expired',
] as const;

/** The codes `error.code` takes (lib/api/*, lib/api/router.ts, lib/domain, lib/money.ts, lib/webhooks); absent only on a 500. */
export const ERROR_CODES = [
  'parameter_missing',
  'parameter_invalid',
  'parameter_unknown',
  'parameters_exclusive',
  'amount_too_small',
  'amount_too_large',
  'rail_currency_mismatch',
  'rail_not_configured',
  'invalid_json',
  'invalid_content_length',
  'invalid_host',
  'request_aborted',
  'request_timeout',
  'request_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'resource_missing',
  'webhook_endpoint_limit',
  'invalid_api_key',
  'rate_limited',
  'phone_rate_limited',
  'address_limit_reached',
  'idempotency_key_in_use',
  'idempotency_key_reused',
  'unexpected_state',
  'payment_refused',
  'rail_unavailable',
  'rail_account_invalid',
  'rail_account_exists',
  'encryption_key_missing',
  'refund_unsupported',
  'invalid_destination',
  'wrong_network',
  'amount_mismatch',
  'invoice_expired',
  'operator_reference_invalid',
  'destination_in_use',
  'report_not_ready',
  // Issue 29: a restricted key without the route's permission (lib/api/route.ts).
  'permission_denied',
  // Issue 29: rail account approvals (lib/domain/rail-account-changes.ts).
  'rail_account_change_pending',
  'two_owners_required',
] as const;

const Quote = z
  .strictObject({
    amount: minor.describe('settlement currency minor units (sats, or USDT millionths)'),
    currency: z.enum(BASES).describe('the settlement currency: BTC or USDT'),
    rate: z.string().describe("decimal string: units of the intent's currency for one unit of the settlement currency"),
    expiresAt: ts,
  })
  .describe("The quote this attempt locked when it converts (an XOF, XAF or GNF intent paid in BTC or USDT); the action's amounts are then the quote's");
const quote = Quote.nullable().describe('null when the attempt does not convert');
/** Lightning invoices, mobile-money prompts and operator pages always end: a number there. */
const expiresAt = ts.describe('until when this action is good for');
/** An address: until when a payment to it counts for this attempt; null when the rail sets no limit. */
const addressExpiresAt = ts.nullable().describe('until when a payment to the address counts for this attempt; null when the rail sets no limit');
/**
 * The body of an operation that takes no parameters (cancel, expire, the test helper fail, a
 * delivery retry): the route accepts `{}` or no body and refuses any property (lib/api/route.ts
 * rejectBody), so the document declares exactly that: an optional, empty, closed object.
 */
const noParameters = z.strictObject({}).describe('No parameters: send `{}` or no body');
const decimal = (what: string) => z.string().describe(`${what}, a decimal string (not minor units); after an underpayment, the amount still due`);

export const NEXT_ACTIONS = {
  NextActionMobileMoneyPrompt: z
    .strictObject({ type: z.literal('mobile_money_prompt'), phone: z.string(), operator: z.string(), ussdCode: z.string(), expiresAt, quote })
    .describe('Push operators (MTN MoMo protocol): the payer approves a prompt on the phone, or dials ussdCode'),
  NextActionRedirectToUrl: z
    .strictObject({
      type: z.literal('redirect_to_url'),
      url: z.string(),
      operator: z.string(),
      phone: z.string().nullable().describe('null when none was given'),
      expiresAt,
      quote,
    })
    .describe("Redirect operators (Orange Money, Wave): send the payer to url; in test mode it is Caisse's test operator page"),
  NextActionLightningInvoice: z
    .strictObject({
      type: z.literal('lightning_invoice'),
      invoice: z.string().describe('BOLT11'),
      uri: z.string().describe('lightning:<invoice>'),
      expiresAt,
      quote,
    })
    .describe('btc_lightning: pay the invoice'),
  NextActionBitcoinAddress: z
    .strictObject({
      type: z.literal('bitcoin_address'),
      address: z.string(),
      amount: decimal('BTC'),
      uri: z.string().describe('BIP21'),
      confirmations: z.number().int().min(0),
      requiredConfirmations: z.number().int().min(1),
      expiresAt: addressExpiresAt,
      quote,
    })
    .describe('btc_onchain: send amount to address'),
  NextActionTronAddress: z
    .strictObject({
      type: z.literal('tron_address'),
      address: z.string(),
      amount: decimal('USDT'),
      network: z.literal('TRC20'),
      contract: z.string().describe('the USDT TRC20 contract address'),
      expiresAt: addressExpiresAt,
      quote,
    })
    .describe('usdt_trc20: send amount of USDT (TRC20) to address'),
} as const;

export const NextAction = z
  .discriminatedUnion('type', [
    NEXT_ACTIONS.NextActionMobileMoneyPrompt,
    NEXT_ACTIONS.NextActionRedirectToUrl,
    NEXT_ACTIONS.NextActionLightningInvoice,
    NEXT_ACTIONS.NextActionBitcoinAddress,
    NEXT_ACTIONS.NextActionTronAddress,
  ])
  .describe('What the payer must do, by type');

const LastPaymentError = z.strictObject({
  code: z.enum(LAST_PAYMENT_ERROR_CODES),
  message: z.string(),
  rail: z.enum(RAILS).nullable(),
});

const Product = z.strictObject({
  id: z.string(),
  object: z.literal('product'),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  metadata,
  livemode: z.boolean(),
  createdAt: ts,
});
const Price = z.strictObject({
  id: z.string(),
  object: z.literal('price'),
  productId: z.string(),
  currency: z.enum(CURRENCIES),
  unitAmount: minor,
  active: z.boolean(),
  metadata,
  livemode: z.boolean(),
  createdAt: ts,
});
const PaymentIntent = z.strictObject({
  id: z.string(),
  object: z.literal('payment_intent'),
  amount: minor,
  amountReceived: minor.describe("minor units of the intent's currency"),
  currency: z.enum(CURRENCIES),
  status: z.enum(INTENT_STATUSES),
  rail: z.enum(RAILS),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  metadata,
  lastPaymentError: LastPaymentError.nullable(),
  amountRefunded: minor.describe("what succeeded refunds gave back, in the intent's currency"),
  canceledAt: ts.nullable(),
  livemode: z.boolean(),
  createdAt: ts,
  nextAction: NextAction.nullable().describe('What the payer must do now; null when nothing'),
  latestQuote: z
    .strictObject({
      amount: minor,
      currency: z.enum(BASES).describe('the settlement currency: BTC or USDT'),
      rate: z.string(),
      expiresAt: ts,
      received: minor.describe('what the attempt received, settlement minor units'),
    })
    .nullable()
    .describe(
      "The quote of the intent's latest attempt when it converted, and what it received in the settlement currency; stays after the payment. null when the latest attempt is in the intent's own currency",
    ),
  railAccountId: z
    .string()
    .nullable()
    .describe(
      "The merchant's own rail account (`ra_...`) its latest attempt went to, whose backend holds the money; null for the deployment's account (a platform account, or test mode's simulator) and before any attempt",
    ),
});
const CheckoutSession = z.strictObject({
  id: z.string(),
  object: z.literal('checkout_session'),
  url: z.string().describe('{checkout_url}/<id>: send the buyer there'),
  status: z.enum(SESSION_STATUSES),
  paymentIntentId: z.string().nullable(),
  priceId: z.string().nullable(),
  paymentLinkId: z.string().nullable().describe('the payment link whose visit made this session; null when made through the API'),
  amount: minor,
  currency: z.enum(CURRENCIES),
  successUrl: z.string().nullable(),
  cancelUrl: z.string().nullable(),
  locale: z.enum(LOCALES),
  metadata,
  expiresAt: ts,
  livemode: z.boolean(),
  createdAt: ts,
});
const PaymentLink = z.strictObject({
  id: z.string(),
  object: z.literal('payment_link'),
  url: z.string().describe('{checkout_url}/link/<id>: share it anywhere; each visit makes a new checkout session and answers 303 to it (410 once inactive)'),
  priceId: z.string(),
  active: z.boolean(),
  successUrl: z.string().nullable(),
  cancelUrl: z.string().nullable(),
  locale: z.enum(LOCALES),
  metadata,
  livemode: z.boolean(),
  createdAt: ts,
});

/** How the document names each kind of rail account settings, and what it is. */
const SETTINGS_SCHEMAS: Record<SettingsKind, { name: string; what: string }> = {
  mtn_momo: { name: 'RailAccountSettingsMtnMomo', what: 'An MTN MoMo account (protocol `mtn_momo`: the Collection API, RequestToPay)' },
  orange_money: { name: 'RailAccountSettingsOrangeMoney', what: 'An Orange Money account (protocol `orange_money`: Web Payment)' },
  wave: { name: 'RailAccountSettingsWave', what: 'A Wave Business account (protocol `wave`: Checkout)' },
  btc_lightning: { name: 'RailAccountSettingsLightning', what: '`btc_lightning`: your LND node, with a macaroon that can create invoices and cannot spend' },
  btc_onchain: {
    name: 'RailAccountSettingsBitcoinOnchain',
    what: "`btc_onchain`: your wallet's BIP84 account key (Caisse derives receive addresses from it and cannot spend) and the Esplora server to watch the chain with",
  },
  usdt_trc20: {
    name: 'RailAccountSettingsUsdtTrc20',
    what: "`usdt_trc20`: your wallet's TRON account key (Caisse derives receive addresses from it and cannot spend) and TronGrid",
  },
};
const SECRET_NOTE = 'Secret: write-only, never returned; answers show its `last4` and `fingerprint` under `secrets`.';
/** Where the dashboard's words (lib/rails/accounts.ts, written for its form) do not fit an API reference. */
const API_HELP: Record<string, string> = {
  'mtn_momo.callbackUrl':
    "Sent with each RequestToPay as X-Callback-Url, so that MTN notifies Caisse at once: this account's `notifyUrl` (known once the account exists: set it with an update). Only when your API user's callback host (providerCallbackHost) is Caisse's host; without it Caisse asks MTN for the status, and payments complete all the same.",
  'wave.webhookSecret':
    "The signing secret Wave shows for the webhook you register in the Wave Business portal at this account's `notifyUrl`: create the account without it, register the webhook there, then update this setting with its secret. Until then Wave's notifications are refused and payments are found by asking Wave, seconds later.",
};
const sentence = (t: string) => (/[.!?]$/.test(t.trim()) ? t.trim() : `${t.trim()}.`);

/** One setting as the API takes it (lib/domain/rail-accounts.ts parses it; the rail's own definition checks it further). */
function settingSchema(f: AccountField, description = `${f.label.en}: ${sentence(f.help.en)}`): z.ZodType {
  switch (f.kind) {
    case 'url':
      return z.string().max(2048).describe(`${description} An http(s) URL.`);
    case 'integer':
      return z.number().int().positive().describe(description);
    case 'currencies':
      return z
        .array(z.enum(['XOF', 'XAF', 'GNF']))
        .min(1)
        .describe(description);
    case 'pem':
      return z.string().max(20_000).describe(`${description} PEM (-----BEGIN CERTIFICATE-----...).`);
    case 'secret':
      return z
        .string()
        .min(1)
        .max(8192)
        .meta({ writeOnly: true, description: `${description} ${SECRET_NOTE}` });
    default:
      return z.string().min(1).max(500).describe(description);
  }
}

/** The component name of each kind of settings (the /docs guide links to them). */
export const RAIL_ACCOUNT_SETTINGS_NAMES = Object.fromEntries(SETTINGS_KINDS.map((k) => [k, SETTINGS_SCHEMAS[k].name])) as Record<SettingsKind, string>;

/** Each kind of settings as a named object (create's `settings` is one of them). */
export const RAIL_ACCOUNT_SETTINGS = Object.fromEntries(
  SETTINGS_KINDS.map((kind) => [
    SETTINGS_SCHEMAS[kind].name,
    z
      .strictObject(
        Object.fromEntries(
          fieldsOfKind(kind)
            .filter((f) => !f.top)
            .map((f) => {
              const help = API_HELP[`${kind}.${f.name}`];
              const s = help ? settingSchema(f, `${f.label.en}: ${help}`) : settingSchema(f);
              return [f.name, f.required ? s : s.optional()];
            }),
        ),
      )
      .describe(
        `${SETTINGS_SCHEMAS[kind].what}. The settings ${'`'}POST /v1/rail_accounts${'`'} takes; unknown ones are refused (400 naming ${'`'}settings.<name>${'`'})`,
      ),
  ]),
) as Record<string, z.ZodType>;

/** An update's `settings`: any setting of any rail, each optional (a secret left out is kept), null removing an optional one. */
const UPDATE_SETTINGS = (() => {
  const byName = new Map<string, { field: AccountField; labels: Set<string>; kinds: string[]; optional: boolean }>();
  for (const kind of SETTINGS_KINDS)
    for (const f of fieldsOfKind(kind).filter((x) => !x.top)) {
      const e = byName.get(f.name) ?? { field: f, labels: new Set<string>(), kinds: [], optional: false };
      e.labels.add(f.label.en);
      e.kinds.push(kind);
      e.optional ||= !f.required;
      byName.set(f.name, e);
    }
  return z.strictObject(
    Object.fromEntries(
      [...byName].map(([name, e]) => {
        const s = settingSchema(
          e.field,
          `${[...e.labels].join(' / ')} (${e.kinds.join(', ')}).${e.optional ? ' `null` removes it where it is optional.' : ''}`,
        );
        return [name, (e.optional ? s.nullable() : s).optional()];
      }),
    ),
  );
})();

const PendingChange = z
  .strictObject({
    id: z.string().describe('rachg_...: the change'),
    action: z
      .enum(['create', 'update', 'disable', 'approval_off'])
      .describe(
        "create: connecting the account (it is made once approved); update: a new version or name of the account; disable; approval_off: turning the account's railAccountApproval off",
      ),
    status: z.enum(['pending_approval', 'approved', 'rejected', 'canceled', 'superseded']).describe('pending_approval while it waits'),
    requestedBy: z
      .strictObject({
        type: z.enum(['user', 'key', 'system']),
        id: z.string().nullable().describe('a user_... or key_... id; null for Caisse itself'),
        label: z.string().nullable().describe("a user's e-mail, or a key's prefix and last four (sk_live_…AbCd)"),
      })
      .describe('who asked for it: an owner other than them approves or rejects it'),
    createdAt: ts,
  })
  .describe(
    "A change waiting for the approval of an owner other than its author (your account's railAccountApproval is on): approved or rejected on the dashboard's Payment methods page. Never its settings or secrets",
  );

const RailAccount = z.strictObject({
  id: z.string(),
  object: z.literal('rail_account'),
  rail: z.enum(RAILS),
  protocol: z.enum(MOMO_PROTOCOLS).nullable().describe('Mobile money: the operator API the rail speaks on this deployment; null for the other rails'),
  displayName: z.string().nullable(),
  status: z
    .enum(['active', 'disabled', 'pending_approval'])
    .describe(
      "active: new payments on the rail use it; disabled: no new payment does; pending_approval: not made yet, its creation waits for another owner's approval (your account's railAccountApproval): the rail's payments go where they went until then, and the account becomes active, with this id, once approved",
    ),
  version: z.number().int().describe('Each change of its settings, limits or name makes a new version; an attempt keeps the version that made it'),
  currencies: z
    .array(z.enum(CURRENCIES))
    .describe("The currencies it takes: a mobile-money account's (its `currencies`, else its operator's), else the rail's"),
  minAmount: minor.nullable().describe('Mobile money: the smallest amount your contract with the operator takes (minor units); null when not set'),
  maxAmount: minor.nullable().describe('Mobile money: the largest amount your contract with the operator takes (minor units); null when not set'),
  amountStep: minor.nullable().describe('Mobile money: amounts must be a multiple of it; null when not set (any amount)'),
  settings: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
    .describe("The account's settings that are not secrets, as given (the rail's RailAccountSettings object without its secrets)"),
  secrets: z
    .record(z.string(), z.strictObject({ last4: z.string(), fingerprint: z.string() }))
    .describe(
      'Each secret as it may be shown: its last four characters (empty for a secret under 16 characters) and a fingerprint (12 hex digits of an HMAC under a key of this deployment: the same secret shows the same fingerprint, and a fingerprint gives nothing of the secret away). Never the secret',
    ),
  notifyUrl: z
    .string()
    .nullable()
    .describe(
      "Mobile money: where the operator posts notifications for this account, verified with its secrets (Wave: the webhook URL to register; MTN: the `callbackUrl` setting to give when your API user's callback host is Caisse's); null for the other rails",
    ),
  metadata,
  receiveAddresses: z
    .array(z.string())
    .describe(
      `Address rails (btc_onchain, usdt_trc20): the first ${PREVIEW_ADDRESSES} receive addresses the account key gives (indexes 0 to ${PREVIEW_ADDRESSES - 1} of the receive chain), to compare with your wallet's before a buyer pays; empty otherwise`,
    ),
  livemode: z.boolean(),
  createdAt: ts,
  updatedAt: ts,
  disabledAt: ts.nullable(),
  pendingChange: PendingChange.nullable().describe(
    "Its creation, a change or its disabling waiting for another owner's approval (your account's railAccountApproval); null when none. Until it is approved, the account (and every new payment) stays as it is",
  ),
});

export const REFUND_NEXT_ACTIONS = {
  RefundNextActionClaim: z
    .strictObject({
      type: z.literal('refund_claim'),
      claimUrl: z.string().describe('{checkout_url}/refund/<token>: send it to the payer, who gives a Lightning invoice or an address there'),
      expiresAt: ts.describe('until when the payer can claim; then the refund is canceled (`failureReason` `claim_expired`)'),
    })
    .describe('Lightning, on-chain, USDT: the payer says where the money goes, on the claim page'),
  RefundNextActionManual: z
    .strictObject({ type: z.literal('manual_refund'), instructions: z.string().describe("what to do in the operator's merchant portal") })
    .describe(
      'The operator has no refund API (Orange Money; a partial Wave refund without payouts): refund in its portal, then POST /v1/refunds/:id/mark_succeeded with its transaction id',
    ),
  RefundNextActionSendPayment: z
    .strictObject({
      type: z.literal('send_payment'),
      destination: z.string().describe("the payer's invoice or address"),
      amount: minor.describe('exactly this, in the settlement currency (sats, USDT millionths)'),
      currency: z.enum(CURRENCIES),
      uri: z.string().describe('a wallet URI (lightning:, bitcoin:...) for a QR code'),
      expiresAt: ts.nullable().describe('a Lightning invoice: until when it can be paid (then the payer is asked again); null for an address'),
    })
    .describe(
      'The payer claimed it and your account cannot pay by itself: pay it from your wallet, then POST /v1/refunds/:id/mark_succeeded with the txid (on-chain, TRON) or the preimage (Lightning): Caisse checks it at the backend',
    ),
};
const RefundNextAction = z
  .discriminatedUnion('type', [
    REFUND_NEXT_ACTIONS.RefundNextActionClaim,
    REFUND_NEXT_ACTIONS.RefundNextActionManual,
    REFUND_NEXT_ACTIONS.RefundNextActionSendPayment,
  ])
  .describe('What must happen for a `requires_action` refund');

const Refund = z.strictObject({
  id: z.string(),
  object: z.literal('refund'),
  paymentIntentId: z.string(),
  amount: minor.describe("in the intent's currency, minor units"),
  currency: z.enum(CURRENCIES).describe("the intent's"),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS).nullable(),
  rail: z.enum(RAILS).describe('the rail of the payment it gives back'),
  railAccountId: z.string().nullable().describe("your rail account the money leaves (the payment's); null for the deployment's"),
  settlementAmount: minor.describe('what leaves on the rail: francs, sats or USDT millionths'),
  settlementCurrency: z.enum(CURRENCIES),
  rate: z
    .string()
    .nullable()
    .describe("a converted payment: units of the intent's currency for one unit of the settlement currency (decimal string); null otherwise"),
  rateSource: z.enum(['quote', 'current']).nullable().describe("a converted payment: the payment's quote, or the rate of the refund's creation"),
  nextAction: RefundNextAction.nullable().describe('what must happen now; null unless `requires_action`'),
  operatorReference: z.string().nullable().describe("the backend's id of the transfer, or the proof you recorded"),
  failureReason: z.string().nullable().describe('why it failed or was canceled (refund_declined, insufficient_funds, claim_expired...)'),
  failureMessage: z.string().nullable(),
  metadata,
  livemode: z.boolean(),
  createdAt: ts,
});

const BalanceTransaction = z.strictObject({
  id: z.string(),
  object: z.literal('balance_transaction'),
  type: z
    .enum(BALANCE_TRANSACTION_TYPES)
    .describe(
      'payment (what the intent was owed), overpayment (beyond it), late_payment (on an intent that had ended), refund, refund_reversal, adjustment (money reversed on chain)',
    ),
  source: z.string().describe('the payment intent (pi_...) or the refund (re_...) that moved the money'),
  paymentIntentId: z.string(),
  rail: z.enum(RAILS),
  railAccountId: z.string().nullable().describe("your rail account the money moved in; null for the deployment's"),
  platformAccount: z.boolean().describe("true when it moved in the deployment's own account (the platform owes it to you)"),
  amount: z.number().int().describe('as moved on the rail (francs, sats, USDT millionths): in positive, out negative'),
  currency: z.enum(CURRENCIES),
  amountInIntentCurrency: z.number().int().describe("the same money in the intent's currency, minor units (a converted payment: at its quote)"),
  intentCurrency: z.enum(CURRENCIES),
  rate: z.string().nullable().describe('intent units for one unit of `currency` (decimal string: the quote of a converted payment); null without conversion'),
  livemode: z.boolean(),
  createdAt: ts,
});

// Reconciliation against the backends (issue 28 point 4).
const ReconciliationItem = z.strictObject({
  id: z.string().describe('recitem_...'),
  object: z.literal('reconciliation_item'),
  reconciliationId: z.string(),
  kind: z
    .enum(ITEM_KINDS)
    .describe(
      'missing_in_caisse: the backend has money Caisse had not recorded; missing_at_backend: Caisse has money the backend does not; amount_differs: both, not the same',
    ),
  reason: z.enum(ITEM_REASONS).describe('why, as a program reads it (explanation says it in words)'),
  resolution: z
    .enum(ITEM_RESOLUTIONS)
    .describe(
      'credited: credited through the normal settle path, the ledger now matches; needs_review: nothing was changed, look at it; outside_caisse: money moved at the backend that Caisse did not make',
    ),
  rail: z.enum(RAILS),
  railAccountId: z.string().nullable().describe("your rail account; null for the deployment's"),
  backendRef: z.string().nullable().describe("the backend's reference: a payment hash, a Wave session or transaction id, an operator reference, an address"),
  paymentIntentId: z.string().nullable(),
  attemptId: z.string().nullable(),
  refundId: z.string().nullable(),
  caisse: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("what Caisse holds: amount (as moved on the rail; a refund's negative), currency, ledgerLines, the attempt's or refund's status; null: nothing"),
  backend: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('what the backend says: amount (money out negative), currency, state, or its own id and time; null: it has no record'),
  explanation: z.string().describe('the difference in one English sentence'),
  livemode: z.boolean(),
  createdAt: ts,
});

const Reconciliation = z.strictObject({
  id: z.string().describe('recon_...'),
  object: z.literal('reconciliation'),
  status: z.enum(RECONCILIATION_STATUSES).describe('pending until the worker completes it; failed when a backend could not be read (failure says which)'),
  origin: z.enum(['api', 'daily']).describe("api: made with POST /v1/reconciliations; daily: the worker's run of your previous live day"),
  from: z.string().describe('the first day, YYYY-MM-DD in timeZone'),
  to: z.string().describe('the last day, included'),
  timeZone: z.string().describe("your account's time zone when the run was made"),
  railAccountId: z.string().nullable().describe('the one rail account checked; null: every account'),
  summary: z.record(z.string(), z.unknown()).describe('attemptsChecked, refundsChecked, backendMovementsRead, listedAccounts, listingsUnavailable'),
  failure: z
    .strictObject({ code: z.literal('backend_unavailable'), rail: z.enum(RAILS), railAccountId: z.string().nullable(), message: z.string() })
    .nullable()
    .describe('why a failed run failed: the backend that could not be read'),
  itemCount: z.number().int().min(0).describe('how many differences were found'),
  items: z.array(ReconciliationItem).describe('the first 100 differences, oldest first (empty in lists)'),
  hasMoreItems: z.boolean().describe('more than `items` shows: GET /v1/reconciliations/{id}/items lists them all'),
  livemode: z.boolean(),
  createdAt: ts,
  completedAt: ts.nullable(),
});

const AuditEvent = z.strictObject({
  id: z.string().describe('audit_...'),
  object: z.literal('audit_event'),
  action: z.enum(AUDIT_ACTIONS).describe('what was done (user.signed_in, api_key.created, refund.approved, rail_account.updated...)'),
  actor: z
    .strictObject({
      type: z.enum(ACTOR_TYPES).describe('a dashboard user, an API key, or Caisse itself'),
      id: z.string().nullable().describe('user_... or key_...; null for system'),
      label: z.string().nullable().describe("the user's e-mail, or the key's prefix and last four (sk_live_…AbCd); never a secret"),
    })
    .describe('who did it'),
  target: z
    .strictObject({ object: z.string().describe('the kind of object (refund, webhook_endpoint, rail_account, api_key, user, account)'), id: z.string() })
    .nullable()
    .describe('what it was done to'),
  ip: z.string().nullable().describe('the client address it came from, when known'),
  changes: z.record(z.string(), z.unknown()).nullable().describe('`before` and `after` of what changed; secrets never, only their last four and fingerprint'),
  livemode: z.boolean().describe("the mode of the action; account-wide actions (a sign-in, a user's change) are live-mode lines"),
  createdAt: ts,
});

const Account = z.strictObject({
  id: z.string().describe('acct_...: your merchant account'),
  object: z.literal('account'),
  name: z.string(),
  timeZone: z.string().describe('an IANA time zone name: your days for reports and the dashboard (default Africa/Abidjan)'),
  refundApprovalThresholds: z
    .partialRecord(z.enum(CURRENCIES), z.number().int())
    .describe(
      'per currency, the amount (minor units) above which a refund waits in pending_approval for an owner or admin: counted per payment, the refund with those of the same payment not failed or canceled; none by default',
    ),
  railAccountApproval: z
    .boolean()
    .describe('true: a change or the disabling of a rail account waits for the approval of an owner other than its author (false by default)'),
  pendingChange: PendingChange.nullable().describe("turning railAccountApproval off, waiting for another owner's approval; null when none"),
  livemode: z.boolean().describe("the key's mode"),
});

const Balance = z.strictObject({
  object: z.literal('balance'),
  accounts: z.array(
    z.strictObject({
      rail: z.enum(RAILS),
      railAccountId: z.string().nullable(),
      platformAccount: z.boolean(),
      currency: z.enum(CURRENCIES),
      received: z.number().int().describe('payments, overpayments and late payments, less money reversed on chain (minor units of `currency`)'),
      refunded: z.number().int().describe('what refunds gave back'),
      net: z.number().int().describe('received - refunded'),
    }),
  ),
  livemode: z.boolean(),
});

const ReportRun = z.strictObject({
  id: z.string().describe('frr_...'),
  object: z.literal('report_run'),
  type: z
    .enum(REPORT_TYPES)
    .describe('balance_transactions: one line per ledger line; daily_summary: per day, rail account and currency, opening, payments, refunds, closing, count'),
  status: z.enum(REPORT_STATUSES).describe('pending until the worker completes it (seconds), then succeeded (the file is ready) or failed'),
  timeZone: z.string().describe("your account's time zone when the run was made: `from` and `to` are days in it"),
  from: z.string().describe('the first day, YYYY-MM-DD, included'),
  to: z.string().describe('the last day, YYYY-MM-DD, included'),
  rowCount: z.number().int().min(0).nullable().describe('lines of the file (without its header); null until succeeded'),
  fileUrl: z.string().nullable().describe('GET it with your key for the CSV; null until succeeded'),
  livemode: z.boolean(),
  createdAt: ts,
});

/** Events by the object they carry: `type`'s prefix names it. */
const EVENT_OBJECTS = {
  PaymentIntentEvent: ['payment_intent.', PaymentIntent],
  CheckoutSessionEvent: ['checkout_session.', CheckoutSession],
  ProductEvent: ['product.', Product],
  PriceEvent: ['price.', Price],
  PaymentLinkEvent: ['payment_link.', PaymentLink],
  RailAccountEvent: ['rail_account.', RailAccount],
  RefundEvent: ['refund.', Refund],
  ReconciliationEvent: ['reconciliation.', Reconciliation],
  ReconciliationItemEvent: ['reconciliation_item.', ReconciliationItem],
  ReportRunEvent: ['report_run.', ReportRun],
} as const;
const eventOf = (prefix: string, object: z.ZodType) =>
  z.strictObject({
    id: z.string(),
    object: z.literal('event'),
    type: z.enum(EVENT_TYPES.filter((t) => t.startsWith(prefix)) as [EventType, ...EventType[]]),
    data: z.strictObject({ object: object.describe('the object as it was right after the change') }),
    livemode: z.boolean(),
    createdAt: ts,
  });
export const EVENTS = Object.fromEntries(Object.entries(EVENT_OBJECTS).map(([name, [prefix, object]]) => [name, eventOf(prefix, object)])) as {
  [K in keyof typeof EVENT_OBJECTS]: ReturnType<typeof eventOf>;
};
const Event = z
  .discriminatedUnion('type', [
    EVENTS.PaymentIntentEvent,
    EVENTS.CheckoutSessionEvent,
    EVENTS.ProductEvent,
    EVENTS.PriceEvent,
    EVENTS.PaymentLinkEvent,
    EVENTS.RailAccountEvent,
    EVENTS.RefundEvent,
    EVENTS.ReconciliationEvent,
    EVENTS.ReconciliationItemEvent,
    EVENTS.ReportRunEvent,
  ])
  .describe('An event; data.object is the object its type names (payment_intent.* a PaymentIntent, ...). Also the body of every webhook');

/**
 * The objects as the API answers them. These zod schemas are CLOSED (strict): our tests parse real
 * responses with them, so a field the server adds without documenting it fails a test. The
 * document (openApiDocument) publishes them OPEN (no additionalProperties: false), so a merchant's
 * strict validator does not break the day a field is added.
 */
/** A webhook endpoint as every answer shows it; the create and roll_secret answers add its secret. */
const WebhookEndpoint = z.strictObject({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  enabledEvents: z.array(z.enum(['*', ...EVENT_TYPES])),
  description: z.string().nullable(),
  status: z.enum(['enabled', 'disabled']),
  disabledReason: z.enum(['manual', 'http_410', 'retries_exhausted']).nullable(),
  previousSecretExpiresAt: ts.nullable(),
  livemode: z.boolean(),
  createdAt: ts,
});

export const RESPONSE_OBJECTS = {
  Product,
  Price,
  PaymentIntent,
  CheckoutSession,
  PaymentLink,
  RailAccount,
  Refund,
  BalanceTransaction,
  Balance,
  Reconciliation,
  ReconciliationItem,
  Account,
  ReportRun,
  AuditEvent,
  Event,
  WebhookEndpoint,
  WebhookEndpointWithSecret: WebhookEndpoint.extend({
    secret: z.string().describe('whsec_...: the signing secret, in the create and roll_secret answers only: store it'),
  }),
  WebhookDelivery: z.strictObject({
    id: z.string(),
    object: z.literal('webhook_delivery'),
    endpointId: z.string(),
    eventId: z.string(),
    eventType: z.enum(EVENT_TYPES),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attemptCount: z.number().int().min(0),
    nextAttemptAt: ts.nullable(),
    lastAttemptAt: ts.nullable(),
    lastResponseStatus: z.number().int().min(100).max(599).nullable(),
    lastError: z.string().nullable(),
    attempts: z
      .array(
        z.strictObject({
          attemptedAt: ts,
          manual: z.boolean().describe('a retry asked for through the API'),
          responseStatus: z.number().int().min(100).max(599).nullable().describe('null when no HTTP answer came'),
          responseBody: z.string().nullable().describe("the start of the receiver's answer"),
          error: z.string().nullable(),
          durationMs: z.number().int().min(0),
        }),
      )
      .describe('newest last'),
    livemode: z.boolean(),
    createdAt: ts,
  }),
  ExchangeRate: z.strictObject({
    object: z.literal('exchange_rate'),
    from: z.enum(CONVERTIBLE_CURRENCIES).describe("the intent's currency"),
    to: z.enum(BASES).describe("the settlement currency (the rail's own)"),
    rate: z.string().describe('decimal string: units of `from` for one unit of `to` (e.g. "60000000": 1 BTC = 60,000,000 XOF), after the spread'),
    source: z.string().describe('"test" in test mode; live: the exchange, or "median:<exchanges>" when several answered'),
    fetchedAt: ts.describe('the newest exchange price the rate rests on (test mode: now)'),
  }),
  AddressGap: z.strictObject({
    object: z.literal('address_gap'),
    rail: z.enum(ADDRESS_RAILS),
    livemode: z.boolean(),
    configuredGapLimit: z.number().int().min(1).describe('BTC_GAP_LIMIT or TRON_GAP_LIMIT: addresses are handed out within it while any is free'),
    derivedCount: z.number().int().min(0).describe('how many indexes of the key were handed out (the highest is this minus one)'),
    highestUsedIndex: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe(
        'the highest index whose money is counted (confirmed on the chain; money only seen in the mempool may vanish and leave no history for a wallet); null when none did',
      ),
    longestUnusedRun: z.number().int().min(0).describe('the longest run of consecutive indexes without counted money, up to the highest handed out'),
    requiredGapLimit: z
      .number()
      .int()
      .min(1)
      .describe('the gap limit a wallet restored from the key must scan with to find every payment to an address handed out so far'),
  }),
  DeletedWebhookEndpoint: z.strictObject({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) }),
  Error: z.strictObject({
    error: z.strictObject({
      type: z.enum(['invalid_request_error', 'authentication_error', 'idempotency_error', 'rate_limit_error', 'api_error']),
      code: z.enum(ERROR_CODES).optional().describe('absent only on a 500'),
      message: z.string(),
      param: z.string().nullable().describe('the parameter at fault; null when the error is not about one parameter'),
      requestId: z.string(),
    }),
  }),
} as const;

/** Every named schema of components.schemas (the objects, and the parts of them that get a name). */
const COMPONENTS: Record<string, z.ZodType> = {
  ...RESPONSE_OBJECTS,
  ...EVENTS,
  NextAction,
  ...NEXT_ACTIONS,
  Quote,
  LastPaymentError,
  ...RAIL_ACCOUNT_SETTINGS,
  PendingChange,
};

type ObjectName = keyof typeof RESPONSE_OBJECTS;

export interface Operation {
  /** operationId */
  id: string;
  tag: string;
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** `csv`: a file (text/csv), streamed. */
  returns: ObjectName | `list:${ObjectName}` | 'csv';
  /** 400 codes of this operation beyond the common ones. */
  codes400?: string[];
  /** Can start a payment attempt: 503 rail_unavailable ('create'); confirm adds 402 payment_refused and 429 phone_rate_limited. */
  rail?: 'create' | 'confirm';
  /** Can answer 409 unexpected_state. */
  state?: boolean;
  /** 503 codes of this operation that are not about a rail (rail: 'create' | 'confirm' says rail_unavailable). */
  codes503?: string[];
  /** Can answer 202 (the work waits for an approval): what it means; its body is `returns`, as a 200's. */
  accepted?: string;
  /** 409 codes of this operation beyond unexpected_state and idempotency_key_in_use. */
  codes409?: string[];
}

export const TAGS = [
  {
    name: 'Payment intents',
    description:
      'An amount to collect over one rail (mobile money, Bitcoin, USDT) and its lifecycle: `requires_payment_method`, then `pending` while a payer has a prompt, an invoice or an address, then `succeeded`, `failed` or `canceled`. Collect it through a checkout session, or yourself with confirm and `nextAction`.',
  },
  {
    name: 'Checkout sessions',
    description:
      'The hosted payment page: made from a payment intent or a price, it lets the buyer pick a rail and pay, then sends them back to your `successUrl`.',
  },
  { name: 'Products', description: 'What you sell. A product has prices; checkout sessions and payment links are made from a price.' },
  { name: 'Prices', description: 'The cost of a product in one currency, in minor units. A price never changes its amount: make a new one.' },
  {
    name: 'Payment links',
    description: 'A shareable URL (a chat message, a QR code on a counter) that makes a new checkout session from a price at each visit.',
  },
  {
    name: 'Receive addresses',
    description: 'Bitcoin on-chain and USDT addresses are derived from your account keys: how far your wallet must scan to find every payment.',
  },
  { name: 'Exchange rates', description: 'The rates quotes use when an XOF, XAF or GNF amount is paid in BTC or USDT.' },
  { name: 'Events', description: 'Every change to your objects, newest first. The same objects are the bodies of your webhooks.' },
  { name: 'Webhook endpoints', description: 'Where events are sent, signed per Standard Webhooks, and the record of each delivery and its attempts.' },
  {
    name: 'Rail accounts',
    description:
      "Your own accounts on the rails (an MTN MoMo, Orange Money or Wave merchant account, your LND node, your wallet's account keys), so your buyers pay into them and Caisse only orchestrates. Secrets are write-only. See the guide [Your own rail accounts](/docs/guides/rail-accounts).",
  },
  {
    name: 'Refunds',
    description:
      "Money given back to a payer, out of the account the payment came into: by the operator's API (MTN MoMo, Wave), by you in the operator's portal (Orange Money), or to an invoice or address the payer gives (Lightning, on-chain, USDT). `pending`, `requires_action`, then `succeeded`, `failed` or `canceled`.",
  },
  {
    name: 'Balance',
    description:
      'The ledger: one balance transaction per money movement (a payment, an overpayment, a late payment, a refund, money reversed on chain), written with the movement itself, and the balance per account and currency.',
  },
  {
    name: 'Reports',
    description:
      "Files of your ledger over days in your time zone, for your books: every balance transaction, or a daily summary per account and currency (opening, payments, refunds, closing, and their value in the intents' currency). A run is answered at once and completed by the worker; its CSV is then the same on every download.",
  },
  {
    name: 'Audit log',
    description:
      'Who did what on your account, when and from where: sign-ins, users, API keys, webhook endpoints, rail accounts, refunds and their approvals, settings. Append-only; secrets never appear, only their last four and fingerprint. See the guide [Team and permissions](/docs/guides/team).',
  },
  {
    name: 'Test helpers',
    description: 'Test mode only (a live key gets 404): settle or fail a payment without a real payer, to test your integration end to end.',
  },
];

/** The mobile-money rails' default protocols, in words: "`mobile_money_a` and `mobile_money_c` speak `mtn_momo`, ...". */
const MOBILE_MONEY_DEFAULTS = (() => {
  const byProtocol = new Map<string, string[]>();
  for (const [rail, protocol] of Object.entries(DEFAULT_PROTOCOL)) byProtocol.set(protocol, [...(byProtocol.get(protocol) ?? []), `\`${rail}\``]);
  return [...byProtocol]
    .map(([protocol, rails]) => `${rails.length > 1 ? inWords(rails, 'and') : rails[0]} speak${rails.length > 1 ? '' : 's'} \`${protocol}\``)
    .join(', ');
})();

const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', maxLength: 100 } });

export const OPERATIONS: Operation[] = [
  {
    id: 'createPaymentIntent',
    tag: 'Payment intents',
    method: 'post',
    path: '/v1/payment_intents',
    summary: 'Create a payment intent',
    description:
      "Creates an intent to collect `amount` (minor units) in `currency` over `rail`. It starts in `requires_payment_method`: nothing is asked of the payer yet. Then either send the payer to a hosted checkout page (create a checkout session with `paymentIntentId`) or collect without it (`confirmPaymentIntent`). Follow the outcome with webhooks (`payment_intent.succeeded`, `payment_intent.failed`) rather than by polling.\n\nSend an `Idempotency-Key` (your order id, for instance): a retry after a timeout then returns the same intent instead of making a second one. Refused with 400 when the rail does not take the currency (`rail_currency_mismatch`), the amount is outside the currency's bounds (`amount_too_small`, `amount_too_large`) or this deployment has no backend for the rail in this mode (`rail_not_configured`); 503 `rail_unavailable` when an XOF, XAF or GNF intent over a BTC or USDT rail has no fresh exchange rate right now.",
    body: createPaymentIntentInput,
    returns: 'PaymentIntent',
    codes400: ['amount_too_small', 'amount_too_large', 'rail_currency_mismatch', 'rail_not_configured'],
    rail: 'create',
  },
  {
    id: 'listPaymentIntents',
    tag: 'Payment intents',
    method: 'get',
    path: '/v1/payment_intents',
    summary: 'List payment intents',
    description:
      "Your payment intents in the key's mode. Filter by `status`, `rail`, `currency`, or `reference` (your order id: the way to find the intent of an order).\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listPaymentIntentsQuery,
    returns: 'list:PaymentIntent',
  },
  {
    id: 'retrievePaymentIntent',
    tag: 'Payment intents',
    method: 'get',
    path: '/v1/payment_intents/{id}',
    summary: 'Retrieve a payment intent',
    description:
      "The intent as it is now: `status`, `amountReceived`, `nextAction` (what the payer must do, while a payment is in progress), `lastPaymentError` (why the last attempt failed) and, when it was paid in BTC or USDT for a franc amount, `latestQuote`. 404 `resource_missing` when this key's merchant and mode have no intent with this id (a test key never sees live objects).",
    returns: 'PaymentIntent',
  },
  {
    id: 'cancelPaymentIntent',
    tag: 'Payment intents',
    method: 'post',
    path: '/v1/payment_intents/{id}/cancel',
    summary: 'Cancel a payment intent',
    description:
      'Cancels an intent nobody is paying: only from `requires_payment_method`. Once a payer has a prompt, an invoice or an address (`pending`), or once the intent is final, it answers 409 `unexpected_state`: let the attempt end, or expire its checkout session. Its open checkout session expires with it; sends `payment_intent.canceled` (and `checkout_session.expired`).',
    body: noParameters,
    returns: 'PaymentIntent',
    state: true,
  },
  {
    id: 'createCheckoutSession',
    tag: 'Checkout sessions',
    method: 'post',
    path: '/v1/checkout_sessions',
    summary: 'Create a checkout session',
    description:
      "A hosted payment page: send the buyer to the session's `url`. Give exactly one of `paymentIntentId` (an intent in `requires_payment_method` with no other open session) or `priceId` (an active price: the page makes the intent when the buyer picks a payment method). The buyer chooses among the rails of the currency that are up; the session completes when the intent succeeds (`checkout_session.completed`) and expires at `expiresAt` (30 minutes to 24 hours ahead, default 24 hours).\n\n`successUrl` and `cancelUrl` may contain `{CHECKOUT_SESSION_ID}`, replaced by the session's id when the buyer is sent back. A session made from `priceId` copies its `metadata` to the payment intent it makes (plus `checkoutSessionId`), so your webhook handler finds your order id on `payment_intent.*` events. 400 `parameters_exclusive` when both ids are given, `parameter_missing` when neither, `resource_missing` (with `param`) when the id names nothing.",
    body: createCheckoutSessionInput,
    returns: 'CheckoutSession',
    codes400: ['parameters_exclusive', 'resource_missing'],
  },
  {
    id: 'listCheckoutSessions',
    tag: 'Checkout sessions',
    method: 'get',
    path: '/v1/checkout_sessions',
    summary: 'List checkout sessions',
    description:
      "Your checkout sessions in the key's mode. Filter by `status` or `paymentIntentId`.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listCheckoutSessionsQuery,
    returns: 'list:CheckoutSession',
  },
  {
    id: 'retrieveCheckoutSession',
    tag: 'Checkout sessions',
    method: 'get',
    path: '/v1/checkout_sessions/{id}',
    summary: 'Retrieve a checkout session',
    description:
      "The session as it is now: `status` (`open`, `complete`, `expired`) and, once the buyer picked a payment method, its `paymentIntentId`. 404 `resource_missing` when this key's merchant and mode have no session with this id.",
    returns: 'CheckoutSession',
  },
  {
    id: 'expireCheckoutSession',
    tag: 'Checkout sessions',
    method: 'post',
    path: '/v1/checkout_sessions/{id}/expire',
    summary: 'Expire a checkout session',
    description:
      'Closes an open session now: its page stops taking payments. Its payment intent, if still `requires_payment_method`, fails (`payment_intent.failed`, `lastPaymentError.code` `session_expired`, or `underpaid` when part was received). 409 `unexpected_state` while a payment is pending (a prompt or an operator page is out, or money was seen on its way: let it end), or when the session is already complete or expired.',
    body: noParameters,
    returns: 'CheckoutSession',
    state: true,
  },
  {
    id: 'createProduct',
    tag: 'Products',
    method: 'post',
    path: '/v1/products',
    summary: 'Create a product',
    description: 'Something you sell. Give it prices (one per currency) to make checkout sessions and payment links from. Sends `product.created`.',
    body: createProductInput,
    returns: 'Product',
  },
  {
    id: 'listProducts',
    tag: 'Products',
    method: 'get',
    path: '/v1/products',
    summary: 'List products',
    description:
      "Your products in the key's mode. Filter by `active`.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listProductsQuery,
    returns: 'list:Product',
  },
  {
    id: 'retrieveProduct',
    tag: 'Products',
    method: 'get',
    path: '/v1/products/{id}',
    summary: 'Retrieve a product',
    description: "One product. 404 `resource_missing` when this key's merchant and mode have no product with this id.",
    returns: 'Product',
  },
  {
    id: 'updateProduct',
    tag: 'Products',
    method: 'post',
    path: '/v1/products/{id}',
    summary: 'Update a product',
    description:
      'Changes the given fields only. `metadata` is merged: a key set to `""` or `null` is removed. An inactive product\'s prices take no new checkout session, and its payment links answer 410. Sends `product.updated`.',
    body: updateProductInput,
    returns: 'Product',
  },
  {
    id: 'createPrice',
    tag: 'Prices',
    method: 'post',
    path: '/v1/prices',
    summary: 'Create a price',
    description:
      "The cost of a product in one currency, as an integer in minor units (`unitAmount`). A price never changes its amount, currency or product: make a new price, and deactivate the old one. 400 `resource_missing` (param `productId`) when the product does not exist in this mode; `amount_too_small` / `amount_too_large` outside the currency's bounds. Sends `price.created`.",
    body: createPriceInput,
    returns: 'Price',
    codes400: ['amount_too_small', 'amount_too_large', 'resource_missing'],
  },
  {
    id: 'listPrices',
    tag: 'Prices',
    method: 'get',
    path: '/v1/prices',
    summary: 'List prices',
    description:
      "Your prices in the key's mode. Filter by `productId` or `active`.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listPricesQuery,
    returns: 'list:Price',
  },
  {
    id: 'retrievePrice',
    tag: 'Prices',
    method: 'get',
    path: '/v1/prices/{id}',
    summary: 'Retrieve a price',
    description: "One price. 404 `resource_missing` when this key's merchant and mode have no price with this id.",
    returns: 'Price',
  },
  {
    id: 'updatePrice',
    tag: 'Prices',
    method: 'post',
    path: '/v1/prices/{id}',
    summary: 'Update a price',
    description:
      'Only `active` and `metadata` (merged; a key set to `""` or `null` is removed). Amount, currency and product never change: a price with other terms is a new price. An inactive price takes no new checkout session. Sends `price.updated`.',
    body: updatePriceInput,
    returns: 'Price',
  },
  {
    id: 'createPaymentLink',
    tag: 'Payment links',
    method: 'post',
    path: '/v1/payment_links',
    summary: 'Create a payment link',
    description:
      "A URL under {checkout_url} to share anywhere (a chat message, a QR code on a shop counter). Each visit creates a new checkout session from the price, with the link's successUrl, cancelUrl and locale (the session's paymentLinkId names the link), and answers 303 to the session's url. The price must be this merchant's, in this mode, and active (and its product too). Visits are limited to 30 a minute per client address (429 page with Retry-After). Sessions made by visits that expired unpaid, with no payment intent, are deleted 24 h after they expired.",
    body: createPaymentLinkInput,
    returns: 'PaymentLink',
    codes400: ['resource_missing'],
  },
  {
    id: 'listPaymentLinks',
    tag: 'Payment links',
    method: 'get',
    path: '/v1/payment_links',
    summary: 'List payment links',
    description:
      "Your payment links in the key's mode. Filter by `active`.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listPaymentLinksQuery,
    returns: 'list:PaymentLink',
  },
  {
    id: 'retrievePaymentLink',
    tag: 'Payment links',
    method: 'get',
    path: '/v1/payment_links/{id}',
    summary: 'Retrieve a payment link',
    description: "One payment link. 404 `resource_missing` when this key's merchant and mode have no link with this id.",
    returns: 'PaymentLink',
  },
  {
    id: 'updatePaymentLink',
    tag: 'Payment links',
    method: 'post',
    path: '/v1/payment_links/{id}',
    summary: 'Update a payment link',
    description:
      'Only active and metadata (merged; a key set to "" or null is removed). An inactive link\'s url answers 410 with a page saying it is no longer available (as does a link whose price or product is inactive); reactivate it to take payments again.',
    body: updatePaymentLinkInput,
    returns: 'PaymentLink',
  },
  {
    id: 'confirmPaymentIntent',
    tag: 'Payment intents',
    method: 'post',
    path: '/v1/payment_intents/{id}/confirm',
    summary: 'Confirm a payment intent (collect without the hosted page)',
    description:
      'Starts, or returns, the payer\'s attempt and answers nextAction. `rail` switches to another rail of the currency while requires_payment_method (or while pending at a redirect operator the payer left). `phone` (E.164 or national): required by push operators (MTN MoMo protocol: nextAction mobile_money_prompt), optional for redirect operators (Orange Money, Wave: nextAction redirect_to_url; with Wave only that number may pay). `returnUrl` (https): where a redirect operator sends the payer back when the intent has no checkout session. `{"resend": true}` alone sends a pending push again (at most 3 times, spaced, under the per-phone limits; 409 on redirect operators). 400 rail_not_configured when this deployment has no backend for the rail in this mode; 503 rail_unavailable when the rail\'s backend is down or refused.',
    body: confirmPaymentIntentInput,
    returns: 'PaymentIntent',
    codes400: ['rail_currency_mismatch', 'rail_not_configured'],
    rail: 'confirm',
    state: true,
  },
  {
    id: 'testPayPaymentIntent',
    tag: 'Test helpers',
    method: 'post',
    path: '/v1/test_helpers/payment_intents/{id}/pay',
    summary: 'Test mode: pay a payment intent',
    description:
      "Test mode: the payer pays, as the rail's simulator would report it. Without `amount`, the full amount due; with one (in the attempt's settlement currency: sats or USDT millionths when the intent converts), an underpayment (`payment_intent.partially_paid`, the intent stays payable) or an overpayment (`payment_intent.overpaid`). Starts an attempt on the intent's rail when none is open, so an intent in `requires_payment_method` can be paid at once. On an address rail (" +
      ADDRESS_RAILS.map((r) => `\`${r}\``).join(', ') +
      ') a payment after the intent ended is a late payment (`payment_intent.late_payment`). Test keys only: a live key gets 404. 409 `unexpected_state` once the intent succeeded, or was canceled or failed on a rail that is not an address.',
    body: testPayInput,
    returns: 'PaymentIntent',
    rail: 'create',
    state: true,
  },
  {
    id: 'testFailPaymentIntent',
    tag: 'Test helpers',
    method: 'post',
    path: '/v1/test_helpers/payment_intents/{id}/fail',
    summary: 'Test mode: make the current attempt fail',
    description:
      'Test mode: the current attempt fails as if the payer declined (`lastPaymentError.code` `payment_declined` on mobile money). The intent goes back to `requires_payment_method` (`payment_intent.payment_failed`) so the payer can try again, or fails for good after 10 failed attempts (`payment_intent.failed`). Starts an attempt first when none is open. Test keys only: a live key gets 404; 409 `unexpected_state` once the intent is final.',
    body: noParameters,
    returns: 'PaymentIntent',
    state: true,
  },
  {
    id: 'listAddressGaps',
    tag: 'Receive addresses',
    method: 'get',
    path: '/v1/address_gaps',
    summary: 'List address gaps',
    description: `For each address rail configured in the key's mode (${ADDRESS_RAILS.join(', ')}): how far a wallet restored from the rail's account key must scan. Addresses whose payer never paid are handed to later payers, so they stay within the configured gap limit while they can; when every address within it is held, a new one is derived past it rather than refusing the payer. Set your wallet's gap limit to at least requiredGapLimit. Not paginated.`,
    returns: 'list:AddressGap',
  },
  {
    id: 'listExchangeRates',
    tag: 'Exchange rates',
    method: 'get',
    path: '/v1/exchange_rates',
    summary: 'List exchange rates',
    description: `The rates a quote for an XOF, XAF or GNF intent paid over ${inWords(CONVERTING, 'or')} would use now, in the key's mode: test mode's fixed rates, or live rates (median of the exchanges' EUR prices, at most 2 minutes old; XOF and XAF at the peg of 655.957 per EUR; GNF only when the operator configured a GNF rate). A pair without a fresh rate is left out (its converting rails answer 503 rail_unavailable). Filters from and to; not paginated.`,
    query: listExchangeRatesQuery,
    returns: 'list:ExchangeRate',
  },
  {
    id: 'listEvents',
    tag: 'Events',
    method: 'get',
    path: '/v1/events',
    summary: 'List events',
    description:
      "Every change to your objects in the key's mode, also the bodies your webhook endpoints receive. Filter by `type` (for example `payment_intent.succeeded`). Use it to catch up after downtime: page with `endingBefore` from the last event you handled.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listEventsQuery,
    returns: 'list:Event',
  },
  {
    id: 'retrieveEvent',
    tag: 'Events',
    method: 'get',
    path: '/v1/events/{id}',
    summary: 'Retrieve an event',
    description:
      "One event, as it was sent to your webhook endpoints: `data.object` is the object right after the change. Use it to check a webhook you received, or to replay one you missed. 404 `resource_missing` when this key's merchant and mode have no event with this id.",
    returns: 'Event',
  },
  {
    id: 'createWebhookEndpoint',
    tag: 'Webhook endpoints',
    method: 'post',
    path: '/v1/webhook_endpoints',
    summary: 'Create a webhook endpoint',
    description:
      'Subscribes a URL of yours to events: `enabledEvents` lists event types, or `["*"]` for all. The answer carries the signing secret (`whsec_...`) this once: store it to verify each delivery\'s `webhook-signature` (Standard Webhooks, HMAC-SHA256). Test-mode endpoints may be any http(s) URL; live endpoints must be https on a public address. At most 16 endpoints per mode (400 `webhook_endpoint_limit`).',
    body: createEndpointInput,
    returns: 'WebhookEndpointWithSecret',
    codes400: ['webhook_endpoint_limit'],
  },
  {
    id: 'listWebhookEndpoints',
    tag: 'Webhook endpoints',
    method: 'get',
    path: '/v1/webhook_endpoints',
    summary: 'List webhook endpoints',
    description:
      "Your webhook endpoints in the key's mode (at most 16 per mode). The signing secret is not in this list: it is shown once, when the endpoint is made or its secret rolled.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listEndpointsQuery,
    returns: 'list:WebhookEndpoint',
  },
  {
    id: 'retrieveWebhookEndpoint',
    tag: 'Webhook endpoints',
    method: 'get',
    path: '/v1/webhook_endpoints/{id}',
    summary: 'Retrieve a webhook endpoint',
    description:
      "One endpoint: its `status` (`enabled`, `disabled`) and, when disabled, why (`manual`, `http_410`: your server answered 410, `retries_exhausted`). Its secret is not shown again. 404 `resource_missing` when this key's merchant and mode have no endpoint with this id.",
    returns: 'WebhookEndpoint',
  },
  {
    id: 'updateWebhookEndpoint',
    tag: 'Webhook endpoints',
    method: 'post',
    path: '/v1/webhook_endpoints/{id}',
    summary: 'Update a webhook endpoint',
    description:
      'Changes the given fields only: `url`, `enabledEvents`, `description` (`null` clears it), `disabled`. `disabled: true` stops deliveries (`disabledReason` `manual`); `disabled: false` enables it again, also after a 410 from your server or exhausted retries. The secret does not change: roll it with roll_secret.',
    body: updateEndpointInput,
    returns: 'WebhookEndpoint',
  },
  {
    id: 'deleteWebhookEndpoint',
    tag: 'Webhook endpoints',
    method: 'delete',
    path: '/v1/webhook_endpoints/{id}',
    summary: 'Delete a webhook endpoint',
    description:
      'Deletes the endpoint, with its deliveries and their record: pending deliveries are not sent. Events stay listed (`GET /v1/events`). 404 `resource_missing` when no endpoint has this id.',
    returns: 'DeletedWebhookEndpoint',
  },
  {
    id: 'rollWebhookEndpointSecret',
    tag: 'Webhook endpoints',
    method: 'post',
    path: '/v1/webhook_endpoints/{id}/roll_secret',
    summary: 'Roll the signing secret',
    description:
      'Makes a new signing secret, in the answer this once. The old secret keeps signing for `expiresInSeconds` (default 86400, 0 to stop at once, at most 604800): meanwhile each delivery carries both signatures in `webhook-signature`, so you can deploy the new secret without dropping a webhook.',
    body: rollSecretInput,
    returns: 'WebhookEndpointWithSecret',
  },
  {
    id: 'listWebhookDeliveries',
    tag: 'Webhook endpoints',
    method: 'get',
    path: '/v1/webhook_endpoints/{id}/deliveries',
    summary: 'List deliveries of an endpoint',
    description:
      "The deliveries of events to this endpoint, with each attempt's response status, the start of your server's answer, and its duration: what to look at when a webhook did not arrive. Filter by `status` (`pending`, `succeeded`, `failed`) or `eventId`. 404 `resource_missing` when the endpoint does not exist.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listDeliveriesQuery,
    returns: 'list:WebhookDelivery',
  },
  {
    id: 'retrieveWebhookDelivery',
    tag: 'Webhook endpoints',
    method: 'get',
    path: '/v1/webhook_endpoints/{id}/deliveries/{deliveryId}',
    summary: 'Retrieve a delivery',
    description: 'One delivery and every attempt made (newest last). 404 `resource_missing` when the endpoint or the delivery does not exist.',
    returns: 'WebhookDelivery',
  },
  {
    id: 'retryWebhookDelivery',
    tag: 'Webhook endpoints',
    method: 'post',
    path: '/v1/webhook_endpoints/{id}/deliveries/{deliveryId}/retry',
    summary: 'Send a delivery again now',
    description:
      'Sends the delivery again now, whatever its status (a failed one after fixing your server, for instance), with the same `webhook-id` so your handler can drop a duplicate. The answer shows the new attempt. It does not move the automatic schedule. 409 `unexpected_state` while an attempt of this delivery is running.',
    body: noParameters,
    returns: 'WebhookDelivery',
    state: true,
  },
  {
    id: 'createRefund',
    tag: 'Refunds',
    method: 'post',
    path: '/v1/refunds',
    summary: 'Create a refund',
    description:
      "Gives back `amount` (the intent's currency, minor units; default: all that is refundable from one payment) of what the payment intent received, over- and late payments included (a late payment on a canceled intent too), out of the account the payment came into. Refundable is what was received minus refunds not failed or canceled: more is 400 `amount_too_large`; nothing received yet, 409 `unexpected_state`. When the intent was paid in several payments, one refund takes from one of them (the one with the most left): 400 `amount_too_large` says how much, refund the rest in another. A converted payment (francs paid in BTC or USDT) is given back at its quote's rate (`rate: \"quote\"`, the default: the buyer gets back what they sent for that part) or at today's (`rate: \"current\"`): `settlementAmount` says what leaves on the rail.\n\nMobile money: MTN MoMo refunds through the Disbursement API of your account (`pending`, then `succeeded` or `failed`); Wave refunds a whole payment, and a part as a payout when your key allows it; Orange Money has no refund API (`requires_action`, `manual_refund`). Lightning, on-chain and USDT: `requires_action` with `refund_claim`: send `claimUrl` to the payer. A refund whose answer was lost stays `pending` and is asked about until the backend's final word; it is never sent twice. Use an Idempotency-Key: a retry without one makes a second refund. Sends `refund.created`, then `refund.updated`, `refund.succeeded`, `refund.failed` or `refund.canceled`.\n\nApprovals: a refund above your threshold for its currency (`refundApprovalThresholds`, POST /v1/account; none by default) starts in `pending_approval` (`refund.pending_approval`): its money is held, nothing is sent until an owner or admin approves it on the dashboard (`refund.approved`, then as any refund) or rejects it (`refund.rejected`, `canceled`). Refunds made with a secret key wait only above the threshold. A refund asked for with a key is its maker's (the user who rolled or made it): they cannot approve it; rolling or revoking the key cancels it while it waits (`refund.canceled`, `failureReason` `author_removed`). Needs `refunds.write`.",
    body: createRefundInput,
    returns: 'Refund',
    codes400: ['refund_unsupported'],
    state: true,
    rail: 'create',
  },
  {
    id: 'listRefunds',
    tag: 'Refunds',
    method: 'get',
    path: '/v1/refunds',
    summary: 'List refunds',
    description:
      "Filter by `paymentIntentId` or `status`.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listRefundsQuery,
    returns: 'list:Refund',
  },
  {
    id: 'retrieveRefund',
    tag: 'Refunds',
    method: 'get',
    path: '/v1/refunds/{id}',
    summary: 'Retrieve a refund',
    description:
      "The refund as it is now: its status, what must happen next (`nextAction`), the backend's reference once it succeeded, or why it failed. 404 `resource_missing` when no refund of this mode has this id.",
    returns: 'Refund',
  },
  {
    id: 'cancelRefund',
    tag: 'Refunds',
    method: 'post',
    path: '/v1/refunds/{id}/cancel',
    summary: 'Cancel a refund',
    description:
      "Only while nothing went out: waiting for approval, waiting for the payer's claim or for you (`requires_action`), or `pending` and not yet sent. 409 `unexpected_state` otherwise. Its amount is refundable again. Sends `refund.canceled`.",
    body: noParameters,
    returns: 'Refund',
    state: true,
  },
  {
    id: 'markRefundSucceeded',
    tag: 'Refunds',
    method: 'post',
    path: '/v1/refunds/{id}/mark_succeeded',
    summary: 'Record a refund you made',
    description:
      "You sent the money yourself. A `manual_refund` (Orange Money): `operatorReference` is the operator's transaction id; the refund succeeds. A `send_payment` (a claimed crypto refund your account cannot pay): `operatorReference` is the transaction id (on-chain, TRON) or the payment's preimage (Lightning, 64 hex digits), checked at the backend first: it must pay the payer's destination at least `settlementAmount`. Confirmed: `succeeded`; not yet confirmed or not found yet: `pending`, asked about until it is (a proof not found within a day goes back to `requires_action`); a proof that pays something else: 400 `operator_reference_invalid`, nothing changes. 409 `unexpected_state` for any other refund (one the payer has not claimed yet, for instance).",
    body: markRefundSucceededInput,
    returns: 'Refund',
    codes400: ['operator_reference_invalid'],
    state: true,
  },
  {
    id: 'testClaimRefund',
    tag: 'Test helpers',
    method: 'post',
    path: '/v1/test_helpers/refunds/{id}/claim',
    summary: 'Test mode: the payer claims a refund',
    description:
      'Test mode: the payer gives `destination` on the claim page (a testnet invoice for exactly the settlement amount, a tb1 address, a TRON address), checked as the claim page checks it (400 `invalid_destination`, `wrong_network`, `amount_mismatch`, `invoice_expired`); without one, a valid test destination is made. The simulated account then pays it (`pending`), except for test amounts ending in 17 (`send_payment`). Test keys only: a live key gets 404.',
    body: testClaimInput,
    returns: 'Refund',
    codes400: ['invalid_destination', 'wrong_network', 'amount_mismatch', 'invoice_expired', 'destination_in_use'],
    state: true,
  },
  {
    id: 'testSucceedRefund',
    tag: 'Test helpers',
    method: 'post',
    path: '/v1/test_helpers/refunds/{id}/succeed',
    summary: 'Test mode: a refund succeeds',
    description:
      "Test mode: the backend's final word on a simulator's refund is success (a claim refund not yet claimed is claimed first; a refund waiting for you is recorded as done). Test keys only: a live key gets 404.",
    body: noParameters,
    returns: 'Refund',
    state: true,
  },
  {
    id: 'testFailRefund',
    tag: 'Test helpers',
    method: 'post',
    path: '/v1/test_helpers/refunds/{id}/fail',
    summary: 'Test mode: a refund fails',
    description:
      "Test mode: the backend refuses a simulator's refund (`refund_declined`); its amount is refundable again. A refund waiting for you cannot fail: cancel it (409). Test keys only: a live key gets 404.",
    body: noParameters,
    returns: 'Refund',
    state: true,
  },
  {
    id: 'listBalanceTransactions',
    tag: 'Balance',
    method: 'get',
    path: '/v1/balance_transactions',
    summary: 'List balance transactions',
    description:
      "The ledger, one line per money movement, written in the same transaction as the movement (never reconstructed later): a payment (what the intent was owed), an overpayment (beyond it), a late payment (on an intent that had ended: canceled, failed or paid), a refund, an adjustment (money reversed on chain). `amount` is as moved on the rail, `amountInIntentCurrency` at the quote for a converted payment. Filter by `type`, `source` (an intent or refund id) or `railAccountId`.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listBalanceTransactionsQuery,
    returns: 'list:BalanceTransaction',
  },
  {
    id: 'retrieveBalanceTransaction',
    tag: 'Balance',
    method: 'get',
    path: '/v1/balance_transactions/{id}',
    summary: 'Retrieve a balance transaction',
    description: 'One line of the ledger. 404 `resource_missing` when no balance transaction of this mode has this id.',
    returns: 'BalanceTransaction',
  },
  {
    id: 'retrieveBalance',
    tag: 'Balance',
    method: 'get',
    path: '/v1/balance',
    summary: 'Retrieve the balance',
    description:
      "The ledger summed per rail, account and currency, as moved on the rail: `received` (payments, overpayments and late payments, less money reversed on chain), `refunded`, `net`. A `platformAccount` line is money in the deployment's own account: what the platform owes you.",
    returns: 'Balance',
  },
  {
    id: 'createReconciliation',
    tag: 'Balance',
    method: 'post',
    path: '/v1/reconciliations',
    summary: 'Reconcile a period with the backends',
    description:
      "Compares the days `from` to `to` (YYYY-MM-DD in your account's time zone, at most 31 days; optionally one `railAccountId`) with what each backend says, line by line: each payment attempt of the period is asked about at its backend, and where a backend lists its movements (your own LND node: invoices and payments; your own Wave account: its transaction list) money that no payment or refund of Caisse explains is found too. Answered at once, `pending`; the worker completes it (seconds to minutes) and sends `reconciliation.succeeded` with one `reconciliation_item.created` per difference, or `reconciliation.failed` when a backend could not be read (never a success over a gap). Money the backend received that Caisse had not recorded is credited through the normal settle path (`resolution: credited`); nothing is ever debited automatically (`needs_review`). The worker also reconciles your previous live day every day. 400 `resource_missing` (param `railAccountId`) when it names no rail account of yours in this mode.",
    body: createReconciliationInput,
    returns: 'Reconciliation',
    codes400: ['resource_missing'],
  },
  {
    id: 'listReconciliations',
    tag: 'Balance',
    method: 'get',
    path: '/v1/reconciliations',
    summary: 'List reconciliations',
    description:
      "Your reconciliations, the daily ones and yours, without their items (`itemCount` says how many). Filter by `status` or `railAccountId`.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listReconciliationsQuery,
    returns: 'list:Reconciliation',
  },
  {
    id: 'retrieveReconciliation',
    tag: 'Balance',
    method: 'get',
    path: '/v1/reconciliations/{id}',
    summary: 'Retrieve a reconciliation',
    description:
      'The reconciliation with its first 100 differences (`items`, oldest first); `hasMoreItems` says when GET /v1/reconciliations/{id}/items has more. 404 `resource_missing` when no reconciliation of this mode has this id.',
    returns: 'Reconciliation',
  },
  {
    id: 'listReconciliationItems',
    tag: 'Balance',
    method: 'get',
    path: '/v1/reconciliations/{id}/items',
    summary: "List a reconciliation's differences",
    description:
      "Every difference a reconciliation found, each with both sides (`caisse`, `backend`), a `reason` code and an English `explanation`.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listReconciliationItemsQuery,
    returns: 'list:ReconciliationItem',
  },
  {
    id: 'retrieveAccount',
    tag: 'Balance',
    method: 'get',
    path: '/v1/account',
    summary: 'Retrieve your account',
    description: 'Your merchant account as the key sees it: its name and the time zone its days are counted in (reports, the dashboard).',
    returns: 'Account',
  },
  {
    id: 'updateAccount',
    tag: 'Balance',
    method: 'post',
    path: '/v1/account',
    summary: 'Update your account',
    description: `\`timeZone\`: an IANA time zone name (\`Africa/Abidjan\` by default, \`Africa/Douala\`, \`Africa/Conakry\`...), stored as the runtime spells it; anything else is a 400 naming \`timeZone\`. \`refundApprovalThresholds\`: per currency, the amount in minor units above which a refund waits in \`pending_approval\` until an owner or admin approves it on the dashboard (\`{"XOF": 50000}\`; \`null\` removes one); merged into the current ones. Lowering or adding one needs only \`settings.write\`; raising or removing one also \`approvals.loosen\` (secret keys, and restricted keys an owner gave it): else 403 \`permission_denied\` naming \`refundApprovalThresholds\`, nothing changed. \`railAccountApproval\` (needs \`rail_accounts.write\` too): \`true\` makes every change and disabling of a rail account wait for the approval of an owner other than its author on the dashboard (409 \`two_owners_required\` without two active owners: nobody could approve); \`false\` while it is on waits itself for another owner's approval (202, \`pendingChange\`), unless fewer than two owners are left. The same for both modes; each change is a line of the audit log (\`account.updated\`). Needs \`settings.write\`.`,
    body: updateAccountInput,
    returns: 'Account',
    accepted:
      "Turning railAccountApproval off waits for another owner's approval: the account as it is (railAccountApproval still true, the other settings given applied), with its `pendingChange`",
    codes409: ['rail_account_change_pending', 'two_owners_required'],
  },
  {
    id: 'listAuditEvents',
    tag: 'Audit log',
    method: 'get',
    path: '/v1/audit_events',
    summary: 'List audit events',
    description:
      "The audit log, one line per action: who (a dashboard user, an API key with its prefix and last four, or Caisse), what (`action`), on what (`target`), from which address, and `changes` before and after (secrets never). Needs the permission `audit.read`: your secret keys, and restricted keys given it; a key reads the lines of its own mode (account-wide actions, such as a sign-in, are live-mode lines). Filter by `action` or `actor` (a `user_...` or `key_...` id, or `system`).\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listAuditEventsQuery,
    returns: 'list:AuditEvent',
  },
  {
    id: 'createRailAccount',
    tag: 'Rail accounts',
    method: 'post',
    path: '/v1/rail_accounts',
    summary: 'Create a rail account',
    description: `Connects an account of yours on a rail, in the key's mode, so that your buyers' money lands in it: a mobile-money merchant account, your LND node, or your wallet's account key (Bitcoin on-chain, USDT on TRON). \`settings\` takes the settings of the rail's protocol for mobile money (on a deployment that keeps the defaults ${MOBILE_MONEY_DEFAULTS}; the account's \`protocol\` says which), else the rail's own: see the RailAccountSettings objects. Secrets are write-only: this answer and every later one show only their \`last4\` and \`fingerprint\`. A test key makes a test-mode account, which test-mode payments then use instead of the simulator: give it sandbox settings (the operator's sandbox, a test node).\n\nBefore anything is saved, Caisse calls the backend the way payments will (MTN MoMo and Orange Money: a token; Wave: an authenticated read; LND: a read the invoice macaroon allows; Esplora and TronGrid: a read). When it refuses or cannot be reached: 400 \`rail_account_invalid\` with its reason in \`message\`, and nothing is saved (a retry with the same Idempotency-Key gets that answer again: send the corrected settings with a new key). A missing, unknown or malformed setting is a 400 whose \`param\` names it (\`settings.apiKey\`). \`currencies\`, \`minAmount\`, \`maxAmount\` and \`amountStep\` (mobile money only) narrow what the account takes, as your contract with the operator says. In live mode every URL must be https (a loopback address is taken, for a node on the same host). One active account per rail and mode: a second is 409 \`rail_account_exists\` (update the first, or disable it). 503 \`encryption_key_missing\` when this deployment has no key to encrypt secrets with. Sends \`rail_account.created\`.\n\nWith your account's \`railAccountApproval\` on (POST /v1/account), the account is checked at the backend all the same, then not made: its creation waits for the approval of an owner other than its author on the dashboard, and the answer is 202 with the account it would make, \`status\` \`pending_approval\`, its \`id\` (the one it will have) and its \`pendingChange\` (action \`create\`). Until then the rail's payments go where they went (this deployment's own account, the simulator in test mode, or nowhere). \`GET /v1/rail_accounts/{id}\` answers it while it waits (the list does not show it); once approved it is \`active\` with that id and \`rail_account.created\` is sent; rejected or withdrawn, the id answers 404. One creation waits per rail and mode at a time (another: 409 \`rail_account_change_pending\`, naming it); an account made active on the rail meanwhile supersedes it.`,
    body: createRailAccountInput,
    returns: 'RailAccount',
    codes400: ['rail_account_invalid'],
    state: true,
    codes503: ['encryption_key_missing'],
    accepted:
      "The creation waits for another owner's approval (your account's railAccountApproval): the account it would make, `status` `pending_approval`, with its `pendingChange`; nothing is connected yet",
    codes409: ['rail_account_change_pending'],
  },
  {
    id: 'listRailAccounts',
    tag: 'Rail accounts',
    method: 'get',
    path: '/v1/rail_accounts',
    summary: 'List rail accounts',
    description:
      "Your rail accounts in the key's mode, active and disabled (an account whose creation waits for approval is not listed until it is made). Filter by `rail` or `status` (`active`, `disabled`).\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listRailAccountsQuery,
    returns: 'list:RailAccount',
  },
  {
    id: 'retrieveRailAccount',
    tag: 'Rail accounts',
    method: 'get',
    path: '/v1/rail_accounts/{id}',
    summary: 'Retrieve a rail account',
    description:
      "One rail account: its `pendingChange` (a change waiting for another owner's approval, or null; an account whose creation waits is answered with `status` `pending_approval` until it is approved), its settings that are not secrets, each secret's `last4` and `fingerprint` (never the secret), `callbackUrl` (mobile money: where the operator notifies Caisse for this account) and `receiveAddresses` (address rails: compare them with your wallet's first receive addresses before a buyer pays). 404 `resource_missing` when this key's merchant and mode have no rail account with this id.",
    returns: 'RailAccount',
  },
  {
    id: 'updateRailAccount',
    tag: 'Rail accounts',
    method: 'post',
    path: '/v1/rail_accounts/{id}',
    summary: 'Update a rail account',
    description: `Changes \`displayName\`, the limits (\`currencies\`, \`minAmount\`, \`maxAmount\`, \`amountStep\`) and the given \`settings\` only: a secret left out is kept, \`null\` removes an optional setting. A change of \`metadata\` alone makes no new version and asks no backend. The result is checked at the backend as on create (400 \`rail_account_invalid\`, nothing saved) and saved as a new \`version\`: new payments use it; payments started before keep the version that made them until they end. 409 \`unexpected_state\` when the account is disabled (create a new one). Sends \`rail_account.updated\`. With your account's \`railAccountApproval\` on (POST /v1/account), a change of the settings, limits or name is checked at the backend all the same, then not applied: it waits for the approval of an owner other than its author on the dashboard, and the answer is 202 with the account as it is and its \`pendingChange\`; one change waits per account at a time (another: 409 \`rail_account_change_pending\`, naming it). A change of \`metadata\` alone applies at once.`,
    body: updateRailAccountInput,
    returns: 'RailAccount',
    codes400: ['rail_account_invalid'],
    state: true,
    codes503: ['encryption_key_missing'],
    accepted:
      "The change waits for another owner's approval (your account's railAccountApproval): the account as it is (the same version, settings and name: new payments keep using it), with its `pendingChange`",
    codes409: ['rail_account_change_pending'],
  },
  {
    id: 'disableRailAccount',
    tag: 'Rail accounts',
    method: 'post',
    path: '/v1/rail_accounts/{id}/disable',
    summary: 'Disable a rail account',
    description:
      "No new payment goes to this account: the rail is then offered with this deployment's own account when it lends one, else not at all (test mode: the simulator). Payments it started are still watched, and credited, with it until they end. Disabling a disabled account changes nothing: it answers the account as it is, and `rail_account.disabled` is sent once. A disabled account cannot be enabled again: create a new one. With your account's `railAccountApproval` on (POST /v1/account), the account is not disabled yet: it waits for the approval of an owner other than its author on the dashboard, and the answer is 202 with the account as it is and its `pendingChange`; one change waits per account at a time (another: 409 `rail_account_change_pending`, naming it).",
    body: noParameters,
    returns: 'RailAccount',
    accepted:
      "The disabling waits for another owner's approval (your account's railAccountApproval): the account as it is, still active, with its `pendingChange`",
    codes409: ['rail_account_change_pending'],
  },
  {
    id: 'createReportRun',
    tag: 'Reports',
    method: 'post',
    path: '/v1/report_runs',
    summary: 'Create a report run',
    description: `A report of your ledger from \`from\` to \`to\` (YYYY-MM-DD, both included, days in your account's time zone: GET /v1/account), at most ${MAX_REPORT_DAYS} days, \`to\` not after your today. \`balance_transactions\`: one line per balance transaction, oldest first. \`daily_summary\`: per day and per rail, rail account, currency and intent currency: \`opening\`, \`payments\` (payments, overpayments, late payments and adjustments), \`refunds\`, \`closing\` (= opening + payments - refunds, the next day's opening), \`count\`, and the same sums in the intent's currency (the franc value, at each line's own rate). Answered at once, \`pending\`; the worker completes it within seconds: \`report_run.succeeded\` (or \`report_run.failed\`), then GET \`fileUrl\`. The file holds the ledger as it was when the run completed: money that arrives later is in the next run, never in this file.`,
    body: createReportRunInput,
    returns: 'ReportRun',
  },
  {
    id: 'listReportRuns',
    tag: 'Reports',
    method: 'get',
    path: '/v1/report_runs',
    summary: 'List report runs',
    description:
      "Your report runs in the key's mode.\n\nNewest first. Pages of `limit` objects (1 to 100, default 10): while `hasMore` is true, pass the last object's `id` as `startingAfter` for the next page; `endingBefore` pages toward newer objects. `createdAt[gte]` and `createdAt[lt]` bound the creation time (Unix seconds). A cursor that names no object of this list answers 400 `resource_missing`; both cursors at once, 400 `parameters_exclusive`.",
    query: listReportRunsQuery,
    returns: 'list:ReportRun',
  },
  {
    id: 'retrieveReportRun',
    tag: 'Reports',
    method: 'get',
    path: '/v1/report_runs/{id}',
    summary: 'Retrieve a report run',
    description:
      'The run as it is now: `pending`, then `succeeded` with its `rowCount` and `fileUrl`, or `failed`. 404 `resource_missing` when no report run of this mode has this id.',
    returns: 'ReportRun',
  },
  {
    id: 'retrieveReportRunFile',
    tag: 'Reports',
    method: 'get',
    path: '/v1/report_runs/{id}/file',
    summary: "Download a report run's file",
    description: `The CSV of a succeeded run (\`text/csv; charset=utf-8\`, as an attachment), streamed: RFC 4180, comma-separated, CRLF line ends, a header line. Amounts are integers in minor units (negative: money out), as the API gives them; a text cell that would start a spreadsheet formula (=, +, -, @) is written with a leading \`'\`. \`balance_transactions\` columns: ${BALANCE_TRANSACTIONS_COLUMNS.map((c) => `\`${c}\``).join(', ')} (\`createdAt\` in the run's time zone with its offset, \`createdAtUtc\` in UTC). \`daily_summary\` columns: ${DAILY_SUMMARY_COLUMNS.map((c) => `\`${c}\``).join(', ')}. The same bytes on every download. 409 \`report_not_ready\` while the run is pending or when it failed.`,
    returns: 'csv',
  },
];

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const SCHEMA_PREFIX = '#/components/schemas/';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Generator noise out: `$schema`/`$id`, the ±MAX_SAFE_INTEGER bounds zod gives every `.int()`, and
 * (`open`: response objects) `additionalProperties: false`, so responses stay open to new fields.
 * Properties the server always refuses (`z.never()`, `{not: {}}`) are dropped from request bodies:
 * unlisted, they are refused anyway (additionalProperties: false there).
 */
function clean(node: unknown, open: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => clean(n, open));
  if (!isObj(node)) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$schema' || k === '$id') continue;
    if (k === 'additionalProperties' && v === false && open) continue;
    if (k === 'minimum' && v === -MAX_SAFE) continue;
    if (k === 'maximum' && v === MAX_SAFE) continue;
    if (k === 'properties' && isObj(v)) {
      out[k] = Object.fromEntries(
        Object.entries(v)
          .filter(([, p]) => !(isObj(p) && isObj(p.not) && Object.keys(p.not).length === 0))
          .map(([name, p]) => [name, clean(p, open)]),
      );
      continue;
    }
    out[k] = clean(v, open);
  }
  return out;
}

/** Request bodies: amounts get their real bounds (the widest of any currency; api-contract: Amounts). */
function bodySchema(op: Operation & { body: z.ZodType }): Json {
  const exactlyOneOf = EXACTLY_ONE_OF[op.id];
  const notes = PROPERTY_NOTES[op.id] ?? {};
  const s = op.body;
  const schema = clean(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }), false) as Json;
  const props = (schema.properties ?? {}) as Record<string, Json>;
  for (const name of ['amount', 'unitAmount']) {
    const p = props[name];
    // Bounded where the server checks the currency's bounds (not the test helper's free amount).
    if (p?.type !== 'integer' || op.tag === 'Test helpers') continue;
    delete p.exclusiveMinimum;
    Object.assign(p, {
      minimum: 1,
      maximum: 1_000_000_000_000,
      description:
        'minor units. Per currency: XOF and XAF 100 to 5,000,000; GNF 1,000 to 50,000,000; BTC 1 to 1,000,000,000 sats (on-chain at least 1,000); USDT 1,000,000 to 1,000,000,000,000 (400 amount_too_small / amount_too_large)',
    });
  }
  for (const [name, note] of Object.entries(notes))
    if (props[name]) props[name].description = props[name].description ? `${props[name].description}. ${note}` : note;
  // Properties the zod input cannot say as JSON Schema (a rail account's settings: an object whose shape is the rail's).
  for (const [name, p] of Object.entries(bodyProperties(op.id))) props[name] = p;
  // Exactly one of these (neither: 400 parameter_missing; both: 400 parameters_exclusive).
  if (exactlyOneOf) schema.oneOf = exactlyOneOf.map((name) => ({ type: 'object', properties: { [name]: props[name] }, required: [name] }));
  return schema;
}

/** Query parameters as the server reads them: strings coerced to integers and booleans. */
const QUERY_TYPES: Record<string, Json> = {
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  'createdAt[gte]': { type: 'integer', minimum: 0, description: 'Unix timestamp, seconds: created at or after' },
  'createdAt[lt]': { type: 'integer', minimum: 0, description: 'Unix timestamp, seconds: created before' },
  active: { type: 'boolean' },
  startingAfter: { type: 'string', maxLength: 100, description: 'an object id of this list: the page after it' },
  endingBefore: { type: 'string', maxLength: 100, description: 'an object id of this list: the page before it (not with startingAfter)' },
};

function queryParameters(s: z.ZodType) {
  const schema = clean(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }), false) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, p]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: QUERY_TYPES[name] ?? p,
  }));
}

const HEADERS = {
  RequestId: {
    description: 'The request id (req_...), repeated in error bodies: quote it to support',
    required: true,
    schema: { type: 'string', pattern: '^req_' },
  },
  IdempotentReplayed: {
    description: '"true" when this is the replay of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', const: 'true' },
  },
  RetryAfter: { description: 'Seconds to wait before retrying', required: true, schema: { type: 'integer', minimum: 1 } },
  RetryAfterUnavailable: {
    description:
      'When present, seconds to wait before trying this rail again. When absent, retry with backoff (for example 5 s, then 30 s), or offer the payer another rail',
    schema: { type: 'integer', minimum: 1 },
  },
  WWWAuthenticate: { description: 'Bearer realm="caisse"', required: true, schema: { type: 'string' } },
  ContentDisposition: {
    description: 'attachment; filename="report-<type>-<from>-<to>-<id>.csv"',
    required: true,
    schema: { type: 'string', pattern: '^attachment; filename="[A-Za-z0-9._-]+"$' },
  },
};
const header = (n: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${n}` });
const ref = (n: string) => ({ $ref: `${SCHEMA_PREFIX}${n}` });

/** Request-body properties written here rather than generated from the input's zod schema. */
function bodyProperties(opId: string): Record<string, Json> {
  if (opId === 'createRailAccount')
    return {
      settings: {
        description:
          "The rail's settings: one of the RailAccountSettings objects, the one of the rail's protocol for mobile money, else the rail's. Secrets among them are write-only",
        anyOf: SETTINGS_KINDS.map((k) => ref(SETTINGS_SCHEMAS[k].name)),
      },
    };
  if (opId === 'updateRailAccount')
    return {
      settings: {
        ...(clean(z.toJSONSchema(UPDATE_SETTINGS, { io: 'input', unrepresentable: 'any' }), false) as Json),
        description:
          "The settings to change, among those of the account's rail (its RailAccountSettings object): the others are kept, secrets included; `null` removes an optional one",
      },
    };
  return {};
}

const codeList = (codes: string[]) => codes.map((c) => `\`${c}\``).join(', ');

/** Only the statuses this operation can answer, each with the codes it can carry. */
function errorResponses(op: Operation): Record<string, Json> {
  // GET and DELETE take no body: the route never reads one (lib/api/route.ts), so none of the body's errors.
  const hasBody = op.method === 'post';
  const hasId = op.path.includes('{');
  const out: Record<string, { description: string; headers?: Json }> = {};
  const c400 = hasBody
    ? [
        'parameter_missing',
        'parameter_invalid',
        'parameter_unknown',
        'invalid_json',
        'invalid_content_length',
        'request_aborted',
        'invalid_host',
        ...(op.codes400 ?? []),
      ]
    : [
        'parameter_invalid',
        'parameter_unknown',
        ...(op.query && op.returns.startsWith('list:') && op.id !== 'listExchangeRates' ? ['parameters_exclusive'] : []),
        'invalid_host',
      ];
  out['400'] = { description: `Invalid request: ${codeList([...new Set(c400)])}` };
  out['401'] = { description: '`invalid_api_key`: no, malformed, unknown or revoked API key', headers: { 'WWW-Authenticate': header('WWWAuthenticate') } };
  out['403'] = {
    description:
      '`permission_denied`: a restricted key (`rk_...`) without the permission this operation needs (the message names it; see the guide Team and permissions)',
  };
  if (op.rail === 'confirm')
    out['402'] = {
      description: "`payment_refused`: the rail's backend refused this one payment request (e.g. the payer's number); try again or use another rail",
    };
  if (hasId)
    out['404'] = {
      description: `\`resource_missing\`: no such object for this merchant and mode${op.tag === 'Test helpers' ? ' (and every test helper with a live key)' : ''}`,
    };
  if (hasBody) out['408'] = { description: '`request_timeout`: the body did not arrive within 10 s' };
  if (op.returns === 'csv') out['409'] = { description: '`report_not_ready`: the run is pending (retrieve it until it succeeded) or failed (make a new one)' };
  if (op.method === 'post')
    out['409'] = {
      description:
        op.id === 'createRailAccount'
          ? '`rail_account_exists`: this merchant already has an active account for the rail in this mode (update it, or disable it first); or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry)'
          : op.state
            ? "`unexpected_state`: the object's state does not allow this now; or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry)"
            : '`idempotency_key_in_use`: a request with this Idempotency-Key is still running (retry)',
    };
  if (op.codes409?.length && out['409'])
    out['409'].description += `; or ${op.codes409
      .map((c) =>
        c === 'rail_account_change_pending'
          ? "`rail_account_change_pending`: another change waits for an owner's approval (the message names it)"
          : c === 'two_owners_required'
            ? '`two_owners_required`: railAccountApproval needs two active owners'
            : `\`${c}\``,
      )
      .join('; or ')}`;
  if (hasBody) {
    out['413'] = { description: '`request_too_large`: body over 64 KiB' };
    out['415'] = { description: '`unsupported_media_type`: body is not application/json' };
  }
  if (op.method === 'post') out['422'] = { description: '`idempotency_key_reused`: the Idempotency-Key was first used with another body or path' };
  out['429'] = {
    description:
      op.rail === 'confirm'
        ? `\`rate_limited\`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute); or \`phone_rate_limited\`: too many payment prompts to one phone (per merchant ${PROMPTS_PER_MINUTE} a minute and ${PROMPTS_PER_HOUR} an hour; ${PHONE_PROMPTS_PER_HOUR} an hour from all merchants beyond each one's first ${PROMPTS_BEYOND_CEILING}; resends ${RESEND_SPACING_SECONDS} s apart); or \`address_limit_reached\`: the hosted page's client or payment link holds too many unpaid receive addresses`
        : '`rate_limited`: over the per-key rate, or too many requests that failed authentication from this client address (20 a minute)',
    headers: { 'Retry-After': header('RetryAfter') },
  };
  out['500'] = { description: 'A bug: the body carries no code, only a message and the request id' };
  if (op.rail)
    out['503'] = {
      description:
        "`rail_unavailable`: the rail's backend is down or refused, no receive address is free, or (a converting rail) no fresh exchange rate; try again later or use another rail",
      headers: { 'Retry-After': header('RetryAfterUnavailable') },
    };
  if (op.codes503?.includes('encryption_key_missing'))
    out['503'] = {
      description:
        "`encryption_key_missing`: this deployment has no `CAISSE_ENCRYPTION_KEY` to encrypt the account's secrets with; nothing was saved. Its operator must set one, then send the request again",
      headers: { 'Retry-After': header('RetryAfterUnavailable') },
    };
  return Object.fromEntries(
    Object.entries(out).map(([status, r]) => [
      status,
      {
        description: r.description,
        headers: { 'Request-Id': header('RequestId'), ...r.headers },
        content: { 'application/json': { schema: ref('Error'), example: errorExample(status, op) } },
      },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Examples: realistic, and checked against the (closed) schemas by test/openapi-exact.test.ts.

const T = 1767225600; // 2026-01-01T00:00:00Z
const PI_ID = 'pi_3kTq8ZbV2nLw9XyC4rHd7M';
const RA_ID = 'ra_4Hm9Qx2LcT7nKz3WbV8pRd';
const RE_ID = 're_7Kp2Wx9LmQ4nTc8BvZ3rHd';
/** An MTN MoMo account's settings as its merchant sends them (the secrets are made up). */
/** The examples' fingerprints are made with a key of their own (a deployment's come from its key ring). */
const EXAMPLE_FINGERPRINT_KEY = Buffer.alloc(32, 7);
const RA_SETTINGS = {
  baseUrl: 'https://proxy.momoapi.mtn.com',
  subscriptionKey: 'f3b1c8d24e6a4f0b9d7e5a3c21b09c1e',
  apiUser: 'c72025f5-5cd1-4630-99e4-8ba4722fad56',
  apiKey: '8e2d4c6a0b1f47d3a5c9e7b2d6f841b7',
  targetEnvironment: 'mtnivorycoast',
};
export const EXAMPLES = {
  Product: {
    id: 'prod_7Hc2LmQx9VbN4tKz1PwR8s',
    object: 'product',
    name: 'Wax fabric, 6 yards',
    description: 'Hand-printed cotton',
    active: true,
    metadata: { sku: 'WAX-6Y' },
    livemode: false,
    createdAt: T,
  },
  Price: {
    id: 'price_5Rt8NvK2qLx7BwZ3mJc9Hd',
    object: 'price',
    productId: 'prod_7Hc2LmQx9VbN4tKz1PwR8s',
    currency: 'XOF',
    unitAmount: 5000,
    active: true,
    metadata: {},
    livemode: false,
    createdAt: T,
  },
  PaymentIntent: {
    id: PI_ID,
    object: 'payment_intent',
    amount: 5000,
    amountReceived: 0,
    amountRefunded: 0,
    currency: 'XOF',
    status: 'pending',
    rail: 'mobile_money_a',
    reference: 'order-1042',
    description: 'Order 1042',
    metadata: { orderId: '1042' },
    lastPaymentError: null,
    canceledAt: null,
    livemode: false,
    createdAt: T,
    nextAction: { type: 'mobile_money_prompt', phone: '+2250700000000', operator: 'MTN MoMo', ussdCode: '*133#', expiresAt: T + 300, quote: null },
    latestQuote: null,
    railAccountId: 'ra_3Hn8Qw2LxT6vKc9ZpB4mRd',
  },
  CheckoutSession: {
    id: 'cs_9Wm4Kx2PbT7nQz5LcV8rJh',
    object: 'checkout_session',
    url: 'http://localhost:3000/checkout/cs_9Wm4Kx2PbT7nQz5LcV8rJh',
    status: 'open',
    paymentIntentId: null,
    priceId: 'price_5Rt8NvK2qLx7BwZ3mJc9Hd',
    paymentLinkId: null,
    amount: 5000,
    currency: 'XOF',
    successUrl: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example/cart',
    locale: 'auto',
    metadata: { orderId: '1042' },
    expiresAt: T + 86400,
    livemode: false,
    createdAt: T,
  },
  PaymentLink: {
    id: 'plink_2Nq7Xv4KcM9tRb3LzW8pHd',
    object: 'payment_link',
    url: 'http://localhost:3000/checkout/link/plink_2Nq7Xv4KcM9tRb3LzW8pHd',
    priceId: 'price_5Rt8NvK2qLx7BwZ3mJc9Hd',
    active: true,
    successUrl: null,
    cancelUrl: null,
    locale: 'fr',
    metadata: {},
    livemode: false,
    createdAt: T,
  },
  WebhookEndpoint: {
    id: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd',
    object: 'webhook_endpoint',
    url: 'https://shop.example/caisse/webhooks',
    enabledEvents: ['payment_intent.succeeded', 'payment_intent.failed'],
    description: 'Orders',
    status: 'enabled',
    disabledReason: null,
    previousSecretExpiresAt: null,
    livemode: false,
    createdAt: T,
  },
  WebhookEndpointWithSecret: {
    id: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd',
    object: 'webhook_endpoint',
    url: 'https://shop.example/caisse/webhooks',
    enabledEvents: ['payment_intent.succeeded', 'payment_intent.failed'],
    description: 'Orders',
    status: 'enabled',
    disabledReason: null,
    previousSecretExpiresAt: null,
    livemode: false,
    createdAt: T,
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  },
  WebhookDelivery: {
    id: 'whd_4Kc8Rz2LmT6nQx9VbP3wHd1',
    object: 'webhook_delivery',
    endpointId: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd',
    eventId: 'evt_8Jd3Wq6LzN2cKx7TbR5mVh',
    eventType: 'payment_intent.succeeded',
    status: 'succeeded',
    attemptCount: 1,
    nextAttemptAt: null,
    lastAttemptAt: T + 5,
    lastResponseStatus: 200,
    lastError: null,
    attempts: [{ attemptedAt: T + 5, manual: false, responseStatus: 200, responseBody: 'ok', error: null, durationMs: 84 }],
    livemode: false,
    createdAt: T,
  },
  ExchangeRate: { object: 'exchange_rate', from: 'XOF', to: 'USDT', rate: '600', source: 'test', fetchedAt: T },
  AddressGap: {
    object: 'address_gap',
    rail: 'btc_onchain',
    livemode: true,
    configuredGapLimit: 20,
    derivedCount: 57,
    highestUsedIndex: 41,
    longestUnusedRun: 23,
    requiredGapLimit: 24,
  },
  DeletedWebhookEndpoint: { id: 'we_6Lp3Tz8KvQ2nXc7BmR4wJd', object: 'webhook_endpoint', deleted: true },
  BalanceTransaction: {
    id: 'txn_5Qm2Kx8LvT3nRc9BzW7pJd',
    object: 'balance_transaction',
    type: 'payment',
    source: 'pi_3kTq8ZbV2nLw9XyC4rHd7M',
    paymentIntentId: 'pi_3kTq8ZbV2nLw9XyC4rHd7M',
    rail: 'usdt_trc20',
    railAccountId: RA_ID,
    platformAccount: false,
    amount: 8_333_334,
    currency: 'USDT',
    amountInIntentCurrency: 5000,
    intentCurrency: 'XOF',
    rate: '600',
    livemode: true,
    createdAt: T,
  },
  Reconciliation: {
    id: 'recon_6Tq3Lx8KvM2nRc7BzW4pJd',
    object: 'reconciliation',
    status: 'succeeded',
    origin: 'daily',
    from: '2025-12-31',
    to: '2025-12-31',
    timeZone: 'Africa/Abidjan',
    railAccountId: null,
    summary: { attemptsChecked: 42, refundsChecked: 1, backendMovementsRead: 43, listedAccounts: [RA_ID], listingsUnavailable: [] },
    failure: null,
    itemCount: 1,
    items: [
      {
        id: 'recitem_3Wm8Qx2LcT7nKz4BvR9pHd',
        object: 'reconciliation_item',
        reconciliationId: 'recon_6Tq3Lx8KvM2nRc7BzW4pJd',
        kind: 'missing_in_caisse',
        reason: 'credited_through_settle_path',
        resolution: 'credited',
        rail: 'mobile_money_d',
        railAccountId: RA_ID,
        backendRef: 'cos-18qq25rgr100a',
        paymentIntentId: 'pi_3kTq8ZbV2nLw9XyC4rHd7M',
        attemptId: 'att_8Hd2Lq5XvN9cKm3TbR7wZp',
        refundId: null,
        caisse: { amount: 2000, currency: 'XOF', ledgerLines: 1, attemptStatus: 'succeeded' },
        backend: { amount: 2000, currency: 'XOF', state: 'confirmed' },
        explanation:
          'The backend received 2000 XOF for attempt att_8Hd2Lq5XvN9cKm3TbR7wZp; Caisse had recorded 0 XOF. The difference was credited through the normal settle path and the ledger now matches.',
        livemode: true,
        createdAt: T + 90_000,
      },
    ],
    hasMoreItems: false,
    livemode: true,
    createdAt: T + 90_000,
    completedAt: T + 90_004,
  },
  ReconciliationItem: {
    id: 'recitem_5Kp2Wx9LmQ4nTc8BvZ3rHd',
    object: 'reconciliation_item',
    reconciliationId: 'recon_6Tq3Lx8KvM2nRc7BzW4pJd',
    kind: 'missing_in_caisse',
    reason: 'refund_outside_caisse',
    resolution: 'outside_caisse',
    rail: 'mobile_money_d',
    railAccountId: RA_ID,
    backendRef: 'cos-18qq25rgr100a',
    paymentIntentId: 'pi_3kTq8ZbV2nLw9XyC4rHd7M',
    attemptId: 'att_8Hd2Lq5XvN9cKm3TbR7wZp',
    refundId: null,
    caisse: null,
    backend: { amount: -2000, currency: 'XOF', id: 'T_V3TFOUE7VU', reference: 'att_8Hd2Lq5XvN9cKm3TbR7wZp', at: T + 3600 },
    explanation:
      '2000 XOF went back from the mobile_money_d account for Caisse payment attempt att_8Hd2Lq5XvN9cKm3TbR7wZp without a Caisse refund: a refund made directly at the backend. Caisse still counts the payment as received; record it as a refund or review it.',
    livemode: true,
    createdAt: T + 90_000,
  },
  ReportRun: {
    id: 'frr_6Tn3Wq8KzL2mXc5BvR9pHd',
    object: 'report_run',
    type: 'daily_summary',
    status: 'succeeded',
    timeZone: 'Africa/Abidjan',
    from: '2026-01-01',
    to: '2026-01-31',
    rowCount: 62,
    fileUrl: 'http://localhost:3000/v1/report_runs/frr_6Tn3Wq8KzL2mXc5BvR9pHd/file',
    livemode: true,
    createdAt: T + 2_678_460,
  },
  AuditEvent: {
    id: 'audit_6Tq2Lx9KmV4nRc8BzW3pJd',
    object: 'audit_event',
    action: 'refund.approved',
    actor: { type: 'user', id: 'user_3Kc9Qx2LmT7nVb4RzW8pHd', label: 'ana@shop.example' },
    target: { object: 'refund', id: 're_4Nq8Xv2KcM7tRb3LzW9pHd' },
    ip: '203.0.113.7',
    changes: { before: { status: 'pending_approval' }, after: { status: 'pending' } },
    livemode: true,
    createdAt: T,
  },
  Account: {
    id: 'acct_2Lm8Qx4KvT9nRc3BzW6pJd',
    object: 'account',
    name: 'Boutique Awa',
    timeZone: 'Africa/Abidjan',
    refundApprovalThresholds: { XOF: 50000 },
    railAccountApproval: false,
    pendingChange: null,
    livemode: true,
  },
  Balance: {
    object: 'balance',
    accounts: [
      { rail: 'mobile_money_a', railAccountId: RA_ID, platformAccount: false, currency: 'XOF', received: 152_500, refunded: 2000, net: 150_500 },
      { rail: 'usdt_trc20', railAccountId: null, platformAccount: true, currency: 'USDT', received: 8_333_334, refunded: 0, net: 8_333_334 },
    ],
    livemode: true,
  },
  Refund: {
    id: RE_ID,
    object: 'refund',
    paymentIntentId: 'pi_3kTq8ZbV2nLw9XyC4rHd7M',
    amount: 2000,
    currency: 'XOF',
    status: 'pending',
    reason: 'requested_by_customer',
    rail: 'mobile_money_a',
    railAccountId: RA_ID,
    settlementAmount: 2000,
    settlementCurrency: 'XOF',
    rate: null,
    rateSource: null,
    nextAction: null,
    operatorReference: null,
    failureReason: null,
    failureMessage: null,
    metadata: { ticket: 'SAV-311' },
    livemode: true,
    createdAt: T,
  },
  RailAccount: {
    id: RA_ID,
    object: 'rail_account',
    rail: 'mobile_money_a',
    protocol: 'mtn_momo',
    displayName: 'MTN MoMo',
    status: 'active',
    version: 1,
    currencies: ['XOF'],
    minAmount: null,
    maxAmount: 1_500_000,
    amountStep: null,
    settings: {
      baseUrl: RA_SETTINGS.baseUrl,
      apiUser: RA_SETTINGS.apiUser,
      targetEnvironment: RA_SETTINGS.targetEnvironment,
    },
    // The hints of the request example's secrets, as the server computes them.
    secrets: {
      subscriptionKey: secretHint(RA_SETTINGS.subscriptionKey, EXAMPLE_FINGERPRINT_KEY),
      apiKey: secretHint(RA_SETTINGS.apiKey, EXAMPLE_FINGERPRINT_KEY),
    },
    notifyUrl: `http://localhost:3000/callbacks/${RA_ID}`,
    receiveAddresses: [],
    metadata: {},
    livemode: true,
    createdAt: T,
    updatedAt: T,
    disabledAt: null,
    pendingChange: null,
  },
} as const;

/** A change waiting for another owner's approval, as the 202 answers show it. */
const PENDING_CHANGE_EXAMPLE = {
  id: 'rachg_6Wm3Kx8QvT2nLc9BzR4pHd',
  status: 'pending_approval',
  requestedBy: { type: 'key', id: 'key_8Rc2Wx5LmQ9nTb3KzV7pJd', label: 'sk_live_…Q7pX' },
  createdAt: T + 3600,
} as const;

/** The 202 example of each operation that may wait for an approval. */
const ACCEPTED_EXAMPLES: Record<string, unknown> = {
  createRailAccount: {
    ...EXAMPLES.RailAccount,
    status: 'pending_approval',
    createdAt: PENDING_CHANGE_EXAMPLE.createdAt,
    updatedAt: PENDING_CHANGE_EXAMPLE.createdAt,
    pendingChange: { ...PENDING_CHANGE_EXAMPLE, action: 'create' },
  },
  updateRailAccount: { ...EXAMPLES.RailAccount, pendingChange: { ...PENDING_CHANGE_EXAMPLE, action: 'update' } },
  disableRailAccount: { ...EXAMPLES.RailAccount, pendingChange: { ...PENDING_CHANGE_EXAMPLE, action: 'disable' } },
  updateAccount: { ...EXAMPLES.Account, railAccountApproval: true, pendingChange: { ...PENDING_CHANGE_EXAMPLE, action: 'approval_off' } },
};

/** A quoted attempt: an XOF 5,000 intent paid in USDT over TRC20. */
export const QUOTED_PAYMENT_INTENT_EXAMPLE = {
  ...EXAMPLES.PaymentIntent,
  status: 'requires_payment_method',
  rail: 'usdt_trc20',
  nextAction: {
    type: 'tron_address',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    amount: '8.333334',
    network: 'TRC20',
    contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    expiresAt: T + 900,
    quote: { amount: 8333334, currency: 'USDT', rate: '600', expiresAt: T + 900 },
  },
  latestQuote: { amount: 8333334, currency: 'USDT', rate: '600', expiresAt: T + 900, received: 0 },
  railAccountId: null,
} as const;

/** A daily summary's first lines, as the file endpoint sends them. */
const REPORT_FILE_EXAMPLE = [
  DAILY_SUMMARY_COLUMNS.join(','),
  '2026-01-01,mobile_money_a,ra_4Hm9Qx2LcT7nKz3WbV8pRd,false,XOF,150500,25000,2000,173500,7,XOF,150500,25000,2000,173500',
  '2026-01-01,usdt_trc20,,true,USDT,8333334,16666667,0,25000001,1,XOF,5000,10000,0,15000',
  '',
].join('\r\n');

export const EVENT_EXAMPLE = {
  id: 'evt_8Jd3Wq6LzN2cKx7TbR5mVh',
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { ...EXAMPLES.PaymentIntent, status: 'succeeded', amountReceived: 5000, nextAction: null } },
  livemode: false,
  createdAt: T + 4,
} as const;

type ErrorExample = [type: string, code: string, message: string, param?: string];
const ERROR_EXAMPLES: Record<string, ErrorExample> = {
  '401': ['authentication_error', 'invalid_api_key', 'Invalid API key provided.'],
  '402': [
    'invalid_request_error',
    'payment_refused',
    "The mobile_money_a backend refused this payment request (HTTP 400). Check the payer's phone number. Try again or use another rail.",
    'phone',
  ],
  '403': [
    'invalid_request_error',
    'permission_denied',
    "This restricted API key does not have the permission 'refunds.write', which POST /v1/refunds needs. Add it to the key on the dashboard's API keys page, or use a key that has it.",
  ],
  '408': ['invalid_request_error', 'request_timeout', 'The request body did not arrive within 10 s.'],
  '413': ['invalid_request_error', 'request_too_large', 'The request body is larger than the limit of 65536 bytes.'],
  '415': ['invalid_request_error', 'unsupported_media_type', 'Request bodies must be JSON, sent with Content-Type: application/json.'],
  '422': ['idempotency_error', 'idempotency_key_reused', 'Keys for idempotent requests can only be used with the same parameters they were first used with.'],
  '429': ['rate_limit_error', 'rate_limited', 'Too many requests with this API key: the limit is 25 per second with bursts of 100. Retry after 1 s.'],
};

/** The object a path's last `{param}` names, as the server's 404 says it (`No such payment_intent: ...`). */
const KIND_OF_PATH: [RegExp, string, string][] = [
  [/deliveries\/\{deliveryId\}/, 'webhook_delivery', 'whd_4Kc8Rz2LmT6nQx9VbP3wHd1'],
  [/webhook_endpoints\/\{id\}/, 'webhook_endpoint', 'we_6Lp3Tz8KvQ2nXc7BmR4wJd'],
  [/payment_intents\/\{id\}/, 'payment_intent', 'pi_3kTq8ZbV2nLw9XyC4rHd7M'],
  [/checkout_sessions\/\{id\}/, 'checkout_session', 'cs_9Wm4Kx2PbT7nQz5LcV8rJh'],
  [/products\/\{id\}/, 'product', 'prod_7Hc2LmQx9VbN4tKz1PwR8s'],
  [/prices\/\{id\}/, 'price', 'price_5Rt8NvK2qLx7BwZ3mJc9Hd'],
  [/payment_links\/\{id\}/, 'payment_link', 'plink_2Nq7Xv4KcM9tRb3LzW8pHd'],
  [/events\/\{id\}/, 'event', 'evt_8Jd3Wq6LzN2cKx7TbR5mVh'],
  [/rail_accounts\/\{id\}/, 'rail_account', RA_ID],
  [/refunds\/\{id\}/, 'refund', RE_ID],
  [/balance_transactions\/\{id\}/, 'balance_transaction', 'txn_5Qm2Kx8LvT3nRc9BzW7pJd'],
  [/reconciliations\/\{id\}/, 'reconciliation', 'recon_6Tq3Lx8KvM2nRc7BzW4pJd'],
  [/report_runs\/\{id\}/, 'report_run', 'frr_6Tn3Wq8KzL2mXc5BvR9pHd'],
  [/^\/v1\/refunds$/, 'payment_intent', 'pi_3kTq8ZbV2nLw9XyC4rHd7M'],
];

/** 409 unexpected_state, as each operation words it. */
const STATE_EXAMPLES: Record<string, string> = {
  cancelPaymentIntent: "This payment intent's status is succeeded; it cannot become canceled (only from requires_payment_method).",
  expireCheckoutSession: 'A payment for this session is pending; the session cannot expire until that payment succeeds or fails.',
  confirmPaymentIntent: "This payment intent's status is succeeded; it can no longer be confirmed.",
  testPayPaymentIntent: "This payment intent's status is canceled.",
  testFailPaymentIntent: "This payment intent's status is succeeded.",
  retryWebhookDelivery: 'Delivery whd_4Kc8Rz2LmT6nQx9VbP3wHd1 is being attempted right now. Retry when that attempt is over.',
  createRailAccount: `This account already has an active mobile_money_a rail account in live mode (${RA_ID}): update it, or disable it first.`,
  updateRailAccount: 'This rail account is disabled; create a new one for the rail.',
  createRefund: 'Nothing was received on this payment intent yet: there is nothing to refund.',
  cancelRefund: 'This refund was already sent to the operator; it can no longer be canceled (it ends succeeded or failed).',
  markRefundSucceeded: 'The payer has not claimed this refund yet: there is nothing to send it to.',
  testClaimRefund: "Only a refund waiting for the payer's claim can be claimed (this one is succeeded).",
  testSucceedRefund: "This refund's status is failed; only a pending refund gets the backend's answer.",
  testFailRefund: 'This refund waits for the merchant, who sends it or cancels it: it cannot fail at the backend.',
};

/** 400: the refusal an operation is known for, when it is not the generic one. */
const ERROR_400_EXAMPLES: Record<string, ErrorExample> = {
  createRefund: ['invalid_request_error', 'amount_too_large', 'amount is more than is refundable: at most 3000 XOF.', 'amount'],
  markRefundSucceeded: [
    'invalid_request_error',
    'operator_reference_invalid',
    'operatorReference does not prove this refund: transaction 4a5e1e4b... pays no output to tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx.',
    'operatorReference',
  ],
  testClaimRefund: ['invalid_request_error', 'amount_mismatch', 'This invoice is for 1000 sats; make one for exactly 20000 sats.', 'destination'],
  createRailAccount: [
    'invalid_request_error',
    'rail_account_invalid',
    'The mobile_money_a backend did not accept these settings: token: the backend answered HTTP 401 (error login_failed). Nothing was saved.',
    'settings',
  ],
  updateRailAccount: [
    'invalid_request_error',
    'rail_account_invalid',
    'The btc_lightning backend did not accept these settings: credentials check: the backend answered HTTP 500 (verification failed: signature mismatch after caveat verification). Nothing was saved.',
    'settings',
  ],
};

/** A realistic error body for this operation and status: the message the server gives in that case. */
function errorExample(status: string, op: Operation) {
  const requestId = 'req_5Vn2Kq8LxT3mRc7BzW9pJd';
  let e: ErrorExample | undefined = ERROR_EXAMPLES[status];
  if (status === '400' && ERROR_400_EXAMPLES[op.id]) e = ERROR_400_EXAMPLES[op.id];
  else if (status === '400') {
    const required = op.body && ((z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) as { required?: string[] }).required ?? [])[0];
    e =
      op.id === 'createCheckoutSession'
        ? ['invalid_request_error', 'parameters_exclusive', 'Give either paymentIntentId or priceId, not both.', 'priceId']
        : required
          ? ['invalid_request_error', 'parameter_missing', `Missing required param: ${required}.`, required]
          : op.query && op.returns.startsWith('list:') && op.id !== 'listExchangeRates'
            ? ['invalid_request_error', 'parameter_invalid', 'limit must be an integer from 1 to 100', 'limit']
            : op.body
              ? ['invalid_request_error', 'invalid_json', 'The request body is not valid JSON: Unexpected end of JSON input.']
              : ['invalid_request_error', 'parameter_unknown', 'Received unknown parameter: expand.', 'expand'];
  }
  if (status === '404') {
    const [, kind, id] = KIND_OF_PATH.find(([re]) => re.test(op.path))!;
    e = ['invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'.`];
  }
  if (status === '409' && op.returns === 'csv')
    e = [
      'invalid_request_error',
      'report_not_ready',
      'Report run frr_6Tn3Wq8KzL2mXc5BvR9pHd is pending: its file exists once the run has succeeded. Retrieve the run (GET /v1/report_runs/frr_6Tn3Wq8KzL2mXc5BvR9pHd) until its status is succeeded, or wait for the report_run.succeeded event.',
    ];
  else if (status === '409')
    e =
      op.id === 'createRailAccount'
        ? ['invalid_request_error', 'rail_account_exists', STATE_EXAMPLES[op.id]!, 'rail']
        : op.state && STATE_EXAMPLES[op.id]
          ? ['invalid_request_error', 'unexpected_state', STATE_EXAMPLES[op.id]!]
          : ['idempotency_error', 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry after it finishes.'];
  if (status === '429' && op.rail === 'confirm')
    e = [
      'rate_limit_error',
      'phone_rate_limited',
      `Too many payment requests were sent to this phone number by this account: at most ${PROMPTS_PER_MINUTE} a minute and ${PROMPTS_PER_HOUR} an hour. Retry after 42 seconds.`,
      'phone',
    ];
  if (status === '503' && op.codes503?.includes('encryption_key_missing'))
    e = [
      'api_error',
      'encryption_key_missing',
      'This deployment has no CAISSE_ENCRYPTION_KEY, so it cannot keep rail account secrets. Its operator must set one (see the README).',
    ];
  else if (status === '503')
    e =
      op.rail === 'confirm'
        ? ['api_error', 'rail_unavailable', 'The mobile_money_a rail is unavailable right now. Try again later or use another rail.', 'rail']
        : [
            'api_error',
            'rail_unavailable',
            'The usdt_trc20 rail is unavailable right now (no fresh USDT/XOF exchange rate is available right now). Try again later or use another rail.',
            'rail',
          ];
  if (!e)
    return {
      error: {
        type: 'api_error',
        message: `An unexpected error occurred. Contact support with the request id ${requestId} if it persists.`,
        param: null,
        requestId,
      },
    };
  const [type, code, message, param] = e;
  return { error: { type, code, message, param: param ?? null, requestId } };
}

/** One request body example per operation that takes a body. */
export const REQUEST_EXAMPLES: Record<string, Json> = {
  createPaymentIntent: {
    amount: 5000,
    currency: 'XOF',
    rail: 'mobile_money_a',
    reference: 'order-1042',
    description: 'Order 1042',
    metadata: { orderId: '1042' },
  },
  confirmPaymentIntent: { phone: '+2250700000000' },
  createReconciliation: { from: '2026-11-27', to: '2026-11-27' },
  createCheckoutSession: {
    priceId: 'price_5Rt8NvK2qLx7BwZ3mJc9Hd',
    successUrl: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example/cart',
    metadata: { orderId: '1042' },
  },
  createProduct: { name: 'Wax fabric, 6 yards', description: 'Hand-printed cotton', metadata: { sku: 'WAX-6Y' } },
  updateProduct: { metadata: { sku: 'WAX-6Y-B' } },
  createPrice: { productId: 'prod_7Hc2LmQx9VbN4tKz1PwR8s', currency: 'XOF', unitAmount: 5000 },
  updatePrice: { active: false },
  createPaymentLink: { priceId: 'price_5Rt8NvK2qLx7BwZ3mJc9Hd', locale: 'fr' },
  updatePaymentLink: { active: false },
  testPayPaymentIntent: { amount: 5000 },
  createWebhookEndpoint: {
    url: 'https://shop.example/caisse/webhooks',
    enabledEvents: ['payment_intent.succeeded', 'payment_intent.failed'],
    description: 'Orders',
  },
  updateWebhookEndpoint: { enabledEvents: ['*'] },
  rollWebhookEndpointSecret: { expiresInSeconds: 86400 },
  // No parameters: `{}` (or no body at all).
  cancelPaymentIntent: {},
  expireCheckoutSession: {},
  testFailPaymentIntent: {},
  retryWebhookDelivery: {},
  createRailAccount: { rail: 'mobile_money_a', displayName: 'MTN MoMo', settings: RA_SETTINGS, currencies: ['XOF'], maxAmount: 1_500_000 },
  updateRailAccount: { settings: { apiKey: '5b7d9f1e3a2c48e6b0d4f6a8c1e3b574' } },
  disableRailAccount: {},
  updateAccount: { timeZone: 'Africa/Douala' },
  createRefund: { paymentIntentId: 'pi_3kTq8ZbV2nLw9XyC4rHd7M', amount: 2000, reason: 'requested_by_customer', metadata: { ticket: 'SAV-311' } },
  cancelRefund: {},
  markRefundSucceeded: { operatorReference: 'MP240601.1532.C00231' },
  testClaimRefund: {},
  testSucceedRefund: {},
  testFailRefund: {},
  createReportRun: { type: 'daily_summary', from: '2026-01-01', to: '2026-01-31' },
};

function okExample(op: Operation): unknown {
  if (op.returns === 'csv') return REPORT_FILE_EXAMPLE;
  const one = (name: ObjectName): unknown => (name === 'Event' ? EVENT_EXAMPLE : EXAMPLES[name as keyof typeof EXAMPLES]);
  if (!op.returns.startsWith('list:')) return one(op.returns as ObjectName);
  const path = op.path;
  return { object: 'list', data: [one(op.returns.slice(5) as ObjectName)], hasMore: false, url: path };
}

/** Cross-field rules the server enforces, as JSON Schema. */
/** Rules the server enforces that the zod input schemas do not carry as JSON Schema: said on the property. */
const PROPERTY_NOTES: Record<string, Record<string, string>> = {
  createCheckoutSession: {
    expiresAt: 'Unix timestamp, seconds: 30 minutes to 24 hours ahead (default: 24 hours)',
    paymentIntentId: 'an intent in requires_payment_method; give exactly one of paymentIntentId and priceId',
    priceId: 'an active price (of an active product); give exactly one of paymentIntentId and priceId',
    metadata: 'at most 50 keys',
  },
  confirmPaymentIntent: {
    phone:
      'E.164 or national. Required by push operators (nextAction mobile_money_prompt); optional for redirect operators (Orange Money, Wave: with Wave only that number may pay)',
    rail: `another rail of the intent's currency (or, for XOF, XAF, GNF, a converting rail: ${CONVERTING.join(', ')})`,
  },
  createRailAccount: {
    protocol: "mobile money only: the protocol this deployment's rail speaks (leave it out: the account takes it)",
    displayName:
      "mobile money: the operator's name your buyers see on the payment page (default: the rail's usual name, such as MTN MoMo); other rails: a label for you",
  },
  updateRailAccount: { displayName: '`null` removes it' },
  testPayPaymentIntent: {
    amount: "in the attempt's settlement currency's minor units (the intent's own currency when there is no conversion); without it, the full amount due",
  },
};

const EXACTLY_ONE_OF: Record<string, string[]> = {
  createCheckoutSession: ['paymentIntentId', 'priceId'],
};

/** components.schemas: every named schema, with $refs between them; published OPEN (see clean). */
function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries(COMPONENTS)) registry.add(s, { id });
  const { schemas } = z.toJSONSchema(registry, { io: 'output', unrepresentable: 'any', uri: (id) => `${SCHEMA_PREFIX}${id}` }) as {
    schemas: Record<string, Json>;
  };
  const out: Record<string, Json> = {};
  for (const [name, s] of Object.entries(schemas)) out[name] = clean(s, true) as Json;
  // A oneOf of named objects told apart by `type`: the OpenAPI discriminator, with its mapping.
  for (const s of Object.values(out)) addDiscriminators(s, out);
  return out;
}

function addDiscriminators(node: unknown, all: Record<string, Json>): void {
  if (Array.isArray(node)) {
    for (const n of node) addDiscriminators(n, all);
    return;
  }
  if (!isObj(node)) return;
  const variants = node.oneOf;
  if (Array.isArray(variants) && variants.every((v) => isObj(v) && typeof v.$ref === 'string')) {
    const mapping: Record<string, string> = {};
    for (const v of variants as { $ref: string }[]) {
      const type = ((all[v.$ref.slice(SCHEMA_PREFIX.length)]?.properties ?? {}) as Record<string, Json>).type;
      const values = type?.const !== undefined ? [type.const] : Array.isArray(type?.enum) ? type.enum : [];
      for (const value of values) mapping[String(value)] = v.$ref;
    }
    if (Object.keys(mapping).length) node.discriminator = { propertyName: 'type', mapping };
  }
  for (const v of Object.values(node)) addDiscriminators(v, all);
}

const EVENT_SCHEMA_OF = (type: string) => `${SCHEMA_PREFIX}${Object.entries(EVENT_OBJECTS).find(([, [prefix]]) => type.startsWith(prefix))![0]}`;

/** OpenAPI 3.1 `webhooks`: one entry per event type, its body the event with that type. */
function webhooks(): Record<string, Json> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\./g, '_')}`,
          tags: ['Events'],
          summary: `${type} event`,
          description:
            'Sent to every enabled webhook endpoint whose enabledEvents match, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">). At least once, unordered; retried for about 3 days until a 2xx; a 410 disables the endpoint.',
          parameters: [
            { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: "the event's id (the same on every retry)" },
            { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'integer', minimum: 0 } },
            {
              name: 'webhook-signature',
              in: 'header',
              required: true,
              schema: { type: 'string' },
              description: 'v1,<base64> (several, space-separated, while a rolled secret overlaps)',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { allOf: [{ $ref: EVENT_SCHEMA_OF(type) }, { type: 'object', properties: { type: { const: type } }, required: ['type'] }] },
              },
            },
          },
          responses: { '2XX': { description: 'Received: any 2xx stops the retries' }, '410': { description: 'Gone: disables the endpoint' } },
        },
      },
    ]),
  );
}

export function openApiDocument(baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => idParam(m[1]!));
    const okSchema =
      op.returns === 'csv'
        ? { type: 'string', description: 'CSV' }
        : op.returns.startsWith('list:')
          ? {
              type: 'object',
              properties: {
                object: { const: 'list' },
                data: { type: 'array', items: ref(op.returns.slice(5)) },
                hasMore: { type: 'boolean' },
                url: { type: 'string' },
              },
              required: ['object', 'data', 'hasMore', 'url'],
            }
          : ref(op.returns);
    const okHeaders = {
      'Request-Id': header('RequestId'),
      ...(op.method === 'post' ? { 'Idempotent-Replayed': header('IdempotentReplayed') } : {}),
      ...(op.returns === 'csv' ? { 'Content-Disposition': header('ContentDisposition') } : {}),
    };
    const body = op.body && bodySchema({ ...op, body: op.body });
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      parameters: [
        ...pathParams,
        ...(op.query ? queryParameters(op.query) : []),
        ...(op.method === 'post'
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                schema: { type: 'string', maxLength: 255 },
                description: 'Replays the first response for 24 h',
              },
            ]
          : []),
      ],
      ...(body
        ? {
            requestBody: {
              // Optional bodies: every property optional (confirm, roll_secret, test pay): {} or no body.
              required: ((body.required as string[] | undefined)?.length ?? 0) > 0 || !!body.oneOf,
              content: { 'application/json': { schema: body, ...(REQUEST_EXAMPLES[op.id] ? { example: REQUEST_EXAMPLES[op.id] } : {}) } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'OK',
          headers: okHeaders,
          content: {
            [op.returns === 'csv' ? 'text/csv' : 'application/json']: {
              schema: okSchema,
              ...(op.id === 'confirmPaymentIntent'
                ? {
                    examples: {
                      mobile_money: { summary: 'XOF 5,000 over mobile_money_a: a prompt on the phone', value: EXAMPLES.PaymentIntent },
                      usdt_quote: { summary: 'XOF 5,000 paid in USDT over usdt_trc20: a locked quote', value: QUOTED_PAYMENT_INTENT_EXAMPLE },
                    },
                  }
                : { example: okExample(op) }),
            },
          },
        },
        ...(op.accepted
          ? {
              '202': {
                description: `Accepted, not applied yet: ${op.accepted}`,
                headers: okHeaders,
                content: { 'application/json': { schema: okSchema, example: ACCEPTED_EXAMPLES[op.id] } },
              },
            }
          : {}),
        ...errorResponses(op),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Caisse API',
      version: 'v1',
      description:
        'Payments API for West and Central Africa: mobile money (XOF, XAF, GNF), Bitcoin Lightning and on-chain, USDT on TRON. ' +
        'Amounts are integers in minor units (nextAction amounts for on-chain and TRC20 are decimal strings in BTC or USDT); timestamps are Unix seconds; field names are camelCase. ' +
        'Response objects may gain fields: do not reject unknown ones.',
    },
    servers: [{ url: baseUrl }],
    // OpenAPI 3.1's default dialect (oas/3.1/dialect/base) is left implicit: stating it makes
    // Stoplight Prism fail to compile every schema and accept any body (its issues #2797, #2442).
    // Bearer first: the scheme to use; Basic for curl -u and for clients that base64 the key.
    security: [{ bearer: [] }, { basic: [] }],
    tags: TAGS,
    paths,
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer sk_test_... (or sk_live_...)' },
        basic: {
          type: 'http',
          scheme: 'basic',
          description: 'The secret key as user name, no password (curl -u sk_test_...:); base64 of the key alone, without the colon, is taken too',
        },
      },
      headers: HEADERS,
      schemas: componentSchemas(),
    },
  };
}
