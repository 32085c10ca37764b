// Every from/to pair of both tables, against the contract's list, and against a real database
// (useDatabase: PGlite in memory, or PostgreSQL when DATABASE_URL is set): an allowed pair moves the
// row, a refused pair is an unexpected_state error (409 over HTTP) and changes nothing, and of two racing transitions only one wins.
// All of that rests on the `status = any($allowed)` of the conditional update: without it, a refused
// pair would move the row and both racers would win.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from '@/test/api';
import { createId } from '../ids';
import {
  canTransitionIntent,
  canTransitionRefund,
  canTransitionSession,
  INTENT_STATUSES,
  type IntentStatus,
  REFUND_STATUSES,
  SESSION_STATUSES,
  type SessionStatus,
  transitionIntent,
  transitionSession,
} from './transitions';

const INTENT_ALLOWED = new Set([
  'requires_payment_method>pending',
  'requires_payment_method>failed',
  'requires_payment_method>canceled',
  'pending>succeeded',
  'pending>requires_payment_method',
  'pending>failed',
]);
const SESSION_ALLOWED = new Set(['open>complete', 'open>expired']);
// The contract (api-contract.md, Refunds): pending_approval -> pending; pending -> succeeded | failed;
// pending -> requires_action -> pending | succeeded | canceled; canceled from pending_approval,
// requires_action, or pending before anything went out (lib/refunds/cancel.ts checks sent_at).
const REFUND_ALLOWED = new Set([
  'pending_approval>pending',
  'pending_approval>canceled',
  'pending>requires_action',
  'pending>succeeded',
  'pending>failed',
  'pending>canceled',
  'requires_action>pending',
  'requires_action>succeeded',
  'requires_action>canceled',
]);

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
  for (const from of REFUND_STATUSES)
    for (const to of REFUND_STATUSES)
      it(`refund ${from} -> ${to}: ${REFUND_ALLOWED.has(`${from}>${to}`) ? 'allowed' : 'refused'}`, () => {
        expect(canTransitionRefund(from, to)).toBe(REFUND_ALLOWED.has(`${from}>${to}`));
      });
});

const { db } = useDatabase();
let merchantId: string;
let key: string;
beforeAll(async () => {
  const m = await newMerchant(db(), 'Transitions');
  merchantId = m.merchant.id;
  key = m.keys.test;
});

// Rows are written directly in the state under test: some states (canceled with a pending
// attempt, say) cannot be reached through the API, and the update must refuse them all the same.
const UPDATED_AT = 1_000; // far in the past: an applied transition sets updated_at to now
async function intentIn(status: IntentStatus): Promise<string> {
  const id = createId('pi');
  await db().query(
    `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, metadata, created_at, updated_at)
     values ($1, $2, false, 1000, 'XOF', 'mobile_money_a', $3, '{}', $4, $4)`,
    [id, merchantId, status, UPDATED_AT],
  );
  return id;
}
async function sessionIn(status: SessionStatus): Promise<string> {
  const id = createId('cs');
  await db().query(
    `insert into checkout_sessions (id, merchant_id, livemode, amount, currency, status, locale, metadata, expires_at, created_at, updated_at)
     values ($1, $2, false, 1000, 'XOF', $3, 'fr', '{}', $4, $4, $4)`,
    [id, merchantId, status, UPDATED_AT],
  );
  return id;
}
const intentRow = async (id: string) =>
  (
    await db().query<{ status: string; canceled_at: number | null; updated_at: number }>(
      `select status, canceled_at, updated_at from payment_intents where id = $1`,
      [id],
    )
  )[0]!;
const sessionRow = async (id: string) =>
  (
    await db().query<{ status: string; expired_at: number | null; updated_at: number }>(
      `select status, expired_at, updated_at from checkout_sessions where id = $1`,
      [id],
    )
  )[0]!;

describe('transitionIntent in the database', () => {
  for (const from of INTENT_STATUSES)
    for (const to of INTENT_STATUSES)
      it(`${from} -> ${to}: ${INTENT_ALLOWED.has(`${from}>${to}`) ? 'moves the row' : '409, row unchanged'}`, async () => {
        const id = await intentIn(from);
        if (INTENT_ALLOWED.has(`${from}>${to}`)) {
          const row = await transitionIntent(db(), id, to, { canceled_at: 4242 });
          expect(row).toMatchObject({ id, status: to, canceled_at: 4242 });
          const stored = await intentRow(id);
          expect(stored).toMatchObject({ status: to, canceled_at: 4242 });
          expect(stored.updated_at).toBeGreaterThan(UPDATED_AT);
        } else {
          await expect(transitionIntent(db(), id, to, { canceled_at: 4242 })).rejects.toMatchObject({
            code: 'unexpected_state',
            message: expect.stringContaining(`status is ${from}; it cannot become ${to}`),
          });
          expect(await intentRow(id)).toEqual({ status: from, canceled_at: null, updated_at: UPDATED_AT });
        }
      });

  it('an explicit `from` narrows the table and never widens it', async () => {
    const pending = await intentIn('pending');
    await expect(transitionIntent(db(), pending, 'failed', {}, { from: ['requires_payment_method'] })).rejects.toMatchObject({ code: 'unexpected_state' });
    expect((await intentRow(pending)).status).toBe('pending');
    const succeeded = await intentIn('succeeded');
    await expect(transitionIntent(db(), succeeded, 'failed', {}, { from: ['succeeded'] })).rejects.toMatchObject({ code: 'unexpected_state' });
    expect((await intentRow(succeeded)).status).toBe('succeeded');
  });

  it("a missing or other merchant's id is refused as well (no row matches)", async () => {
    await expect(transitionIntent(db(), 'pi_missing0000000000000', 'pending')).rejects.toMatchObject({
      code: 'unexpected_state',
      message: expect.stringContaining('status is unknown'),
    });
  });
});

