// The guides of /docs: their list, and the tables they show. Tables that the code already holds as
// data are read from it (the test numbers from the simulator, the example numbers from the
// operators), and the ones written here are checked against the OpenAPI document by
// test/docs.test.ts (every error code the API can answer has its line, and no other).

import { RAIL_ACCOUNT_SETTINGS_NAMES } from '../api/openapi';
import { MOBILE_MONEY_RAILS } from '../money';
import { fieldsOfKind, SETTINGS_KINDS } from '../rails/accounts';
import { operatorInfo } from '../rails/mobile-money/operators';
import { MOBILE_MONEY_TEST_NUMBERS } from '../rails/mobile-money/simulator';
import { REFUND_TEST_AMOUNTS, REFUND_TEST_NUMBERS } from '../rails/refund-simulator';

export interface Guide {
  slug: string;
  title: string;
  summary: string;
}

export const GUIDES: Guide[] = [
  { slug: 'authentication', title: 'Authentication and modes', summary: 'API keys, Bearer and Basic, test and live mode.' },
  { slug: 'errors', title: 'Errors', summary: 'The error body, every error code, and failed payments.' },
  { slug: 'pagination', title: 'Pagination and filters', summary: 'Keyset pages, newest first, date filters.' },
  { slug: 'idempotency', title: 'Idempotency', summary: 'Retry a POST safely with Idempotency-Key.' },
  { slug: 'test-mode', title: 'Test mode', summary: 'Test numbers, test helpers and the simulated rails.' },
  { slug: 'webhooks', title: 'Webhooks', summary: 'Receive events and verify their signatures.' },
  { slug: 'quotes', title: 'Quotes: francs paid in BTC or USDT', summary: 'Exchange rates, locked quotes, what counts.' },
  { slug: 'payment-links', title: 'Payment links', summary: 'A URL to share that takes payments without code.' },
  { slug: 'refunds', title: 'Refunds', summary: 'Give a payer back part or all of a payment, on every rail.' },
  { slug: 'rail-accounts', title: 'Your own rail accounts', summary: 'Your buyers pay into your own operator accounts, node and wallet.' },
  { slug: 'reconciliation', title: 'Reconciliation', summary: 'Check the ledger against what each backend says, every day.' },
  { slug: 'reports', title: 'Reports: close the day', summary: 'Your ledger as CSV: every balance transaction, or a daily summary per account.' },
  { slug: 'team', title: 'Team and permissions', summary: 'Roles, restricted keys, approvals and the audit log.' },
  { slug: 'sdk', title: 'Use the TypeScript SDK', summary: 'Typed calls, retries, pagination and webhook verification.' },
];

export const guide = (slug: string) => GUIDES.find((g) => g.slug === slug);

export interface ErrorCodeDoc {
  status: number;
  type: string;
  meaning: string;
}

