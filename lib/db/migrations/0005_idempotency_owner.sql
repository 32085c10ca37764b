-- Which request holds an idempotency claim: a claim taken over after going stale gets a new token,
-- so the first request can neither complete nor release the new owner's row.
alter table idempotency_keys add column claim_token text;
