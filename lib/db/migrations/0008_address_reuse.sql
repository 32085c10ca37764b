-- Receive addresses are reused once free, and never derived past the gap limit (BTC_GAP_LIMIT,
-- TRON_GAP_LIMIT) beyond the last one that received money (lib/domain/attempts.ts addressFor).
-- An address is free when no money was ever seen on it and every attempt on it ended and is no
-- longer watched; it is then handed to another intent (derived_addresses.payment_intent_id moves;
-- the attempts keep the history of who was given it).
-- `money_seen_at`: when money (confirmed or not) was first seen on the address: it is used, for
-- good, and the gap is counted from the highest such index.
alter table derived_addresses add column money_seen_at bigint;

update derived_addresses d
   set money_seen_at = d.created_at
 where d.amount_credited > 0
    or exists (select 1 from payment_attempts a
                where a.rail = d.rail and a.destination = d.address and (a.amount_received > 0 or a.amount_seen > 0));

create index derived_addresses_used on derived_addresses (key_id, derivation_index) where money_seen_at is not null;
create index derived_addresses_unused on derived_addresses (key_id, derivation_index) where money_seen_at is null;
create index payment_attempts_destination on payment_attempts (rail, destination);
