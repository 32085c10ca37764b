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
import { download } from './report-helpers';

const { db } = useDatabase();

const session = { merchantId: '', livemode: false, locale: 'fr' as 'en' | 'fr', token: '', timeZone: 'Africa/Abidjan' };

vi.mock('@/lib/dashboard/context', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/dashboard/context')>();
  const ctx = async () => ({
    db: db(),
    user: { id: 'user_test', email: 'awa@boutique.example', merchantId: session.merchantId, role: 'owner', twoFactor: false, disabled: false, createdAt: 0 },
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
const { default: ReconciliationsPage } = await import('@/app/dashboard/reconciliations/page');
const { default: ReconciliationPage } = await import('@/app/dashboard/reconciliations/[id]/page');
const { createReconciliationAction } = await import('@/app/dashboard/reconciliations/actions');
const { default: ReportsPage } = await import('@/app/dashboard/reports/page');
const { createReportAction } = await import('@/app/dashboard/reports/actions');
const { GET: reportFileRoute } = await import('@/app/dashboard/reports/[id]/file/route');
const { GET: dayRoute } = await import('@/app/dashboard/reports/day/route');
const { completeDueReportRuns } = await import('@/lib/reports/complete');
const { completePendingReconciliations } = await import('@/lib/reconcile/worker');
const { setTimeZoneAction } = await import('@/app/dashboard/balances/actions');
const { chosenDay } = await import('@/lib/dashboard/books');

let shop: Awaited<ReturnType<typeof newMerchant>>;

/** A merchant of its own for each group of tests (the file's groups may run in any order). */
async function freshShop() {
  shop = await newMerchant(db(), 'Boutique Awa');
  session.merchantId = shop.merchant.id;
  session.token = randomBytes(24).toString('base64url');
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

const api = (path: string) => call('GET', path, { key: shop.keys.test }).then((r) => r.body);

async function balancesPage(query: Record<string, string> = {}): Promise<string> {
  return renderToStaticMarkup(createElement('div', null, await BalancesPage({ searchParams: Promise.resolve(query) })));
}

const reportsPage = async () => renderToStaticMarkup(createElement('div', null, await ReportsPage({ searchParams: Promise.resolve({}) })));
const reconsPage = async () => renderToStaticMarkup(createElement('div', null, await ReconciliationsPage({ searchParams: Promise.resolve({}) })));
const reconPage = async (id: string) => renderToStaticMarkup(createElement('div', null, await ReconciliationPage({ params: Promise.resolve({ id }) })));

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
  beforeAll(freshShop);

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
  beforeAll(freshShop);

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

describe('checks against the backends', { shuffle: false }, () => {
  beforeAll(freshShop);

  it('asked from the page, run by the worker: a clean day says all matches', async () => {
    expect(text(await reconsPage())).toContain('Aucune vérification pour l’instant.');
    const day = new Date().toISOString().slice(0, 10);
    expect(await post(createReconciliationAction, { from: day, to: day, railAccountId: '' })).toBe('/dashboard/reconciliations');
    let html = text(await reconsPage());
    expect(html).toContain('Vérification demandée');
    expect(html).toContain('En cours');
    for (let i = 0; i < 5 && (await api('/v1/reconciliations')).data[0]?.status === 'pending'; i++)
      await completePendingReconciliations(db(), now() + i, { merchantId: shop.merchant.id });
    const [run] = (await api('/v1/reconciliations')).data as any[];
    expect(run).toMatchObject({ status: 'succeeded', itemCount: 0 });
    html = text(await reconsPage());
    expect(html).toContain('Tout concorde');
    expect(text(await reconPage(run.id))).toContain('Aucun écart');
    // The balances page names the latest check of the platform's and the simulators' money.
    expect(text(await balancesPage())).toMatch(/Comptes de la plateforme et simulateurs · \d{4}-\d{2}-\d{2} Tout concorde/);
  });

  it('a bad period is refused in French with nothing made; another merchant’s check is a 404', async () => {
    const before = (await api('/v1/reconciliations')).data.length;
    expect(await post(createReconciliationAction, { from: '2026-02-30', to: '2026-03-01' })).toBe('/dashboard/reconciliations');
    expect(text(await reconsPage())).toContain('Cette vérification ne peut pas être faite');
    expect((await api('/v1/reconciliations')).data.length).toBe(before);
    const other = await newMerchant(db(), 'Autre');
    const theirs = await call('POST', '/v1/reconciliations', { key: other.keys.test, body: { from: '2026-01-01', to: '2026-01-01' } });
    expect(theirs.status).toBe(200);
    const err = await reconPage(theirs.body.id).catch((e: { digest?: string }) => e.digest);
    expect(err).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
  });

  it('each difference explained in the merchant’s language, with both sides and its payment', async () => {
    const pi = await paid({ amount: 4000, currency: 'XOF', rail: 'mobile_money_a' });
    const id = `recon_dash${randomBytes(6).toString('hex')}`;
    const t = now();
    await db().query(
      `insert into reconciliations (id, merchant_id, livemode, status, origin, time_zone, from_date, to_date, period_start, period_end, item_count, created_at, completed_at)
       values ($1, $2, false, 'succeeded', 'api', 'Africa/Abidjan', '2026-11-26', '2026-11-26', 0, 86400, 2, $3, $3)`,
      [id, shop.merchant.id, t],
    );
    const item = (n: number, kind: string, reason: string, resolution: string, caisse: unknown, backend: unknown) =>
      db().query(
        `insert into reconciliation_items (id, reconciliation_id, merchant_id, livemode, kind, reason, resolution, rail, backend_ref, payment_intent_id, caisse, backend, explanation, created_at)
         values ($1, $2, $3, false, $4, $5, $6, 'mobile_money_a', $7, $8, $9, $10, 'x', $11)`,
        [
          `recitem_d${n}${randomBytes(4).toString('hex')}`,
          id,
          shop.merchant.id,
          kind,
          reason,
          resolution,
          `REF-${n}`,
          pi.id,
          JSON.stringify(caisse),
          JSON.stringify(backend),
          t,
        ],
      );
    await item(1, 'amount_differs', 'backend_received_less', 'needs_review', { amount: 4000, currency: 'XOF' }, { amount: 3500, currency: 'XOF' });
    await item(2, 'missing_in_caisse', 'refund_outside_caisse', 'outside_caisse', null, { amount: -1500, currency: 'XOF' });
    const html = text(await reconPage(id));
    expect(html).toContain('2 écart(s)');
    expect(html).toContain('Montant différent');
    expect(html).toContain('L’opérateur dit avoir reçu moins que ce que Caisse a enregistré.');
    expect(html).toMatch(/Caisse 4 000 F CFA Opérateur 3 500 F CFA Référence REF-1/);
    expect(html).toContain('un remboursement fait directement chez l’opérateur');
    expect(html).toMatch(/Caisse rien Opérateur -1 500 F CFA/);
    expect(await reconPage(id)).toContain(`href="/dashboard/payments/${pi.id}"`);
    session.locale = 'en';
    try {
      expect(text(await reconPage(id))).toContain('The operator says it received less than Caisse recorded.');
    } finally {
      session.locale = 'fr';
    }
  });
});

describe('the day and its reports', { shuffle: false }, () => {
  beforeAll(freshShop);

  it('the day’s summary on the balances page and as CSV: opening, taken, refunded, closing, to the unit', async () => {
    const a = await paid({ amount: 6000, currency: 'XOF', rail: 'mobile_money_a' });
    const refund = await call('POST', '/v1/refunds', { key: shop.keys.test, body: { paymentIntentId: a.id, amount: 2500 } });
    for (let t = now() + 5; t < now() + 400 && (await api(`/v1/refunds/${refund.body.id}`)).status === 'pending'; t += 5)
      await pollDueRefunds(db(), t, { merchantId: shop.merchant.id });
    const today = new Date().toISOString().slice(0, 10);
    const html = text(await balancesPage({ day: today }));
    expect(html).toContain(`Le ${today}, dans votre fuseau horaire (Africa/Abidjan).`);
    expect(html).toMatch(/Mobile money A · Simulateur \(test\) 0 F CFA 6 000 F CFA 2 500 F CFA 3 500 F CFA 2 3 500 F CFA/);
    // Yesterday: nothing had moved.
    const y = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(text(await balancesPage({ day: y }))).toContain('Aucun mouvement ce jour-là.');
    // A future day or a non-date: said, and today shown instead.
    expect(text(await balancesPage({ day: '2999-01-01' }))).toContain('Le jour doit être une date');
    // The CSV of the day: the daily_summary report's line, the same numbers.
    const r = await dayRoute(new Request(`http://localhost:3000/dashboard/reports/day?day=${today}`));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="summary-test-${today}.csv"`);
    const lines = (await r.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'date,rail,railAccountId,platformAccount,currency,opening,payments,refunds,closing,count,intentCurrency,openingInIntentCurrency,paymentsInIntentCurrency,refundsInIntentCurrency,closingInIntentCurrency',
    );
    expect(lines.slice(1)).toEqual([`${today},mobile_money_a,,false,XOF,0,6000,2500,3500,2,XOF,0,6000,2500,3500`]);
    expect((await dayRoute(new Request('http://localhost:3000/dashboard/reports/day?day=nope'))).status).toBe(400);
  });

  it('a report asked from the page, completed by the worker, downloaded: the same bytes as the API’s file', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(text(await reportsPage())).toContain('Aucun rapport pour l’instant.');
    expect(await post(createReportAction, { type: 'balance_transactions', from: today, to: today })).toBe('/dashboard/reports');
    let html = text(await reportsPage());
    expect(html).toContain('Rapport demandé');
    expect(html).toContain('En préparation');
    await completeDueReportRuns(db(), now() + 1, { merchantId: shop.merchant.id });
    const [run] = (await api('/v1/report_runs')).data as any[];
    expect(run).toMatchObject({ status: 'succeeded', type: 'balance_transactions', rowCount: 2 });
    html = await reportsPage();
    expect(html).toContain(`href="/dashboard/reports/${run.id}/file"`);
    expect(text(html)).toContain('Prêt');
    const mine = await reportFileRoute(new Request(`http://localhost:3000/dashboard/reports/${run.id}/file`), { params: Promise.resolve({ id: run.id }) });
    expect(mine.status).toBe(200);
    const viaApi = await download(shop.keys.test, run.id);
    expect(await mine.text()).toBe(viaApi.text);
    // A bad range is refused in French, nothing made; another merchant's run is a 404.
    expect(await post(createReportAction, { type: 'daily_summary', from: today, to: '2001-01-01' })).toBe('/dashboard/reports');
    expect(text(await reportsPage())).toContain('Ce rapport ne peut pas être préparé');
    expect((await api('/v1/report_runs')).data).toHaveLength(1);
    const other = await newMerchant(db(), 'Autre');
    const theirs = await call('POST', '/v1/report_runs', { key: other.keys.test, body: { type: 'daily_summary', from: today, to: today } });
    const refused = await reportFileRoute(new Request('http://x/'), { params: Promise.resolve({ id: theirs.body.id }) });
    expect(refused.status).toBe(404);
  });
});
