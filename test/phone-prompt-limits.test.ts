import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '@/lib/db/migrate';
import {
  PHONE_PROMPTS_PER_HOUR,
  PhoneRateLimitedError,
  PROMPTS_BEYOND_CEILING,
  PROMPTS_PER_HOUR,
  PROMPTS_PER_MINUTE,
  RESEND_SPACING_SECONDS,
} from '@/lib/domain/phone-limits';
import { resetRailHealth } from '@/lib/domain/rail-health';
import { normalizeBuyerPhone } from '@/lib/payments/begin-attempt';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { resendMobileMoneyPrompt } from '@/lib/payments/resend';
import { call, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';
import { useLiveMomo } from './live-momo';

const { db } = useDatabase();
const momo = useLiveMomo(db);
const { phone, liveIntent } = momo;
const pushes = () => momo.fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/requesttopay')).length;

describe('prompts per phone (live)', () => {
  /** Another live intent of the same merchant. */
  const intentOf = async (m: Awaited<ReturnType<typeof liveIntent>>['m']) =>
    (await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' })).id;
  const prompt = (merchant: Awaited<ReturnType<typeof liveIntent>>, intentId: string, to: string, clock: { now?: number; nowMs?: number }) =>
    confirmPaymentIntent(db(), merchant.scope, intentId, { phone: to }, clock);

  it(`at most ${PROMPTS_PER_MINUTE} a minute per merchant; another merchant still reaches the phone; the API answers 429 phone_rate_limited with Retry-After`, async () => {
    const to = phone();
    const t0 = now();
    const a = await liveIntent();
    for (let i = 0; i < PROMPTS_PER_MINUTE; i++) expect((await prompt(a, await intentOf(a.m), to, { now: t0 })).status).toBe('pending');
    const sent = pushes();
    const pi = await intentOf(a.m);
    const refused = prompt(a, pi, to, { now: t0 + 20 });
    await expect(refused).rejects.toBeInstanceOf(PhoneRateLimitedError);
    await expect(refused).rejects.toMatchObject({ code: 'phone_rate_limited', retryAfterSeconds: 40 });
    // Another merchant's payer is not held back by what this merchant's link sent.
    const b = await liveIntent();
    expect((await prompt(b, b.pi.id, to, { now: t0 + 20 })).status).toBe('pending');
    const r = await call('POST', `/v1/payment_intents/${pi}/confirm`, { key: a.m.keys.live, body: { phone: to } });
    expect(r.status).toBe(429);
    expect(r.body.error).toMatchObject({ type: 'rate_limit_error', code: 'phone_rate_limited', param: 'phone' });
    expect(r.body.error.message).toContain('by this account');
    const wait = Number(r.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(pushes()).toBe(sent + 1); // nothing went out but B's
    expect(await db().query(`select count(*)::int as n from payment_attempts where payment_intent_id = $1`, [pi])).toEqual([{ n: 0 }]);
    // A minute after the first: one more fits.
    expect((await prompt(a, pi, to, { now: t0 + 60 })).status).toBe('pending');
    await assertMoneyInvariant(db(), pi, { paid: 0, noRepoll: true });
  });

  it('the minute is counted in milliseconds: 3 prompts at hh:mm:ss.900, a 4th at hh:mm+1:ss.000 waits', async () => {
    const to = phone();
    const a = await liveIntent();
    const t0ms = now() * 1000 + 900;
    for (let i = 0; i < PROMPTS_PER_MINUTE; i++) await prompt(a, await intentOf(a.m), to, { now: Math.floor(t0ms / 1000), nowMs: t0ms });
    const pi = await intentOf(a.m);
    // 59.1 s after the first three: still within their minute (in whole seconds it was 60).
    const early = t0ms - 900 + 60_000;
    await expect(prompt(a, pi, to, { now: Math.floor(early / 1000), nowMs: early })).rejects.toMatchObject({
      code: 'phone_rate_limited',
      retryAfterSeconds: 1,
    });
    const onTime = t0ms + 60_000;
    expect((await prompt(a, pi, to, { now: Math.floor(onTime / 1000), nowMs: onTime })).status).toBe('pending');
  });

  it(`at most ${PROMPTS_PER_HOUR} an hour per merchant; a push the operator surely refused is given back`, async () => {
    const to = phone();
    const t0 = now();
    const a = await liveIntent();
    // A refused push (no connection to the token endpoint) does not use up the phone's prompts.
    momo.fake.mode = 'unauthorized';
    await expect(prompt(a, a.pi.id, to, { now: t0 })).rejects.toMatchObject({ code: 'rail_unavailable' });
    momo.fake.mode = 'ok';
    await resetRailHealth(db(), 'mobile_money_a', true);
    for (let i = 0; i < PROMPTS_PER_HOUR; i++) expect((await prompt(a, await intentOf(a.m), to, { now: t0 + i * 61 })).status).toBe('pending');
    const pi = await intentOf(a.m);
    await expect(prompt(a, pi, to, { now: t0 + 700 })).rejects.toMatchObject({ code: 'phone_rate_limited', retryAfterSeconds: 3600 - 700 });
    const b = await liveIntent();
    expect((await prompt(b, b.pi.id, to, { now: t0 + 700 })).status).toBe('pending');
    expect((await prompt(a, pi, to, { now: t0 + 3600 })).status).toBe('pending');
  });

  it(`a flood through several merchants stops at ${PHONE_PROMPTS_PER_HOUR} an hour, yet a merchant's first ${PROMPTS_BEYOND_CEILING} prompts always go out`, async () => {
    const to = phone();
    const t0 = now();
    // Three merchants' links send the phone all they may: 10 each, 30 in all.
    const flood = [await liveIntent(), await liveIntent(), await liveIntent()];
    for (let i = 0; i < PROMPTS_PER_HOUR; i++)
      for (const f of flood) expect((await prompt(f, await intentOf(f.m), to, { now: t0 + i * 61 })).status).toBe('pending');
    // The payer then pays at another merchant: its first prompts go out all the same.
    const d = await liveIntent();
    for (let i = 0; i < PROMPTS_BEYOND_CEILING; i++) expect((await prompt(d, await intentOf(d.m), to, { now: t0 + 700 + i })).status).toBe('pending');
    // Past them, the ceiling holds it back (its own limits would allow it), until either the phone's
    // count or its own falls: the phone's 4th-oldest prompt (t0 + 61) leaves first.
    const more = await intentOf(d.m);
    const held = prompt(d, more, to, { now: t0 + 800 });
    await expect(held).rejects.toMatchObject({ code: 'phone_rate_limited', retryAfterSeconds: 61 + 3600 - 800 });
    await expect(held).rejects.toThrow(/all merchants/);
    // ...while yet another merchant's payer still gets a prompt.
    const e = await liveIntent();
    expect((await prompt(e, e.pi.id, to, { now: t0 + 800 })).status).toBe('pending');
    // With E's, 34 prompts in the hour: D waits until 5 have left it (the 5th-oldest is at t0 + 61).
    await expect(prompt(d, more, to, { now: t0 + 3600 })).rejects.toMatchObject({ code: 'phone_rate_limited', retryAfterSeconds: 61 });
    expect((await prompt(d, more, to, { now: t0 + 61 + 3600 })).status).toBe('pending');
  });

  it('0019: the prompts recorded before (unix seconds, no merchant) count toward the phone only, in milliseconds', async () => {
    const raw = phone();
    const to = normalizeBuyerPhone('mobile_money_a', 'XOF', raw);
    const t0 = now();
    const sql = readFileSync(path.join(migrationsDir(), '0019_phone_prompts_per_merchant.sql'), 'utf8');
    await db().query(`insert into phone_prompts (phone, sent, updated_at) values ($1, $2::jsonb, $3)`, [to, JSON.stringify([t0 - 10, t0 - 5]), t0]);
    // The migration's statement, on this row only (other files' phones share the table).
    await db().query(`${sql.trim().replace(/;$/, '')} and phone = $1`, [to]);
    const [row] = await db().query<{ sent: unknown }>(`select sent from phone_prompts where phone = $1`, [to]);
    const sent = typeof row!.sent === 'string' ? JSON.parse(row!.sent) : row!.sent;
    expect(sent).toEqual([
      { m: null, a: null, t: (t0 - 10) * 1000 },
      { m: null, a: null, t: (t0 - 5) * 1000 },
    ]);
    // They do not count toward a merchant's own minute: three prompts still go out.
    const a = await liveIntent();
    for (let i = 0; i < PROMPTS_PER_MINUTE; i++) expect((await prompt(a, await intentOf(a.m), raw, { now: t0 })).status).toBe('pending');
  });

  it(`resends at least ${RESEND_SPACING_SECONDS} s apart, and counted with the merchant's prompts`, async () => {
    const to = phone();
    const a = await liveIntent();
    const { scope, pi } = a;
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: to }, { now: t0 });
    await expect(resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 10 })).rejects.toMatchObject({
      code: 'phone_rate_limited',
      retryAfterSeconds: RESEND_SPACING_SECONDS - 10,
    });
    await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + RESEND_SPACING_SECONDS });
    await expect(resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 2 * RESEND_SPACING_SECONDS - 1 })).rejects.toMatchObject({
      code: 'phone_rate_limited',
      retryAfterSeconds: 1,
    });
    // The resend counts as one of the merchant's prompts: a third in the minute fits, a fourth waits.
    await prompt(a, await intentOf(a.m), to, { now: t0 + 31 });
    await expect(prompt(a, await intentOf(a.m), to, { now: t0 + 32 })).rejects.toMatchObject({ code: 'phone_rate_limited', retryAfterSeconds: 28 });
    const att = (await db().query<{ details: any }>(`select details from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!;
    expect(att.details.resends).toBe(1);
    await assertMoneyInvariant(db(), pi.id, { paid: 0, noRepoll: true });
  });
});