describe('transitionSession in the database', () => {
  for (const from of REFUND_STATUSES)
    for (const to of REFUND_STATUSES)
      it(`refund ${from} -> ${to}: ${REFUND_ALLOWED.has(`${from}>${to}`) ? 'allowed' : 'refused'}`, () => {
        expect(canTransitionRefund(from, to)).toBe(REFUND_ALLOWED.has(`${from}>${to}`));
      });
  for (const from of SESSION_STATUSES)
    for (const to of SESSION_STATUSES)
      it(`${from} -> ${to}: ${SESSION_ALLOWED.has(`${from}>${to}`) ? 'moves the row' : '409, row unchanged'}`, async () => {
        const id = await sessionIn(from);
        if (SESSION_ALLOWED.has(`${from}>${to}`)) {
          const row = await transitionSession(db(), id, to, { expired_at: 4242 });
          expect(row).toMatchObject({ id, status: to, expired_at: 4242 });
          const stored = await sessionRow(id);
          expect(stored).toMatchObject({ status: to, expired_at: 4242 });
          expect(stored.updated_at).toBeGreaterThan(UPDATED_AT);
        } else {
          await expect(transitionSession(db(), id, to, { expired_at: 4242 })).rejects.toMatchObject({
            code: 'unexpected_state',
            message: expect.stringContaining(`status is ${from}; it cannot become ${to}`),
          });
          expect(await sessionRow(id)).toEqual({ status: from, expired_at: null, updated_at: UPDATED_AT });
        }
      });
});

// Racing transitions. Only PostgreSQL runs them truly at once (PGlite runs one transaction at a
// time, so there they are merely back to back); the test runs on both databases, and on PostgreSQL
// every racer has read the row as `from` before any of them writes, so each one's update is decided
// by its own `where status = any(...)` after the row lock, not by a read made earlier.
async function race<S extends string>(
  racers: readonly S[],
  move: (tx: ReturnType<typeof db>, to: S) => Promise<unknown>,
  read: (tx: ReturnType<typeof db>) => Promise<string>,
  from: S,
): Promise<PromiseSettledResult<S>[]> {
  const together = db().kind === 'postgres';
  let arrived = 0;
  let release!: () => void;
  const allRead = new Promise<void>((r) => (release = r));
  return Promise.allSettled(
    racers.map((to) =>
      db().transaction(async (tx) => {
        if (together) {
          expect(await read(tx)).toBe(from);
          if (++arrived === racers.length) release();
          await allRead;
        }
        await move(tx, to);
        return to;
      }),
    ),
  );
}

describe('racing transitions: only one wins', () => {
  // Targets chosen so that whichever wins, the others are then refused (pending -> requires_payment_method
  // would let a later `failed` win legally after it).
  it('a pending intent told succeeded and failed at once takes exactly one', async () => {
    const id = await intentIn('pending');
    const racers = ['succeeded', 'failed', 'succeeded', 'failed', 'succeeded'] as const;
    const results = await race(
      racers,
      (tx, to) => transitionIntent(tx, id, to),
      async (tx) => (await tx.query<{ status: string }>(`select status from payment_intents where id = $1`, [id]))[0]!.status,
      'pending',
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'unexpected_state' });
    expect((await intentRow(id)).status).toBe((won[0] as PromiseFulfilledResult<string>).value);
  });

  it('an open session completed and expired at once takes exactly one', async () => {
    const id = await sessionIn('open');
    const racers = ['complete', 'expired', 'complete', 'expired'] as const;
    const results = await race(
      racers,
      (tx, to) => transitionSession(tx, id, to),
      async (tx) => (await tx.query<{ status: string }>(`select status from checkout_sessions where id = $1`, [id]))[0]!.status,
      'open',
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'unexpected_state' });
    expect((await sessionRow(id)).status).toBe((won[0] as PromiseFulfilledResult<string>).value);
  });

  it('through the API: four cancels of one intent at once give one 200, three 409s and one canceled event', async () => {
    const pi = (await call('POST', '/v1/payment_intents', { key, body: { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' } })).body;
    const cancels = await Promise.all(Array.from({ length: 4 }, () => call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key, body: {} })));
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const events = await db().query<{ type: string }>(`select type from events where data->'object'->>'id' = $1 order by type`, [pi.id]);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.canceled', 'payment_intent.created']);
  });
});
