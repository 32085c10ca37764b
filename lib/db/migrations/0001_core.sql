-- Core schema: merchants, keys, catalogue, payment intents, checkout sessions, events, idempotency.
-- Timestamps the API shows are integer Unix seconds (bigint). Ids use the "C" collation so that
-- ordering is the same on PGlite and PostgreSQL whatever the server's locale.

create table merchants (
  id text collate "C" primary key,
  name text not null,
  created_at bigint not null
);

create table api_keys (
  id text collate "C" primary key,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  key_hash text not null unique,
  last4 text not null,
  created_at bigint not null,
  revoked_at bigint
);
create index api_keys_merchant on api_keys (merchant_id);

create table products (
  id text collate "C" primary key,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  name text not null,
  description text,
  active boolean not null,
  metadata jsonb not null,
  created_at bigint not null,
  updated_at bigint not null
);
create index products_list on products (merchant_id, livemode, created_at desc, id desc);

create table prices (
  id text collate "C" primary key,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  product_id text collate "C" not null references products(id),
  currency text not null,
  unit_amount bigint not null check (unit_amount > 0),
  active boolean not null,
  metadata jsonb not null,
  created_at bigint not null,
  updated_at bigint not null
);
create index prices_list on prices (merchant_id, livemode, created_at desc, id desc);
create index prices_product on prices (product_id);

create table payment_intents (
  id text collate "C" primary key,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  rail text not null,
  status text not null,
  reference text,
  description text,
  metadata jsonb not null,
  amount_received bigint not null default 0,
  last_payment_error jsonb,
  canceled_at bigint,
  created_at bigint not null,
  updated_at bigint not null
);
create index payment_intents_list on payment_intents (merchant_id, livemode, created_at desc, id desc);
create index payment_intents_reference on payment_intents (merchant_id, livemode, reference);

create table checkout_sessions (
  id text collate "C" primary key,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  payment_intent_id text collate "C" references payment_intents(id),
  price_id text collate "C" references prices(id),
  amount bigint not null,
  currency text not null,
  status text not null,
  success_url text,
  cancel_url text,
  locale text not null,
  metadata jsonb not null,
  expires_at bigint not null,
  completed_at bigint,
  expired_at bigint,
  created_at bigint not null,
  updated_at bigint not null
);
create index checkout_sessions_list on checkout_sessions (merchant_id, livemode, created_at desc, id desc);
create index checkout_sessions_intent on checkout_sessions (payment_intent_id);
create index checkout_sessions_open_expiry on checkout_sessions (expires_at) where status = 'open';

-- The outbox: one row per state change, written in the change's own transaction.
create table events (
  id text collate "C" primary key,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  type text not null,
  data jsonb not null,
  created_at bigint not null
);
create index events_list on events (merchant_id, livemode, created_at desc, id desc);

-- Idempotency keys are claimed by this primary key before the work starts.
create table idempotency_keys (
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  key text not null,
  method text not null,
  path text not null,
  request_hash text not null,
  state text not null,            -- 'running' | 'done'
  response_status integer,
  response_body text,
  locked_at bigint not null,
  created_at bigint not null,
  primary key (merchant_id, livemode, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);

-- At most one open checkout session per payment intent: "its session" is always one.
create unique index checkout_sessions_one_open on checkout_sessions (payment_intent_id) where status = 'open';
