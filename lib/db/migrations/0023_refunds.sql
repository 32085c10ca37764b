-- Refunds (lib/refunds/, lib/domain/refunds.ts): money given back to a payer, out of the account the
-- payment came into. One row per refund; its status changes only through lib/domain/transitions.ts
-- (REFUND_TRANSITIONS). A refund takes from one attempt's money (the attempt's rail and account).
create table refunds (
  id text collate "C" primary key,                 -- re_...
  seq bigint generated always as identity,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  payment_intent_id text collate "C" not null references payment_intents(id),
  payment_attempt_id text collate "C" not null references payment_attempts(id),
  amount bigint not null check (amount > 0),        -- the intent's currency, minor units
  currency text not null,
  settlement_amount bigint not null check (settlement_amount > 0), -- what leaves on the rail
  settlement_currency text not null,
  rate text,                                        -- intent units per settlement unit (converted payments)
  rate_source text check (rate_source in ('quote', 'current')),
  status text not null check (status in ('pending_approval', 'pending', 'requires_action', 'succeeded', 'failed', 'canceled')),
  reason text check (reason in ('requested_by_customer', 'duplicate', 'fraudulent', 'other')),
  rail text not null,
  rail_account_id text collate "C",
  rail_account_version integer,
  account_owner text not null check (account_owner in ('merchant', 'platform', 'simulator')),
  method text not null check (method in ('send', 'claim')),
  -- Our reference at the backend (MTN's X-Reference-Id, Wave's idempotency key), made before the
  -- first call: every retry carries it, so the backend takes the refund once.
  reference text collate "C" not null unique,
  next_action jsonb,
  -- Claim rails: the payer's link (`{checkout_url}/refund/<token>`), until when it can be used,
  -- the destination given, and until when that destination can be paid (a Lightning invoice).
  claim_token text collate "C" unique,
  claim_expires_at bigint,
  destination text,
  destination_expires_at bigint,
  claimed_at bigint,
  -- The backend's id of the transfer, or the merchant's proof (an Orange transaction id, a txid, a preimage).
  operator_reference text,
  failure_code text,
  failure_reason text,
  details jsonb not null default '{}',
  metadata jsonb not null default '{}',
  -- When money was first asked to go out (set before the call, once): a refund sent is never canceled.
  sent_at bigint,
  next_check_at bigint,
  locked_until bigint,
  created_at bigint not null,
  updated_at bigint not null,
  succeeded_at bigint
);
create index refunds_list on refunds (merchant_id, livemode, created_at desc, seq desc);
create index refunds_intent on refunds (payment_intent_id, seq);
create index refunds_attempt on refunds (payment_attempt_id);
-- One transfer proves one refund: a txid, preimage or operator transaction id recorded twice would
-- count one payment as two refunds. An operator's transaction id is unique in the books of the account
-- it went out of (a merchant's own MTN account numbers its transactions as the deployment's does); a
-- chain's transaction or a preimage is one transfer whoever records it, across every account of the
-- rail (the deployment's address pool is shared by its merchants). Test mode's simulators keep no
-- shared books: each merchant's are its own.
create unique index refunds_operator_reference on refunds
  (rail, livemode, coalesce(rail_account_id, case when account_owner = 'simulator' then merchant_id else '' end), operator_reference)
  where operator_reference is not null and method = 'send' and status not in ('failed', 'canceled');
create unique index refunds_chain_proof on refunds
  (rail, livemode, (case when account_owner = 'simulator' then merchant_id else '' end), operator_reference)
  where operator_reference is not null and method = 'claim' and status not in ('failed', 'canceled');
create index refunds_due on refunds (next_check_at) where next_check_at is not null;

-- What succeeded refunds gave back, in the intent's currency (kept with the refund's change, under the intent's lock).
alter table payment_intents add column amount_refunded bigint not null default 0;
