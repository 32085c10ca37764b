-- The dashboard's timeline of a payment: the events whose object is that payment intent, in the
-- order they happened. Without this index the lookup reads every event of the merchant and mode.
create index events_object on events (merchant_id, livemode, ((data->'object'->>'id')), created_at, seq);
