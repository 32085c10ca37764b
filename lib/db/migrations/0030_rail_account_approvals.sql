-- Rail account approvals (issue 29, item 4): when a merchant turns `rail_account_approval` on, a
-- change of a rail account (a new version, a new name) or its disabling waits here until an owner
-- other than its author approves it (lib/domain/rail-account-changes.ts). Turning the setting off
-- is such a change too ('approval_off', no account), unless fewer than two owners are left.
alter table merchants add column rail_account_approval boolean not null default false;

create table rail_account_changes (
  id text collate "C" primary key,                 -- rachg_...
  seq bigint generated always as identity,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  account_id text collate "C" references rail_accounts(id),   -- null for 'approval_off'
  action text not null check (action in ('update', 'disable', 'approval_off')),
  -- The account's version the change was computed from: an 'update' applies only on it.
  base_version integer,
  -- 'update': the prepared version (base_version + 1), computed and checked at the backend when it
  -- was asked for, as a direct update would: what may be shown, the secrets sealed (bound to
  -- `rail_account:<account>:<base_version + 1>`) under `key_id`, their hints, the address key's digest.
  settings jsonb,
  secrets text,
  key_id text,
  hints jsonb,
  derivation_key_id text,
  display_name text,
  -- The metadata patch of the request (merged into the account's metadata when applied).
  metadata_patch jsonb,
  -- Address rails: the first receive addresses the new key gives (shown to the approver).
  receive_addresses jsonb,
  status text not null check (status in ('pending_approval', 'approved', 'rejected', 'canceled', 'superseded')),
  requested_by text collate "C",                   -- a user id or an API key id (null: Caisse itself)
  requested_by_type text not null check (requested_by_type in ('user', 'key', 'system')),
  requested_by_label text,
  decided_by text collate "C",
  decided_by_label text,
  decided_at bigint,
  reason text,
  created_at bigint not null,
  check ((action = 'approval_off') = (account_id is null))
);
-- At most one change waits per account (and one 'approval_off' per merchant): a second is refused.
create unique index rail_account_changes_one_pending on rail_account_changes (merchant_id, (coalesce(account_id, '')))
  where status = 'pending_approval';
create index rail_account_changes_list on rail_account_changes (merchant_id, status, created_at desc, seq desc);
create index rail_account_changes_account on rail_account_changes (account_id, status) where account_id is not null;
