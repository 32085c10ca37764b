// decide.ts `decide`, table-driven: every attempt state x every report x every intent state, for
// each kind of rail, checked against the rules the engine promises; then exact decisions for the
// cases that lost money before.
import { describe, expect, it } from 'vitest';
import { INTENT_STATUSES, INTENT_TRANSITIONS, type IntentStatus } from '../domain/transitions';
import type { RailStatus } from '../rails/types';
import { ATTEMPT_STATUSES, ATTEMPT_TRANSITIONS, type AttemptStatus } from '../store/attempts';
import { type AttemptFacts, type Decision, decide, type IntentFacts, isQuietReport, MAX_FAILED_ATTEMPTS } from './decide';
import { PUSH_WATCH_SECONDS, WATCH_SECONDS } from './watch';

const NOW = 1_800_000_000;
const RAILS = ['mobile_money_a', 'btc_lightning', 'btc_onchain', 'usdt_trc20'] as const;
const STATES: RailStatus['state'][] = ['waiting', 'pending', 'confirmed', 'failed', 'expired'];
const CURRENCY = { mobile_money_a: 'XOF', btc_lightning: 'BTC', btc_onchain: 'BTC', usdt_trc20: 'USDT' } as const;
const isAddress = (rail: string) => rail === 'btc_onchain' || rail === 'usdt_trc20';

function intentOf(status: IntentStatus, rail: (typeof RAILS)[number], over: Partial<IntentFacts> = {}): IntentFacts {
  return { status, amount: 1000, amountReceived: 0, currency: CURRENCY[rail], windowClosed: false, payerFailures: 0, sessionOpenUntil: NOW + 3600, ...over };
}
function attemptOf(status: AttemptStatus, rail: string, over: Partial<AttemptFacts> = {}): AttemptFacts {
  return {
    rail,
    status,
    amountReceived: 0,
    expiresAt: NOW + 600,
    backendRef: 'ref',
    addressCredited: isAddress(rail) ? 0 : null,
    quote: null,
    firstSeenAt: null,
    ...over,
  };
}
const report = (state: RailStatus['state'], received: number, over: Partial<RailStatus> = {}): RailStatus => ({ state, received, seen: 0, ...over });

/** The effects besides the credit (the money, always first when there is any: checked by rule 1). */
const rest = (d: Decision) => d.effects.filter((e) => e.do !== 'credit');

/** Walk a decision's effects over the two tables; returns the final statuses, or throws on a step the tables refuse. */
function walk(intent: IntentFacts, attempt: AttemptFacts, d: Decision) {
  let i = intent.status;
  let a = attempt.status;
  const events: string[] = [];
  for (const e of d.effects) {
    if (e.do === 'intent') {
      if (!INTENT_TRANSITIONS[i].includes(e.to)) throw new Error(`intent ${i} -> ${e.to} is not in the table`);
      i = e.to;
    }
    if (e.do === 'attempt') {
      if (!ATTEMPT_TRANSITIONS[a].includes(e.to)) throw new Error(`attempt ${a} -> ${e.to} is not in the table`);
      a = e.to;
    }
    if (e.do === 'closeActive' && ['creating', 'awaiting_payment', 'pending'].includes(a)) a = e.to;
    if (e.do === 'failIntent') {
      if (!INTENT_TRANSITIONS[i].includes('failed')) throw new Error(`intent ${i} -> failed is not in the table`);
      i = 'failed';
      if (['creating', 'awaiting_payment', 'pending'].includes(a)) a = 'expired';
      events.push('payment_intent.failed');
    }
    if (e.do === 'emit') events.push(e.type);
  }
  return { intent: i, attempt: a, events };
}

