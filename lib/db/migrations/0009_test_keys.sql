-- Test mode derives its receive addresses (on-chain tb1q..., TRON T...) from keys of this
-- deployment, unless BTC_TEST_XPUB / TRON_TEST_XPUB are set: a random seed made once, here, by
-- the database (gen_random_uuid draws from the server's strong random source: 2 x 122 bits), so
-- every instance sharing the database derives the same addresses, and no two deployments do.
-- Test-mode keys only: nothing of live mode depends on this row.
create table deployment_keys (
  name text primary key,
  seed text not null check (seed ~ '^[0-9a-f]{64}$'),
  created_at bigint not null
);

insert into deployment_keys (name, seed, created_at)
values ('test_rails', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), extract(epoch from now())::bigint)
on conflict (name) do nothing;
