import { describe, expect, it } from 'vitest';
import { CALLBACK_LOOKUP_SPACING_SECONDS, handleMobileMoneyCallback } from '@/lib/payments/callback';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { call, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { now } from './lifecycle-helpers';
import { useLiveMomo } from './live-momo';

const { db } = useDatabase();
const momo = useLiveMomo(db);
const { phone, liveIntent } = momo;
const lookups = () => momo.fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/requesttopay/')).length;

describe('operator callbacks, coalesced', () => {
  it('200 callbacks naming one attempt make one status lookup; the next waits for the spacing', async () => {
    const { m, scope, pi } = await liveIntent();
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: phone() }, { now: t0 });
    const att = (
      await db().query<{ id: string; backend_ref: string }>(`select id, backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id])
    )[0]!;
    const req = () => ({
      headers: new Headers({ 'content-type': 'application/json' }),
      url: 'http://127.0.0.1/callbacks/mobile_money/mobile_money_a',
      rawBody: JSON.stringify({ externalId: att.id, status: 'SUCCESSFUL' }),
    });
    const before = lookups();
    await Promise.all(Array.from({ length: 200 }, () => handleMobileMoneyCallback(db(), 'mobile_money_a', req(), t0 + 5)));
    expect(lookups() - before).toBe(1);
    momo.fake.approve(att.backend_ref);
    // Within the spacing: no lookup (the worker is asked to look right after instead).
    await handleMobileMoneyCallback(db(), 'mobile_money_a', req(), t0 + 5 + CALLBACK_LOOKUP_SPACING_SECONDS - 1);
    expect(lookups() - before).toBe(1);
    await handleMobileMoneyCallback(db(), 'mobile_money_a', req(), t0 + 5 + CALLBACK_LOOKUP_SPACING_SECONDS);
    expect(lookups() - before).toBe(2);
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body.status).toBe('succeeded');
    await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + 60 });
  });
});
