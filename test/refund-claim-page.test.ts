// The payer's refund claim page (app/checkout/refund/[token]) and its server action
// (lib/checkout/refund-actions.ts), without a browser: the action called as a form post calls it,
// the page rendered on the server after each redirect, against refunds of test-mode payments on
// the three claim rails (Lightning, on-chain, USDT). A good destination claims the refund (the
// simulated account pays it, the worker confirms it: claimed, then paid); a bad one is refused in
// French next to the field with what was pasted kept, and changes nothing; an unknown link is the
// 404; the submissions are counted against the page's action limits.
import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIONS_PER_SESSION_PER_MINUTE } from '@/lib/domain/action-limits';
import { pollDueAttempts } from '@/lib/payments/poll';
import { encodeInvoice } from '@/lib/rails/lightning/bolt11';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { testDestination } from '@/lib/refunds/test-helpers';
import { call, newMerchant, useDatabase } from './api';
import { newIntent, now } from './lifecycle-helpers';

/** The request the mocked next/headers gives the page and the actions. */
const request = { acceptLanguage: 'fr-CI,fr;q=0.9', client: '203.0.113.7', cookie: undefined as string | undefined, set: [] as unknown[] };

vi.mock('next/headers', () => ({
  headers: async () => new Headers({ 'accept-language': request.acceptLanguage, 'x-forwarded-for': request.client }),
  cookies: async () => ({
    get: (name: string) => (name === 'caisse_locale' && request.cookie ? { name, value: request.cookie } : undefined),
    set: (...args: unknown[]) => request.set.push(args),
  }),
}));

const { submitRefundClaim, setClaimLocale } = await import('@/lib/checkout/refund-actions');
const { default: RefundClaimPage } = await import('@/app/checkout/refund/[token]/page');
const { default: RefundClaimNotFound } = await import('@/app/checkout/refund/[token]/not-found');

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  m = await newMerchant(db(), 'Boutique Awa');
});
// Each test its own client address: the per-client limit (60 a minute) spans the file.
beforeEach(() => {
  request.acceptLanguage = 'fr-CI,fr;q=0.9';
  request.client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  request.cookie = undefined;
  request.set = [];
});

const post = (path: string, body: object = {}) => call('POST', path, { key: m.keys.test, body });
const get = (path: string) => call('GET', path, { key: m.keys.test });

async function paidIntent(body: Record<string, unknown>) {
  const pi = await newIntent(m.keys.test, body);
  const r = await post(`/v1/test_helpers/payment_intents/${pi.id}/pay`);
  if (r.status !== 200) throw new Error(`pay: ${JSON.stringify(r.body)}`);
  // Address rails count money once confirmed: the simulated chain's blocks come with time.
  for (let t = now(); t < now() + 600 && (await get(`/v1/payment_intents/${pi.id}`)).body.amountReceived === 0; t += 30)
    await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
  return (await get(`/v1/payment_intents/${pi.id}`)).body as { id: string; amountReceived: number };
}

/** A claim refund of a paid test-mode intent: its id and its link's token. */
async function claimRefund(body: Record<string, unknown>, amount?: number) {
  const pi = await paidIntent(body);
  const r = await post('/v1/refunds', { paymentIntentId: pi.id, ...(amount ? { amount } : {}) });
  expect(r.body.nextAction?.type).toBe('refund_claim');
  const token = (r.body.nextAction.claimUrl as string).split('/refund/')[1]!;
  return { id: r.body.id as string, token, settlementAmount: r.body.settlementAmount as number };
}

const formOf = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** Run a server action; it must end in a redirect: where to. */
async function action(fn: (f: FormData) => Promise<void>, arg: unknown): Promise<string> {
  const err = await (fn as (x: unknown) => Promise<void>)(arg).then(
    () => null,
    (e: unknown) => e,
  );
  const digest = (err as { digest?: string } | null)?.digest ?? '';
  if (!digest.startsWith('NEXT_REDIRECT;')) throw err ?? new Error('the action did not redirect');
  return digest.split(';')[2]!;
}

const claim = (token: string, destination: string) => action(submitRefundClaim, formOf({ token, destination }));

/** The page as the server renders it at `url` (a path with its query, as the redirect gave it). */
async function render(url: string): Promise<string> {
  const u = new URL(url, 'http://localhost');
  const token = u.pathname.split('/').pop()!;
  const el = await RefundClaimPage({ params: Promise.resolve({ token }), searchParams: Promise.resolve(Object.fromEntries(u.searchParams)) });
  return renderToStaticMarkup(createElement('div', null, el));
}