describe('decide: every attempt state x report x intent state, on every kind of rail', () => {
  const amounts = [0, 400, 1000, 1500];
  const cases: [(typeof RAILS)[number], IntentStatus, AttemptStatus, RailStatus['state'], number][] = [];
  for (const rail of RAILS)
    for (const is of INTENT_STATUSES)
      for (const as of ATTEMPT_STATUSES.filter((s) => s !== 'creating'))
        for (const st of STATES) for (const received of amounts) cases.push([rail, is, as, st, received]);

  it(`holds the engine's rules in all ${cases.length} combinations`, () => {
    let checked = 0;
    for (const [rail, is, as, st, received] of cases) {
      // An intent that succeeded was paid by an attempt that succeeded; the others cannot be succeeded.
      if ((is === 'succeeded') !== (as === 'succeeded') && as === 'succeeded') continue;
      const intent = intentOf(is, rail, is === 'succeeded' ? { amountReceived: 1000 } : {});
      const attempt = attemptOf(as, rail, as === 'succeeded' ? { amountReceived: 1000, addressCredited: isAddress(rail) ? 1000 : null } : {});
      const r = report(st, received);
      const d = decide(intent, attempt, r, NOW);
      const label = `${rail} intent=${is} attempt=${as} report=${st}/${received}`;
      const counted = as === 'succeeded' ? 1000 : 0;
      // 1. Money is counted once; it goes back only where money counted on an address left the chain.
      const reversal = isAddress(rail) && received < counted; // seen is 0 in these reports
      expect(d.credit, label).toBe(reversal ? received - counted : Math.max(0, received - counted));
      // 1c. The money is the first effect, carrying the credit (none without money).
      expect(
        d.effects.filter((e) => e.do === 'credit'),
        label,
      ).toEqual(d.credit === 0 ? [] : [{ do: 'credit', amount: d.credit, intentAmount: d.intentCredit }]);
      if (d.credit !== 0) expect(d.effects[0]?.do, label).toBe('credit');
      if (reversal) {
        expect(
          rest(d).filter((e) => e.do !== 'intentError'),
          label,
        ).toEqual([{ do: 'emit', type: 'payment_intent.payment_reversed' }]);
        expect(
          d.effects.some((e) => e.do === 'intentError'),
          label,
        ).toBe(is === 'requires_payment_method' || is === 'pending');
      }
      // 2. Every step is one the tables allow.
      const end = walk(intent, attempt, d);
      const open = is === 'requires_payment_method' || is === 'pending';
      // 3. Money on a closed intent is a late payment, and nothing else.
      if (d.credit > 0 && !open) expect(rest(d), label).toEqual([{ do: 'emit', type: 'payment_intent.late_payment' }]);
      // 4. Enough money while open succeeds the intent exactly once and completes its session.
      const total = intent.amountReceived + d.credit;
      if (d.credit > 0 && open && total >= intent.amount) {
        expect(end.intent, label).toBe('succeeded');
        expect(
          end.events.filter((e) => e === 'payment_intent.succeeded'),
          label,
        ).toHaveLength(1);
        expect(end.events.includes('payment_intent.overpaid'), label).toBe(total > intent.amount);
        expect(d.effects, label).toContainEqual({ do: 'sessions', to: 'complete' });
      } else {
        expect(end.events, label).not.toContain('payment_intent.succeeded');
      }
      // 5a. A closed intent changes only through money: no new money, only the attempt may move.
      if (d.credit === 0 && !open)
        expect(
          d.effects.filter((e) => e.do !== 'attempt'),
          label,
        ).toEqual([]);
      // 5. A closed attempt with no new money changes nothing (it is only watched).
      if (d.credit === 0 && !['awaiting_payment', 'pending'].includes(as)) expect(d.effects, label).toEqual([]);
      // 6. Closing an attempt whose backend can still pay keeps it watched; an address always.
      for (const e of d.effects)
        if (e.do === 'attempt' && ['failed', 'expired', 'succeeded'].includes(e.to)) {
          if (isAddress(rail)) expect(e.watchUntil, label).toBe(NOW + WATCH_SECONDS);
          else if (d.backendFinal) expect(e.watchUntil, label).toBeNull();
          else expect(e.watchUntil, label).not.toBeNull();
        }
      // 7. Only an expired Lightning invoice is replaced.
      if (d.replace) expect(rail, label).toBe('btc_lightning');
      checked++;
    }
    expect(checked).toBeGreaterThan(1500);
  });
});

/** Minor-unit exponents as the contract states them (the conversion below is the test's own, not conversion.ts). */
const EXP: Record<string, number> = { XOF: 0, BTC: 8, USDT: 6 };
/** The contract's conversion of `received` under a quote, written here independently of the engine. */
function worth(q: { amount: number; currency: string; rate: string; due: number } | null, received: number, intentCurrency: string): number {
  if (!q || received <= 0) return Math.max(0, received);
  const [whole, frac = ''] = q.rate.split('.');
  const down = (n: number) =>
    Number((BigInt(n) * BigInt(whole! + frac) * 10n ** BigInt(EXP[intentCurrency]!)) / (10n ** BigInt(EXP[q.currency]!) * 10n ** BigInt(frac.length)));
  if (received === q.amount) return q.due;
  return received > q.amount ? q.due + down(received - q.amount) : Math.min(down(received), q.due - 1);
}

