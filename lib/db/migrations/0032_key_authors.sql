-- Who made an API key (issue 29, the attack review): the user who made a restricted key or rolled
-- the secret keys (lib/domain/api-keys.ts createRestrictedKey, lib/domain/merchants.ts rollKeys);
-- null for keys Caisse made (the CLI, the demo merchant, keys from before this column). A refund
-- asked for with a key counts as asked for by the user who made it: that user cannot approve it
-- (lib/refunds/approve.ts, lib/store/api-keys.ts approverIsAuthor). The id as recorded, like
-- refunds.created_by (no foreign key: users are disabled, never deleted).
alter table api_keys add column created_by text collate "C";

-- The refunds waiting for approval a key or a user asked for: canceled when that key is rolled or
-- revoked, or that user disabled (cancelPendingRefundsBy, lib/domain/refund-approvals.ts).
create index refunds_waiting_by on refunds (merchant_id, created_by) where status = 'pending_approval';
