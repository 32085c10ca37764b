// Report runs (issue 28, step 3): POST /v1/report_runs answers at once (pending); the worker's pass
// (workerTasks, scoped to the test's merchant) pins the ledger and completes the run with its event;
// GET /v1/report_runs/:id/file streams the CSV. The ledger lines come from the real engine (test-mode
// payments, an overpayment, a late payment, refunds). Checked: the balance_transactions file against
// the API's own ledger, line by line, to the unit; the pin (money after completion stays out of the
// file); the daily summary's arithmetic (closing - opening == payments - refunds, a day's closing is
// the next's opening, counts) and a time-zone boundary; formula escaping; the validation errors; a
// pending run's file refused; the list's pages; another merchant's run not found.
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '@/lib/csv';
import { cancelPaymentIntent } from '@/lib/payments/cancel';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testPay } from '@/lib/payments/test-helpers';
import { testSettleRefund } from '@/lib/refunds/test-helpers';
import { balanceTransactionCsvLine, DAILY_SUMMARY_COLUMNS, type LedgerLine } from '@/lib/reports/file';
import { dailySummary } from '@/lib/reports/summary';
import { addDays, zonedDate, zonedDayStart, zonedIsoWriter } from '@/lib/time-zone';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { attemptsOf, newIntent, now } from './lifecycle-helpers';
import { download, noonZone, parseCsv, reportPass } from './report-helpers';

const { db } = useDatabase();
type M = Awaited<ReturnType<typeof newMerchant>>;
const scopeOf = (x: M) => ({ merchantId: x.merchant.id, livemode: false });
const get = (x: M, path: string) => call('GET', path, { key: x.keys.test });
const post = (x: M, path: string, body: object = {}) => call('POST', path, { key: x.keys.test, body });

/** The worker's report pass for one merchant, on the tasks' clock. */
const workerPass = (x: M, at = now()) => reportPass(db(), x.merchant.id, at);

/** A run made through the API and completed by one worker pass. */
async function completedRun(x: M, body: object, at = now()) {
  const made = await post(x, '/v1/report_runs', body);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(await workerPass(x, at)).toBeGreaterThanOrEqual(1);
  const run = (await get(x, `/v1/report_runs/${made.body.id}`)).body;
  expect(run.status).toBe('succeeded');
  return run;
}

let m: M;
let zone: string;
let today: string;
beforeAll(async () => {
  m = await newMerchant(db(), 'Reports shop');
  zone = noonZone();
  expect((await post(m, '/v1/account', { timeZone: zone })).body.timeZone).toBe(zone);
  today = zonedDate(now(), zone);
});

