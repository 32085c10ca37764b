// Every method of the SDK against the real route handlers (in process, through the SDK's `fetch`
// option), on the suite's database: each request is what the handlers accept (paths, bodies,
// queries, POSTs without a body), each answer is checked against the OpenAPI document with ajv
// (test/openapi-ajv.ts) and parsed into the SDK's types, and the API's refusals come out as typed
// errors. The example program over a real socket and the worker: test/sdk-example.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiRoutes, matchRoute } from '@/lib/api/router';
import { Caisse, CaisseIdempotencyError, CaisseInvalidRequestError, type Event } from '../sdk/src/index';
import { newAccountKey } from './adapter-helpers';
import { newMerchant, useDatabase } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { checkResponse } from './openapi-ajv';

const { db } = useDatabase();
const routes = loadApiRoutes();

/** A fetch that hands the Request to the route handler of its path, and checks the answer against the document. */
async function inProcess(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const hit = matchRoute(await routes, url.pathname);
  if (!hit) throw new Error(`no route for ${url.pathname}`);
  const handler = hit.module[request.method] as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const res = await handler(request, { params: Promise.resolve(hit.params) });
  const text = await res.text();
  checkResponse(request.method, url.pathname, { status: res.status, headers: res.headers, text });
  return new Response(text || null, { status: res.status, headers: res.headers });
}

