-- Access (issue 29): the roles' column, restricted API keys, the audit log, refund approvals.
--
-- users.role: also added by the team branch's 0028 (sign-in half); `if not exists`, so whichever
-- lands first makes it and the other is a no-op. Existing users are owners.
alter table users add column if not exists role text not null default 'owner'
  check (role in ('owner', 'admin', 'developer', 'support', 'viewer'));

-- Restricted keys (rk_test_ / rk_live_): the same rows, found by the same unique key_hash index.
-- permissions null = a secret key (every permission).
alter table api_keys add column name text;
alter table api_keys add column permissions text[];

-- The audit log: one row per action, written in the action's own transaction where it is one.
-- Append-only: a trigger refuses every update and delete (like balance_transactions, 0024).
create table audit_events (
  id text collate "C" primary key,                 -- audit_...
  seq bigint generated always as identity,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  action text not null,
  actor_type text not null check (actor_type in ('user', 'key', 'system')),
  actor_id text collate "C",
  actor_label text,
  target_object text,
  target_id text collate "C",
  ip text,
  changes jsonb,
  created_at bigint not null
);
create index audit_events_list on audit_events (merchant_id, livemode, created_at desc, seq desc);
create index audit_events_all on audit_events (merchant_id, created_at desc, seq desc);
create index audit_events_action on audit_events (merchant_id, action, created_at desc, seq desc);

create function audit_events_append_only() returns trigger
language plpgsql as $$
begin
  raise exception 'audit_events is append-only: % refused', tg_op;
end;
$$;
create trigger audit_events_append_only before update or delete on audit_events
  for each row execute function audit_events_append_only();

-- What an owner has seen: a rail account change shows a banner to every owner until they dismiss it.
create table audit_dismissals (
  user_id text collate "C" not null references users(id),
  audit_event_id text collate "C" not null references audit_events(id),
  dismissed_at bigint not null,
  primary key (user_id, audit_event_id)
);

-- Refund approvals: who asked (a user or a key), who decided, and the merchant's thresholds per
-- currency (minor units; a refund above it waits for an owner's or admin's approval).
alter table refunds add column created_by text collate "C";
alter table refunds add column approved_by text collate "C";
alter table refunds add column rejected_reason text;
alter table merchants add column refund_approval_thresholds jsonb not null default '{}';
