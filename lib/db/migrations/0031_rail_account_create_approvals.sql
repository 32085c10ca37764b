-- Rail account approvals, creation too (issue 29): with the merchant's `rail_account_approval` on,
-- connecting an account on a rail that has none (its payments went to the deployment's platform
-- account, or nowhere) waits as a change with action 'create' until another owner approves it, so a
-- stolen session or key cannot redirect where new money lands. The account does not exist until
-- then: the change keeps the id it will have (`new_account_id`, its secrets sealed for version 1 of
-- it, base_version 0), its rail and protocol; `metadata_patch` holds its metadata.
alter table rail_account_changes add column new_account_id text collate "C";
alter table rail_account_changes add column rail text;
alter table rail_account_changes add column protocol text;

alter table rail_account_changes drop constraint rail_account_changes_action_check;
alter table rail_account_changes add constraint rail_account_changes_action_check
  check (action in ('create', 'update', 'disable', 'approval_off'));
-- An existing account for 'update' and 'disable'; none for 'approval_off' and 'create' (the account
-- is made when the change is approved), which names the account and rail it would make instead.
alter table rail_account_changes drop constraint rail_account_changes_check;
alter table rail_account_changes add constraint rail_account_changes_check
  check ((action in ('approval_off', 'create')) = (account_id is null));
alter table rail_account_changes add constraint rail_account_changes_create_check
  check ((action = 'create') = (new_account_id is not null and rail is not null));

-- At most one change waits per target: an account (and one 'approval_off' per merchant), or for
-- 'create' the rail in its mode (two connections of one rail cannot both wait).
drop index rail_account_changes_one_pending;
create unique index rail_account_changes_one_pending on rail_account_changes (merchant_id, (coalesce(account_id, '')))
  where status = 'pending_approval' and action <> 'create';
create unique index rail_account_changes_one_create on rail_account_changes (merchant_id, livemode, rail)
  where status = 'pending_approval' and action = 'create';
create unique index rail_account_changes_new_account on rail_account_changes (new_account_id) where new_account_id is not null;
