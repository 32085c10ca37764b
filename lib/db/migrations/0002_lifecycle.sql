-- Payment lifecycle: one row per try on a rail, and the derivation counters of receive addresses.

-- An attempt: a push sent, an invoice made, an address given. `status`:
--   creating          written before the backend call (rolled to failed if that call fails)
--   awaiting_payment  an invoice or address is out, nothing seen yet
--   pending           the payer acted (push sent, payment seen), not final
--   succeeded | failed | expired | canceled
-- `next_poll_at` is when the worker should ask the backend again (null: never); address attempts
-- keep being watched until `watch_until` so late money is seen and recorded.
create table payment_attempts (
  id text collate "C" primary key,
  seq bigint generated always as identity,
  payment_intent_id text collate "C" not null references payment_intents(id),
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  rail text not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  status text not null,
  destination text,
  backend_ref text,
  details jsonb not null default '{}',
  amount_received bigint not null default 0,
  amount_seen bigint not null default 0,
  error jsonb,
  expires_at bigint,
  next_poll_at bigint,
  locked_until bigint,
  watch_until bigint,
  created_at bigint not null,
  updated_at bigint not null
);
create index payment_attempts_intent on payment_attempts (payment_intent_id, seq desc);
create index payment_attempts_due on payment_attempts (next_poll_at) where next_poll_at is not null;
create index payment_attempts_backend_ref on payment_attempts (rail, backend_ref);
-- One live attempt per intent: two racing confirmations cannot both start one.
create unique index payment_attempts_one_active on payment_attempts (payment_intent_id)
  where status in ('creating', 'awaiting_payment', 'pending');

-- Next unused index per extended public key (key_id is a digest of the key, never the key).
create table derivation_counters (
  key_id text collate "C" primary key,
  next_index bigint not null
);

-- Every address ever handed out: never reused, and always traceable to its intent.
create table derived_addresses (
  key_id text collate "C" not null,
  derivation_index bigint not null,
  address text collate "C" not null unique,
  rail text not null,
  payment_intent_id text collate "C" not null references payment_intents(id),
  created_at bigint not null,
  primary key (key_id, derivation_index)
);
create unique index derived_addresses_intent on derived_addresses (payment_intent_id, rail);
