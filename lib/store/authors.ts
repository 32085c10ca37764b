// Who asked for something that waits for approval (issue 29): a user, an API key (a key made by a
// user counts as theirs: api_keys.created_by, migration 0032), or Caisse (null). SQL fragments, so
// each check sits inside an approval's one conditional update (race-safe): refunds
// (lib/domain/refund-approvals.ts) and, later, rail account changes. May import lib/db, bottom.

const COLUMN = /^[a-z_]+\.[a-z_]+$/;
const PARAM = /^\$\d+$/;

/**
 * A SQL boolean, never null: the user `approverParam` (a placeholder such as `$7`, a user id) is
 * the author `authorColumn` holds (a user id or an API key id; null: Caisse, nobody's), or made the
 * key that is. `authorColumn` must be qualified by its table (`refunds.created_by`): inside the
 * subquery an unqualified `created_by` would be the key's own.
 *
 *   update refunds set ... where id = $1 and status = 'pending_approval' and not ${approverIsAuthor('refunds.created_by', '$2')}
 */
export function approverIsAuthor(authorColumn: string, approverParam: string): string {
  if (!COLUMN.test(authorColumn)) throw new Error(`approverIsAuthor: a qualified column (table.column), not '${authorColumn}'`);
  if (!PARAM.test(approverParam)) throw new Error(`approverIsAuthor: a placeholder ($n), not '${approverParam}'`);
  return `coalesce(${authorColumn} = ${approverParam} or exists (select 1 from api_keys author_key where author_key.id = ${authorColumn} and author_key.created_by = ${approverParam}), false)`;
}

/**
 * A SQL boolean, never null: the author `authorColumn` holds is gone: a revoked (or rolled) API
 * key, or a disabled user. What such an author asked for is canceled with them; this catches what
 * they asked for while being removed (a request already past its key check).
 */
export function authorRemoved(authorColumn: string): string {
  if (!COLUMN.test(authorColumn)) throw new Error(`authorRemoved: a qualified column (table.column), not '${authorColumn}'`);
  return `(exists (select 1 from api_keys author_key where author_key.id = ${authorColumn} and author_key.revoked_at is not null)
    or exists (select 1 from users author_user where author_user.id = ${authorColumn} and author_user.disabled_at is not null))`;
}
