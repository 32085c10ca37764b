-- Dashboard sign-in throttling (lib/domain/action-limits.ts): failed attempts per (account,
-- client address) pair, per account and per client address, each with the time of its last
-- failure; the wait before the next attempt grows with the count (no lockout the right password
-- cannot pass from an address that has not failed). Replaces the `signin:` rows of action_limits.
create table sign_in_failures (
  key text collate "C" primary key,
  failures integer not null,
  last_failure_at bigint not null
);
create index sign_in_failures_last on sign_in_failures (last_failure_at);

-- The API's per-key token bucket, shared by every instance (lib/api/rate-limit.ts): each process
-- leases tokens from its key's row in batches, so a request writes here only once every batch.
create table api_rate_buckets (
  key_id text collate "C" primary key,
  tokens double precision not null,
  updated_ms bigint not null,
  granted integer not null
);

-- One e-mail may be a user of several merchants (an invite never tells a merchant that the address
-- has an account elsewhere); unique within a merchant. Sign-in tries the password against each.
drop index users_email;
create unique index users_merchant_email on users (merchant_id, lower(email));
create index users_email on users (lower(email));
