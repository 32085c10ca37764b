// The backends' listings reconciliation reads (RailAdapter.listMovements), each adapter against its
// fake (written from the vendor's documentation): Wave's Balance & Reconciliation API transaction
// list (a day at a time, every page by its cursor, fees, money out negative, the Balance API's key
// rule, a 5xx) and LND's ListInvoices and ListPayments (pages by index offset, settled in the period
// only, a failure).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LndAdapter } from '@/lib/rails/lightning/lnd';
import { WaveAdapter } from '@/lib/rails/mobile-money/wave';
import { BackendError } from '@/lib/rails/types';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { type FakeWave, startFakeWave, waveError } from './fakes/wave';

const KEY = `wave_sn_prod_${'r'.repeat(32)}`;
let wave: FakeWave;
let lnd: FakeLnd;
const MAC = '0201036c6e64aabbccdd';

beforeAll(async () => {
  wave = await startFakeWave({ apiKey: KEY, checkoutFeeRate: 0.01, transactionsPageSize: 2 });
  lnd = await startFakeLnd(MAC);
});
afterAll(async () => {
  await wave.close();
  await lnd.close();
});

const day = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('Wave: GET /v1/transactions', () => {
  const adapter = () => new WaveAdapter('mobile_money_d', { baseUrl: wave.url, apiKey: KEY, timeoutMs: 2000 });

  it('reads every page of every UTC day of the period, keeps the period, and maps gross amounts (fees added back in, left out going out)', async () => {
    wave.transactions.splice(0);
    const at = (iso: string) => Date.parse(iso);
    wave.recordTransaction({ type: 'api_checkout', amount: 1980, fee: 20, sessionId: 'cos-a', clientReference: 'att_a', atMs: at('2026-03-01T23:30:00Z') });
    wave.recordTransaction({ type: 'merchant_payment', amount: 990, fee: 10, atMs: at('2026-03-02T08:00:00Z') });
    wave.recordTransaction({ type: 'api_checkout', amount: 495, fee: 5, sessionId: 'cos-b', atMs: at('2026-03-02T09:00:00Z') });
    wave.recordTransaction({ type: 'api_checkout_refund', amount: -2000, sessionId: 'cos-a', atMs: at('2026-03-02T10:00:00Z') });
    wave.recordTransaction({ type: 'api_payout', amount: -505, fee: 5, clientReference: 're_x', atMs: at('2026-03-02T11:00:00Z') });
    wave.recordTransaction({ type: 'api_checkout', amount: 99, fee: 1, sessionId: 'cos-c', atMs: at('2026-03-03T00:00:00Z') });
    const before = wave.requests.length;
    // A period of the merchant's day 2026-03-02 in a zone an hour ahead of UTC: 23:00 UTC the day before to 23:00.
    const moves = await adapter().listMovements({ start: day('2026-03-01T23:00:00Z'), end: day('2026-03-02T23:00:00Z') });
    expect(moves.map((m) => [m.direction, m.backendRef, m.clientReference, m.amount])).toEqual([
      ['in', 'cos-a', 'att_a', 2000],
      ['in', null, null, 1000],
      ['in', 'cos-b', null, 500],
      ['out', 'cos-a', null, -2000],
      ['out', null, 're_x', -500],
    ]);
    const asked = wave.requests.slice(before).map((r) => r.path);
    // Two days, the second over two pages (two items a page), by the cursor Wave gave.
    expect(asked.filter((p) => p.includes('date=2026-03-01'))).toHaveLength(1);
    expect(asked.filter((p) => p.includes('date=2026-03-02'))).toHaveLength(2);
    expect(asked.some((p) => /date=2026-03-02&after=/.test(p))).toBe(true);
  });

  it('a 5xx, and a key without the Balance API (403): BackendError, never a short list', async () => {
    wave.fail('transactions', waveError(503, 'service-unavailable', 'Service unavailable.'));
    await expect(adapter().listMovements({ start: day('2026-03-02T00:00:00Z'), end: day('2026-03-03T00:00:00Z') })).rejects.toBeInstanceOf(BackendError);
    const other = await startFakeWave({ apiKey: KEY, balanceApi: false });
    try {
      const a = new WaveAdapter('mobile_money_d', { baseUrl: other.url, apiKey: KEY, timeoutMs: 2000 });
      await expect(a.listMovements({ start: day('2026-03-02T00:00:00Z'), end: day('2026-03-03T00:00:00Z') })).rejects.toMatchObject({ status: 403 });
    } finally {
      await other.close();
    }
  });
});

describe('LND: ListInvoices and ListPayments', () => {
  it('pages through more than 100 invoices; keeps those settled in the period; the payments the node sent, with the refund macaroon', async () => {
    const adapter = new LndAdapter({ restUrl: lnd.url, macaroonHex: MAC, refundMacaroonHex: lnd.payMacaroon, timeoutMs: 3000 });
    const t = Math.floor(Date.now() / 1000);
    const hashes: string[] = [];
    for (let i = 0; i < 130; i++) {
      const res = await fetch(`${lnd.url}/v1/invoices`, {
        method: 'POST',
        headers: { 'grpc-metadata-macaroon': MAC, 'content-type': 'application/json' },
        body: JSON.stringify({ value: String(1000 + i), memo: `n${i}` }),
      });
      hashes.push(Buffer.from(((await res.json()) as { r_hash: string }).r_hash, 'base64').toString('hex'));
    }
    lnd.settle(hashes[3]!);
    lnd.settle(hashes[120]!, 2000);
    const remote = lnd.remoteInvoice({ sats: 700 });
    const sent = await fetch(`${lnd.url}/v2/router/send`, {
      method: 'POST',
      headers: { 'grpc-metadata-macaroon': lnd.payMacaroon, 'content-type': 'application/json' },
      body: JSON.stringify({ payment_request: remote.invoice, fee_limit_sat: '10', timeout_seconds: 30, no_inflight_updates: true }),
    });
    await sent.text();
    const moves = await adapter.listMovements({ start: t - 60, end: t + 60 });
    expect(moves).toEqual([
      expect.objectContaining({ direction: 'in', backendRef: hashes[3], amount: 1003, currency: 'BTC' }),
      expect.objectContaining({ direction: 'in', backendRef: hashes[120], amount: 2000 }),
      expect.objectContaining({ direction: 'out', backendRef: remote.hash, amount: -700 }),
    ]);
    // Nothing settled in another period.
    expect(await adapter.listMovements({ start: t - 7200, end: t - 3600 })).toEqual([]);
    // A node failing: BackendError.
    lnd.listFaults.push({ status: 500, body: { code: 2, message: 'waiting to start, RPC services not available', details: [] } });
    await expect(adapter.listMovements({ start: t - 60, end: t + 60 })).rejects.toBeInstanceOf(BackendError);
  });
});
