// The migration splitter (lib/db/migrate.ts splitStatements): dollar-quoted bodies stay whole,
// whatever dollar tags the comments mention or the tags' digits.
import { describe, expect, it } from 'vitest';
import { splitStatements } from '@/lib/db/migrate';
import { useDatabase } from './api';

const { db } = useDatabase();

describe('splitStatements (lib/db/migrate.ts)', () => {
  it('a dollar tag mentioned in a comment does not glue the rest of the migration into one statement', () => {
    const sql = ['-- Function bodies are $$-quoted below.', 'alter table t add column a int;', 'alter table t add column b int;'].join('\n');
    expect(splitStatements(sql)).toHaveLength(2);
  });

  it('a dollar tag with a digit ($body1$, legal in PostgreSQL) keeps its body whole', () => {
    const sql = ['create function f() returns void language plpgsql as $body1$', 'begin', '  perform 1;', 'end', '$body1$;', 'select 1;'].join('\n');
    const out = splitStatements(sql);
    expect(out).toHaveLength(2);
    expect(out[0]).toContain('end');
  });

  it('a $$ in a comment before a $$-quoted function keeps that function whole (it applies on both databases)', async () => {
    const sql = [
      '-- the body below is $$-quoted',
      'create function review_split_probe() returns int language plpgsql as $$',
      'begin',
      '  perform 1;',
      '  return 1;',
      'end',
      '$$;',
    ].join('\n');
    await db().transaction(async (tx) => {
      for (const st of splitStatements(sql)) await tx.query(st);
      await tx.query('drop function review_split_probe()');
    });
  });
});