/** The text a payer reads (tags dropped, entities and spaces made plain). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

const refund = async (id: string) => (await get(`/v1/refunds/${id}`)).body;

/** Worker passes until the refund leaves `pending` (the simulators answer ~3 s after paying). */
async function settle(id: string) {
  for (let t = now() + 5; t < now() + 400; t += 5) {
    await pollDueRefunds(db(), t, { merchantId: m.merchant.id });
    if ((await refund(id)).status !== 'pending') break;
  }
  return refund(id);
}

/** A signed invoice on `network` for `sats`, valid a day. */
const invoice = (network: 'bc' | 'tb', sats: number) =>
  encodeInvoice(
    {
      network,
      amountSats: sats,
      timestamp: now(),
      paymentHash: sha256(randomBytes(32)),
      paymentSecret: randomBytes(32),
      description: 'refund',
      expiry: 24 * 3600,
    },
    secp256k1.utils.randomSecretKey(),
  );

describe('Lightning: the payer pastes an invoice for exactly the amount', () => {
  it('open: the amount in sats and BTC, the form, the deadline, the TEST banner, in French', async () => {
    const r = await claimRefund({ amount: 20_000, currency: 'BTC', rail: 'btc_lightning' });
    const html = await render(`/checkout/refund/${r.token}`);
    const t = text(html);
    expect(t).toContain('Remboursement de Boutique Awa');
    expect(t).toContain('0,0002 BTC (20 000 sats)');
    expect(t).toContain('en Bitcoin Lightning');
    expect(t).toContain('TEST · Ce remboursement est un test');
    expect(t).toContain('Facture Lightning de 20 000 sats exactement');
    expect(t).toMatch(/Elle commence par lntb/);
    expect(t).toMatch(/À réclamer avant le \d{1,2} \S+ \d{4} à \d\d:\d\d UTC\./);
    expect(html).toMatch(/<label for="destination">/);
    expect(html).toMatch(/<textarea[^>]*id="destination"[^>]*aria-describedby="destination-hint"/);
    expect(html).not.toContain('aria-invalid');
  });

  it('a franc price paid in BTC: the refund in francs, and the sats the invoice must be for', async () => {
    // Test mode's fixed rate: 1 BTC = 60 000 000 F CFA, so 6 000 F CFA = 10 000 sats.
    const r = await claimRefund({ amount: 6000, currency: 'XOF', rail: 'btc_lightning' });
    expect(r.settlementAmount).toBe(10_000);
    const t = text(await render(`/checkout/refund/${r.token}`));
    expect(t).toContain('Montant remboursé 6 000 F CFA Vous recevez 0,0001 BTC (10 000 sats) en Bitcoin Lightning');
    expect(t).toContain('Facture Lightning de 10 000 sats exactement');
    expect(t).toMatch(/À réclamer avant le .* à \d\d:\d\d UTC\./);
    const wrong = await claim(r.token, invoice('tb', 6000));
    expect(text(await render(wrong))).toContain('Cette facture n’est pas de 10 000 sats exactement.');
    expect(await claim(r.token, invoice('tb', 10_000))).toBe(`/checkout/refund/${r.token}`);
  });

  it('a wrong amount, then another network: refused in French beside the field, the invoice kept, nothing changes', async () => {
    const r = await claimRefund({ amount: 21_000, currency: 'BTC', rail: 'btc_lightning' });
    const wrongAmount = invoice('tb', 20_000);
    const to = await claim(r.token, wrongAmount);
    expect(to).toMatch(new RegExp(`^/checkout/refund/${r.token}\\?error=amount_mismatch&destination=lntb[^&#]+#destination$`));
    const html = await render(to);
    expect(text(html)).toContain('Cette facture n’est pas de 21 000 sats exactement. Créez une nouvelle facture de 21 000 sats exactement.');
    expect(html).toMatch(/<textarea[^>]*aria-describedby="destination-error destination-hint"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/<p id="destination-error" class="co-alert" role="alert">/);
    expect(html).toContain(`>${wrongAmount}</textarea>`);
    expect((await refund(r.id)).nextAction.type).toBe('refund_claim');

    const mainnet = await claim(r.token, invoice('bc', 21_000));
    expect(text(await render(mainnet))).toContain('Cette facture est pour un autre réseau : il faut une facture qui commence par lntb.');
    const garbage = await claim(r.token, 'lntb1notaninvoice');
    expect(text(await render(garbage))).toContain('Ce n’est pas une facture Lightning valide.');
    expect(await refund(r.id)).toMatchObject({ status: 'requires_action', nextAction: { type: 'refund_claim' } });
  });

  it('a good invoice: claimed (the merchant sends it), then paid once the worker confirms it', async () => {
    const r = await claimRefund({ amount: 22_000, currency: 'BTC', rail: 'btc_lightning' });
    const good = testDestination('btc_lightning', r.settlementAmount, now());
    const to = await claim(r.token, good);
    expect(to).toBe(`/checkout/refund/${r.token}`);
    expect((await refund(r.id)).status).toBe('pending');
    const claimed = await render(to);
    expect(text(claimed)).toContain('Bien reçu : Boutique Awa vous l’envoie');
    expect(text(claimed)).toContain('Le montant apparaîtra dans votre portefeuille');
    // Shortened to read, in full one tap away (selectable, without JavaScript).
    expect(claimed).toContain(`>${good.slice(0, 12)}…${good.slice(-8)}</p>`);
    expect(claimed).toContain(`>${good}</textarea>`);
    expect(claimed).toContain('<details><summary>Afficher en entier</summary>');
    expect(claimed).toContain(`href="/checkout/refund/${r.token}"`);
    expect(claimed).not.toContain('<form action');
    expect((await settle(r.id)).status).toBe('succeeded');
    const paid = text(await render(to));
    expect(paid).toContain('Remboursement envoyé');
    expect(paid).toContain('0,00022 BTC (22 000 sats) a été envoyé à la destination ci-dessous.');
    // The same form again (a second tap): refused, the page shows the claim as it is.
    const again = await claim(r.token, good);
    expect(again).toContain('error=claim_closed');
    expect(text(await render(again))).not.toContain('Ce remboursement ne peut plus être réclamé');
  });
});

