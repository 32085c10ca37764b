-- Paying an XOF, XAF or GNF price in BTC or USDT at a locked rate (api-contract "Paying in another
-- currency: quotes").
--
-- The EUR price of each converting currency, as the worker last aggregated it from the exchanges
-- (lib/rates/store.ts): every instance quotes from this row, and a request never waits on an
-- exchange. A refused refresh (sources down, stale, disagreeing) keeps the last price and sets error;
-- a price older than 2 minutes is never quoted (judged when read).
create table exchange_rates (
  base text primary key,
  price_eur text,
  sources jsonb not null default '[]',
  fetched_at bigint,
  refreshed_at bigint not null,
  error text
);

-- Work done once per interval for the whole deployment (several instances, one refresh): the
-- instance whose conditional update moves `locked_until` does it.
create table worker_leases (
  name text primary key,
  locked_until bigint not null
);

-- An attempt over a converting rail carries its quote: {amount, currency, rate, expiresAt, due}
-- (lib/domain/quotes.ts). Its amount and currency are then the settlement currency's.
alter table payment_attempts add column quote jsonb;
