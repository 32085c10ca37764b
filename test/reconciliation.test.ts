// Reconciliation against the backends (issue 28 point 4), on a live merchant's own Wave account and
// its own fake Wave (test/fakes/wave.ts, written from Wave's documentation, its Balance &
// Reconciliation API's transaction list included: a fee on each payment, two items a page). Each
// test plants one kind of difference in the fake and expects it found, explained, and, where the
// backend has money Caisse has not recorded, credited through the settle path (the money invariant
// holds after). Runs are completed as the worker does (completePendingReconciliations, scoped to
// the test's merchant); the daily schedule on an injected clock.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { POST as accountCallback } from '@/app/callbacks/[account]/route';
import { createRailAccount, type RailAccount } from '@/lib/domain/rail-accounts';
import { refreshAttempt } from '@/lib/payments/apply-report';
import { pollDueAttempts } from '@/lib/payments/poll';
import { railAdapter } from '@/lib/rails/registry';
import { createReconciliation, latestReconciliations, retrieveReconciliation } from '@/lib/reconcile/reconciliations';
import { runReconciliation } from '@/lib/reconcile/run';
import { completePendingReconciliations, DAILY_DELAY_SECONDS, DAILY_RETRY_SECONDS, scheduleDailyReconciliations } from '@/lib/reconcile/worker';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { attemptView } from '@/lib/store/attempts';
import { addDays, zonedDate, zonedDayStart } from '@/lib/time-zone';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { type FakeWave, startFakeWave, waveError } from './fakes/wave';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';
import { type Receiver, startReceiver } from './webhook-receiver';

const { db } = useDatabase();
const RAIL = 'mobile_money_d';
const TZ = 'Africa/Abidjan';

useLiveConfig(() => ({ BASE_URL: 'http://127.0.0.1:3000', PLATFORM_RAILS: 'off', RAIL_HTTP_TIMEOUT_MS: '1000' }));

const open: { wave: FakeWave; receiver: Receiver }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.receiver.close();
    await o.wave.close();
  }
});