describe('on-chain Bitcoin: an address', () => {
  it('a mainnet address in test mode: wrong_network in French, kept, then a testnet one is claimed', async () => {
    const r = await claimRefund({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const open = text(await render(`/checkout/refund/${r.token}`));
    expect(open).toContain('Votre adresse Bitcoin');
    expect(open).toContain('Une adresse Bitcoin qui commence par tb1.');
    const bc1 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const to = await claim(r.token, `  ${bc1} `);
    expect(to).toBe(`/checkout/refund/${r.token}?error=wrong_network&destination=${bc1}#destination`);
    const html = await render(to);
    expect(text(html)).toContain('Cette adresse est sur un autre réseau : il faut une adresse qui commence par tb1.');
    const field = html.match(/<input[^>]*id="destination"[^>]*>/)![0];
    expect(field).toContain(`value="${bc1}"`);
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain('aria-describedby="destination-error destination-hint"');
    expect((await refund(r.id)).nextAction.type).toBe('refund_claim');
    // Not an address at all.
    const junk = await claim(r.token, 'tb1qnotanaddress');
    expect(text(await render(junk))).toContain('Ce n’est pas une adresse Bitcoin valide.');

    const tb1 = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
    expect(await claim(r.token, tb1)).toBe(`/checkout/refund/${r.token}`);
    expect((await refund(r.id)).status).toBe('pending');
    const claimed = await render(`/checkout/refund/${r.token}`);
    expect(text(claimed)).toContain('Boutique Awa envoie 0,0005 BTC (50 000 sats) à la destination ci-dessous.');
    expect(claimed).toContain(`value="${tb1}"`);
    expect((await settle(r.id)).status).toBe('succeeded');
    expect(text(await render(`/checkout/refund/${r.token}`))).toContain('Remboursement envoyé');
  });

  it('the account cannot pay (test amount ending in 17): claimed until the merchant sends it and records it', async () => {
    const r = await claimRefund({ amount: 50_017, currency: 'BTC', rail: 'btc_onchain' });
    expect(await claim(r.token, testDestination('btc_onchain', r.settlementAmount, now()))).toBe(`/checkout/refund/${r.token}`);
    expect((await refund(r.id)).nextAction.type).toBe('send_payment');
    expect(text(await render(`/checkout/refund/${r.token}`))).toContain('Bien reçu : Boutique Awa vous l’envoie');
    await post(`/v1/refunds/${r.id}/mark_succeeded`, { operatorReference: randomBytes(32).toString('hex') });
    expect(text(await render(`/checkout/refund/${r.token}`))).toContain('Remboursement envoyé');
  });
});

describe('USDT on TRON', () => {
  it('the TRC20 warning; a bad address refused; a TRON address claimed', async () => {
    const r = await claimRefund({ amount: 10_000_000, currency: 'USDT', rail: 'usdt_trc20' }, 4_000_000);
    const open = text(await render(`/checkout/refund/${r.token}`));
    expect(open).toContain('4,00 USDT');
    expect(open).toContain('Uniquement une adresse TRON (TRC20).');
    expect(open).toContain('réseau de test TRON Nile');
    const eth = '0x52908400098527886E0F7030069857D2E4169EE7';
    const bad = await claim(r.token, eth);
    // An Ethereum address: another network (the rail's parser, lib/rails/tron/destination.ts).
    expect(bad).toContain('error=wrong_network');
    expect(text(await render(bad))).toContain('Cette adresse est sur un autre réseau : il faut une adresse TRON (qui commence par T).');
    expect((await refund(r.id)).nextAction.type).toBe('refund_claim');
    const tron = testDestination('usdt_trc20', r.settlementAmount, now());
    expect(await claim(r.token, tron)).toBe(`/checkout/refund/${r.token}`);
    expect(text(await render(`/checkout/refund/${r.token}`))).toContain('Boutique Awa envoie 4,00 USDT');
  });

  it('a refund canceled before the payer answers: closed, the form gone, a claim refused', async () => {
    const r = await claimRefund({ amount: 3_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    await post(`/v1/refunds/${r.id}/cancel`);
    const html = await render(`/checkout/refund/${r.token}`);
    expect(text(html)).toContain('Ce remboursement ne peut plus être réclamé');
    expect(text(html)).toContain('Contactez Boutique Awa si vous attendez toujours ce remboursement.');
    expect(html).not.toContain('id="destination"');
    const to = await claim(r.token, testDestination('usdt_trc20', r.settlementAmount, now()));
    expect(to).toContain('error=claim_closed');
    expect((await refund(r.id)).status).toBe('canceled');
  });
});

describe('language, unknown links, forged posts, limits', () => {
  it('English when the browser asks for it, or after the switch (the checkout’s cookie)', async () => {
    const r = await claimRefund({ amount: 30_000, currency: 'BTC', rail: 'btc_onchain' });
    request.acceptLanguage = 'en-GB,en;q=0.9';
    const to = await claim(r.token, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    const en = text(await render(to));
    expect(en).toContain('Refund from Boutique Awa');
    expect(en).toContain('This address is for another network: an address starting with tb1 is needed.');
    request.acceptLanguage = 'fr';
    expect(await action(setClaimLocale, formOf({ token: r.token, locale: 'en' }))).toBe(`/checkout/refund/${r.token}`);
    expect(request.set).toEqual([['caisse_locale', 'en', expect.objectContaining({ path: '/checkout', httpOnly: true })]]);
    request.cookie = 'en';
    expect(text(await render(`/checkout/refund/${r.token}`))).toContain('Where should the refund go?');
  });

  it('an unknown or malformed link is the 404, in French, saying nothing more', async () => {
    for (const token of ['A'.repeat(32), 'short', 'not a token!!!!!!!!!!!!!!!!']) {
      const err = await render(`/checkout/refund/${encodeURIComponent(token)}`).then(
        () => null,
        (e: unknown) => e,
      );
      expect((err as { digest?: string } | null)?.digest).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
    }
    const page = text(renderToStaticMarkup(await RefundClaimNotFound()));
    expect(page).toContain('Lien de remboursement introuvable');
    // The action on an unknown token: back to that 404.
    const to = await claim('B'.repeat(32), 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(to).toMatch(new RegExp(`^/checkout/refund/${'B'.repeat(32)}\\?error=claim_not_found`));
  });

  it('a post that is no form, or names no valid token, goes to the 404 and touches nothing', async () => {
    for (const arg of [undefined, null, 'x', 42, { token: 'A'.repeat(32) }, formOf({ token: 'bad token', destination: 'x' })])
      expect(await action(submitRefundClaim, arg)).toBe('/checkout/refund/invalid');
    expect(await action(setClaimLocale, formOf({ token: 'A'.repeat(32), locale: 'de' }))).toBe('/checkout/refund/invalid');
    expect(request.set).toEqual([]);
  });

  it('claims are throttled per link: past the limit the payer waits, and submitClaim is not called', async () => {
    const r = await claimRefund({ amount: 40_000, currency: 'BTC', rail: 'btc_onchain' });
    // The limits count in fixed one-minute windows: all these posts in one window.
    if (Date.now() % 60_000 > 45_000) await new Promise((ok) => setTimeout(ok, 60_000 - (Date.now() % 60_000) + 100));
    for (let i = 0; i < ACTIONS_PER_SESSION_PER_MINUTE; i++) {
      request.client = `198.51.100.${i + 1}`; // many addresses: the link's own count stops them
      expect(await claim(r.token, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toContain('error=wrong_network');
    }
    const good = testDestination('btc_onchain', r.settlementAmount, now());
    const to = await claim(r.token, good);
    expect(to).toMatch(/\?error=rate_limited&wait=\d+&destination=/);
    expect(text(await render(to))).toMatch(/Trop de tentatives. Vous pourrez réessayer dans \d+ s\./);
    expect(await refund(r.id)).toMatchObject({ status: 'requires_action', nextAction: { type: 'refund_claim' } });
  });
});
