-- Finding a free receive address in one index probe, however many addresses are in use.
-- Before: every confirm on an address rail scanned the key's unused addresses and, for each, the
-- attempts on it (an anti-join): with 600 open attempts a confirm took 90 ms, growing with their
-- number (bench/watch.ts). Now each address carries `free_at`: NULL while it is held (an attempt on
-- it is open, or money was ever seen on one of its attempts, or it was just derived and its first
-- attempt is being written), else the time its last watch window ends (0 when none). The rule is
-- the one of lib/domain/attempts.ts (FREE_ADDRESS): free when no attempt on it is open, none saw
-- money, and every watch has ended, i.e. `free_at <= now`.
--
-- A trigger keeps it true on every write of an attempt that can change it (insert; status,
-- watch_until, destination, or money going from none to some), whichever code path writes. It
-- locks the address row first, then reads the attempts with a fresh snapshot (plpgsql statements
-- in READ COMMITTED each take their own), so two transactions touching one address serialise on
-- its row and the later one sees what the earlier one committed. Attempts are only ever inserted
-- on an address whose row their transaction already holds (lib/domain/attempts.ts addressFor).
alter table derived_addresses add column free_at bigint;

create function derived_address_free_at(p_rail text, p_address text) returns bigint
language sql volatile as $$
  select case
           when count(*) = 0 then null
           when bool_or(a.status in ('creating', 'awaiting_payment', 'pending') or a.amount_received > 0 or a.amount_seen > 0) then null
           else coalesce(max(a.watch_until), 0)
         end
    from payment_attempts a
   where a.rail = p_rail and a.destination = p_address
$$;

create function payment_attempts_track_address() returns trigger
language plpgsql as $$
declare
  v_free bigint;
begin
  -- The address an attempt leaves (never today: a destination is written once), then the one it is on.
  if tg_op = 'UPDATE' and old.destination is not null and old.destination is distinct from new.destination then
    perform 1 from derived_addresses where address = old.destination and rail = old.rail for update;
    if found then
      v_free := derived_address_free_at(old.rail, old.destination);
      update derived_addresses set free_at = v_free
       where address = old.destination and rail = old.rail and free_at is distinct from v_free;
    end if;
  end if;
  if new.destination is not null then
    perform 1 from derived_addresses where address = new.destination and rail = new.rail for update;
    if found then
      v_free := derived_address_free_at(new.rail, new.destination);
      update derived_addresses set free_at = v_free
       where address = new.destination and rail = new.rail and free_at is distinct from v_free;
    end if;
  end if;
  return null;
end
$$;

create trigger payment_attempts_track_address_insert
  after insert on payment_attempts
  for each row when (new.destination is not null and new.rail in ('btc_onchain', 'usdt_trc20'))
  execute function payment_attempts_track_address();

create trigger payment_attempts_track_address_update
  after update on payment_attempts
  for each row when (
    new.rail in ('btc_onchain', 'usdt_trc20') and (new.destination is not null or old.destination is not null) and (
      old.destination is distinct from new.destination
      or old.status is distinct from new.status
      or old.watch_until is distinct from new.watch_until
      or (old.amount_received > 0) is distinct from (new.amount_received > 0)
      or (old.amount_seen > 0) is distinct from (new.amount_seen > 0)))
  execute function payment_attempts_track_address();

update derived_addresses d set free_at = derived_address_free_at(d.rail, d.address);

-- Free addresses of a key, the longest free first.
create index derived_addresses_free on derived_addresses (key_id, rail, free_at, derivation_index)
  where free_at is not null and money_seen_at is null and amount_credited = 0;
