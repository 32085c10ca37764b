// The dashboard's books (issue 28): the balances page (per account and currency, as moved on the
// rail, and its worth in the payment's currency at the quote's rate for a converted payment), the
// merchant's time zone setting (saved as the API saves it; an unknown zone refused in the page's
// language with nothing changed), rendered on the server with a signed-in merchant in test mode.
import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pollDueAttempts } from '@/lib/payments/poll';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { call, newMerchant, useDatabase } from './api';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const session = { merchantId: '', livemode: false, locale: 'fr' as 'en' | 'fr', token: '', timeZone: 'Africa/Abidjan' };

vi.mock('@/lib/dashboard/context', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/dashboard/context')>();
  const ctx = async () => ({
    db: db(),
    user: { id: 'user_test', email: 'awa@boutique.example', merchantId: session.merchantId, disabled: false, createdAt: 0 },
    merchantId: session.merchantId,
    livemode: session.livemode,
    scope: { merchantId: session.merchantId, livemode: session.livemode },
    token: session.token,
    locale: session.locale,
    timeZone: session.timeZone,
  });
  return { ...real, dashboardContext: ctx, dashboardAction: ctx, currentContext: ctx, routeContext: ctx, dashboardLocale: async () => session.locale };
});

const { default: BalancesPage } = await import('@/app/dashboard/balances/page');
const { setTimeZoneAction } = await import('@/app/dashboard/balances/actions');
const { chosenDay } = await import('@/lib/dashboard/books');

let shop: Awaited<ReturnType<typeof newMerchant>>;

beforeAll(async () => {
  shop = await newMerchant(db(), 'Boutique Awa');
  session.merchantId = shop.merchant.id;
  session.token = randomBytes(24).toString('base64url');
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

const api = (path: string) => call('GET', path, { key: shop.keys.test }).then((r) => r.body);

async function balancesPage(): Promise<string> {
  return renderToStaticMarkup(createElement('div', null, await BalancesPage()));
}

async function post(action: (f: FormData) => Promise<void>, fields: Record<string, string>): Promise<string> {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  const err = await action(f).then(
    () => null,
    (e: unknown) => e,
  );
  const digest = (err as { digest?: string } | null)?.digest ?? '';
  if (!digest.startsWith('NEXT_REDIRECT;')) throw err ?? new Error('the action did not redirect');
  return digest.split(';')[2]!;
}

async function paid(body: Record<string, unknown>) {
  const pi = await newIntent(shop.keys.test, body);
  const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: shop.keys.test, body: {} });
  if (r.status !== 200) throw new Error(`pay: ${JSON.stringify(r.body)}`);
  for (let t = now(); t < now() + 900 && (await api(`/v1/payment_intents/${pi.id}`)).amountReceived === 0; t += 30)
    await pollDueAttempts(db(), t, { merchantId: shop.merchant.id });
  return api(`/v1/payment_intents/${pi.id}`);
}

describe('balances', { shuffle: false }, () => {
  it('nothing yet: says so', async () => {
    expect(text(await balancesPage())).toContain('Aucun mouvement d’argent pour l’instant.');
  });

  it('per account and currency: received, refunded, net, and the franc value of sats at the quote’s rate', async () => {
    const a = await paid({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    await paid({ amount: 2500, currency: 'XOF', rail: 'mobile_money_a' });
    const refund = await call('POST', '/v1/refunds', { key: shop.keys.test, body: { paymentIntentId: a.id, amount: 1000 } });
    expect(refund.status).toBe(200);
    for (let t = now() + 5; t < now() + 400 && (await api(`/v1/refunds/${refund.body.id}`)).status === 'pending'; t += 5)
      await pollDueRefunds(db(), t, { merchantId: shop.merchant.id });
    const ln = await paid({ amount: 3000, currency: 'XOF', rail: 'btc_lightning' });
    expect(ln.amountReceived).toBe(3000);

    const html = text(await balancesPage());
    // Mobile money: 7 500 in, 1 000 back, 6 500 net; worth the same francs.
    expect(html).toMatch(/Simulateur \(test\) 7 500 F CFA 1 000 F CFA 6 500 F CFA 6 500 F CFA/);
    // Lightning: the sats as moved, worth 3 000 F CFA at the quote's rate (not today's).
    const sats = ((await api(`/v1/balance_transactions?source=${ln.id}`)).data as any[]).reduce((n, l) => n + l.amount, 0);
    expect(sats).toBeGreaterThan(0);
    expect(html).toContain(`${new Intl.NumberFormat('fr-FR').format(sats).replace(/[\s\u00a0\u202f]/g, ' ')} sats`);
    expect(html).toMatch(/3 000 F CFA \(au taux du moment\)/);
    // The page shows the API's balance, line for line.
    const balance = await api('/v1/balance');
    const mm = (balance.accounts as any[]).find((x) => x.rail === 'mobile_money_a');
    expect(mm).toMatchObject({ received: 7500, refunded: 1000, net: 6500, currency: 'XOF' });
  });

  it('in English too', async () => {
    session.locale = 'en';
    try {
      const html = text(await balancesPage());
      expect(html).toContain('Balances');
      expect(html).toContain('at the rate of the moment');
    } finally {
      session.locale = 'fr';
    }
  });
});

describe('the time zone', () => {
  it('is saved as the API saves it, and an unknown one is refused with nothing changed', async () => {
    expect(await post(setTimeZoneAction, { timeZone: 'africa/douala' })).toBe('/dashboard/balances');
    expect(await api('/v1/account')).toMatchObject({ timeZone: 'Africa/Douala' });
    expect(text(await balancesPage())).toContain('Fuseau horaire enregistré : Africa/Douala.');
    expect(await post(setTimeZoneAction, { timeZone: 'Mars/Olympus' })).toBe('/dashboard/balances#time-zone');
    expect(text(await balancesPage())).toContain('Ce fuseau horaire est inconnu.');
    expect(await api('/v1/account')).toMatchObject({ timeZone: 'Africa/Douala' });
    const html = await balancesPage();
    expect(html).toContain('<option value="Africa/Douala" selected="">Africa/Douala</option>');
    await post(setTimeZoneAction, { timeZone: 'Africa/Abidjan' });
  });

  it('the day shown: today by default, never a future or impossible day', () => {
    const t = Date.UTC(2026, 10, 27, 23, 30) / 1000;
    expect(chosenDay(undefined, 'Africa/Abidjan', t)).toEqual({ day: '2026-11-27', today: '2026-11-27', yesterday: '2026-11-26' });
    expect(chosenDay('', 'Africa/Douala', t)).toEqual({ day: '2026-11-28', today: '2026-11-28', yesterday: '2026-11-27' });
    expect(chosenDay('2026-11-28', 'Africa/Abidjan', t)).toBeNull();
    expect(chosenDay('2026-02-30', 'Africa/Abidjan', t)).toBeNull();
    expect(chosenDay('2026-01-05', 'Africa/Abidjan', t)?.day).toBe('2026-01-05');
  });
});
