// Every from/to pair of both tables, against the contract's list, and against the database's
// conditional update (a refused pair is a 409 and changes nothing).
import { describe, expect, it } from 'vitest';
import { canTransitionIntent, canTransitionSession, INTENT_STATUSES, SESSION_STATUSES, transitionIntent, type IntentStatus } from './transitions';

const INTENT_ALLOWED = new Set([
  'requires_payment_method>pending',
  'requires_payment_method>failed',
  'requires_payment_method>canceled',
  'pending>succeeded',
  'pending>requires_payment_method',
  'pending>failed',
]);
const SESSION_ALLOWED = new Set(['open>complete', 'open>expired']);

describe('transition tables', () => {
  for (const from of INTENT_STATUSES)
    for (const to of INTENT_STATUSES)
      it(`payment intent ${from} -> ${to}: ${INTENT_ALLOWED.has(`${from}>${to}`) ? 'allowed' : 'refused'}`, () => {
        expect(canTransitionIntent(from, to)).toBe(INTENT_ALLOWED.has(`${from}>${to}`));
      });
  for (const from of SESSION_STATUSES)
    for (const to of SESSION_STATUSES)
      it(`checkout session ${from} -> ${to}: ${SESSION_ALLOWED.has(`${from}>${to}`) ? 'allowed' : 'refused'}`, () => {
        expect(canTransitionSession(from, to)).toBe(SESSION_ALLOWED.has(`${from}>${to}`));
      });
});

describe('transitionIntent applies the table in the database', () => {
  // A fake Db that emulates `update ... where status = any($3)` on one row.
  function fakeDb(status: IntentStatus) {
    const row = { id: 'pi_x', status };
    return {
      row,
      db: {
        kind: 'pglite' as const,
        inTransaction: true,
        async query(text: string, params: unknown[] = []) {
          if (text.startsWith('update')) {
            const [, to, from] = params as [string, IntentStatus, IntentStatus[]];
            if (!from.includes(row.status)) return [];
            row.status = to;
            return [{ ...row }];
          }
          return [{ status: row.status }];
        },
        async transaction<T>(fn: (tx: never) => Promise<T>) {
          return fn(this as never);
        },
      },
    };
  }
  for (const from of INTENT_STATUSES)
    for (const to of INTENT_STATUSES)
      it(`${from} -> ${to}`, async () => {
        const { db, row } = fakeDb(from);
        if (INTENT_ALLOWED.has(`${from}>${to}`)) {
          await transitionIntent(db as never, 'pi_x', to);
          expect(row.status).toBe(to);
        } else {
          await expect(transitionIntent(db as never, 'pi_x', to)).rejects.toMatchObject({ status: 409, code: 'unexpected_state' });
          expect(row.status).toBe(from);
        }
      });
});