/** Each `error.code`: its status, its `type`, and when it happens (README "Error codes"). */
export const ERROR_CODE_DOCS: Record<string, ErrorCodeDoc> = {
  parameter_missing: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A required parameter is absent (`amount`, `phone` for a push operator, one of `paymentIntentId` / `priceId`).',
  },
  parameter_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning:
      'A value is not allowed: wrong type or format, a bad URL, session `expiresAt` out of bounds, an object in the wrong state, metadata over its limits, a query parameter given twice, a bad `Idempotency-Key`.',
  },
  parameter_unknown: { status: 400, type: 'invalid_request_error', meaning: 'A body or query parameter the endpoint does not take.' },
  parameters_exclusive: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'Two parameters that exclude each other (`paymentIntentId` and `priceId`; `startingAfter` and `endingBefore`).',
  },
  amount_too_small: {
    status: 400,
    type: 'invalid_request_error',
    meaning: "Below the currency's bounds (or the rail's, or a converted amount below the rail's floor).",
  },
  amount_too_large: { status: 400, type: 'invalid_request_error', meaning: "Above the currency's bounds (or the rail's)." },
  rail_currency_mismatch: { status: 400, type: 'invalid_request_error', meaning: 'The rail does not take that currency.' },
  rail_not_configured: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'Live mode: a rail you have no rail account for, and this deployment lends no account of its own for (`param` is `rail`).',
  },
  rail_account_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning:
      'Creating or updating a rail account: its backend refused the settings or could not be reached (its reason in `message`; `param` is `settings`). Nothing was saved.',
  },
  rail_account_exists: {
    status: 409,
    type: 'invalid_request_error',
    meaning: 'Creating a rail account: you already have an active one for that rail in this mode (`param` is `rail`). Update it, or disable it first.',
  },
  rail_account_change_pending: {
    status: 409,
    type: 'invalid_request_error',
    meaning:
      "With `railAccountApproval` on: a change of this rail account, the creation of an account on this rail (`param` is `rail`), or turning the setting off already waits for another owner's approval; the message names it. An owner approves or rejects it on the dashboard first.",
  },
  two_owners_required: {
    status: 409,
    type: 'invalid_request_error',
    meaning:
      'Turning `railAccountApproval` on with fewer than two active owners: nobody could approve a change. Invite another owner first (`param` is `railAccountApproval`).',
  },
  report_not_ready: {
    status: 409,
    type: 'invalid_request_error',
    meaning:
      "A report run's file, asked for while the run is `pending` (retrieve the run until it `succeeded`, or wait for `report_run.succeeded`) or after it `failed` (make a new run).",
  },
  resource_missing: {
    status: 404,
    type: 'invalid_request_error',
    meaning:
      'The object in the URL does not exist for this merchant and mode (404); as a 400, an id in the body or a list cursor names no object of yours (`param` says which). Also a test helper called with a live key.',
  },
  webhook_endpoint_limit: { status: 400, type: 'invalid_request_error', meaning: 'Already 16 webhook endpoints in this mode.' },
  invalid_json: { status: 400, type: 'invalid_request_error', meaning: 'The body is not JSON, or nests deeper than 64 levels.' },
  invalid_content_length: { status: 400, type: 'invalid_request_error', meaning: 'A malformed `Content-Length` header.' },
  request_aborted: { status: 400, type: 'invalid_request_error', meaning: 'The body was cut off before its end.' },
  invalid_host: { status: 400, type: 'invalid_request_error', meaning: 'A malformed `Host` header.' },
  invalid_api_key: { status: 401, type: 'authentication_error', meaning: 'No key, or a malformed, unknown or revoked one (`WWW-Authenticate` header).' },
  permission_denied: {
    status: 403,
    type: 'invalid_request_error',
    meaning: 'A restricted key (`rk_...`) without the permission the operation needs; the message names it. Nothing was done.',
  },
  payment_refused: {
    status: 402,
    type: 'invalid_request_error',
    meaning: "The rail's backend refused this one payment request (on a push operator `param` is `phone`); the attempt failed, the rail is up.",
  },
  method_not_allowed: { status: 405, type: 'invalid_request_error', meaning: 'The path exists, the method does not (`Allow` header).' },
  request_timeout: { status: 408, type: 'invalid_request_error', meaning: 'The body did not arrive within 10 s.' },
  unexpected_state: {
    status: 409,
    type: 'invalid_request_error',
    meaning: "Not allowed in the object's current state (cancel a pending intent, confirm a succeeded one, ...); the message says why.",
  },
  idempotency_key_in_use: { status: 409, type: 'idempotency_error', meaning: 'A request with this `Idempotency-Key` is still running: retry after it ends.' },
  request_too_large: { status: 413, type: 'invalid_request_error', meaning: 'The body is over 64 KiB.' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error', meaning: 'A body not sent as `application/json`.' },
  idempotency_key_reused: { status: 422, type: 'idempotency_error', meaning: 'The `Idempotency-Key` was first used with another body or path.' },
  rate_limited: { status: 429, type: 'rate_limit_error', meaning: "Over the key's rate (`Retry-After` header, seconds)." },
  phone_rate_limited: { status: 429, type: 'rate_limit_error', meaning: 'Too many payment prompts to this phone (`Retry-After`).' },
  address_limit_reached: {
    status: 429,
    type: 'rate_limit_error',
    meaning: 'The hosted page: one client address or payment link holds too many unpaid Bitcoin or USDT receive addresses (`Retry-After`).',
  },
  rail_unavailable: { status: 503, type: 'api_error', meaning: "The rail's backend is down, or no rate for a conversion: try later or another rail." },
  refund_unsupported: {
    status: 400,
    type: 'invalid_request_error',
    meaning: "Creating a refund: the payment's rail cannot refund on this deployment right now (its adapter is gone).",
  },
  invalid_destination: {
    status: 400,
    type: 'invalid_request_error',
    meaning:
      'A refund claim (the test helper; the claim page says it in French): not a Lightning invoice or an address with a valid checksum (`param` is `destination`).',
  },
  wrong_network: { status: 400, type: 'invalid_request_error', meaning: "A refund claim: the invoice or address is for another network than the payment's." },
  amount_mismatch: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A refund claim: the Lightning invoice is not for exactly the refund (or has no amount).',
  },
  invoice_expired: { status: 400, type: 'invalid_request_error', meaning: 'A refund claim: the Lightning invoice has expired, or expires within 10 minutes.' },
  destination_in_use: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A refund claim: this address is already given for another open refund on the rail (one transfer proves one refund): give another.',
  },
  operator_reference_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning: "Recording a refund you sent: the transaction or preimage does not pay the payer's destination that amount. Nothing changed.",
  },
  encryption_key_missing: {
    status: 503,
    type: 'api_error',
    meaning: 'Creating or updating a rail account on a deployment without `CAISSE_ENCRYPTION_KEY`: its operator must set one. Nothing was saved.',
  },
};

