// A checkout session tells the merchant which order it was for: a price session's metadata reaches
// the payment intent (and its events) when the buyer picks a rail, and `{CHECKOUT_SESSION_ID}` in
// successUrl / cancelUrl becomes the session's id where the buyer is sent back (the hosted page),
// while the API's session object keeps the template, as Stripe's does.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCheckout } from '@/lib/checkout/load';
import { buyerReturnUrl, createSessionFromLink } from '@/lib/domain/checkout-sessions';
import { nowSeconds } from '@/lib/ids';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let key: string;
let priceId: string;
beforeAll(async () => {
  key = (await newMerchant(db())).keys.test;
  const product = (await call('POST', '/v1/products', { key, body: { name: 'Panier' } })).body;
  priceId = (await call('POST', '/v1/prices', { key, body: { productId: product.id, currency: 'XOF', unitAmount: 5000 } })).body.id;
});

async function priceSession(body: Record<string, unknown>) {
  const r = await call('POST', '/v1/checkout_sessions', { key, body: { priceId, ...body } });
  expect(r.status).toBe(200);
  return r.body;
}

/** The buyer picks a rail on the hosted page; the intent is made then. */
async function intentOf(sessionId: string) {
  const { intent } = await chooseSessionRail(db(), sessionId, 'mobile_money_a');
  return (await call('GET', `/v1/payment_intents/${intent.id}`, { key })).body;
}

