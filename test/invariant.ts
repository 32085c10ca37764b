// The money invariant, called at the end of every money test (issue 9):
//   1. what the backend (a fake server, or the simulator) says was paid == the intent's amountReceived;
//   2. == the sum of its attempts' received amounts, and each receive address credited exactly what
//      the attempts on it received (derived_addresses.amount_credited: an address shared by several
//      attempts never counts a payment twice);
//   3. asking the backend again about every attempt, and settling its answer (even an attempt that
//      ended and is no longer watched), changes nothing: no double count on a re-poll, on the intent
//      or on any attempt (each attempt's status and received amount compared);
//   4. the intent has exactly one `payment_intent.succeeded` event if it succeeded, none otherwise.
// It returns the intent's event types, sorted (events of one second have no order between them), so
// the caller can assert the exact list (never `arrayContaining`).
import { expect } from 'vitest';
import type { Db } from '@/lib/db/client';
import type { Currency, Rail } from '@/lib/money';
import { applyReport as settle } from '@/lib/payments/apply-decision';
import { railAdapter } from '@/lib/rails/registry';
import { attemptView, lockAttempt } from '@/lib/store/attempts';
import { lockIntent } from '@/lib/store/intents';

/** Minor-unit exponents, as the contract states them (not read from lib/money.ts). */
const EXPONENT: Record<string, number> = { XOF: 0, XAF: 0, GNF: 0, BTC: 8, USDT: 6 };

/**
 * What `received` (settlement minor units) paid under a quote is worth in the intent's currency,
 * computed here from the contract's rule, independently of lib/domain (whose conversion this
 * checks): exactly the quote's amount is the whole `due`; more is `due` plus the excess at the
 * rate, rounded down; less is the amount at the rate, rounded down, and never more than `due - 1`.
 * The rate is a decimal string: intent major units for one settlement major unit.
 */
export function expectedWorth(quote: { amount: number; currency: string; rate: string; due: number } | null, received: number, intentCurrency: string): number {
  if (!quote || received <= 0) return Math.max(0, received);
  const [whole, frac = ''] = quote.rate.split('.');
  const mantissa = BigInt(whole! + frac);
  const down = (settlementMinor: bigint) =>
    (settlementMinor * mantissa * 10n ** BigInt(EXPONENT[intentCurrency]!)) / (10n ** BigInt(EXPONENT[quote.currency]!) * 10n ** BigInt(frac.length));
  if (received === quote.amount) return quote.due;
  if (received > quote.amount) return quote.due + Number(down(BigInt(received - quote.amount)));
  const value = Number(down(BigInt(received)));
  return Math.min(value, quote.due - 1);
}

/**
 * With money first seen after the quote ended (payment_attempts.valuation): the part seen in time at
 * the quote (`expectedWorth`), then each late part at its own rate, rounded down. Written here, not
 * with the product's conversion.
 */
export function expectedWorthValued(
  quote: Parameters<typeof expectedWorth>[0],
  valuation: { inTime: number; late: { upTo: number; rate: string }[] } | null,
  received: number,
  intentCurrency: string,
): number {
  if (!quote || !valuation) return expectedWorth(quote, received, intentCurrency);
  let worth = expectedWorth(quote, Math.min(received, valuation.inTime), intentCurrency);
  let from = valuation.inTime;
  for (const part of valuation.late) {
    if (received <= from) break;
    const [whole, frac = ''] = part.rate.split('.');
    const units = BigInt(Math.min(received, part.upTo) - from);
    worth += Number(
      (units * BigInt(whole! + frac) * 10n ** BigInt(EXPONENT[intentCurrency]!)) / (10n ** BigInt(EXPONENT[quote.currency]!) * 10n ** BigInt(frac.length)),
    );
    from = part.upTo;
  }
  return worth;
}

export interface InvariantOptions {
  /** What the backend says the payer paid, in the intent's minor units (converted at the quotes). */
  paid: number;
  /** Converting rails: what the backend says was paid in the settlement currency (sats, USDT micro-units). */
  paidSettlement?: number;
  /** The clock of the re-poll (the test's injected time); default: the real clock. */
  now?: number;
  /** Refunds: what the backend says went back to the payer (intent minor units): amountRefunded and the succeeded refunds must say the same. */
  refunded?: number;
  /** Refunds: what the backend says went back, in what left on the rail (francs, sats, micro-USDT). */
  refundedSettlement?: number;
  /** Skip the re-poll (a test whose fake backend is gone, or whose clock cannot be replayed). */
  noRepoll?: boolean;
}