let caisse: Caisse;
let receiver: http.Server;
let receiverUrl = '';
beforeAll(async () => {
  const m = await newMerchant(db(), 'SDK shop');
  caisse = new Caisse(m.keys.test, { fetch: inProcess });
  receiver = http.createServer((req, res) => void req.resume().on('end', () => res.writeHead(200).end('ok')));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

describe('the SDK against the route handlers', () => {
  it('products, prices, payment links and a session from a price', async () => {
    const product = await caisse.products.create({ name: 'Wax fabric', metadata: { sku: 'WAX' } });
    expect((await caisse.products.update(product.id, { description: 'Cotton' })).description).toBe('Cotton');
    expect((await caisse.products.retrieve(product.id)).metadata).toEqual({ sku: 'WAX' });
    const price = await caisse.prices.create({ productId: product.id, currency: 'XOF', unitAmount: 5000 });
    expect((await caisse.prices.update(price.id, { metadata: { tier: 'a' } })).metadata).toEqual({ tier: 'a' });
    expect((await caisse.prices.retrieve(price.id)).unitAmount).toBe(5000);
    expect((await caisse.prices.list({ productId: product.id }).toArray()).map((p) => p.id)).toEqual([price.id]);
    expect((await caisse.products.list({ active: true }).page()).data.map((p) => p.id)).toContain(product.id);
    const link = await caisse.paymentLinks.create({ priceId: price.id, locale: 'fr' });
    expect((await caisse.paymentLinks.update(link.id, { active: false })).active).toBe(false);
    expect((await caisse.paymentLinks.retrieve(link.id)).priceId).toBe(price.id);
    expect((await caisse.paymentLinks.list().toArray()).map((l) => l.id)).toEqual([link.id]);
    const session = await caisse.checkoutSessions.create({
      priceId: price.id,
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/no',
      metadata: { orderId: '7' },
    });
    expect((await caisse.checkoutSessions.retrieve(session.id)).amount).toBe(5000);
    expect((await caisse.checkoutSessions.list({ status: 'open' }).toArray()).map((s) => s.id)).toContain(session.id);
    expect((await caisse.checkoutSessions.expire(session.id)).status).toBe('expired');
  });

  it('payment intents: create, confirm, test pay, fail, cancel, list; events; exchange rates', async () => {
    const pi = await caisse.paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'sdk-1' });
    const confirmed = await caisse.paymentIntents.confirm(pi.id, { phone: '+2250700002222' });
    expect(confirmed.status).toBe('pending');
    if (confirmed.nextAction?.type !== 'mobile_money_prompt') throw new Error('expected a mobile_money_prompt');
    expect(confirmed.nextAction.phone).toBe('+2250700002222');
    expect((await caisse.testHelpers.paymentIntents.pay(pi.id)).status).toBe('succeeded');
    expect((await caisse.paymentIntents.retrieve(pi.id)).amountReceived).toBe(5000);

    const second = await caisse.paymentIntents.create({ amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    await caisse.paymentIntents.confirm(second.id, { phone: '+2250700002222' });
    const failed = await caisse.testHelpers.paymentIntents.fail(second.id);
    expect(failed.lastPaymentError?.code).toBeTypeOf('string');
    const third = await caisse.paymentIntents.create({ amount: 3000, currency: 'XOF', rail: 'mobile_money_a' });
    expect((await caisse.paymentIntents.cancel(third.id)).status).toBe('canceled');
    expect((await caisse.paymentIntents.list({ reference: 'sdk-1' }).toArray()).map((p) => p.id)).toEqual([pi.id]);

    const events: Event[] = await caisse.events.list({ type: 'payment_intent.succeeded' }).toArray();
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === pi.id);
    expect(succeeded).toBeDefined();
    const again = await caisse.events.retrieve(succeeded!.id);
    if (again.type !== 'payment_intent.succeeded') throw new Error('narrowing');
    expect(again.data.object.status).toBe('succeeded');

    const rates = await caisse.exchangeRates.list({ from: 'XOF' });
    expect(rates.data.map((r) => r.to).sort()).toEqual(['BTC', 'USDT']);
  });

  it('refunds: create (idempotent), retrieve, list, cancel, mark succeeded; the test helpers claim, succeed and fail', async () => {
    const pi = await caisse.paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    await caisse.testHelpers.paymentIntents.pay(pi.id);
    const key = `sdk-refund-${pi.id}`;
    const partial = await caisse.refunds.create({ paymentIntentId: pi.id, amount: 1000, reason: 'duplicate' }, { idempotencyKey: key });
    expect(partial).toMatchObject({ object: 'refund', amount: 1000, status: 'pending', reason: 'duplicate' });
    expect((await caisse.refunds.create({ paymentIntentId: pi.id, amount: 1000, reason: 'duplicate' }, { idempotencyKey: key })).id).toBe(partial.id);
    expect((await caisse.testHelpers.refunds.succeed(partial.id)).status).toBe('succeeded');
    const manual = await caisse.refunds.create({ paymentIntentId: pi.id, amount: 1017 });
    if (manual.nextAction?.type !== 'manual_refund') throw new Error('expected a manual_refund');
    expect((await caisse.refunds.markSucceeded(manual.id, { operatorReference: 'MP-1' })).status).toBe('succeeded');
    const failing = await caisse.refunds.create({ paymentIntentId: pi.id, amount: 500 });
    expect((await caisse.testHelpers.refunds.fail(failing.id)).status).toBe('failed');
    expect((await caisse.refunds.retrieve(partial.id)).operatorReference).toMatch(/^sim_/);
    expect((await caisse.refunds.list({ paymentIntentId: pi.id, status: 'succeeded' }).toArray()).map((r) => r.id)).toEqual([manual.id, partial.id]);
    expect((await caisse.paymentIntents.retrieve(pi.id)).amountRefunded).toBe(2017);
    // The ledger of it: the payment in, the two refunds out; the balance sums them.
    const txns = await caisse.balanceTransactions.list({ source: pi.id }).toArray();
    expect(txns.map((x) => [x.type, x.amount])).toEqual([['payment', 5000]]);
    expect((await caisse.balanceTransactions.retrieve(txns[0]!.id)).source).toBe(pi.id);
    expect(
      (await caisse.balanceTransactions.list({ type: 'refund' }).toArray())
        .filter((x) => x.paymentIntentId === pi.id)
        .map((x) => x.amount)
        .sort((a, b) => a - b),
    ).toEqual([-1017, -1000]);
    expect((await caisse.account.retrieve()).timeZone).toBe('Africa/Abidjan');
    expect((await caisse.account.update({ timeZone: 'Africa/Conakry' })).timeZone).toBe('Africa/Conakry');
    const balance = await caisse.balance.retrieve();
    // The file's other tests pay this merchant too: the line holds at least these, and adds up.
    const line = balance.accounts.find((a) => a.rail === 'mobile_money_a' && a.currency === 'XOF')!;
    expect(line.received).toBeGreaterThanOrEqual(5000);
    expect(line.refunded).toBeGreaterThanOrEqual(2017);
    expect(line.net).toBe(line.received - line.refunded);

    const ln = await caisse.paymentIntents.create({ amount: 20_000, currency: 'BTC', rail: 'btc_lightning' });
    await caisse.testHelpers.paymentIntents.pay(ln.id);
    const claim = await caisse.refunds.create({ paymentIntentId: ln.id });
    if (claim.nextAction?.type !== 'refund_claim') throw new Error('expected a refund_claim');
    expect((await caisse.refunds.cancel(claim.id)).status).toBe('canceled');
    const again = await caisse.refunds.create({ paymentIntentId: ln.id });
    expect((await caisse.testHelpers.refunds.claim(again.id)).status).toBe('pending');
  });

  it('webhook endpoints and deliveries', async () => {
    const endpoint = await caisse.webhookEndpoints.create({ url: receiverUrl, enabledEvents: ['product.created'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await caisse.webhookEndpoints.update(endpoint.id, { description: 'SDK' })).description).toBe('SDK');
    expect('secret' in (await caisse.webhookEndpoints.retrieve(endpoint.id))).toBe(false);
    expect((await caisse.webhookEndpoints.list().toArray()).map((e) => e.id)).toContain(endpoint.id);
    const rolled = await caisse.webhookEndpoints.rollSecret(endpoint.id, { expiresInSeconds: 0 });
    expect(rolled.secret).not.toBe(endpoint.secret);
    await caisse.products.create({ name: 'Delivered' });
    const [delivery] = await caisse.webhookEndpoints.listDeliveries(endpoint.id, { limit: 1 }).toArray(1);
    expect(delivery?.eventType).toBe('product.created');
    expect((await caisse.webhookEndpoints.retrieveDelivery(endpoint.id, delivery!.id)).id).toBe(delivery!.id);
    const retried = await caisse.webhookEndpoints.retryDelivery(endpoint.id, delivery!.id);
    expect(retried.attempts.at(-1)).toMatchObject({ manual: true, responseStatus: 200 });
    expect(await caisse.webhookEndpoints.delete(endpoint.id)).toEqual({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
  });

  it('rail accounts: create, retrieve, update, list, disable; the key only as last4 and fingerprint', async () => {
    // The suite's key ring (vitest.config.ts CAISSE_ENCRYPTION_KEY): on PostgreSQL the next files of
    // this worker share the database, and a server started on it must open every account. An
    // Esplora server to check the account at.
    let esplora: FakeEsplora | undefined;
    try {
      esplora = await startFakeEsplora();
      // A test key makes a test-mode account: a testnet key of a wallet of this test's own.
      const WALLET = newAccountKey('testnet');
      const ZPUB = WALLET.key;
      const account = await caisse.railAccounts.create({ rail: 'btc_onchain', settings: { accountKey: ZPUB, esploraUrl: esplora.url } });
      expect(account).toMatchObject({ object: 'rail_account', rail: 'btc_onchain', status: 'active', version: 1 });
      expect(account.secrets.accountKey?.last4).toBe(ZPUB.slice(-4));
      expect(JSON.stringify(account)).not.toContain(ZPUB);
      expect(account.receiveAddresses[0]).toBe(WALLET.address(0));
      const updated = await caisse.railAccounts.update(account.id, { displayName: 'Cold wallet' });
      expect(updated).toMatchObject({ version: 2, displayName: 'Cold wallet' });
      expect((await caisse.railAccounts.retrieve(account.id)).version).toBe(2);
      expect((await caisse.railAccounts.list({ rail: 'btc_onchain' }).toArray()).map((a) => a.id)).toEqual([account.id]);
      expect((await caisse.railAccounts.disable(account.id)).status).toBe('disabled');
      const refused = await caisse.railAccounts
        .create({ rail: 'btc_onchain', settings: { accountKey: ZPUB, esploraUrl: 'http://127.0.0.1:9' } })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CaisseInvalidRequestError);
      expect(refused).toMatchObject({ status: 400, code: 'rail_account_invalid', param: 'settings' });
    } finally {
      await esplora?.close();
    }
  });

  it("the API's refusals as typed errors; a replayed Idempotency-Key", async () => {
    const missing = await caisse.paymentIntents.retrieve('pi_missing').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CaisseInvalidRequestError);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing', type: 'invalid_request_error' });
    const small = await caisse.paymentIntents.create({ amount: 1, currency: 'XOF', rail: 'mobile_money_a' }).catch((e: unknown) => e);
    expect(small).toMatchObject({ status: 400, code: 'amount_too_small', param: 'amount' });
    expect((small as CaisseInvalidRequestError).requestId).toMatch(/^req_/);
    const pi = await caisse.paymentIntents.create({ amount: 1000, currency: 'XOF', rail: 'mobile_money_a' }, { idempotencyKey: 'sdk-key-1' });
    expect((await caisse.paymentIntents.create({ amount: 1000, currency: 'XOF', rail: 'mobile_money_a' }, { idempotencyKey: 'sdk-key-1' })).id).toBe(pi.id);
    const reused = await caisse.paymentIntents
      .create({ amount: 1001, currency: 'XOF', rail: 'mobile_money_a' }, { idempotencyKey: 'sdk-key-1' })
      .catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(CaisseIdempotencyError);
    expect(reused).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
    await caisse.paymentIntents.cancel(pi.id);
    expect(await caisse.paymentIntents.cancel(pi.id).catch((e: unknown) => e)).toMatchObject({ status: 409, code: 'unexpected_state' });
  });
});
