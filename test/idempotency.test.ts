import { beforeAll, describe, expect, it } from 'vitest';
import { claim, requestHash } from '@/lib/api/idempotency';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let key: string;
let merchantId: string;
beforeAll(async () => {
  const m = await newMerchant(db());
  key = m.keys.test;
  merchantId = m.merchant.id;
});

const body = { amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'idem' };
const post = (k: string, b: unknown = body, path = '/v1/payment_intents') => call('POST', path, { key, body: b, headers: { 'idempotency-key': k } });
const count = async (reference: string) =>
  (await db().query<{ n: number }>(`select count(*)::int as n from payment_intents where merchant_id = $1 and reference = $2`, [merchantId, reference]))[0]!.n;

describe('idempotency', () => {
  it('replays the first response for the same key and body', async () => {
    const a = await post('k-replay', { ...body, reference: 'replay' });
    const b = await post('k-replay', { reference: 'replay', rail: 'mobile_money_a', currency: 'XOF', amount: 5000 }); // same body, other key order
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(a.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('replay')).toBe(1);
  });

  it('answers 422 when a key is reused with another body or path', async () => {
    await post('k-conflict', { ...body, reference: 'conflict' });
    const other = await post('k-conflict', { ...body, reference: 'conflict', amount: 6000 });
    expect(other.status).toBe(422);
    expect(other.body.error.type).toBe('idempotency_error');
    const otherPath = await post('k-conflict', { name: 'x' }, '/v1/products');
    expect(otherPath.status).toBe(422);
    expect(await count('conflict')).toBe(1);
  });

  it('stores nothing for a request rejected by validation or auth', async () => {
    const bad = await post('k-invalid', { ...body, amount: -1 });
    expect(bad.status).toBe(400);
    const good = await post('k-invalid', { ...body, reference: 'after-invalid' });
    expect(good.status).toBe(200);
    const unauth = await call('POST', '/v1/payment_intents', { key: 'sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAA', body, headers: { 'idempotency-key': 'k-unauth' } });
    expect(unauth.status).toBe(401);
    expect(await db().query(`select 1 from idempotency_keys where key = 'k-unauth'`)).toHaveLength(0);
  });

  it('replays a 400 refusal from the domain (the request ran)', async () => {
    const refused = { productId: 'prod_missing000000000000', currency: 'XOF', unitAmount: 500 };
    const first = await post('k-400', refused, '/v1/prices');
    const second = await post('k-400', refused, '/v1/prices');
    expect(first.status).toBe(400);
    expect(first.body.error.code).toBe('resource_missing');
    expect(second.status).toBe(400);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('does not keep a 409 (state-dependent): a retry with the same key runs again', async () => {
    const { body: pi } = await call('POST', '/v1/payment_intents', { key, body });
    const { body: cs } = await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id } });
    await call('POST', `/v1/checkout_sessions/${cs.id}/expire`, { key });
    const first = await post('k-409', {}, `/v1/checkout_sessions/${cs.id}/expire`);
    expect(first.status).toBe(409);
    expect(first.body.error.code).toBe('unexpected_state');
    const second = await post('k-409', {}, `/v1/checkout_sessions/${cs.id}/expire`);
    expect(second.status).toBe(409);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(await db().query(`select 1 from idempotency_keys where merchant_id = $1 and key = 'k-409'`, [merchantId])).toHaveLength(0);
  });

  it('scopes keys to the merchant and mode', async () => {
    const other = await newMerchant(db());
    const a = await post('k-scope', { ...body, reference: 'scope' });
    const b = await call('POST', '/v1/payment_intents', {
      key: other.keys.test,
      body: { ...body, reference: 'scope' },
      headers: { 'idempotency-key': 'k-scope' },
    });
    expect(b.status).toBe(200);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('validates the key length', async () => {
    const r = await post('x'.repeat(256));
    expect(r.status).toBe(400);
    expect(r.body.error.param).toBe('Idempotency-Key');
  });

  // A concurrency test: it means something on PostgreSQL only, where the 20 requests really run at
  // once on separate connections and race for the key's primary key. PGlite runs one statement at a
  // time, so there they arrive back to back; it stays in both runs (npm test runs the suite on both).
  it('20 parallel POSTs with one key make exactly one object; the others replay or get 409', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => post('k-parallel', { ...body, reference: 'parallel' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('idempotency_key_in_use');
    const ids = new Set(results.filter((r) => r.status === 200).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(await count('parallel')).toBe(1);
    const later = await post('k-parallel', { ...body, reference: 'parallel' });
    expect(later.status).toBe(200);
    expect(ids.has(later.body.id)).toBe(true);
  });

  it('a stale claim taken over is no longer ours: completing it fails and releasing it leaves the new owner alone', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, merchantName: 'x', livemode: false, keyId: 'key_x' };
    const hash = requestHash('POST', '/v1/products', { name: 'slow' });
    const first = await claim(db(), scope, 'k-stale', 'POST', '/v1/products', hash);
    expect(first.kind).toBe('claimed');
    const mine = `merchant_id = '${m.merchant.id}' and key = 'k-stale'`; // this test's row only: reruns share the database
    await db().query(`update idempotency_keys set locked_at = locked_at - 400 where ${mine}`);
    const second = await claim(db(), scope, 'k-stale', 'POST', '/v1/products', hash);
    expect(second.kind).toBe('claimed');
    if (first.kind !== 'claimed' || second.kind !== 'claimed') throw new Error('unreachable');
    await expect(first.complete(db(), { status: 200, body: '{"from":"first"}' })).rejects.toMatchObject({ status: 409 });
    await first.release();
    expect(await db().query(`select 1 from idempotency_keys where ${mine}`)).toHaveLength(1);
    await second.complete(db(), { status: 200, body: '{"from":"second"}' });
    const replay = await claim(db(), scope, 'k-stale', 'POST', '/v1/products', hash);
    expect(replay).toEqual({ kind: 'replay', response: { status: 200, body: '{"from":"second"}' } });
  });
});
