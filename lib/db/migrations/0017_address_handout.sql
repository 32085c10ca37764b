-- Receive addresses are no longer a scarce resource anyone can exhaust (issue 24, item 1).
--
-- 1. An address whose attempts saw no money is held only while its payer was told it is valid
--    (the attempt's `expires_at`: the quote's end, or the session's), no longer for the whole 7-day
--    watch: `free_at` is the latest `least(watch_until, expires_at)` of its attempts (0 when none is
--    watched). It is handed on REUSE_GRACE_SECONDS after that (lib/domain/attempts.ts); until then
--    its attempts stay watched, and handing it on stops them (beginAttempt).
-- 2. No index is ever refused for the gap limit: past it, a new one is derived, and the merchant is
--    told how far its wallet must scan (lib/domain/address-gap.ts, GET /v1/address_gaps).
-- 3. Who holds an address: the client address (`held_by_client`, lib/domain/action-limits.ts
--    clientKey) and the payment link (`held_by_link`) that made the attempt, so that one client or
--    one link is handed only a few unpaid addresses in a quarter of an hour.
alter table derived_addresses add column held_by_client text collate "C";
alter table derived_addresses add column held_by_link text collate "C";
create index derived_addresses_held_by_client on derived_addresses (held_by_client, created_at) where held_by_client is not null and money_seen_at is null;
create index derived_addresses_held_by_link on derived_addresses (held_by_link, created_at) where held_by_link is not null and money_seen_at is null;

create or replace function derived_address_free_at(p_rail text, p_address text) returns bigint
language sql volatile as $$
  select case
           when count(*) = 0 then null
           when bool_or(a.status in ('creating', 'awaiting_payment', 'pending') or a.amount_received > 0 or a.amount_seen > 0) then null
           else coalesce(max(least(coalesce(a.watch_until, 0), coalesce(a.expires_at, 0))), 0)
         end
    from payment_attempts a
   where a.rail = p_rail and a.destination = p_address
$$;

-- `expires_at` now decides too: the update trigger fires when it changes.
drop trigger payment_attempts_track_address_update on payment_attempts;
create trigger payment_attempts_track_address_update
  after update on payment_attempts
  for each row when (
    new.rail in ('btc_onchain', 'usdt_trc20') and (new.destination is not null or old.destination is not null) and (
      old.destination is distinct from new.destination
      or old.status is distinct from new.status
      or old.watch_until is distinct from new.watch_until
      or old.expires_at is distinct from new.expires_at
      or (old.amount_received > 0) is distinct from (new.amount_received > 0)
      or (old.amount_seen > 0) is distinct from (new.amount_seen > 0)))
  execute function payment_attempts_track_address();

update derived_addresses d set free_at = derived_address_free_at(d.rail, d.address);

-- Item 3: money first seen after an attempt's quote ended is valued at the rate of the moment it
-- was seen (never better for the payer than the quote). `valuation` holds the tranches of the
-- attempt's cumulative money, each with its rate (lib/domain/valuation.ts); null: all at the quote.
alter table payment_attempts add column valuation jsonb;