describe('a balance_transactions run, end to end', () => {
  it('answers pending at once; the worker pins, counts and succeeds it with report_run.succeeded; the file is the ledger, line by line, to the unit', async () => {
    const x = await newMerchant(db(), 'Reports end-to-end shop');
    await post(x, '/v1/account', { timeZone: zone });
    const t0 = now();
    // A mobile-money payment and its partial refund.
    const momo = await newIntent(x.keys.test, { amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    await testPay(db(), scopeOf(x), momo.id, {}, { now: t0 });
    const r1 = (await post(x, '/v1/refunds', { paymentIntentId: momo.id, amount: 1500 })).body;
    await testSettleRefund(db(), scopeOf(x), r1.id, 'succeed', t0 + 5);
    // An overpaid on-chain payment: a payment and an overpayment line.
    const btc = await newIntent(x.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await testPay(db(), scopeOf(x), btc.id, { amount: 12_000 }, { now: t0 + 10 });
    await pollDueAttempts(db(), t0 + 70, { merchantId: x.merchant.id });
    // A late payment on a canceled intent.
    const late = await newIntent(x.keys.test, { amount: 3000, currency: 'BTC', rail: 'btc_onchain' });
    await confirmPaymentIntent(db(), scopeOf(x), late.id, {}, { now: t0 });
    await cancelPaymentIntent(db(), scopeOf(x), late.id);
    const [watched] = await attemptsOf(db(), late.id);
    await testPay(db(), scopeOf(x), late.id, { amount: 3000 }, { now: watched!.next_poll_at! });
    await pollDueAttempts(db(), watched!.next_poll_at! + 60, { merchantId: x.merchant.id });
    // A franc price paid in USDT: converted at the quote.
    const usdt = await newIntent(x.keys.test, { amount: 10_000, currency: 'XOF', rail: 'usdt_trc20' });
    await testPay(db(), scopeOf(x), usdt.id, {}, { now: t0 + 20 });
    await pollDueAttempts(db(), t0 + 620, { merchantId: x.merchant.id });
    await assertMoneyInvariant(db(), btc.id, { paid: 12_000, now: t0 + 70 });

    const made = await post(x, '/v1/report_runs', { type: 'balance_transactions', from: addDays(today, -1), to: today });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toEqual({
      id: expect.stringMatching(/^frr_/),
      object: 'report_run',
      type: 'balance_transactions',
      status: 'pending',
      timeZone: zone,
      from: addDays(today, -1),
      to: today,
      rowCount: null,
      fileUrl: null,
      livemode: false,
      createdAt: expect.any(Number),
    });
    expect(await workerPass(x, t0 + 700)).toBe(1);
    expect(await workerPass(x, t0 + 700)).toBe(0); // nothing left
    const run = (await get(x, `/v1/report_runs/${made.body.id}`)).body;
    const ledger = (await get(x, '/v1/balance_transactions?limit=100')).body.data.reverse();
    expect(ledger.length).toBeGreaterThanOrEqual(6);
    expect(run).toMatchObject({ status: 'succeeded', rowCount: ledger.length, fileUrl: `http://localhost:3000/v1/report_runs/${run.id}/file` });
    const events = await db().query<{ type: string; data: any }>(`select type, data from events where merchant_id = $1 and type like 'report_run.%'`, [
      x.merchant.id,
    ]);
    expect(events.map((e) => e.type)).toEqual(['report_run.succeeded']);
    expect(events[0]!.data.object).toEqual(run);

    const file = await download(x.keys.test, run.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="report-balance_transactions-${addDays(today, -1)}-${today}-${run.id}.csv"`);
    const [header, ...rows] = parseCsv(file.text);
    expect(header).toEqual([
      'id',
      'createdAt',
      'createdAtUtc',
      'type',
      'source',
      'paymentIntentId',
      'rail',
      'railAccountId',
      'platformAccount',
      'amount',
      'currency',
      'amountInIntentCurrency',
      'intentCurrency',
      'rate',
    ]);
    const zoned = zonedIsoWriter(zone);
    expect(rows).toEqual(
      ledger.map((l: any) => [
        l.id,
        zoned(l.createdAt),
        `${new Date(l.createdAt * 1000).toISOString().slice(0, 19)}Z`,
        l.type,
        l.source,
        l.paymentIntentId,
        l.rail,
        l.railAccountId ?? '',
        String(l.platformAccount),
        String(l.amount),
        l.currency,
        String(l.amountInIntentCurrency),
        l.intentCurrency,
        l.rate ?? '',
      ]),
    );
    // Every kind of line the engine wrote is there, and the money adds up to the unit.
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(['payment', 'refund', 'overpayment', 'late_payment']));
    expect(rows.filter((r) => r[4] === r1.id).map((r) => r[9])).toEqual(['-1500']);
    expect(rows.find((r) => r[4] === usdt.id)!.slice(9)).toEqual(['16666667', 'USDT', '10000', 'XOF', '600']);
    // Downloaded twice: the same bytes.
    expect((await download(x.keys.test, run.id)).text).toBe(file.text);
  });

  it('the pin: money that arrives after completion is not in the file, which stays the same bytes', async () => {
    const x = await newMerchant(db(), 'Reports pin shop');
    await post(x, '/v1/account', { timeZone: zone });
    const a = await newIntent(x.keys.test, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    await post(x, `/v1/test_helpers/payment_intents/${a.id}/pay`);
    const run = await completedRun(x, { type: 'balance_transactions', from: today, to: today });
    expect(run.rowCount).toBe(1);
    const before = await download(x.keys.test, run.id);
    const b = await newIntent(x.keys.test, { amount: 3000, currency: 'XOF', rail: 'mobile_money_a' });
    await post(x, `/v1/test_helpers/payment_intents/${b.id}/pay`);
    expect((await get(x, '/v1/balance_transactions')).body.data).toHaveLength(2);
    const after = await download(x.keys.test, run.id);
    expect(after.text).toBe(before.text);
    expect(after.text).not.toContain(b.id);
    // A new run sees it.
    const again = await completedRun(x, { type: 'balance_transactions', from: today, to: today });
    expect(again.rowCount).toBe(2);
    expect((await download(x.keys.test, again.id)).text).toContain(b.id);
  });
});

describe('the daily summary', () => {
  /** Lines at chosen instants through the engine: a mobile-money payment at `t`, a refund of part of it at `t + dt`. */
  async function payAt(x: M, amount: number, t: number) {
    const pi = await newIntent(x.keys.test, { amount, currency: 'XOF', rail: 'mobile_money_a' });
    await testPay(db(), scopeOf(x), pi.id, {}, { now: t });
    return pi;
  }
  async function refundAt(x: M, pi: { id: string }, amount: number, t: number) {
    const r = (await post(x, '/v1/refunds', { paymentIntentId: pi.id, amount })).body;
    await testSettleRefund(db(), scopeOf(x), r.id, 'succeed', t);
    return r;
  }

  it('per day and account: closing - opening == payments - refunds, the next day opens where this one closed, counts; Africa/Douala: 23:30 UTC is the next local day', async () => {
    const x = await newMerchant(db(), 'Reports Douala shop');
    await post(x, '/v1/account', { timeZone: 'Africa/Douala' });
    const tz = 'Africa/Douala';
    const d0 = addDays(zonedDate(now(), tz), -5);
    const d1 = addDays(d0, 1);
    const d2 = addDays(d0, 2);
    const noon = (d: string) => zonedDayStart(d, tz) + 12 * 3600;
    // Before the range: its opening.
    const early = await payAt(x, 1000, noon(addDays(d0, -3)));
    // d0: two payments, one refund.
    const p1 = await payAt(x, 4000, noon(d0));
    await payAt(x, 2500, noon(d0) + 60);
    await refundAt(x, p1, 700, noon(d0) + 120);
    // 23:30 UTC on d1 is 00:30 on d2 in Douala (UTC+1): d2's line.
    const boundary = Date.parse(`${d1}T23:30:00Z`) / 1000;
    expect(zonedDate(boundary, tz)).toBe(d2);
    const p3 = await payAt(x, 6000, boundary);
    // d2: a refund of the early payment.
    await refundAt(x, early, 400, noon(d2));

    const rows = await dailySummary(db(), scopeOf(x), d0, d2);
    const base = { rail: 'mobile_money_a', railAccountId: null, platformAccount: false, currency: 'XOF', intentCurrency: 'XOF' };
    expect(rows).toEqual(
      [
        { ...base, date: d0, opening: 1000, payments: 6500, refunds: 700, closing: 6800, count: 3 },
        { ...base, date: d1, opening: 6800, payments: 0, refunds: 0, closing: 6800, count: 0 },
        { ...base, date: d2, opening: 6800, payments: 6000, refunds: 400, closing: 12_400, count: 2 },
      ].map((r) => ({
        ...r,
        openingInIntentCurrency: r.opening,
        paymentsInIntentCurrency: r.payments,
        refundsInIntentCurrency: r.refunds,
        closingInIntentCurrency: r.closing,
      })),
    );
    for (const [i, r] of rows.entries()) {
      expect(r.closing - r.opening).toBe(r.payments - r.refunds);
      if (i > 0) expect(r.opening).toBe(rows[i - 1]!.closing);
    }
    // The run's file says the same, and the balance_transactions file writes the line at 00:30 local time.
    const run = await completedRun(x, { type: 'daily_summary', from: d0, to: d2 });
    expect(run).toMatchObject({ timeZone: tz, rowCount: 3 });
    const [header, ...lines] = parseCsv((await download(x.keys.test, run.id)).text);
    expect(header).toEqual([...DAILY_SUMMARY_COLUMNS]);
    expect(lines.map((l) => [l[0], l[5], l[6], l[7], l[8], l[9], l[11], l[14]])).toEqual([
      [d0, '1000', '6500', '700', '6800', '3', '1000', '6800'],
      [d1, '6800', '0', '0', '6800', '0', '6800', '6800'],
      [d2, '6800', '6000', '400', '12400', '2', '6800', '12400'],
    ]);
    const txns = await completedRun(x, { type: 'balance_transactions', from: d2, to: d2 });
    const p3line = parseCsv((await download(x.keys.test, txns.id)).text).find((l) => l[4] === p3.id)!;
    expect(p3line.slice(1, 3)).toEqual([`${d2}T00:30:00+01:00`, `${d1}T23:30:00Z`]);
  });

  it("converted money: the rail's amount and the francs at the quote, per intent currency", async () => {
    const x = await newMerchant(db(), 'Reports USDT shop');
    await post(x, '/v1/account', { timeZone: zone });
    const t0 = now();
    const xof = await newIntent(x.keys.test, { amount: 10_000, currency: 'XOF', rail: 'usdt_trc20' });
    await testPay(db(), scopeOf(x), xof.id, {}, { now: t0 });
    await pollDueAttempts(db(), t0 + 600, { merchantId: x.merchant.id });
    const own = await newIntent(x.keys.test, { amount: 2_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    await testPay(db(), scopeOf(x), own.id, {}, { now: t0 });
    await pollDueAttempts(db(), t0 + 600, { merchantId: x.merchant.id });
    const rows = await dailySummary(db(), scopeOf(x), today, today);
    expect(rows.map((r) => [r.currency, r.intentCurrency, r.payments, r.paymentsInIntentCurrency, r.count])).toEqual([
      ['USDT', 'USDT', 2_000_000, 2_000_000, 1],
      ['USDT', 'XOF', 16_666_667, 10_000, 1],
    ]);
  });
});

describe('the CSV cells', () => {
  it('escapes formulas in text cells (a leading quote) and keeps numbers, negative ones too, as numbers', () => {
    for (const s of ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(s).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(-1500)).toBe('-1500');
    expect(csvCell(12n)).toBe('12');
    const line: LedgerLine = {
      id: 'txn_x',
      seq: '1',
      created_at: 1_767_225_600,
      type: 'payment',
      source: '=cmd|" /C calc"!A0',
      payment_intent_id: 'pi_x',
      rail: 'mobile_money_a',
      rail_account_id: null,
      account_owner: 'simulator',
      amount: -5,
      currency: 'XOF',
      amount_in_intent_currency: '-5',
      intent_currency: 'XOF',
      rate: null,
    };
    expect(balanceTransactionCsvLine(line, zonedIsoWriter('Africa/Douala'))).toBe(
      `txn_x,2026-01-01T01:00:00+01:00,2026-01-01T00:00:00Z,payment,"'=cmd|"" /C calc""!A0",pi_x,mobile_money_a,,false,-5,XOF,-5,XOF,\r\n`,
    );
  });
});

describe('the API: validation, states, the list, other merchants', () => {
  it('refuses bad dates, from after to, more than 366 days, a day after today, an unknown type: 400 naming the parameter', async () => {
    const cases: [object, string, RegExp][] = [
      [{ type: 'daily_summary', from: '2026-02-30', to: today }, 'from', /real calendar date/],
      [{ type: 'daily_summary', from: '2026/01/01', to: today }, 'from', /YYYY-MM-DD/],
      [{ type: 'daily_summary', from: today, to: addDays(today, -1) }, 'to', /on or after from/],
      [{ type: 'daily_summary', from: addDays(today, -366), to: today }, 'to', /at most 366 days/],
      [{ type: 'daily_summary', from: today, to: addDays(today, 1) }, 'to', /after today/],
      [{ type: 'payouts', from: today, to: today }, 'type', /balance_transactions, daily_summary/],
      [{ type: 'daily_summary', from: today }, 'to', /./],
      [{ type: 'daily_summary', from: today, to: today, extra: 1 }, 'extra', /./],
    ];
    for (const [body, param, message] of cases) {
      const res = await post(m, '/v1/report_runs', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param });
      expect(res.body.error.message).toMatch(message);
    }
    // 366 days, both ends included, is the most.
    expect((await post(m, '/v1/report_runs', { type: 'daily_summary', from: addDays(today, -365), to: today })).status).toBe(200);
  });

  it("a pending run's file: 409 report_not_ready; another merchant's run: 404, and its file too", async () => {
    const x = await newMerchant(db(), 'Reports pending shop');
    const made = (await post(x, '/v1/report_runs', { type: 'daily_summary', from: today, to: today })).body;
    const res = await download(x.keys.test, made.id);
    expect(res.status).toBe(409);
    expect(JSON.parse(res.text).error).toMatchObject({ code: 'report_not_ready', type: 'invalid_request_error' });
    const other = await newMerchant(db(), 'Reports stranger');
    expect((await get(other, `/v1/report_runs/${made.id}`)).status).toBe(404);
    expect((await download(other.keys.test, made.id)).status).toBe(404);
    expect((await get(other, '/v1/report_runs')).body.data).toEqual([]);
    // The live mode does not see a test-mode run either.
    expect((await call('GET', `/v1/report_runs/${made.id}`, { key: x.keys.live })).status).toBe(404);
    // Completed later, its file is there.
    expect(await workerPass(x)).toBe(1);
    expect((await download(x.keys.test, made.id)).status).toBe(200);
  });

  it('a run that cannot be written is tried again a minute later, then failed after 3 tries with report_run.failed; its file stays refused', async () => {
    const x = await newMerchant(db(), 'Reports failing shop');
    const made = (await post(x, '/v1/report_runs', { type: 'daily_summary', from: today, to: today })).body;
    // A zone the runtime does not know (as if its data changed under a stored run): the summary cannot be counted.
    await db().query(`update report_runs set time_zone = 'Nowhere/Else' where id = $1`, [made.id]);
    const t = now();
    expect(await workerPass(x, t)).toBe(0);
    expect(await workerPass(x, t + 30)).toBe(0); // not due again yet
    expect(await workerPass(x, t + 60)).toBe(0);
    expect((await get(x, `/v1/report_runs/${made.id}`)).body.status).toBe('pending');
    expect(await workerPass(x, t + 120)).toBe(1);
    const run = (await get(x, `/v1/report_runs/${made.id}`)).body;
    expect(run).toMatchObject({ status: 'failed', rowCount: null, fileUrl: null });
    const events = await db().query<{ type: string }>(`select type from events where merchant_id = $1 and type like 'report_run.%'`, [x.merchant.id]);
    expect(events.map((e) => e.type)).toEqual(['report_run.failed']);
    const file = await download(x.keys.test, made.id);
    expect(file.status).toBe(409);
    expect(JSON.parse(file.text).error.message).toMatch(/failed: it has no file/);
  });

  it('lists newest first with keyset pages', async () => {
    const x = await newMerchant(db(), 'Reports list shop');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(x, '/v1/report_runs', { type: 'balance_transactions', from: today, to: today })).body.id);
    const first = (await get(x, '/v1/report_runs?limit=2')).body;
    expect(first).toMatchObject({ object: 'list', hasMore: true, url: '/v1/report_runs' });
    const second = (await get(x, `/v1/report_runs?limit=2&startingAfter=${first.data[1].id}`)).body;
    const third = (await get(x, `/v1/report_runs?limit=2&startingAfter=${second.data[1].id}`)).body;
    expect(third.hasMore).toBe(false);
    expect([...first.data, ...second.data, ...third.data].map((r: any) => r.id)).toEqual([...ids].reverse());
    expect((await get(x, `/v1/report_runs?startingAfter=frr_nope0000000000`)).status).toBe(400);
  });
});