/** Each `lastPaymentError.code` (a failed payment is not an HTTP error). */
export const PAYMENT_ERROR_DOCS: Record<string, string> = {
  payment_declined: 'The payer refused the mobile-money request (or the operator declined it).',
  insufficient_funds: "The payer's mobile-money balance is too low.",
  timeout: "The payer did not approve in time; the attempt's window or a quote ended before a payment was seen.",
  invalid_phone: 'The number has no mobile-money account with the operator.',
  limit_exceeded: "The payer's mobile-money limit is reached.",
  payment_failed: "The operator or network could not complete the payment (the message names the operator's reason).",
  payment_refused: "The rail's backend refused the request (also answered as a 402).",
  rail_unavailable: "The rail's backend was down when the attempt started.",
  payment_dropped: 'An on-chain payment seen in the mempool was replaced or dropped before it confirmed.',
  payment_reversed: 'On-chain money counted earlier was reversed (reorganisation, double spend); the rest is due again.',
  payment_abandoned: 'The payer came back from Orange Money or Wave without paying and chose another rail.',
  underpaid: 'The window closed, or attempts ran out, with only part of the amount received (`amountReceived` says how much).',
  session_expired: 'The checkout session expired before the payment was completed (nothing received).',
};

/** The error codes in the order of their status, for the table. */
export function errorCodeRows(): ({ code: string } & ErrorCodeDoc)[] {
  return Object.entries(ERROR_CODE_DOCS)
    .map(([code, d]) => ({ code, ...d }))
    .sort((a, b) => a.status - b.status);
}

/** The simulator's table: last four digits -> outcome. */
/** The refund simulators' test amounts and numbers (lib/rails/refund-simulator.ts), as the test-mode guide lists them. */
export const refundTestRows = () => ({ amounts: REFUND_TEST_AMOUNTS, numbers: REFUND_TEST_NUMBERS });

export function testNumberRows(): { last4: string; outcome: string }[] {
  return MOBILE_MONEY_TEST_NUMBERS.map((r) => ({ last4: r.last4 === 'other' ? 'any other' : r.last4, outcome: r.outcome }));
}

/** One number per operator and currency that succeeds (ends in 0000); change the last four digits for other outcomes. */
export function exampleNumbers(): { rail: string; operator: string; flow: string; currency: string; country: string; number: string }[] {
  return MOBILE_MONEY_RAILS.flatMap((rail) => {
    const info = operatorInfo(rail);
    return Object.entries(info.markets).map(([currency, m]) => ({
      rail,
      operator: info.displayName,
      flow: info.flow,
      currency,
      country: m.countryName,
      number: `${m.dialCode}${m.exampleNumber}`,
    }));
  });
}

/** The rail accounts' settings per kind (protocol or rail): required and optional names, secrets marked. */
export function railAccountSettingsRows(): { kind: string; schema: string; required: string[]; optional: string[] }[] {
  return SETTINGS_KINDS.map((kind) => {
    const fields = fieldsOfKind(kind);
    const name = (f: (typeof fields)[number]) => (f.kind === 'secret' ? `${f.name} (secret)` : f.name);
    return {
      kind,
      schema: RAIL_ACCOUNT_SETTINGS_NAMES[kind],
      required: fields.filter((f) => f.required).map(name),
      optional: fields.filter((f) => !f.required).map(name),
    };
  });
}
