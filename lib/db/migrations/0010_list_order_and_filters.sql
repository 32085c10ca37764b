-- Lists (lib/domain/list.ts) are newest first by created_at, which is in whole seconds. Ties were
-- broken by the random id, so objects made in one second (an intent's events, five products)
-- listed in no particular order. Each listable table gets a monotonic sequence number: lists sort
-- by (created_at, seq), so within a second they keep the order things happened, and cursors are
-- stable. Existing rows are numbered in their current physical order.
alter table products add column seq bigserial;
alter table prices add column seq bigserial;
alter table payment_intents add column seq bigserial;
alter table checkout_sessions add column seq bigserial;
alter table events add column seq bigserial;
alter table webhook_endpoints add column seq bigserial;
alter table webhook_deliveries add column seq bigserial;

-- Every list's order, and an index leading to each filter of the contract in that order, so a
-- filter that matches nothing costs as little as one that matches the newest rows (no scan of a
-- merchant's whole history).
drop index products_list;
create index products_list on products (merchant_id, livemode, created_at desc, seq desc);
create index products_active on products (merchant_id, livemode, active, created_at desc, seq desc);
drop index prices_list;
create index prices_list on prices (merchant_id, livemode, created_at desc, seq desc);
create index prices_active on prices (merchant_id, livemode, active, created_at desc, seq desc);
create index prices_product_list on prices (product_id, created_at desc, seq desc);
drop index payment_intents_list;
create index payment_intents_list on payment_intents (merchant_id, livemode, created_at desc, seq desc);
create index payment_intents_status on payment_intents (merchant_id, livemode, status, created_at desc, seq desc);
create index payment_intents_rail on payment_intents (merchant_id, livemode, rail, created_at desc, seq desc);
create index payment_intents_currency on payment_intents (merchant_id, livemode, currency, created_at desc, seq desc);
drop index payment_intents_reference;
create index payment_intents_reference on payment_intents (merchant_id, livemode, reference, created_at desc, seq desc);
drop index checkout_sessions_list;
create index checkout_sessions_list on checkout_sessions (merchant_id, livemode, created_at desc, seq desc);
create index checkout_sessions_status on checkout_sessions (merchant_id, livemode, status, created_at desc, seq desc);
drop index events_list;
create index events_list on events (merchant_id, livemode, created_at desc, seq desc);
create index events_type on events (merchant_id, livemode, type, created_at desc, seq desc);
drop index webhook_endpoints_list;
create index webhook_endpoints_list on webhook_endpoints (merchant_id, livemode, created_at desc, seq desc);
drop index webhook_deliveries_list;
create index webhook_deliveries_list on webhook_deliveries (endpoint_id, created_at desc, seq desc);
create index webhook_deliveries_status on webhook_deliveries (endpoint_id, status, created_at desc, seq desc);
