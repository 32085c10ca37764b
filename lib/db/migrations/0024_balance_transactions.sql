-- The ledger (issue 28): one balance transaction per money movement, written in the same transaction
-- as the movement itself (lib/store/ledger.ts, called where the engine moves money: a credit or a
-- reversal in lib/payments/apply-decision.ts, a succeeded refund in lib/refunds/shared.ts), never
-- reconstructed later. Append-only: a trigger refuses every update and delete.
create table balance_transactions (
  id text collate "C" primary key,                 -- txn_...
  seq bigint generated always as identity,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  type text not null check (type in ('payment', 'late_payment', 'overpayment', 'refund', 'refund_reversal', 'adjustment')),
  source text collate "C" not null,                -- the intent (pi_...) or the refund (re_...)
  payment_intent_id text collate "C" not null references payment_intents(id),
  payment_attempt_id text collate "C",
  refund_id text collate "C",
  rail text not null,
  rail_account_id text collate "C",
  account_owner text not null check (account_owner in ('merchant', 'platform', 'simulator')),
  amount bigint not null,                           -- as moved on the rail (sats, micro-USDT, francs): in +, out -
  currency text not null,
  amount_in_intent_currency bigint not null,
  intent_currency text not null,
  rate text,                                        -- intent units per rail unit (the quote's), or null
  created_at bigint not null,
  check (amount <> 0 or amount_in_intent_currency <> 0)
);
create index balance_transactions_list on balance_transactions (merchant_id, livemode, created_at desc, seq desc);
create index balance_transactions_source on balance_transactions (merchant_id, livemode, source, created_at desc, seq desc);
create index balance_transactions_type on balance_transactions (merchant_id, livemode, type, created_at desc, seq desc);
create index balance_transactions_account on balance_transactions (merchant_id, livemode, rail_account_id, created_at desc, seq desc);
create index balance_transactions_intent on balance_transactions (payment_intent_id);

create function balance_transactions_append_only() returns trigger
language plpgsql as $$
begin
  raise exception 'balance_transactions is append-only: % refused', tg_op;
end;
$$;
create trigger balance_transactions_append_only before update or delete on balance_transactions
  for each row execute function balance_transactions_append_only();
