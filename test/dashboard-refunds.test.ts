// The dashboard's refunds (issue 27): the payment page's "Refund" form and its refunds' actions
// called as a form post would call them, and the pages rendered on the server after each, with a
// signed-in merchant in test mode (French unless said). A test-mode payment refunded in part then
// in full (mobile money); a Lightning refund's claim link, QR code and WhatsApp link, then
// canceled; a manual refund marked as done; a converted payment at both rates; bad amounts
// refused in French with nothing created; another merchant's payment or refund is a 404; the
// refunds list's filters and its CSV (formula-escaped).
import { randomBytes } from 'node:crypto';
import jsQR from 'jsqr';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pollDueAttempts } from '@/lib/payments/poll';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

/** The signed-in session the mocked context gives every page and action. */
const session = { merchantId: '', livemode: false, locale: 'fr' as 'en' | 'fr', token: '', timeZone: 'Africa/Abidjan', role: 'owner' as 'owner' | 'support' };

vi.mock('@/lib/dashboard/context', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/dashboard/context')>();
  const ctx = async () => ({
    db: db(),
    user: { id: 'user_test', email: 'awa@boutique.example', merchantId: session.merchantId, role: session.role, disabled: false, createdAt: 0 },
    merchantId: session.merchantId,
    livemode: session.livemode,
    scope: { merchantId: session.merchantId, livemode: session.livemode },
    token: session.token,
    locale: session.locale,
    timeZone: session.timeZone,
  });
  return { ...real, dashboardContext: ctx, dashboardAction: ctx, currentContext: ctx, routeContext: ctx, dashboardLocale: async () => session.locale };
});

const { createRefundAction, cancelRefundAction, markRefundSucceededAction } = await import('@/app/dashboard/payments/[id]/refund-actions');
const { default: PaymentPage } = await import('@/app/dashboard/payments/[id]/page');
const { default: RefundsPage } = await import('@/app/dashboard/refunds/page');
const { GET: exportRefunds } = await import('@/app/dashboard/refunds/export/route');
const { parseRefundAmount, parseRefundFilters, majorOf } = await import('@/lib/dashboard/refunds');

type Keys = Awaited<ReturnType<typeof newMerchant>>;
let shop: Keys;
let other: Keys;

beforeAll(async () => {
  shop = await newMerchant(db(), 'Boutique Awa');
  other = await newMerchant(db(), 'Autre boutique');
  session.merchantId = shop.merchant.id;
  session.token = randomBytes(24).toString('base64url');
});

const formOf = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** Run a server action; it must end in a redirect (where to) or a 404 ('404'). */
async function post(action: (f: FormData) => Promise<void>, fields: Record<string, string>): Promise<string> {
  const err = await action(formOf(fields)).then(
    () => null,
    (e: unknown) => e,
  );
  const digest = (err as { digest?: string } | null)?.digest ?? '';
  if (digest === 'NEXT_HTTP_ERROR_FALLBACK;404') return '404';
  if (!digest.startsWith('NEXT_REDIRECT;')) throw err ?? new Error('the action did not redirect');
  return digest.split(';')[2]!;
}

/** The payment's page as the server renders it (and takes its one-time flash). */
async function paymentPage(id: string): Promise<string> {
  return renderToStaticMarkup(createElement('div', null, await PaymentPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve({}) })));
}

async function refundsPage(query: Record<string, string> = {}): Promise<string> {
  return renderToStaticMarkup(createElement('div', null, await RefundsPage({ searchParams: Promise.resolve(query) })));
}

/** The page's words, spaces (no-break, narrow no-break) as plain spaces. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

/** The value of the input named `name` (first of them), or null when the page has none. */
function inputValue(html: string, name: string): string | null {
  const m = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html);
  if (!m) return null;
  return /value="([^"]*)"/.exec(m[0])?.[1] ?? '';
}

const api = (path: string, key = shop.keys.test) => call('GET', path, { key }).then((r) => r.body);