/** A live merchant with its own Wave account on its own fake Wave (webhooks delivered to the account's URL). */
async function shop() {
  const apiKey = `wave_sn_prod_${'k'.repeat(32)}`;
  const secret = `wave_sn_WHS_${'s'.repeat(52)}`;
  const wave = await startFakeWave({ apiKey, webhookSecret: secret, checkoutFeeRate: 0.01, transactionsPageSize: 2 });
  let account: RailAccount | undefined;
  const receiver = await startReceiver({
    respond: async (r) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(r.headers)) if (!['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)) headers.set(k, v);
      const res = await accountCallback(new Request(`http://127.0.0.1:3000/callbacks/${account!.id}`, { method: 'POST', headers, body: r.body }), {
        params: Promise.resolve({ account: account!.id }),
      });
      return res.status;
    },
  });
  wave.webhookUrl = `http://127.0.0.1:${receiver.port}/`;
  open.push({ wave, receiver });
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: true };
  account = await createRailAccount(db(), scope, {
    rail: RAIL,
    displayName: 'Wave',
    settings: { baseUrl: wave.url, apiKey, webhookSecret: secret, payoutApiKey: wave.payoutApiKey },
  });
  const key = m.keys.live;

  /** A confirmed 2000 XOF intent: its Wave session. */
  const confirmed = async (amount = 2000) => {
    const pi = await newIntent(key, { amount, currency: 'XOF', rail: RAIL });
    const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key, body: {} });
    expect(res.status).toBe(200);
    const [att] = await db().query<{ id: string; backend_ref: string }>(`select id, backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id]);
    return { pi, attemptId: att!.id, sessionId: att!.backend_ref };
  };
  /** Paid at Wave; with the webhook, Caisse records it at once. */
  const paid = async (opts: { webhook?: boolean } = {}) => {
    const c = await confirmed();
    const status = await wave.pay(c.sessionId, { webhook: opts.webhook ?? true });
    if (opts.webhook !== false) expect(status).toBe(200);
    return c;
  };
  const today = () => zonedDate(now(), TZ);
  /** A reconciliation of today, completed as the worker does. */
  const reconcile = async (input: { railAccountId?: string } = {}) => {
    const made = await createReconciliation(db(), scope, { from: today(), to: today(), ...input }, { now: now() });
    expect(made.status).toBe('pending');
    await completePendingReconciliations(db(), now(), { merchantId: scope.merchantId });
    return retrieveReconciliation(db(), scope, made.id);
  };
  const intent = async (id: string) => (await call('GET', `/v1/payment_intents/${id}`, { key })).body;
  const ledger = async (intentId: string) => {
    const [r] = await db().query<{ total: string; lines: number }>(
      `select coalesce(sum(amount), 0)::text as total, count(*)::int as lines from balance_transactions where payment_intent_id = $1`,
      [intentId],
    );
    return { total: Number(r!.total), lines: Number(r!.lines) };
  };
  return { m, scope, key, wave, account, apiKey, confirmed, paid, reconcile, intent, ledger, today };
}

describe('reconciliation against Wave', () => {
  it('a clean day (three payments over two pages of Wave, one refunded through Caisse): succeeded, no item', async () => {
    const s = await shop();
    const a = await s.paid();
    await s.paid();
    await s.paid();
    // One refunded whole through Caisse (Wave's session refund): Wave lists it as money out, explained.
    const refund = await call('POST', '/v1/refunds', { key: s.key, body: { paymentIntentId: a.pi.id } });
    expect(refund.status).toBe(200);
    await pollDueRefunds(db(), now() + 5, { merchantId: s.scope.merchantId });
    expect((await call('GET', `/v1/refunds/${refund.body.id}`, { key: s.key })).body.status).toBe('succeeded');
    expect(s.wave.transactions.map((t) => t.transaction_type)).toEqual(['api_checkout', 'api_checkout', 'api_checkout', 'api_checkout_refund']);

    const r = await s.reconcile();
    expect(r).toMatchObject({ status: 'succeeded', failure: null, itemCount: 0, items: [], hasMoreItems: false, origin: 'api' });
    expect(r.summary).toMatchObject({ attemptsChecked: 3, refundsChecked: 1, backendMovementsRead: 4, listedAccounts: [s.account.id] });
    // Two items a page: the listing read every page.
    expect(s.wave.requests.filter((q) => q.method === 'GET' && q.path.startsWith('/v1/transactions')).length).toBe(2);
    const events = await db().query<{ type: string }>(`select type from events where merchant_id = $1 and type like 'reconciliation%'`, [s.scope.merchantId]);
    expect(events.map((e) => e.type)).toEqual(['reconciliation.succeeded']);
  });

  it('a payment the product never saw (no webhook, no poll): missing_in_caisse, credited through the settle path; a second run finds nothing', async () => {
    const s = await shop();
    const c = await s.paid({ webhook: false });
    expect(await s.intent(c.pi.id)).toMatchObject({ status: 'pending', amountReceived: 0 });
    const r = await s.reconcile();
    expect(r.status).toBe('succeeded');
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({
      kind: 'missing_in_caisse',
      reason: 'credited_through_settle_path',
      resolution: 'credited',
      rail: RAIL,
      railAccountId: s.account.id,
      backendRef: c.sessionId,
      paymentIntentId: c.pi.id,
      attemptId: c.attemptId,
      refundId: null,
      caisse: { amount: 2000, currency: 'XOF' },
      backend: { amount: 2000, currency: 'XOF', state: 'confirmed' },
    });
    expect(r.items[0]!.explanation).toMatch(/credited through the normal settle path/);
    expect(await s.intent(c.pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    expect(await s.ledger(c.pi.id)).toEqual({ total: 2000, lines: 1 });
    await assertMoneyInvariant(db(), c.pi.id, { paid: 2000, now: now() + 5 });
    // The same day again: nothing credited twice, nothing new found.
    const again = await s.reconcile();
    expect(again).toMatchObject({ status: 'succeeded', itemCount: 0 });
    expect(await s.ledger(c.pi.id)).toEqual({ total: 2000, lines: 1 });
    const itemEvents = await db().query(`select 1 from events where merchant_id = $1 and type = 'reconciliation_item.created'`, [s.scope.merchantId]);
    expect(itemEvents).toHaveLength(1);
  });

  it('a payment after Caisse stopped watching (the attempt ended, its watch over): the watch is re-armed and the money credited as a late payment', async () => {
    const s = await shop();
    const c = await s.confirmed();
    // Caisse gave up on the attempt (its timeout, its watch ended) while Wave still took the payment.
    await db().query(`update payment_attempts set status = 'expired', watch_until = $2, next_poll_at = null where id = $1`, [c.attemptId, now() - 10]);
    await db().query(`update payment_intents set status = 'canceled' where id = $1`, [c.pi.id]);
    await s.wave.pay(c.sessionId, { webhook: false });
    // The engine alone would not look any more.
    await refreshAttempt(db(), c.attemptId, now());
    expect(await s.ledger(c.pi.id)).toEqual({ total: 0, lines: 0 });
    const r = await s.reconcile();
    expect(r.items).toEqual([expect.objectContaining({ kind: 'missing_in_caisse', resolution: 'credited', attemptId: c.attemptId })]);
    const lines = await db().query<{ type: string; amount: string }>(`select type, amount::text from balance_transactions where payment_intent_id = $1`, [
      c.pi.id,
    ]);
    expect(lines).toEqual([{ type: 'late_payment', amount: '2000' }]);
    await assertMoneyInvariant(db(), c.pi.id, { paid: 2000, now: now() + 5 });
  });

  it('an amount changed at the backend: amount_differs, needs review, nothing debited', async () => {
    const s = await shop();
    const c = await s.paid();
    s.wave.sessions.get(c.sessionId)!.session.amount = '1500';
    const r = await s.reconcile();
    expect(r.items).toEqual([
      expect.objectContaining({
        kind: 'amount_differs',
        reason: 'backend_received_less',
        resolution: 'needs_review',
        attemptId: c.attemptId,
        caisse: expect.objectContaining({ amount: 2000 }),
        backend: expect.objectContaining({ amount: 1500 }),
      }),
    ]);
    expect(await s.ledger(c.pi.id)).toEqual({ total: 2000, lines: 1 });
  });

  it('a ledger line whose backend has no record: missing_at_backend, needs review', async () => {
    const s = await shop();
    const c = await s.paid();
    s.wave.sessions.delete(c.sessionId);
    s.wave.transactions.splice(0);
    const r = await s.reconcile();
    expect(r.items).toEqual([
      expect.objectContaining({
        kind: 'missing_at_backend',
        reason: 'backend_has_no_record',
        resolution: 'needs_review',
        backend: null,
        attemptId: c.attemptId,
      }),
    ]);
    expect(r.items[0]!.explanation).toMatch(/no record/);
    expect(await s.ledger(c.pi.id)).toEqual({ total: 2000, lines: 1 });
  });

  it('money moved outside Caisse: a session refunded at Wave directly, a payout, a payment to the wallet: each found, outside_caisse, money out negative', async () => {
    const s = await shop();
    const c = await s.paid();
    const headers = { authorization: `Bearer ${s.apiKey}` };
    expect((await fetch(`${s.wave.url}/v1/checkout/sessions/${c.sessionId}/refund`, { method: 'POST', headers })).status).toBe(200);
    const payout = await fetch(`${s.wave.url}/v1/payout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.wave.payoutApiKey}`, 'content-type': 'application/json', 'idempotency-key': 'outside-1' },
      body: JSON.stringify({ currency: 'XOF', receive_amount: '500', mobile: '+221761110000' }),
    });
    expect(payout.status).toBe(200);
    s.wave.recordTransaction({ type: 'merchant_payment', amount: 990, fee: 10, mobile: '+221761110001' });
    const r = await s.reconcile();
    expect(r.status).toBe('succeeded');
    const byReason = Object.fromEntries(r.items.map((i) => [i.reason, i]));
    expect(Object.keys(byReason).sort()).toEqual(['payment_outside_caisse', 'refund_outside_caisse', 'transfer_outside_caisse']);
    expect(byReason.refund_outside_caisse).toMatchObject({
      kind: 'missing_in_caisse',
      resolution: 'outside_caisse',
      caisse: null,
      backend: expect.objectContaining({ amount: -2000, currency: 'XOF' }),
      attemptId: c.attemptId,
      paymentIntentId: c.pi.id,
    });
    expect(byReason.transfer_outside_caisse).toMatchObject({ resolution: 'outside_caisse', backend: expect.objectContaining({ amount: -500 }) });
    expect(byReason.payment_outside_caisse).toMatchObject({ resolution: 'outside_caisse', caisse: null, backend: expect.objectContaining({ amount: 1000 }) });
    // Nothing is debited or credited for money outside Caisse.
    expect(await s.ledger(c.pi.id)).toEqual({ total: 2000, lines: 1 });
  });

  it('a Wave 5xx mid-run: failed, naming the backend, never a silent success; the listing failing too', async () => {
    const s = await shop();
    await s.paid();
    const c = await s.paid({ webhook: false });
    s.wave.fail('retrieve', waveError(500, 'internal-server-error', 'An internal server error occurred.'));
    const r = await s.reconcile();
    expect(r).toMatchObject({ status: 'failed', failure: { code: 'backend_unavailable', rail: RAIL, railAccountId: s.account.id } });
    expect(String(r.failure!.message)).toMatch(/could not be read/);
    const events = await db().query<{ type: string }>(`select type from events where merchant_id = $1 and type like 'reconciliation.%'`, [s.scope.merchantId]);
    expect(events.map((e) => e.type)).toEqual(['reconciliation.failed']);
    s.wave.fail('transactions', waveError(503, 'service-unavailable', 'Service unavailable.'));
    expect(await s.reconcile()).toMatchObject({ status: 'failed', failure: { code: 'backend_unavailable' } });
    // Wave back: the next run finds and credits the payment.
    const ok = await s.reconcile();
    expect(ok.status).toBe('succeeded');
    expect(ok.items).toEqual([expect.objectContaining({ attemptId: c.attemptId, resolution: 'credited' })]);
  });

  it('two workers reconcile the same unseen payment at once: it is credited once (the settle path’s locks)', async () => {
    const s = await shop();
    const c = await s.paid({ webhook: false });
    const one = await createReconciliation(db(), s.scope, { from: s.today(), to: s.today() }, { now: now() });
    const two = await createReconciliation(db(), s.scope, { from: s.today(), to: s.today() }, { now: now() });
    await Promise.all([runReconciliation(db(), one.id, now()), runReconciliation(db(), two.id, now()), runReconciliation(db(), one.id, now())]);
    expect(await s.ledger(c.pi.id)).toEqual({ total: 2000, lines: 1 });
    await assertMoneyInvariant(db(), c.pi.id, { paid: 2000, now: now() + 5 });
    for (const id of [one.id, two.id]) expect((await retrieveReconciliation(db(), s.scope, id)).status).toBe('succeeded');
  });
});

describe('reconciliations: the API, the daily run, the dashboard', () => {
  it('POST answers pending at once; the worker completes it; GET lists and retrieves it; bad periods and foreign accounts are refused', async () => {
    const s = await shop();
    await s.paid({ webhook: false });
    const made = await call('POST', '/v1/reconciliations', { key: s.key, body: { from: s.today(), to: s.today(), railAccountId: s.account.id } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      object: 'reconciliation',
      status: 'pending',
      from: s.today(),
      to: s.today(),
      timeZone: TZ,
      railAccountId: s.account.id,
      items: [],
    });
    expect(made.body.id).toMatch(/^recon_/);
    await completePendingReconciliations(db(), now(), { merchantId: s.scope.merchantId });
    const got = await call('GET', `/v1/reconciliations/${made.body.id}`, { key: s.key });
    expect(got.body).toMatchObject({
      status: 'succeeded',
      itemCount: 1,
      items: [expect.objectContaining({ object: 'reconciliation_item', kind: 'missing_in_caisse' })],
    });
    const items = await call('GET', `/v1/reconciliations/${made.body.id}/items`, { key: s.key });
    expect(items.body).toMatchObject({ object: 'list', data: [expect.objectContaining({ id: got.body.items[0].id })], hasMore: false });
    const list = await call('GET', '/v1/reconciliations?limit=5', { key: s.key });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([made.body.id]);
    for (const body of [
      { from: '2026-02-30', to: '2026-03-01' },
      { from: s.today(), to: addDays(s.today(), -1) },
      { from: addDays(s.today(), -40), to: s.today() },
      { from: addDays(s.today(), 2), to: addDays(s.today(), 2) },
    ]) {
      const bad = await call('POST', '/v1/reconciliations', { key: s.key, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const other = await shop();
    const foreign = await call('POST', '/v1/reconciliations', { key: s.key, body: { from: s.today(), to: s.today(), railAccountId: other.account.id } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({ code: 'resource_missing', param: 'railAccountId' });
    expect((await call('GET', `/v1/reconciliations/${made.body.id}`, { key: other.key })).status).toBe(404);
    // The dashboard's summary: the latest run covering each account.
    const latest = await latestReconciliations(db(), s.scope);
    expect(latest).toEqual([
      { railAccountId: null, reconciliation: null },
      { railAccountId: s.account.id, reconciliation: expect.objectContaining({ id: made.body.id }) },
    ]);
  });

  it('the daily run: once per merchant and day with live activity, after the day ended; a failed one is retried by a new run', async () => {
    const s = await shop();
    await s.paid();
    const quiet = await newMerchant(db());
    const day = s.today();
    const after = zonedDayStart(addDays(day, 1), TZ) + DAILY_DELAY_SECONDS + 5;
    expect(await scheduleDailyReconciliations(db(), after - 10, { merchantId: s.scope.merchantId })).toBe(0);
    const made = await Promise.all([
      scheduleDailyReconciliations(db(), after, { merchantId: s.scope.merchantId }),
      scheduleDailyReconciliations(db(), after, { merchantId: s.scope.merchantId }),
    ]);
    expect(made[0]! + made[1]!).toBe(1);
    expect(await scheduleDailyReconciliations(db(), after, { merchantId: quiet.merchant.id })).toBe(0);
    const runs = () =>
      db().query<{ id: string; status: string; run_number: number; from_date: string }>(
        `select id, status, run_number, from_date from reconciliations where merchant_id = $1 and origin = 'daily' order by run_number`,
        [s.scope.merchantId],
      );
    expect(await runs()).toEqual([expect.objectContaining({ status: 'pending', run_number: 1, from_date: day })]);
    // Wave down: the run fails; a new run is made after DAILY_RETRY_SECONDS, not before.
    s.wave.fail('transactions', waveError(500, 'internal-server-error', 'An internal server error occurred.'));
    await completePendingReconciliations(db(), after, { merchantId: s.scope.merchantId });
    expect((await runs()).map((r) => r.status)).toEqual(['failed']);
    expect(await scheduleDailyReconciliations(db(), after + 60, { merchantId: s.scope.merchantId })).toBe(0);
    expect(await scheduleDailyReconciliations(db(), after + DAILY_RETRY_SECONDS + 1, { merchantId: s.scope.merchantId })).toBe(1);
    await completePendingReconciliations(db(), after + DAILY_RETRY_SECONDS + 2, { merchantId: s.scope.merchantId });
    expect((await runs()).map((r) => [r.run_number, r.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    expect(await scheduleDailyReconciliations(db(), after + 3 * DAILY_RETRY_SECONDS, { merchantId: s.scope.merchantId })).toBe(0);
  });
});

describe('reconciliation against LND (ListInvoices, ListPayments)', () => {
  const lnds: FakeLnd[] = [];
  afterEach(async () => {
    for (const l of lnds.splice(0)) await l.close();
  });

  async function node() {
    const macaroon = `0201036c6e64${randomBytes(24).toString('hex')}`;
    const lnd = await startFakeLnd(macaroon);
    lnds.push(lnd);
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const account = await createRailAccount(db(), scope, {
      rail: 'btc_lightning',
      settings: { restUrl: lnd.url, macaroon, refundMacaroon: lnd.payMacaroon },
    });
    const invoice = async () => {
      const pi = await newIntent(m.keys.live, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
      expect((await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} })).status).toBe(200);
      const [att] = await db().query<{ id: string; backend_ref: string }>(`select id, backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id]);
      return { pi, attemptId: att!.id, hash: att!.backend_ref };
    };
    const reconcile = async () => {
      const day = zonedDate(now(), TZ);
      const made = await createReconciliation(db(), scope, { from: day, to: day }, { now: now() });
      await completePendingReconciliations(db(), now(), { merchantId: scope.merchantId });
      return retrieveReconciliation(db(), scope, made.id);
    };
    return { m, scope, lnd, macaroon, account, invoice, reconcile };
  }

  it('an invoice paid while Caisse did not look is credited; an invoice and a payment the node made outside Caisse are found; a second run finds only those', async () => {
    const n = await node();
    const c = await n.invoice();
    n.lnd.settle(c.hash);
    // Outside Caisse: an invoice someone else made on the node, paid; a payment the node sent.
    const made = await fetch(`${n.lnd.url}/v1/invoices`, {
      method: 'POST',
      headers: { 'grpc-metadata-macaroon': n.macaroon, 'content-type': 'application/json' },
      body: JSON.stringify({ value: '1500', memo: 'tip jar' }),
    });
    const outsideHash = Buffer.from(((await made.json()) as { r_hash: string }).r_hash, 'base64').toString('hex');
    n.lnd.settle(outsideHash);
    const remote = n.lnd.remoteInvoice({ sats: 700 });
    const sent = await fetch(`${n.lnd.url}/v2/router/send`, {
      method: 'POST',
      headers: { 'grpc-metadata-macaroon': n.lnd.payMacaroon, 'content-type': 'application/json' },
      body: JSON.stringify({ payment_request: remote.invoice, fee_limit_sat: '10', timeout_seconds: 30, no_inflight_updates: true }),
    });
    expect(sent.status).toBe(200);
    await sent.text();

    const r = await n.reconcile();
    expect(r.status).toBe('succeeded');
    expect(r.summary).toMatchObject({ listedAccounts: [n.account.id], backendMovementsRead: 3 });
    const byReason = Object.fromEntries(r.items.map((i) => [i.reason, i]));
    expect(Object.keys(byReason).sort()).toEqual(['credited_through_settle_path', 'payment_outside_caisse', 'transfer_outside_caisse']);
    expect(byReason.credited_through_settle_path).toMatchObject({
      kind: 'missing_in_caisse',
      resolution: 'credited',
      attemptId: c.attemptId,
      backendRef: c.hash,
    });
    expect(byReason.payment_outside_caisse).toMatchObject({
      resolution: 'outside_caisse',
      backendRef: outsideHash,
      backend: expect.objectContaining({ amount: 1500, currency: 'BTC' }),
    });
    expect(byReason.transfer_outside_caisse).toMatchObject({
      resolution: 'outside_caisse',
      backendRef: remote.hash,
      backend: expect.objectContaining({ amount: -700 }),
    });
    await assertMoneyInvariant(db(), c.pi.id, { paid: 25_000, now: now() + 5 });
    const again = await n.reconcile();
    expect(again.items.map((i) => i.reason).sort()).toEqual(['payment_outside_caisse', 'transfer_outside_caisse']);
  });

  it('ListInvoices failing (a node restarting): failed, naming the node', async () => {
    const n = await node();
    await n.invoice();
    n.lnd.listFaults.push({ status: 500, body: { code: 2, message: 'waiting to start, RPC services not available', details: [] } });
    expect(await n.reconcile()).toMatchObject({
      status: 'failed',
      failure: { code: 'backend_unavailable', rail: 'btc_lightning', railAccountId: n.account.id },
    });
  });
});