interface Snapshot {
  status: string;
  amountReceived: number;
  attempts: string;
  events: string[];
}

async function snapshot(db: Db, intentId: string): Promise<Snapshot> {
  const [pi] = await db.query<{ status: string; amount_received: number }>(`select status, amount_received from payment_intents where id = $1`, [intentId]);
  if (!pi) throw new Error(`no payment intent ${intentId}`);
  const attempts = await db.query<{ id: string; status: string; amount_received: number }>(
    `select id, status, amount_received from payment_attempts where payment_intent_id = $1 order by seq`,
    [intentId],
  );
  return {
    status: pi.status,
    amountReceived: Number(pi.amount_received),
    attempts: JSON.stringify(attempts.map((a) => [a.id, a.status, Number(a.amount_received)])),
    events: await intentEvents(db, intentId),
  };
}

/** The types of the events about this intent, sorted by name. */
export async function intentEvents(db: Db, intentId: string): Promise<string[]> {
  const rows = await db.query<{ type: string }>(`select type from events where data->'object'->>'id' = $1`, [intentId]);
  return rows.map((r) => r.type).sort();
}

export async function assertMoneyInvariant(db: Db, intentId: string, opts: InvariantOptions): Promise<string[]> {
  const before = await snapshot(db, intentId);
  expect(before.amountReceived, 'amountReceived == what the backend says was paid').toBe(opts.paid);

  const attempts = await db.query<{
    id: string;
    rail: string;
    destination: string | null;
    amount_received: number;
    quote: Parameters<typeof expectedWorth>[0];
    valuation: Parameters<typeof expectedWorthValued>[1];
  }>(`select id, rail, destination, amount_received, quote, valuation from payment_attempts where payment_intent_id = $1`, [intentId]);
  const currency = (await db.query<{ currency: Currency }>(`select currency from payment_intents where id = $1`, [intentId]))[0]!.currency;
  // Each attempt's money is worth its quote's conversion (the same money without a quote).
  const sum = attempts.reduce((s, a) => s + expectedWorthValued(a.quote, a.valuation, Number(a.amount_received), currency), 0);
  expect(sum, "amountReceived == the sum of the attempts' received amounts (at their quotes)").toBe(before.amountReceived);
  if (opts.paidSettlement !== undefined)
    expect(
      attempts.reduce((s, a) => s + Number(a.amount_received), 0),
      'the attempts received what the backend says was paid, in the settlement currency',
    ).toBe(opts.paidSettlement);

  const addresses = await db.query<{ address: string; rail: string; amount_credited: number }>(
    `select address, rail, amount_credited from derived_addresses where payment_intent_id = $1`,
    [intentId],
  );
  for (const a of addresses) {
    const onIt = attempts.filter((x) => x.rail === a.rail && x.destination === a.address).reduce((s, x) => s + Number(x.amount_received), 0);
    expect(Number(a.amount_credited), `address ${a.address} credited == what its attempts received`).toBe(onIt);
  }

  const refunds = await db.query<{ amount: number; settlement_amount: number; status: string }>(
    `select amount, settlement_amount, status from refunds where payment_intent_id = $1`,
    [intentId],
  );
  const done = refunds.filter((r) => r.status === 'succeeded');
  const [{ amount_refunded }] = (await db.query<{ amount_refunded: number }>(`select amount_refunded from payment_intents where id = $1`, [intentId])) as [
    { amount_refunded: number },
  ];
  expect(Number(amount_refunded), 'amountRefunded == the sum of the succeeded refunds').toBe(done.reduce((s, r) => s + Number(r.amount), 0));
  if (opts.refunded !== undefined) expect(Number(amount_refunded), 'amountRefunded == what the backend says went back').toBe(opts.refunded);
  if (opts.refundedSettlement !== undefined)
    expect(
      done.reduce((s, r) => s + Number(r.settlement_amount), 0),
      'the succeeded refunds == what left on the rail',
    ).toBe(opts.refundedSettlement);
  // The ledger (balance_transactions): every movement written with it, so it adds up to the intent's
  // money, and each attempt's lines to what that attempt holds; the refunds' lines to what went back.
  const ledger = await db.query<{
    type: string;
    payment_attempt_id: string | null;
    refund_id: string | null;
    amount: number;
    amount_in_intent_currency: number;
  }>(`select type, payment_attempt_id, refund_id, amount, amount_in_intent_currency from balance_transactions where payment_intent_id = $1`, [intentId]);
  expect(
    ledger.reduce((t, l) => t + Number(l.amount_in_intent_currency), 0),
    'the ledger of the intent == amountReceived - amountRefunded',
  ).toBe(before.amountReceived - Number(amount_refunded));
  for (const a of attempts) {
    const lines = ledger.filter((l) => l.payment_attempt_id === a.id && l.refund_id === null).reduce((t, l) => t + Number(l.amount), 0);
    expect(lines, `the ledger's lines of attempt ${a.id} == what it received`).toBe(Number(a.amount_received));
  }
  expect(
    ledger.filter((l) => l.type === 'refund').reduce((t, l) => t - Number(l.amount), 0),
    "the ledger's refunds == the succeeded refunds, as moved on the rail",
  ).toBe(done.reduce((t, r) => t + Number(r.settlement_amount), 0));
  const holding = refunds.filter((r) => r.status !== 'failed' && r.status !== 'canceled').reduce((s, r) => s + Number(r.amount), 0);
  expect(holding, 'refunds never hold more than was received').toBeLessThanOrEqual(before.amountReceived);

  const succeeded = before.events.filter((t) => t === 'payment_intent.succeeded').length;
  expect(succeeded, 'payment_intent.succeeded events').toBe(before.status === 'succeeded' ? 1 : 0);

  if (!opts.noRepoll) {
    const now = opts.now ?? Math.floor(Date.now() / 1000);
    for (const a of attempts) {
      const row = (await db.query(`select * from payment_attempts where id = $1`, [a.id]))[0]!;
      const adapter = railAdapter(row.rail as Rail, row.livemode as boolean);
      if (!adapter || row.status === 'creating') continue;
      // An attempt whose request never reached its backend (refused, aborted) has nothing to ask about
      // there (an address can receive without any request: it is always asked).
      if (row.backend_ref === null && row.rail !== 'btc_onchain' && row.rail !== 'usdt_trc20') continue;
      // An address handed to a newer attempt of the intent is asked about through that one: in test
      // mode an attempt's simulated chain is a copy taken when it started, not the address's history.
      const newer = await db.query(`select 1 from payment_attempts where rail = $1 and destination = $2 and seq > $3 limit 1`, [
        row.rail,
        row.destination,
        row.seq,
      ]);
      if ((row.rail === 'btc_onchain' || row.rail === 'usdt_trc20') && newer.length) continue;
      // A long history may take several reads (RailStatus.complete false): each goes on from where
      // the previous one stopped, as the worker's polls do.
      const view = attemptView(row);
      let report = await adapter.getStatus(view, now);
      for (let reads = 1; report.complete === false; reads++) {
        if (reads > 100) throw new Error(`attempt ${a.id}: the backend's history never read to its end`);
        view.details = { ...view.details, ...report.details };
        report = await adapter.getStatus(view, now);
      }
      await db.transaction(async (tx) => {
        const intent = await lockIntent(tx, intentId);
        await settle(tx, intent, await lockAttempt(tx, a.id), report, now, adapter.pollSeconds);
      });
    }
    const after = await snapshot(db, intentId);
    expect(after.amountReceived, 'a re-poll changes nothing (amountReceived)').toBe(before.amountReceived);
    expect(after.events, 'a re-poll changes nothing (events)').toEqual(before.events);
    expect(after.status, 'a re-poll changes nothing (status)').toBe(before.status);
    expect(after.attempts, "a re-poll changes nothing (each attempt's status and received amount)").toBe(before.attempts);
  }
  return before.events;
}