async function paidIntent(body: Record<string, unknown>, key = shop.keys.test, merchantId = shop.merchant.id) {
  const pi = await newIntent(key, body);
  const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key, body: {} });
  if (r.status !== 200) throw new Error(`pay: ${JSON.stringify(r.body)}`);
  for (let t = now(); t < now() + 600 && (await api(`/v1/payment_intents/${pi.id}`, key)).amountReceived === 0; t += 30)
    await pollDueAttempts(db(), t, { merchantId });
  const paid = await api(`/v1/payment_intents/${pi.id}`, key);
  expect(paid.amountReceived).toBeGreaterThan(0);
  return paid as { id: string; amount: number; amountReceived: number; [k: string]: any };
}

const refundsOf = async (intentId: string, key = shop.keys.test) => (await api(`/v1/refunds?paymentIntentId=${intentId}&limit=100`, key)).data as any[];

/** Worker passes until the refund leaves `pending` (the simulators answer ~3 s after a send). */
async function settle(id: string) {
  const t0 = now() + 5;
  for (let t = t0; t < t0 + 400; t += 5) {
    await pollDueRefunds(db(), t, { merchantId: shop.merchant.id });
    const r = await api(`/v1/refunds/${id}`);
    if (r.status !== 'pending') return r;
  }
  return api(`/v1/refunds/${id}`);
}

/** Decode a QR code drawn as an SVG path of module rectangles (lib/dashboard/refunds.ts qrPath): rasterized, read by jsQR. */
function decodeQrPath(size: number, d: string): string | null {
  const scale = 4;
  const w = size * scale;
  const px = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, len] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let yy = y * scale; yy < (y + 1) * scale; yy++)
      for (let xx = x * scale; xx < (x + len) * scale; xx++) px.fill(0, (yy * w + xx) * 4, (yy * w + xx) * 4 + 3);
  }
  return jsQR(px, w, w)?.data ?? null;
}

describe('the amount typed, read exactly', () => {
  it('major units to minor units, groups and either separator; refused rather than guessed', () => {
    expect(parseRefundAmount('2 500', 'XOF', 5000)).toEqual({ ok: true, minor: 2500 });
    expect(parseRefundAmount('2\u202f500,00', 'XOF', 5000)).toEqual({ ok: true, minor: 2500 });
    expect(parseRefundAmount('0.0002', 'BTC', 50_000)).toEqual({ ok: true, minor: 20_000 });
    expect(parseRefundAmount('0,00000001', 'BTC', 50_000)).toEqual({ ok: true, minor: 1 });
    expect(parseRefundAmount('12,5', 'USDT', 20_000_000)).toEqual({ ok: true, minor: 12_500_000 });
    // 0.1 + 0.2 in floating point is 0.30000000000000004: here it is exact.
    expect(parseRefundAmount('0.3', 'USDT', 1_000_000)).toEqual({ ok: true, minor: 300_000 });
    for (const bad of ['abc', '', '-5', '1e3', '1.000,5', '1,2,3', '+100', '0x10', '١٠٠'])
      expect(parseRefundAmount(bad, 'XOF', 5000), bad).toEqual({ ok: false, reason: 'format' });
    expect(parseRefundAmount('10,5', 'XOF', 5000)).toEqual({ ok: false, reason: 'precision', places: 0 });
    expect(parseRefundAmount('0.000000001', 'BTC', 5000)).toEqual({ ok: false, reason: 'precision', places: 8 });
    expect(parseRefundAmount('0', 'XOF', 5000)).toEqual({ ok: false, reason: 'zero' });
    expect(parseRefundAmount('5001', 'XOF', 5000)).toEqual({ ok: false, reason: 'over', max: 5000 });
    expect(parseRefundAmount('999999999999999', 'BTC', 5000)).toEqual({ ok: false, reason: 'over', max: 5000 });
    expect(majorOf(20_000, 'BTC')).toBe('0.0002');
    expect(majorOf(12_500_000, 'USDT')).toBe('12.5');
    expect(majorOf(2500, 'XOF')).toBe('2500');
  });
});

