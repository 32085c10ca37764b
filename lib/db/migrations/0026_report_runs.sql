-- Report runs (issue 28, reports): a merchant asks for a file of its ledger over a range of days in
-- its time zone; the API answers at once (pending) and the worker completes the run (lib/reports).
-- The run pins the ledger's `seq` when it completes: the file is exactly the lines with seq <= pin in
-- the range, so the same file is downloaded every time, however much money arrives after.
create table report_runs (
  id text collate "C" primary key,                 -- frr_...
  seq bigint generated always as identity,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  type text not null check (type in ('balance_transactions', 'daily_summary')),
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  time_zone text not null,                          -- the merchant's when the run was made
  from_date text not null,                          -- YYYY-MM-DD, included, in time_zone
  to_date text not null,                            -- YYYY-MM-DD, included
  range_start bigint not null,                      -- Unix seconds: from_date's first instant
  range_end bigint not null,                        -- Unix seconds: the day after to_date's first instant (excluded)
  ledger_seq bigint,                                -- the pin: balance_transactions.seq <= this (set at completion)
  row_count integer,
  error text,
  created_at bigint not null,
  completed_at bigint,
  next_run_at bigint,                               -- due for the worker (null once completed)
  locked_until bigint,                              -- the worker's lease (lib/db/claim.ts)
  attempts integer not null default 0,
  check (range_start < range_end),
  check ((status = 'pending') = (completed_at is null)),
  check (status <> 'succeeded' or (ledger_seq is not null and row_count is not null))
);
create index report_runs_list on report_runs (merchant_id, livemode, created_at desc, seq desc);
create index report_runs_due on report_runs (next_run_at) where next_run_at is not null;

-- The pin and the file's pages read the ledger by merchant, mode and seq.
create index balance_transactions_seq on balance_transactions (merchant_id, livemode, seq);
