-- Webhooks: endpoints with their signing secrets, one delivery row per (event, endpoint), and
-- the history of attempts. Delivery rows are written by recordEvent in the transaction of the
-- change (the outbox), so a crash loses nothing; the worker claims due rows with a lease.
-- Depends only on 0001 (merchants, events).

create table webhook_endpoints (
  id text collate "C" primary key,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  url text not null,
  enabled_events jsonb not null,          -- ["*"] or a list of event types
  description text,
  status text not null,                   -- 'enabled' | 'disabled'
  disabled_reason text,                   -- null | 'manual' | 'http_410' | 'retries_exhausted'
  -- Signing secrets must be recoverable (the server signs with them), unlike API keys.
  secret text not null,                   -- whsec_<base64 of 32 random bytes>
  previous_secret text,                   -- still signs until previous_secret_expires_at (rotation)
  previous_secret_expires_at bigint,
  last_success_at bigint,
  created_at bigint not null,
  updated_at bigint not null
);
create index webhook_endpoints_list on webhook_endpoints (merchant_id, livemode, created_at desc, id desc);

create table webhook_deliveries (
  id text collate "C" primary key,
  merchant_id text collate "C" not null references merchants(id),
  livemode boolean not null,
  event_id text collate "C" not null references events(id),
  endpoint_id text collate "C" not null references webhook_endpoints(id) on delete cascade,
  event_type text not null,
  status text not null,                   -- 'pending' | 'succeeded' | 'failed'
  auto_attempts integer not null default 0,   -- position in the retry schedule
  attempt_count integer not null default 0,   -- every attempt, manual ones included
  next_attempt_at bigint,                 -- set while pending
  locked_until bigint,                    -- a worker's lease; an expired lease is claimable again
  lock_token text,
  last_attempt_at bigint,
  last_response_status integer,
  last_error text,
  created_at bigint not null,
  updated_at bigint not null,
  constraint webhook_deliveries_once unique (event_id, endpoint_id)
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_list on webhook_deliveries (endpoint_id, created_at desc, id desc);

create table webhook_delivery_attempts (
  id bigint generated always as identity primary key,
  delivery_id text collate "C" not null references webhook_deliveries(id) on delete cascade,
  attempted_at bigint not null,
  manual boolean not null,
  response_status integer,
  response_body text,                     -- the first 1 KiB, to help the merchant debug
  error text,
  duration_ms integer not null
);
create index webhook_delivery_attempts_delivery on webhook_delivery_attempts (delivery_id, id);