// The tests below are the steps of one story (refunds made, then listed and exported): they run in
// their order, whatever the suite's shuffle.
describe('refunds from the dashboard, in order', { shuffle: false }, () => {
  describe('a payment’s page: refund, then see and act on its refunds', () => {
    it('mobile money: part, then all that is left (the default); nothing left, no form', async () => {
      const pi = await paidIntent({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'cmd-42' });
      let html = await paymentPage(pi.id);
      expect(text(html)).toContain('Vous pouvez encore rembourser 5 000 F CFA.');
      expect(inputValue(html, 'amount')).toBe('5000');
      expect(html).toContain('<option value="requested_by_customer" selected="">Demandé par le client</option>');
      expect(html).not.toContain('name="rate"');

      expect(await post(createRefundAction, { intent: pi.id, amount: '2 000', reason: 'duplicate' })).toBe(`/dashboard/payments/${pi.id}`);
      const [first] = await refundsOf(pi.id);
      expect(first).toMatchObject({ amount: 2000, currency: 'XOF', reason: 'duplicate', status: 'pending', settlementAmount: 2000 });
      html = await paymentPage(pi.id);
      expect(text(html)).toContain('Remboursement de 2 000 F CFA créé : En cours.');
      expect(text(html)).toContain('Vous pouvez encore rembourser 3 000 F CFA.');
      expect(inputValue(html, 'amount')).toBe('3000');
      expect(html).toContain(`id="refund-${first.id}"`);
      expect(text(html)).toContain('Paiement en double');
      // Sent: it can still be offered for cancel, and the engine's 409 comes back as the message.
      expect(await post(cancelRefundAction, { refund: first.id })).toBe(`/dashboard/payments/${pi.id}`);
      expect(text(await paymentPage(pi.id))).toContain('Ce remboursement ne peut pas être annulé : This refund was already sent to the operator');

      expect((await settle(first.id)).status).toBe('succeeded');
      html = await paymentPage(pi.id);
      expect(text(html)).toMatch(/Remboursement de 2 000 F CFA Remboursé/);
      expect(text(html)).toMatch(/Remboursé 2 000 F CFA/);
      // The refund's events are in the payment's timeline.
      expect(html).toContain(`<a href="#refund-${first.id}">refund.created</a>`);
      expect(html).toContain(`<a href="#refund-${first.id}">refund.succeeded</a>`);

      // The rest: the form's default, as posted without a change.
      await post(createRefundAction, { intent: pi.id, amount: inputValue(html, 'amount')!, reason: 'requested_by_customer' });
      const rest = (await refundsOf(pi.id)).find((r) => r.id !== first.id);
      expect(rest).toMatchObject({ amount: 3000, reason: 'requested_by_customer' });
      expect((await settle(rest.id)).status).toBe('succeeded');
      html = await paymentPage(pi.id);
      expect(text(html)).toContain('Tout l’argent reçu est remboursé ou en cours de remboursement.');
      expect(inputValue(html, 'amount')).toBeNull();
      expect(await api(`/v1/payment_intents/${pi.id}`)).toMatchObject({ amountReceived: 5000, amountRefunded: 5000 });
      await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 5000, noRepoll: true });
    });

    it('a bad amount: the French message, what was typed kept, nothing created', async () => {
      const pi = await paidIntent({ amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
      const cases = [
        ['abc', 'Montant non valide : écrivez un nombre en XOF, par exemple 2 500.'],
        ['10,5', 'Trop de décimales : les montants en XOF n’en ont pas.'],
        ['1 001', 'Le montant dépasse ce qui est remboursable : au plus 1 000 F CFA.'],
        ['0', 'Le montant doit être supérieur à zéro.'],
      ] as const;
      for (const [amount, message] of cases) {
        expect(await post(createRefundAction, { intent: pi.id, amount, reason: 'other' })).toBe(`/dashboard/payments/${pi.id}`);
        const html = await paymentPage(pi.id);
        expect(html).toContain('role="alert"');
        expect(text(html), amount).toContain(message);
        expect(inputValue(html, 'amount')).toBe(amount);
        expect(html).toContain('<option value="other" selected="">Autre</option>');
      }
      await post(createRefundAction, { intent: pi.id, amount: '500', reason: 'because' });
      expect(text(await paymentPage(pi.id))).toContain('Choisissez un motif dans la liste.');
      expect(await refundsOf(pi.id)).toEqual([]);
      // In English, the English words.
      session.locale = 'en';
      try {
        await post(createRefundAction, { intent: pi.id, amount: 'abc', reason: 'other' });
        expect(text(await paymentPage(pi.id))).toContain('Invalid amount: write a number in XOF, for example 2 500.');
      } finally {
        session.locale = 'fr';
      }
      // A BTC payment: more than 8 decimals.
      const btc = await paidIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_lightning' });
      await post(createRefundAction, { intent: btc.id, amount: '0,000000001', reason: 'other' });
      expect(text(await paymentPage(btc.id))).toContain('Trop de décimales : un montant en BTC en a au plus 8.');
      expect(await refundsOf(btc.id)).toEqual([]);
    });

    it('another merchant’s payment or refund: 404, nothing created or changed', async () => {
      const theirs = await paidIntent({ amount: 2000, currency: 'XOF', rail: 'mobile_money_a' }, other.keys.test, other.merchant.id);
      expect(await post(createRefundAction, { intent: theirs.id, amount: '1000', reason: 'other' })).toBe('404');
      expect(await refundsOf(theirs.id, other.keys.test)).toEqual([]);
      const made = await call('POST', '/v1/refunds', { key: other.keys.test, body: { paymentIntentId: theirs.id, amount: 1017 } });
      expect(made.body.status).toBe('requires_action');
      expect(await post(cancelRefundAction, { refund: made.body.id })).toBe('404');
      expect(await post(markRefundSucceededAction, { refund: made.body.id, operatorReference: 'X1' })).toBe('404');
      expect((await api(`/v1/refunds/${made.body.id}`, other.keys.test)).status).toBe('requires_action');
      await expect(paymentPage(theirs.id)).rejects.toMatchObject({ digest: 'NEXT_HTTP_ERROR_FALLBACK;404' });
      // The same merchant's payment seen in live mode: not there either.
      session.livemode = true;
      try {
        const mine = await paidIntent({ amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
        expect(await post(createRefundAction, { intent: mine.id, amount: '1000', reason: 'other' })).toBe('404');
        expect(await refundsOf(mine.id)).toEqual([]);
      } finally {
        session.livemode = false;
      }
      // Ids that are not ids: 404 before any read.
      expect(await post(createRefundAction, { intent: 'pi_x; drop', amount: '1' })).toBe('404');
      expect(await post(cancelRefundAction, { refund: '../re_1' })).toBe('404');
    });

    it('Lightning: the claim link with copy, QR code and WhatsApp; then canceled', async () => {
      const pi = await paidIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_lightning' });
      let html = await paymentPage(pi.id);
      expect(inputValue(html, 'amount')).toBe('0.0005');
      await post(createRefundAction, { intent: pi.id, amount: '0,0002', reason: 'requested_by_customer' });
      const [r] = await refundsOf(pi.id);
      expect(r).toMatchObject({ amount: 20_000, settlementAmount: 20_000, status: 'requires_action' });
      const url: string = r.nextAction.claimUrl;
      expect(url).toMatch(/\/checkout\/refund\/[A-Za-z0-9_-]{32}$/);
      html = await paymentPage(pi.id);
      expect(text(html)).toContain('envoyez au client le lien ci-dessous');
      expect(text(html)).toContain('Lien à envoyer au client');
      expect(html).toMatch(new RegExp(`<input id="claim-${r.id}"[^>]*value="${url}"`));
      expect(html).toContain(`value="${url}"`);
      // The QR code, drawn on the server, named by its link.
      const qr = new RegExp(
        `<svg class="rf-qr" role="img" aria-label="QR code du lien de remboursement : ${url}" viewBox="0 0 (\\d+) \\d+"[^>]*>.*?<path d="([^"]+)"`,
      ).exec(html);
      expect(decodeQrPath(Number(qr![1]), qr![2]!)).toBe(url);
      // Whoever holds the link chooses where the money goes: a support user (whose refunds need
      // approval) never sees it, only that owners and admins send it.
      session.role = 'support';
      try {
        const theirs = await paymentPage(pi.id);
        expect(theirs).not.toContain(url);
        expect(theirs).not.toContain(url.split('/').pop()!);
        expect(text(theirs)).toContain('seuls les propriétaires et administrateurs le voient');
      } finally {
        session.role = 'owner';
      }
      const wa = /href="(https:\/\/wa\.me\/\?text=[^"]+)"/.exec(html)?.[1];
      expect(decodeURIComponent(wa!.replace(/&amp;/g, '&').split('text=')[1]!)).toBe(
        `Bonjour, voici votre remboursement de 0,0002\u00a0BTC : ouvrez ce lien pour indiquer où le recevoir. ${url}`,
      );
      expect(text(html)).toContain('Annuler');
      await post(cancelRefundAction, { refund: r.id });
      html = await paymentPage(pi.id);
      expect(text(html)).toContain('Remboursement annulé.');
      expect(text(html)).toContain('Vous pouvez encore rembourser 0,0005 BTC');
      expect((await api(`/v1/refunds/${r.id}`)).status).toBe('canceled');
      expect(html).not.toContain(url);
    });

    it('a manual refund (test amount ending in 17): the steps, then "Mark as refunded" with the operator’s id', async () => {
      const pi = await paidIntent({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
      await post(createRefundAction, { intent: pi.id, amount: '1017', reason: 'other' });
      const [r] = await refundsOf(pi.id);
      expect(r.nextAction.type).toBe('manual_refund');
      let html = await paymentPage(pi.id);
      expect(text(html)).toContain('faites-le dans le portail de l’opérateur');
      expect(text(html)).toContain(r.nextAction.instructions);
      expect(text(html)).toContain('Identifiant de la transaction chez l’opérateur');
      await post(markRefundSucceededAction, { refund: r.id, operatorReference: '  ' });
      expect(text(await paymentPage(pi.id))).toContain('Indiquez l’identifiant de la transaction.');
      await post(markRefundSucceededAction, { refund: r.id, operatorReference: '=HYPERLINK("http://x.test","MP24")' });
      html = await paymentPage(pi.id);
      expect(text(html)).toContain('Remboursement enregistré comme effectué.');
      expect(text(html)).toContain('Référence de l’opérateur =HYPERLINK("http://x.test","MP24")');
      expect((await api(`/v1/refunds/${r.id}`)).status).toBe('succeeded');
      // Marked twice: the engine's 409, as a message.
      await post(markRefundSucceededAction, { refund: r.id, operatorReference: 'again' });
      expect(text(await paymentPage(pi.id))).toContain('Non enregistré : ');
    });

    it('on-chain, the account cannot pay the claim (test amount ending in 17): the wallet payment to send, then its txid', async () => {
      const pi = await paidIntent({ amount: 50_017, currency: 'BTC', rail: 'btc_onchain' });
      await post(createRefundAction, { intent: pi.id, amount: '0.00050017', reason: 'requested_by_customer' });
      const [r] = await refundsOf(pi.id);
      const claimed = await call('POST', `/v1/test_helpers/refunds/${r.id}/claim`, { key: shop.keys.test, body: {} });
      expect(claimed.body.nextAction).toMatchObject({ type: 'send_payment', amount: 50_017, currency: 'BTC' });
      const { destination, uri } = claimed.body.nextAction;
      const html = await paymentPage(pi.id);
      const words = text(html);
      expect(words).toContain('À envoyer depuis votre portefeuille');
      expect(words).toContain('envoyez exactement 0,00050017 BTC (50 017 sats) à cette destination');
      expect(words).toContain(`Destination ${destination}`);
      expect(html).toContain(`href="${uri}"`);
      const qr = new RegExp(
        `<svg class="rf-qr" role="img" aria-label="QR code du paiement à envoyer : ${uri.replace(/[.?]/g, '\\$&')}" viewBox="0 0 (\\d+) \\d+"[^>]*>.*?<path d="([^"]+)"`,
      ).exec(html);
      expect(decodeQrPath(Number(qr![1]), qr![2]!)).toBe(uri);
      expect(words).toContain('Identifiant de la transaction (txid) ou preimage Lightning');
      const txid = randomBytes(32).toString('hex'); // one transfer proves one refund, across the suite's merchants
      await post(markRefundSucceededAction, { refund: r.id, operatorReference: txid });
      expect(text(await paymentPage(pi.id))).toContain('Remboursement enregistré comme effectué.');
      expect(await api(`/v1/refunds/${r.id}`)).toMatchObject({ status: 'succeeded', operatorReference: txid });
    });

    it('a converted payment (francs paid in BTC): the rate choice and what leaves on the rail, at both rates', async () => {
      const pi = await paidIntent({ amount: 5000, currency: 'XOF', rail: 'btc_lightning' });
      let html = await paymentPage(pi.id);
      const words = text(html);
      expect(words).toContain('Paiement converti : XOF payés en BTC.');
      expect(words).toContain('Au taux du paiement');
      // 5,000 XOF were quoted 8,334 sats (1 BTC = 60,000,000 XOF, rounded up): all of it goes back.
      expect(words).toContain('Pour 5 000 F CFA, le client reçoit 0,00008334 BTC (8 334 sats) : ce qu’il a envoyé pour cette part (1 BTC = 60 000 000 F CFA).');
      expect(words).toContain('Au taux du jour');
      expect(words).toContain('Le montant en BTC est calculé au moment du remboursement');
      expect(html).toMatch(/<input type="radio"[^>]* name="rate" checked="" value="quote"\/>/);

      await post(createRefundAction, { intent: pi.id, amount: '2 500', reason: 'other', rate: 'quote' });
      await post(createRefundAction, { intent: pi.id, amount: '2 500', reason: 'other', rate: 'current' });
      const list = await refundsOf(pi.id);
      const atQuote = list.find((r) => r.rateSource === 'quote');
      const atToday = list.find((r) => r.rateSource === 'current');
      expect(atQuote).toMatchObject({ amount: 2500, currency: 'XOF', settlementAmount: 4167, settlementCurrency: 'BTC', rate: '60000000' });
      expect(atToday).toMatchObject({ amount: 2500, settlementCurrency: 'BTC', rateSource: 'current' });
      html = await paymentPage(pi.id);
      expect(text(html)).toContain('2 500 F CFA (0,00004167 BTC) · au taux du paiement, 1 BTC = 60 000 000 F CFA');
      expect(text(html)).toContain('au taux du jour');
      expect(text(html)).toContain('Tout l’argent reçu est remboursé ou en cours de remboursement.');
    });
  });

  describe('the refunds list and its CSV', () => {
    it('filters by status and day, each row links to its payment; bad filters are said', async () => {
      const html = await refundsPage({ status: 'succeeded' });
      const mine = (await api('/v1/refunds?status=succeeded&limit=100')).data as any[];
      expect(mine.length).toBeGreaterThanOrEqual(3);
      for (const r of mine) expect(html).toContain(`href="/dashboard/payments/${r.paymentIntentId}#refund-${r.id}"`);
      // The reference is the link's text when the payment has one.
      expect(text(html)).toContain('cmd-42');
      const canceled = (await api('/v1/refunds?status=canceled&limit=100')).data as any[];
      expect(canceled.length).toBeGreaterThan(0);
      for (const r of canceled) expect(html).not.toContain(r.id);
      expect(text(html)).toContain('Remboursé');
      expect(html).toContain('<option value="succeeded" selected="">Remboursé</option>');
      // Another merchant's refunds are not listed.
      const theirs = (await api('/v1/refunds?limit=100', other.keys.test)).data as any[];
      expect(theirs.length).toBeGreaterThan(0);
      const all = await refundsPage();
      for (const r of theirs) expect(all).not.toContain(r.id);
      // Days: today has them, a past day none.
      const today = new Date().toISOString().slice(0, 10);
      expect(text(await refundsPage({ from: today, to: today }))).not.toContain('Aucun remboursement ne correspond.');
      expect(text(await refundsPage({ from: '2020-01-01', to: '2020-01-02' }))).toContain('Aucun remboursement ne correspond.');
      expect(text(await refundsPage({ status: 'nope' }))).toContain('Filtres non valides');
      expect(text(await refundsPage({ from: '01/02/2024' }))).toContain('Filtres non valides : from: YYYY-MM-DD');
      expect(parseRefundFilters({ status: 'failed', from: '2024-03-01', to: '2024-03-01' }, 'Africa/Abidjan')).toMatchObject({
        ok: true,
        query: { status: 'failed', 'createdAt[gte]': 1709251200, 'createdAt[lt]': 1709337600, limit: 25 },
      });
      expect(parseRefundFilters({ after: 're_\u0000' }, 'Africa/Abidjan').ok).toBe(false);
    });

    it('the CSV of the filtered list: every refund once, formulas escaped, this merchant only', async () => {
      const r = await exportRefunds(new Request('http://localhost:3000/dashboard/refunds/export?status=succeeded'));
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="refunds-test-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = (await r.text()).split('\r\n').filter(Boolean);
      expect(lines[0]).toBe(
        'id,createdAt,status,amount,currency,settlementAmount,settlementCurrency,rate,rateSource,reason,paymentIntentId,rail,operatorReference,failureReason,failureMessage',
      );
      const succeeded = (await api('/v1/refunds?status=succeeded&limit=100')).data as any[];
      expect(lines.length - 1).toBe(succeeded.length);
      expect(new Set(lines.slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(succeeded.map((x) => x.id)));
      for (const l of lines.slice(1)) expect(l.split(',')[2]).toBe('succeeded');
      // The operator reference a merchant typed, opened in a spreadsheet, is text, not a formula.
      expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://x.test"",""MP24"")"`))).toBe(true);
      expect(lines.some((l) => l.includes(',=HYPERLINK'))).toBe(false);
      const theirs = (await api('/v1/refunds?limit=100', other.keys.test)).data as any[];
      const every = await (await exportRefunds(new Request('http://localhost:3000/dashboard/refunds/export'))).text();
      for (const x of theirs) expect(every).not.toContain(x.id);
      const bad = await exportRefunds(new Request('http://localhost:3000/dashboard/refunds/export?from=%00'));
      expect(bad.status).toBe(400);
    });

    it('dates in the merchant’s time zone: the list, the CSV and the days of the filter (Africa/Douala)', async () => {
      const one = ((await api('/v1/refunds?status=succeeded&limit=1')).data as any[])[0];
      session.timeZone = 'Africa/Douala';
      try {
        const local = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Douala' }).format(one.createdAt * 1000);
        expect(text(await refundsPage())).toContain(`${local} UTC+1`);
        const csv = await (await exportRefunds(new Request('http://localhost:3000/dashboard/refunds/export?status=succeeded'))).text();
        const line = csv.split('\r\n').find((l) => l.startsWith(one.id));
        expect(line?.split(',')[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
        expect(Date.parse(line!.split(',')[1]!)).toBe(one.createdAt * 1000);
        expect(parseRefundFilters({ from: '2024-03-01', to: '2024-03-01' }, session.timeZone)).toMatchObject({
          ok: true,
          query: { 'createdAt[gte]': 1709251200 - 3600, 'createdAt[lt]': 1709337600 - 3600 },
        });
      } finally {
        session.timeZone = 'Africa/Abidjan';
      }
    });
  });
});
