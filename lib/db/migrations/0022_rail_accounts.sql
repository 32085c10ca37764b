-- A merchant's own accounts on the rails (lib/domain/rail-accounts.ts): the money of its buyers
-- lands in them, not in the deployment's. One active account per merchant, mode and rail; a
-- disabled one stays, since the attempts it made are watched to their end with it.
create table rail_accounts (
  id text collate "C" primary key,                 -- ra_...
  seq bigint generated always as identity,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  rail text not null,
  protocol text,                                   -- mobile money: mtn_momo, orange_money, wave
  display_name text,
  status text not null check (status in ('active', 'disabled')),
  version integer not null default 1,              -- the current version (rail_account_versions)
  metadata jsonb not null default '{}',
  created_at bigint not null,
  updated_at bigint not null,
  disabled_at bigint
);
create unique index rail_accounts_one_enabled on rail_accounts (merchant_id, livemode, rail) where status = 'active';
create index rail_accounts_list on rail_accounts (merchant_id, livemode, created_at desc, seq desc);

-- Every version of an account's settings: an attempt is polled, canceled and credited with the
-- version that made it, even after the merchant updated the account. `settings` holds what may
-- be shown (URLs, ids, limits); `secrets` the credentials, sealed (lib/secrets.ts: AES-256-GCM,
-- bound to the account and version) under the key `key_id` names; `hints` their last four
-- characters and fingerprints.
create table rail_account_versions (
  account_id text collate "C" not null references rail_accounts(id),
  version integer not null,
  settings jsonb not null,
  secrets text not null,
  key_id text not null,
  hints jsonb not null,
  -- Address rails: the digest of the account key (as derived_addresses.key_id): one key serves one
  -- merchant in one mode, since the receive addresses of a key are one pool.
  derivation_key_id text,
  created_at bigint not null,
  primary key (account_id, version)
);
create index rail_account_versions_derivation_key on rail_account_versions (derivation_key_id) where derivation_key_id is not null;
create index rail_account_versions_key on rail_account_versions (key_id);

-- Which account an attempt went to: a merchant's own (its id and version), or the deployment's
-- (platform, from the environment; test mode's simulators are `simulator`).
alter table payment_attempts add column rail_account_id text collate "C";
alter table payment_attempts add column rail_account_version integer;
alter table payment_attempts add column account_owner text not null default 'platform'
  check (account_owner in ('merchant', 'platform', 'simulator'));
update payment_attempts set account_owner = 'simulator' where not livemode;
create index payment_attempts_account on payment_attempts (rail_account_id) where rail_account_id is not null;