describe('reconciliation of an address rail (test mode, the on-chain simulator)', () => {
  it('the address is checked as a whole: a clean day has no item; a second payment to it never seen is credited through the settle path', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const t0 = now();
    const pi = await newIntent(m.keys.test, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    expect((await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: {} })).status).toBe(200);
    expect((await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} })).status).toBe(200);
    // A block later the worker sees it confirmed.
    await pollDueAttempts(db(), t0 + 60, { merchantId: scope.merchantId });
    const day = zonedDate(t0, TZ);
    const run = async (t: number) => {
      const made = await createReconciliation(db(), scope, { from: day, to: day }, { now: t });
      await completePendingReconciliations(db(), t, { merchantId: scope.merchantId });
      return retrieveReconciliation(db(), scope, made.id);
    };
    expect(await run(t0 + 61)).toMatchObject({ status: 'succeeded', itemCount: 0, livemode: false });
    // The payer sends 10,000 sats more to the same address; Caisse has not looked since.
    const [row] = await db().query(`select * from payment_attempts where payment_intent_id = $1`, [pi.id]);
    const adapter = railAdapter('btc_onchain', false)!;
    const details = adapter.simulator!.pay(attemptView(row!), 10_000, t0 + 62);
    await db().query(`update payment_attempts set details = $2 where id = $1`, [row!.id, JSON.stringify(details)]);
    const r = await run(t0 + 120);
    expect(r.items).toEqual([
      expect.objectContaining({
        kind: 'amount_differs',
        resolution: 'credited',
        attemptId: row!.id,
        caisse: expect.objectContaining({ amount: 60_000 }),
        backend: expect.objectContaining({ amount: 60_000 }),
      }),
    ]);
    await assertMoneyInvariant(db(), pi.id, { paid: 60_000, now: t0 + 125 });
    expect((await run(t0 + 130)).itemCount).toBe(0);
  });
});
