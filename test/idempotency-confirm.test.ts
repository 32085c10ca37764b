// Idempotency-Key on confirm (issue 24): confirm is not atomic (it calls the rail's backend between
// two transactions), so its key is a committed claim (lib/api/idempotency.ts `claim`), not the
// advisory lock of the creates. A second request with the key while the first is at the backend is
// a 409; the same key with another body is a 422; after the first finished, the same request is
// its replay and the backend was called once. Live Lightning against the fake LND, whose answer to
// AddInvoice is held (holdNext) until the second request has been answered: the two requests are
// really in flight together, on either database (the first holds no transaction while it waits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { newIntent } from './lifecycle-helpers';

const { db } = useDatabase();
const MAC = '0201036c6e64';
let lnd: FakeLnd;

beforeAll(async () => {
  lnd = await startFakeLnd(MAC);
});
useLiveConfig(() => ({ LND_REST_URL: lnd.url, LND_MACAROON: MAC, RAIL_HTTP_TIMEOUT_MS: '5000' }));
afterAll(async () => {
  await lnd.close();
});

/** A live BTC intent on Lightning, and a confirm of it with an Idempotency-Key. */
async function setup() {
  const m = await newMerchant(db());
  const pi = await newIntent(m.keys.live, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
  const confirm = (key: string, body: unknown = {}) =>
    call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body, headers: { 'idempotency-key': key } });
  const addInvoices = () => lnd.requests.filter((r) => r.method === 'POST' && r.path === '/v1/invoices').length;
  const attempts = async () => (await db().query<{ n: number }>(`select count(*)::int as n from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!.n;
  return { m, pi, confirm, addInvoices, attempts };
}

describe('confirm with an Idempotency-Key (a committed claim around a backend call)', () => {
  it('a second request while the first is at the backend: 409 idempotency_key_in_use; the first then finishes, and its retry replays it', async () => {
    const s = await setup();
    const before = s.addInvoices();
    const held = lnd.holdNext();
    const first = s.confirm('confirm-race');
    await held.arrived; // the first request holds the claim and waits for LND
    const second = await s.confirm('confirm-race');
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_in_use' });
    held.release();
    const done = await first;
    expect(done.status).toBe(200);
    expect(done.body.nextAction.type).toBe('lightning_invoice');
    const retry = await s.confirm('confirm-race');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(done.body);
    expect(s.addInvoices() - before).toBe(1);
    expect(await s.attempts()).toBe(1);
  });

  it('the same key with another body: 422 idempotency_key_reused, and nothing runs', async () => {
    const s = await setup();
    const before = s.addInvoices();
    const first = await s.confirm('confirm-body', {});
    expect(first.status).toBe(200);
    const other = await s.confirm('confirm-body', { rail: 'btc_lightning' });
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_reused' });
    expect(s.addInvoices() - before).toBe(1);
    expect(await s.attempts()).toBe(1);
  });

  it('the same key with another body while the first is still running: 422, not 409', async () => {
    const s = await setup();
    const held = lnd.holdNext();
    const first = s.confirm('confirm-body-running', {});
    await held.arrived;
    const other = await s.confirm('confirm-body-running', { rail: 'btc_lightning' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    held.release();
    expect((await first).status).toBe(200);
  });

  it('the same key and body after the first finished: a byte-identical replay; the backend was called once', async () => {
    const s = await setup();
    const before = s.addInvoices();
    const first = await s.confirm('confirm-replay', {});
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await s.confirm('confirm-replay', {});
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(s.addInvoices() - before).toBe(1);
    expect(await s.attempts()).toBe(1);
    // Without a key, confirming again is a new request (it returns the same open attempt).
    const plain = await call('POST', `/v1/payment_intents/${s.pi.id}/confirm`, { key: s.m.keys.live, body: {} });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('idempotent-replayed')).toBeNull();
  });
});