describe('decide: the product over the rest of the facts (expiry, window, payer failures, amounts, quotes)', () => {
  // Every combination of the table above, again under each of: the attempt's expiry (ahead, past),
  // the payment window (open, closed), the payer's earlier failures (none, one short of the limit),
  // what the intent already had (nothing, part), and a quote (none; for the converting rails, a
  // franc intent's quote that is still running or ended before the money was first seen).
  // 2,400 x 2 x 2 x 2 x 2 x (1 or 3) = 76,800 decisions, about 3 s on one core.
  const QUOTED = {
    btc_lightning: { currency: 'BTC', rate: '59757715.5', amount: 1674 },
    btc_onchain: { currency: 'BTC', rate: '59757715.5', amount: 1674 },
    usdt_trc20: { currency: 'USDT', rate: '600.12', amount: 1666334 },
  } as const;
  const amountsFor = (q: { amount: number } | null) => (q ? [0, Math.floor(q.amount / 2), q.amount, q.amount + 1000] : [0, 400, 1000, 1500]);

  it("holds the engine's rules in every combination", () => {
    let checked = 0;
    // Checked without expect() in the loop (76,800 cases): the first failures are reported at the end.
    const failures: string[] = [];
    const check = (ok: boolean, label: string, rule: string) => {
      if (!ok) failures.push(`${rule}: ${label}`);
    };
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    for (const rail of RAILS)
      for (const is of INTENT_STATUSES)
        for (const as of ATTEMPT_STATUSES.filter((x) => x !== 'creating'))
          for (const st of STATES)
            for (const expired of [false, true])
              for (const windowClosed of [false, true])
                for (const payerFailures of [0, MAX_FAILED_ATTEMPTS - 1])
                  for (const prior of [0, 300])
                    for (const quoteKind of rail === 'mobile_money_a' ? (['none'] as const) : (['none', 'running', 'ended'] as const)) {
                      if (as === 'succeeded' && is !== 'succeeded') continue;
                      const terms = quoteKind === 'none' ? null : QUOTED[rail as keyof typeof QUOTED];
                      const quote = terms && { ...terms, due: 1000 - prior, expiresAt: quoteKind === 'running' ? NOW + 300 : NOW - 3600 };
                      const currency = quote ? 'XOF' : CURRENCY[rail];
                      const full = quote ? quote.amount : 1000 - prior;
                      for (const received of amountsFor(quote)) {
                        const intent = intentOf(is, rail, {
                          currency: currency as IntentFacts['currency'],
                          windowClosed,
                          payerFailures,
                          amountReceived: is === 'succeeded' ? 1000 : prior,
                        });
                        const counted = as === 'succeeded' ? full : 0;
                        const attempt = attemptOf(as, rail, {
                          expiresAt: expired ? NOW - 60 : NOW + 600,
                          quote,
                          amountReceived: counted,
                          addressCredited: isAddress(rail) ? counted : null,
                          firstSeenAt: quoteKind === 'ended' ? NOW : counted > 0 ? NOW - 900 : null,
                        });
                        const d = decide(intent, attempt, report(st, received), NOW);
                        const label = `${rail} intent=${is}/${prior} attempt=${as} report=${st}/${received} expired=${expired} windowClosed=${windowClosed} failures=${payerFailures} quote=${quoteKind}`;
                        // 1. Money is counted once (a reversal only where counted money left an address).
                        const reversal = isAddress(rail) && received < counted;
                        check(d.credit === (reversal ? received - counted : Math.max(0, received - counted)), label, `1 credit ${d.credit}`);
                        // 1b. The intent gets what the new money is worth at the quote (the contract's rule, computed here).
                        check(
                          d.intentCredit === worth(quote, counted + d.credit, currency) - worth(quote, counted, currency),
                          label,
                          `1b intentCredit ${d.intentCredit}`,
                        );
                        // 1c. The money is the first effect, carrying the credit (none without money).
                        check(
                          same(
                            d.effects.filter((e) => e.do === 'credit'),
                            d.credit === 0 ? [] : [{ do: 'credit', amount: d.credit, intentAmount: d.intentCredit }],
                          ) &&
                            (d.credit === 0 || d.effects[0]?.do === 'credit'),
                          label,
                          '1c credit effect',
                        );
                        // 2. Every step is one the tables allow.
                        let end: ReturnType<typeof walk>;
                        try {
                          end = walk(intent, attempt, d);
                        } catch (err) {
                          check(false, label, `2 ${(err as Error).message}`);
                          continue;
                        }
                        const open = is === 'requires_payment_method' || is === 'pending';
                        // 3. Money on a closed intent is a late payment, and nothing else.
                        if (d.credit > 0 && !open) check(same(rest(d), [{ do: 'emit', type: 'payment_intent.late_payment' }]), label, '3 late payment only');
                        // 4. Enough money while open succeeds the intent exactly once, whatever the window, the expiry or the failures.
                        const total = intent.amountReceived + d.intentCredit;
                        if (d.credit > 0 && open && total >= intent.amount) {
                          check(end.intent === 'succeeded', label, '4 succeeds');
                          check(end.events.filter((e) => e === 'payment_intent.succeeded').length === 1, label, '4 one succeeded event');
                          check(end.events.includes('payment_intent.overpaid') === total > intent.amount, label, '4 overpaid iff more');
                        } else {
                          check(!end.events.includes('payment_intent.succeeded'), label, '4 no succeeded event');
                          check(!(end.intent === 'succeeded' && is !== 'succeeded'), label, '4 not succeeded');
                        }
                        // The payer's last try: this attempt failing (declined, timed out, or a push paid short) ends the intent.
                        const lastTry = payerFailures === MAX_FAILED_ATTEMPTS - 1;
                        // 4c. A quote's money first seen after it ended is reported late, and still counts.
                        if (d.credit > 0 && open && quoteKind === 'ended') check(end.events.includes('payment_intent.late_payment'), label, '4c late');
                        // 5. A closed intent changes only through money; a closed attempt without new money changes nothing.
                        if (d.credit === 0 && !open)
                          check(
                            d.effects.every((e) => e.do === 'attempt'),
                            label,
                            '5 closed intent',
                          );
                        if (d.credit === 0 && !['awaiting_payment', 'pending'].includes(as)) check(d.effects.length === 0, label, '5 closed attempt');
                        // 6. The intent fails only while open, and only on a closed window, a failed or expired
                        //    report, the attempt's expiry, or (the payer's last try) a push paid short.
                        if (end.intent === 'failed' && is !== 'failed')
                          check(
                            open &&
                              (windowClosed ||
                                st === 'failed' ||
                                st === 'expired' ||
                                expired ||
                                (lastTry && !isAddress(rail) && d.credit > 0 && total < intent.amount)),
                            label,
                            '6 fails only for a reason',
                          );
                        // 6b. With the window open and tries left, a failed or expired report leaves the intent payable.
                        if (open && !windowClosed && !lastTry && d.credit === 0) check(end.intent !== 'failed', label, '6b payable');
                        // 6c. A live attempt that fails on a closed window, or on the payer's last try, fails the intent.
                        if (open && d.credit === 0 && ['awaiting_payment', 'pending'].includes(as) && st === 'failed' && (windowClosed || lastTry))
                          check(end.intent === 'failed' && end.events.includes('payment_intent.failed'), label, '6c fails');
                        // 7. Only an expired Lightning invoice without a quote is replaced.
                        if (d.replace) check(rail === 'btc_lightning' && quote === null, label, '7 replace');
                        checked++;
                      }
                    }
    expect(failures.length, failures.slice(0, 20).join('\n')).toBe(0);
    expect(checked).toBeGreaterThan(50_000);
  });
});