const keys = (n: number, prefix = 'k') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${String(i).padStart(2, '0')}`, `v${i}`]));

describe('price session metadata reaches the payment intent', () => {
  it('copies the session metadata, with checkoutSessionId, to the intent and its created event', async () => {
    const cs = await priceSession({ metadata: { orderId: 'order-1042', customer: 'awa' } });
    const pi = await intentOf(cs.id);
    expect(pi.metadata).toEqual({ orderId: 'order-1042', customer: 'awa', checkoutSessionId: cs.id });
    const events = (await call('GET', '/v1/events?type=payment_intent.created&limit=100', { key })).body.data as {
      data: { object: { id: string; metadata: unknown } };
    }[];
    const created = events.find((e) => e.data.object.id === pi.id);
    expect(created?.data.object.metadata).toEqual(pi.metadata);
    // The session itself keeps its own metadata.
    expect((await call('GET', `/v1/checkout_sessions/${cs.id}`, { key })).body.metadata).toEqual({ orderId: 'order-1042', customer: 'awa' });
  });

  it('checkoutSessionId wins over a session key of that name', async () => {
    const cs = await priceSession({ metadata: { checkoutSessionId: 'forged', orderId: '7' } });
    expect((await intentOf(cs.id)).metadata).toEqual({ orderId: '7', checkoutSessionId: cs.id });
  });

  it('a session without metadata gives the intent checkoutSessionId only', async () => {
    const cs = await priceSession({});
    expect((await intentOf(cs.id)).metadata).toEqual({ checkoutSessionId: cs.id });
  });

  it('stays within 50 keys: 49 session keys all kept; 50 keys keep the first 49 as the session lists them', async () => {
    const fits = await priceSession({ metadata: keys(49) });
    const fitsMeta = (await intentOf(fits.id)).metadata;
    expect(fitsMeta).toEqual({ ...keys(49), checkoutSessionId: fits.id });

    const full = await priceSession({ metadata: keys(50) });
    const listed = Object.keys((await call('GET', `/v1/checkout_sessions/${full.id}`, { key })).body.metadata);
    const meta = (await intentOf(full.id)).metadata as Record<string, string>;
    expect(Object.keys(meta)).toHaveLength(50);
    expect(meta.checkoutSessionId).toBe(full.id);
    const kept = listed.slice(0, 49);
    expect(Object.fromEntries(Object.entries(meta).filter(([k]) => k !== 'checkoutSessionId'))).toEqual(
      Object.fromEntries(kept.map((k) => [k, full.metadata[k]])),
    );

    // 50 keys of which one is checkoutSessionId: the other 49 are all kept, the id replaced.
    const withId = await priceSession({ metadata: { ...keys(49), checkoutSessionId: 'x' } });
    expect((await intentOf(withId.id)).metadata).toEqual({ ...keys(49), checkoutSessionId: withId.id });
  });
});

describe('{CHECKOUT_SESSION_ID} in successUrl and cancelUrl', () => {
  it('is accepted, kept as a template in the API object, and replaced where the buyer is sent back', async () => {
    const cs = await priceSession({
      successUrl: 'https://shop.example/ok?session_id={CHECKOUT_SESSION_ID}&x=1#{CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example/back/{CHECKOUT_SESSION_ID}',
    });
    // As the URL parser writes it: braces kept in a query and fragment, percent-encoded in a path.
    expect(cs.successUrl).toBe('https://shop.example/ok?session_id={CHECKOUT_SESSION_ID}&x=1#{CHECKOUT_SESSION_ID}');
    expect(cs.cancelUrl).toBe('https://shop.example/back/%7BCHECKOUT_SESSION_ID%7D');
    expect((await call('GET', `/v1/checkout_sessions/${cs.id}`, { key })).body).toMatchObject({ successUrl: cs.successUrl, cancelUrl: cs.cancelUrl });

    const view = (await loadCheckout(db(), cs.id))!;
    expect(view.successUrl).toBe(`https://shop.example/ok?session_id=${cs.id}&x=1#${cs.id}`);
    expect(view.cancelUrl).toBe(`https://shop.example/back/${cs.id}`);
  });

  it('takes the encoded form as given, in either case, and a session made from an intent too', async () => {
    const pi = (await call('POST', '/v1/payment_intents', { key, body: { amount: 2500, currency: 'XOF', rail: 'mobile_money_a' } })).body;
    const r = await call('POST', '/v1/checkout_sessions', {
      key,
      body: {
        paymentIntentId: pi.id,
        successUrl: 'https://shop.example/ok?s=%7BCHECKOUT_SESSION_ID%7D',
        cancelUrl: 'https://shop.example/c/%7bCHECKOUT_SESSION_ID%7d/x',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.successUrl).toBe('https://shop.example/ok?s=%7BCHECKOUT_SESSION_ID%7D');
    const view = (await loadCheckout(db(), r.body.id))!;
    expect(view.successUrl).toBe(`https://shop.example/ok?s=${r.body.id}`);
    expect(view.cancelUrl).toBe(`https://shop.example/c/${r.body.id}/x`);
  });

  it('a payment link template gives each visit its own session id', async () => {
    const link = (await call('POST', '/v1/payment_links', { key, body: { priceId, successUrl: 'https://shop.example/thanks/{CHECKOUT_SESSION_ID}' } })).body;
    expect(link.successUrl).toBe('https://shop.example/thanks/%7BCHECKOUT_SESSION_ID%7D');
    const a = (await createSessionFromLink(db(), link.id, nowSeconds()))!;
    const b = (await createSessionFromLink(db(), link.id, nowSeconds()))!;
    expect(a.successUrl).toBe(link.successUrl);
    expect((await loadCheckout(db(), a.id))!.successUrl).toBe(`https://shop.example/thanks/${a.id}`);
    expect((await loadCheckout(db(), b.id))!.successUrl).toBe(`https://shop.example/thanks/${b.id}`);
  });

  it('leaves other URLs, other names and null alone', () => {
    expect(buyerReturnUrl(null, 'cs_1')).toBeNull();
    expect(buyerReturnUrl('https://shop.example/ok', 'cs_1')).toBe('https://shop.example/ok');
    expect(buyerReturnUrl('https://shop.example/ok?a={checkout_session_id}&b={SESSION_ID}', 'cs_1')).toBe(
      'https://shop.example/ok?a={checkout_session_id}&b={SESSION_ID}',
    );
    expect(buyerReturnUrl('https://shop.example/{CHECKOUT_SESSION_ID}/{CHECKOUT_SESSION_ID}', 'cs_1')).toBe('https://shop.example/cs_1/cs_1');
  });
});
