-- Payment prompts sent to each phone (live mode), so that no phone gets more than a few a minute
-- and an hour from this deployment, whatever merchants, sessions or API calls ask, on every
-- instance. `sent` holds the unix seconds of the prompts of the last hour (pruned on each write);
-- the row is also the lock that serializes two requests for one phone.
create table phone_prompts (
  phone text collate "C" primary key,     -- E.164
  sent jsonb not null default '[]',
  updated_at bigint not null
);

-- Fixed-window counters of the hosted page's server actions, per checkout session and per client
-- address (app/checkout/[id]/actions.ts), shared by every instance.
create table action_limits (
  key text collate "C" primary key,
  window_start bigint not null,
  hits integer not null
);
create index action_limits_window on action_limits (window_start);