describe('decide: exact decisions', () => {
  it('an invoice paid after its attempt was closed (rail switch) pays the open intent and closes the live attempt', () => {
    const d = decide(intentOf('requires_payment_method', 'btc_lightning'), attemptOf('canceled', 'btc_lightning'), report('confirmed', 1000), NOW);
    expect(d.credit).toBe(1000);
    expect(d.backendFinal).toBe(true);
    expect(d.effects).toEqual([
      { do: 'credit', amount: 1000, intentAmount: 1000 },
      { do: 'intent', to: 'pending' },
      { do: 'emit', type: 'payment_intent.pending' },
      { do: 'intent', to: 'succeeded', lastPaymentError: null },
      { do: 'attempt', to: 'succeeded', watchUntil: null },
      { do: 'closeActive', to: 'canceled' },
      { do: 'emit', type: 'payment_intent.succeeded' },
      { do: 'sessions', to: 'complete' },
    ]);
  });

  it('an invoice paid after the intent was canceled is a late payment', () => {
    const d = decide(intentOf('canceled', 'btc_lightning'), attemptOf('canceled', 'btc_lightning'), report('confirmed', 1000), NOW);
    expect(d).toMatchObject({
      credit: 1000,
      effects: [
        { do: 'credit', amount: 1000, intentAmount: 1000 },
        { do: 'emit', type: 'payment_intent.late_payment' },
      ],
    });
  });

  it('a declined push while an older push is still open at the operator: failed, and still watched', () => {
    const d = decide(
      intentOf('pending', 'mobile_money_a'),
      attemptOf('pending', 'mobile_money_a'),
      report('failed', 0, { final: false, error: { code: 'payment_declined', message: 'no' } }),
      NOW,
    );
    expect(d.backendFinal).toBe(false);
    expect(d.effects[0]).toEqual({ do: 'attempt', to: 'failed', error: { code: 'payment_declined', message: 'no' }, watchUntil: NOW + PUSH_WATCH_SECONDS });
    // ... and the older push approved later still pays the intent.
    const later = decide(intentOf('requires_payment_method', 'mobile_money_a'), attemptOf('failed', 'mobile_money_a'), report('confirmed', 1000), NOW + 60);
    expect(later.effects).toContainEqual({ do: 'emit', type: 'payment_intent.succeeded' });
    expect(later.effects).toContainEqual({ do: 'attempt', to: 'succeeded', watchUntil: null });
  });

  it('a final decline stops the watch', () => {
    const d = decide(intentOf('pending', 'mobile_money_a'), attemptOf('pending', 'mobile_money_a'), report('failed', 0), NOW);
    expect(d.backendFinal).toBe(true);
    expect(d.effects[0]).toMatchObject({ do: 'attempt', to: 'failed', watchUntil: null });
  });

  it('attempts running out fails the intent and its session', () => {
    const d = decide(
      intentOf('pending', 'mobile_money_a', { payerFailures: MAX_FAILED_ATTEMPTS - 1 }),
      attemptOf('pending', 'mobile_money_a'),
      report('failed', 0),
      NOW,
    );
    expect(walk(intentOf('pending', 'mobile_money_a'), attemptOf('pending', 'mobile_money_a'), d)).toEqual({
      intent: 'failed',
      attempt: 'failed',
      events: ['payment_intent.failed'],
    });
    expect(d.effects).toContainEqual({ do: 'failIntent', error: { code: 'payment_failed', message: 'The payment failed.', rail: 'mobile_money_a' } });
  });

  it('an address counts by what the address credited, not the attempt (a shared address never counts twice)', () => {
    const a = attemptOf('awaiting_payment', 'btc_onchain', { amountReceived: 0, addressCredited: 600 });
    expect(decide(intentOf('requires_payment_method', 'btc_onchain', { amountReceived: 600 }), a, report('confirmed', 600), NOW).credit).toBe(0);
    expect(decide(intentOf('requires_payment_method', 'btc_onchain', { amountReceived: 600 }), a, report('confirmed', 1000), NOW).credit).toBe(400);
  });

  it('underpaid address in a closed window fails the intent, partially_paid last', () => {
    const d = decide(intentOf('pending', 'usdt_trc20', { windowClosed: true }), attemptOf('pending', 'usdt_trc20'), report('confirmed', 400), NOW);
    expect(walk(intentOf('pending', 'usdt_trc20'), attemptOf('pending', 'usdt_trc20'), d).events).toEqual([
      'payment_intent.failed',
      'payment_intent.partially_paid',
    ]);
  });

  it('a payment seen then gone from the mempool: waiting again, the intent asks for payment', () => {
    const d = decide(intentOf('pending', 'btc_onchain'), attemptOf('pending', 'btc_onchain'), report('waiting', 0), NOW);
    expect(d.effects).toEqual([
      { do: 'attempt', to: 'awaiting_payment' },
      { do: 'intent', to: 'requires_payment_method', lastPaymentError: { code: 'payment_dropped', message: expect.any(String), rail: 'btc_onchain' } },
      { do: 'emit', type: 'payment_intent.payment_failed' },
    ]);
  });

  it('an expired Lightning invoice is replaced only while the session has more than a minute left', () => {
    const a = attemptOf('awaiting_payment', 'btc_lightning', { expiresAt: NOW - 1 });
    expect(decide(intentOf('requires_payment_method', 'btc_lightning'), a, report('expired', 0), NOW).replace).toBe(true);
    expect(decide(intentOf('requires_payment_method', 'btc_lightning', { sessionOpenUntil: NOW + 30 }), a, report('expired', 0), NOW).replace).toBe(false);
    expect(decide(intentOf('requires_payment_method', 'btc_lightning', { sessionOpenUntil: null }), a, report('expired', 0), NOW).replace).toBe(false);
  });
});

