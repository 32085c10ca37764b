-- Payment links and the merchant dashboard (api-contract "Payment links", "Merchant dashboard").

-- A payment link: a shareable URL under {checkout_url} that makes a fresh checkout session from its
-- price on every visit.
create table payment_links (
  id text collate "C" primary key,
  seq bigserial,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  price_id text collate "C" not null references prices(id),
  active boolean not null,
  success_url text,
  cancel_url text,
  locale text not null,
  metadata jsonb not null,
  created_at bigint not null,
  updated_at bigint not null
);
create index payment_links_list on payment_links (merchant_id, livemode, created_at desc, seq desc);
create index payment_links_active on payment_links (merchant_id, livemode, active, created_at desc, seq desc);

-- The session a link visit made (null for sessions made through the API).
alter table checkout_sessions add column payment_link_id text collate "C" references payment_links(id);
create index checkout_sessions_link on checkout_sessions (payment_link_id, created_at) where payment_link_id is not null;

-- Dashboard users: one merchant each; the password as a memory-hard hash (lib/dashboard/passwords.ts).
create table users (
  id text collate "C" primary key,
  seq bigserial,
  merchant_id text collate "C" not null references merchants(id),
  email text not null,
  password_hash text not null,
  disabled_at bigint,
  created_at bigint not null,
  updated_at bigint not null
);
create unique index users_email on users (lower(email));
create index users_merchant on users (merchant_id, created_at desc, seq desc);

-- Signed-in sessions: the cookie's random token is stored only as its SHA-256.
create table dashboard_sessions (
  token_hash text primary key,
  user_id text collate "C" not null references users(id),
  livemode boolean not null default false,
  created_at bigint not null,
  last_seen_at bigint not null,
  revoked_at bigint
);
create index dashboard_sessions_user on dashboard_sessions (user_id);
