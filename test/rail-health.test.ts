import { describe, expect, it } from 'vitest';
import { backendKey, RAIL_DOWN_AFTER, RAIL_DOWN_SECONDS } from '@/lib/domain/rail-health';
import { availableRails } from '@/lib/payments/available-rails';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { railAdapter } from '@/lib/rails/registry';
import { call, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { now } from './lifecycle-helpers';
import { useLiveMomo } from './live-momo';

const { db } = useDatabase();
const momo = useLiveMomo(db);
const { phone, liveIntent } = momo;
const offered = async (t: number) => (await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'XOF', { now: t })).map((r) => r.rail);

describe('rail health, in the database', () => {
  it("a 400 about one request fails that attempt (counted as the payer's), never the rail", async () => {
    const { m, scope, pi } = await liveIntent();
    const t0 = now();
    for (let i = 0; i < RAIL_DOWN_AFTER + 2; i++) {
      momo.fake.failNext('requesttopay', { status: 400, body: { code: 'INVALID_PARTY', message: 'Bad request: payer' } });
      await expect(confirmPaymentIntent(db(), scope, pi.id, { phone: phone() }, { now: t0 + i })).rejects.toMatchObject({
        code: 'payment_refused',
        param: 'phone',
      });
    }
    expect(await offered(t0 + 10)).toEqual(['mobile_money_a']);
    // Nothing written against this backend (other test files' backends share the database).
    const key = backendKey(railAdapter('mobile_money_a', true)!);
    expect(await db().query(`select failures from rail_health where backend = $1 and failures > 0`, [key])).toEqual([]);
    // Each refusal is a failed attempt that counts toward the cap, with its reason on the intent.
    const rows = await db().query<{ status: string; code: string }>(
      `select status, error->>'code' as code from payment_attempts where payment_intent_id = $1`,
      [pi.id],
    );
    expect(rows).toEqual(Array.from({ length: RAIL_DOWN_AFTER + 2 }, () => ({ status: 'failed', code: 'payment_refused' })));
    const got = (await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body;
    expect(got).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'payment_refused' } });
    // Over the API: 402, not a 503.
    momo.fake.failNext('requesttopay', { status: 400, body: { message: 'Bad request' } });
    const r = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: phone() } });
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe('payment_refused');
    await assertMoneyInvariant(db(), pi.id, { paid: 0, noRepoll: true });
  });

  it('backend-down signs put the rail down for everyone; a probe after the pause heals it', async () => {
    const { scope, pi } = await liveIntent();
    const t0 = now();
    momo.fake.mode = 'unauthorized'; // the gateway refuses our credentials: every request, token included
    for (let i = 0; i < RAIL_DOWN_AFTER; i++) {
      expect(await offered(t0 + i)).toEqual(['mobile_money_a']); // not before the threshold
      await expect(confirmPaymentIntent(db(), scope, pi.id, { phone: phone() }, { now: t0 + i })).rejects.toMatchObject({ code: 'rail_unavailable' });
    }
    // Down, in the database: hidden on the page, refused without asking the backend.
    const [row] = await db().query<{ failures: number; down_until: number }>(
      `select failures, down_until from rail_health where rail = 'mobile_money_a' and livemode`,
    );
    expect(row).toMatchObject({ failures: RAIL_DOWN_AFTER, down_until: t0 + RAIL_DOWN_AFTER - 1 + RAIL_DOWN_SECONDS });
    expect(await offered(t0 + 5)).toEqual([]);
    momo.fake.mode = 'ok';
    const before = momo.fake.requests.length;
    await expect(confirmPaymentIntent(db(), scope, pi.id, { phone: phone() }, { now: t0 + 5 })).rejects.toMatchObject({ code: 'rail_unavailable' });
    expect(momo.fake.requests.length).toBe(before);
    // After the pause: offered again; one request is the probe, and its success heals the rail.
    const later = t0 + RAIL_DOWN_AFTER - 1 + RAIL_DOWN_SECONDS;
    expect(await offered(later)).toEqual(['mobile_money_a']);
    const out = await confirmPaymentIntent(db(), scope, pi.id, { phone: phone() }, { now: later });
    expect(out.status).toBe('pending');
    expect(await db().query(`select failures, probe_until from rail_health where rail = 'mobile_money_a' and livemode`)).toEqual([
      { failures: 0, probe_until: null },
    ]);
    await assertMoneyInvariant(db(), pi.id, { paid: 0, noRepoll: true });
  });

  it('while the rail is probing, a second request waits for the probe; a failed probe puts it down again', async () => {
    const { scope, pi } = await liveIntent();
    const other = await liveIntent();
    const t0 = now();
    momo.fake.mode = 'unauthorized';
    for (let i = 0; i < RAIL_DOWN_AFTER; i++)
      await expect(confirmPaymentIntent(db(), scope, pi.id, { phone: phone() }, { now: t0 })).rejects.toMatchObject({ code: 'rail_unavailable' });
    const later = t0 + RAIL_DOWN_SECONDS;
    // The probe fails: down again for the pause.
    await expect(confirmPaymentIntent(db(), scope, pi.id, { phone: phone() }, { now: later })).rejects.toMatchObject({ code: 'rail_unavailable' });
    expect(await offered(later + 1)).toEqual([]);
    momo.fake.mode = 'ok';
    // A worker's status check is a probe too: the other intent's pending push, asked about, heals it.
    await db().query(`update rail_health set down_until = $1 where rail = 'mobile_money_a' and livemode`, [later]); // pause over
    await confirmPaymentIntent(db(), other.scope, other.pi.id, { phone: phone() }, { now: later + 1 });
    await db().query(`update rail_health set failures = $1, down_until = $2 where rail = 'mobile_money_a' and livemode`, [RAIL_DOWN_AFTER, later + 100]);
    expect(await offered(later + 2)).toEqual([]);
    await pollDueAttempts(db(), later + 10, { merchantId: other.m.merchant.id });
    expect(await offered(later + 11)).toEqual(['mobile_money_a']);
  });
});
