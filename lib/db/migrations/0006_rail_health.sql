-- Rail health, shared by every process and instance: one row per live backend (a rail in a mode
-- at one address), written only on signs that the backend itself is down (no connection, a
-- timeout, a 5xx, 401/403/429) and on successes. An error about one request (a 4xx about a payer's
-- number) fails that attempt and is never written here. After `failures` reaches the threshold
-- (lib/domain/rail-health.ts) the rail is down until `down_until`; then one request at a time goes
-- through as a probe (`probe_until`): its success makes the rail healthy again, its failure puts
-- the rail down once more.
create table rail_health (
  backend text collate "C" primary key,   -- '<live|test>:<rail>:<digest of the backend's address>'
  rail text not null,
  livemode boolean not null,
  failures integer not null default 0,    -- consecutive down-signs since the last success
  down_until bigint,
  probe_until bigint,
  last_error text,
  updated_at bigint not null
);
