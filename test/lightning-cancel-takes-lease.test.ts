// Review of canceling a closed attempt's Lightning invoice at once (issue 24, item 10,
// cancelClosedAtBackend): while the hosted page's switch to on-chain is canceling the invoice at the
// node, a confirm back to Lightning (the merchant's server through the API, with `rail`) must never
// hand out that invoice again (reuseOpenInvoice skips an invoice being canceled: leased, as the
// worker's cancel is). Live, against the fake LND (test/fakes/lnd.ts, from lnd's REST docs) behind
// a pass-through that lets the second switch run while the first one's CancelInvoice is on its way.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutSession, createCheckoutSessionInput } from '@/lib/domain/checkout-sessions';
import { chooseSessionRail, confirmPaymentIntent } from '@/lib/domain/lifecycle';
import { createPrice } from '@/lib/domain/prices';
import { createProduct } from '@/lib/domain/products';
import { newMerchant, useDatabase, useLiveConfig } from './api';
import { startFakeEsplora, type FakeEsplora } from './fakes/esplora';
import { startFakeLnd, type FakeLnd } from './fakes/lnd';
import { now } from './lifecycle-helpers';

const { db } = useDatabase();
const MAC = '0201036c6e64';
const ZPUB = HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
let lnd: FakeLnd;
let esplora: FakeEsplora;
let proxy: http.Server;
let proxyUrl = '';
/** Run (and awaited) when a CancelInvoice reaches the node, before the node acts on it. */
let onCancel: (() => Promise<void>) | null = null;

beforeAll(async () => {
  lnd = await startFakeLnd(MAC);
  esplora = await startFakeEsplora();
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.url?.startsWith('/v2/invoices/cancel') && onCancel) {
        const hook = onCancel;
        onCancel = null;
        await hook();
      }
      const upstream = await fetch(`${lnd.url}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length' && k !== 'connection')) as Record<string, string>,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
useLiveConfig(() => ({ LND_REST_URL: proxyUrl, LND_MACAROON: MAC, BTC_XPUB: ZPUB, ESPLORA_URL: esplora.url, RAIL_HTTP_TIMEOUT_MS: '5000' }));
afterAll(async () => {
  await new Promise<void>((r) => proxy.close(() => r()));
  await lnd.close();
  await esplora.close();
});

const hashOf = (invoice: string) => (decode(invoice).sections.find((s: { name: string }) => s.name === 'payment_hash') as { value: string }).value;

describe('a switched-away invoice canceled at the node', () => {
  it('a confirm back to Lightning while the switch away cancels the invoice at the node: the invoice shown is payable, never the one being canceled', async () => {
    lnd.clock = () => Math.floor(Date.now() / 1000);
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const product = await createProduct(db(), scope, { name: 'Panier', active: true, metadata: {} });
    const price = await createPrice(db(), scope, { productId: product.id, currency: 'BTC', unitAmount: 20_000, active: true, metadata: {} });
    const t = now();
    const session = await createCheckoutSession(
      db(),
      scope,
      createCheckoutSessionInput.parse({ priceId: price.id, successUrl: 'https://shop.example/merci', cancelUrl: 'https://shop.example/panier', expiresAt: t + 3600 }),
    );
    const { intent } = await chooseSessionRail(db(), session.id, 'btc_lightning', { now: t });
    const first = await confirmPaymentIntent(db(), scope, intent.id, {}, { now: t });
    const hashA = hashOf((first.nextAction as { invoice: string }).invoice);
    expect(lnd.invoices.get(hashA)!.state).toBe('OPEN');

    // Back to Lightning through the API while the page's switch's cancel is on its way to the node.
    let shown = '';
    onCancel = async () => {
      const again = await confirmPaymentIntent(db(), scope, intent.id, { rail: 'btc_lightning' }, { now: t + 1 });
      shown = (again.nextAction as { invoice: string }).invoice;
    };
    await chooseSessionRail(db(), session.id, 'btc_onchain', { now: t + 1 });
    expect(onCancel).toBeNull(); // the node was asked to cancel, and the second switch ran meanwhile
    expect(shown).not.toBe('');
    // The invoice the payer now sees can be paid.
    expect(lnd.invoices.get(hashOf(shown))!.state).toBe('OPEN');
    expect(() => lnd.settle(hashOf(shown))).not.toThrow();
  });
});
