-- Money received on an address is counted per address, not per attempt: Esplora and TronGrid
-- report everything ever paid to an address, and several attempts of one intent (a retry after
-- expiry, a rail switch and back) share its address. `amount_credited` is what has already been
-- added to the intent's amountReceived from this address; an attempt only adds what is above it.
alter table derived_addresses add column amount_credited bigint not null default 0;

-- Existing rows: every attempt on an address saw the address's total, so the largest amount an
-- attempt recorded is what was counted from it.
update derived_addresses d
   set amount_credited = coalesce((select max(a.amount_received) from payment_attempts a where a.destination = d.address and a.rail = d.rail), 0);
