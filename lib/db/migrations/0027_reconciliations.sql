-- Reconciliation against the backends (issue 28 point 4): a run compares, for a period of the
-- merchant's days (and optionally one rail account), what the ledger and the attempts say with what
-- each backend says (lib/reconcile/). Created pending (POST /v1/reconciliations, or the worker once a
-- day per merchant for its previous live day), completed by the worker. Every difference is an item.
create table reconciliations (
  id text collate "C" primary key,                 -- recon_...
  seq bigint generated always as identity,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  origin text not null check (origin in ('api', 'daily')),
  time_zone text not null,
  from_date text not null,                          -- YYYY-MM-DD, in time_zone
  to_date text not null,                            -- YYYY-MM-DD, included
  period_start bigint not null,                     -- Unix seconds: from_date's first instant
  period_end bigint not null,                       -- Unix seconds: the day after to_date's first instant
  rail_account_id text collate "C",
  -- The daily run of a day: its number (a failed run is retried by a new run, number + 1). One row per
  -- merchant, mode, day and number: several worker instances insert it once.
  run_number integer,
  summary jsonb not null default '{}',
  failure jsonb,
  item_count integer not null default 0,
  locked_until bigint,
  created_at bigint not null,
  completed_at bigint
);
create index reconciliations_list on reconciliations (merchant_id, livemode, created_at desc, seq desc);
create index reconciliations_pending on reconciliations (created_at) where status = 'pending';
create unique index reconciliations_daily on reconciliations (merchant_id, livemode, from_date, run_number) where origin = 'daily';

create table reconciliation_items (
  id text collate "C" primary key,                 -- recitem_...
  seq bigint generated always as identity,
  reconciliation_id text collate "C" not null references reconciliations(id),
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  kind text not null check (kind in ('missing_in_caisse', 'missing_at_backend', 'amount_differs')),
  reason text not null,
  resolution text not null check (resolution in ('credited', 'needs_review', 'outside_caisse')),
  rail text not null,
  rail_account_id text collate "C",
  backend_ref text,
  payment_intent_id text collate "C",
  payment_attempt_id text collate "C",
  refund_id text collate "C",
  caisse jsonb,
  backend jsonb,
  explanation text not null,
  created_at bigint not null
);
create index reconciliation_items_run on reconciliation_items (reconciliation_id, seq);