describe("isQuietReport: the worker's one-write poll is only taken when decide would do nothing", () => {
  const quotes: AttemptFacts['quote'][] = [null, { amount: 8_340_000, currency: 'USDT', rate: '600', expiresAt: NOW - 100, due: 5000 }];
  it('every quiet report, over every intent state, rail, quote and session: no credit, no effect', () => {
    let quiet = 0;
    for (const rail of RAILS)
      for (const intentStatus of INTENT_STATUSES)
        for (const windowClosed of [false, true])
          for (const sessionOpenUntil of [null, NOW - 1, NOW + 3600])
            for (const payerFailures of [0, MAX_FAILED_ATTEMPTS])
              for (const quote of quotes)
                for (const expiresAt of [null, NOW - 1, NOW, NOW + 1, NOW + 600])
                  for (const status of ATTEMPT_STATUSES)
                    for (const state of STATES)
                      for (const [received, seen] of [
                        [0, 0],
                        [1, 0],
                        [0, 1],
                      ] as const) {
                        const attempt = attemptOf(status, rail, { expiresAt, quote });
                        const r = report(state, received, { seen, details: { txids: [] } });
                        if (!isQuietReport({ status, amountReceived: 0, amountSeen: 0, expiresAt }, r, NOW)) continue;
                        quiet++;
                        const d = decide(intentOf(intentStatus, rail, { windowClosed, sessionOpenUntil, payerFailures, amountReceived: 0 }), attempt, r, NOW);
                        expect({ credit: d.credit, intentCredit: d.intentCredit, seen: d.seen, effects: d.effects, replace: d.replace }).toEqual({
                          credit: 0,
                          intentCredit: 0,
                          seen: 0,
                          effects: [],
                          replace: false,
                        });
                      }
    expect(quiet).toBeGreaterThan(100);
  });
  it('not quiet: money, a pending or final state, an error, an attempt not waiting, or its time up', () => {
    const a = { status: 'awaiting_payment' as const, amountReceived: 0, amountSeen: 0, expiresAt: NOW + 10 };
    expect(isQuietReport(a, report('waiting', 0), NOW)).toBe(true);
    expect(isQuietReport(a, report('waiting', 1), NOW)).toBe(false);
    expect(isQuietReport(a, report('waiting', 0, { seen: 1 }), NOW)).toBe(false);
    for (const state of ['pending', 'confirmed', 'failed', 'expired'] as const) expect(isQuietReport(a, report(state, 0), NOW)).toBe(false);
    expect(isQuietReport(a, report('waiting', 0, { error: { code: 'x', message: 'x' } }), NOW)).toBe(false);
    expect(isQuietReport({ ...a, status: 'pending' }, report('waiting', 0), NOW)).toBe(false);
    expect(isQuietReport({ ...a, amountSeen: 5 }, report('waiting', 0), NOW)).toBe(false);
    expect(isQuietReport({ ...a, amountReceived: 5 }, report('waiting', 0), NOW)).toBe(false);
    expect(isQuietReport({ ...a, expiresAt: NOW }, report('waiting', 0), NOW)).toBe(false);
    expect(isQuietReport({ ...a, expiresAt: null }, report('waiting', 0), NOW)).toBe(false);
  });
});
