// The refund plan, pure: what is refundable, which payment a refund takes from, and what leaves on
// the rail at the quote (in proportion, the last part exactly the rest) or at today's rate.
import { describe, expect, it } from 'vitest';
import { planRefund, type RefundSource, settlementOf } from './amounts';

const src = (over: Partial<RefundSource> = {}): RefundSource => ({
  attemptId: 'pa_1',
  received: 5000,
  worth: 5000,
  refunded: 0,
  refundedSettlement: 0,
  rate: null,
  settlementCurrency: 'XOF',
  seq: 1,
  ...over,
});
const plan = (sources: RefundSource[], requested?: number, o: { received?: number; held?: number; currentRate?: string | null } = {}) =>
  planRefund({
    sources,
    intentCurrency: 'XOF',
    received: o.received ?? sources.reduce((t, s) => t + s.worth, 0),
    held: o.held ?? sources.reduce((t, s) => t + s.refunded, 0),
    requested,
    currentRate: o.currentRate ?? null,
  });

describe('planRefund', () => {
  it('nothing received: nothing_received; all held: nothing_left', () => {
    expect(plan([], undefined, { received: 0 })).toEqual({ code: 'nothing_received' });
    expect(plan([src({ refunded: 5000, refundedSettlement: 5000 })])).toEqual({ code: 'nothing_left', received: 5000, held: 5000 });
  });
  it('default: all that one payment has left; whole only when nothing was refunded from it', () => {
    expect(plan([src()])).toMatchObject({ amount: 5000, settlementAmount: 5000, whole: true });
    expect(plan([src({ refunded: 1000, refundedSettlement: 1000 })])).toMatchObject({ amount: 4000, settlementAmount: 4000, whole: false });
    expect(plan([src()], 4999)).toMatchObject({ amount: 4999, whole: false });
  });
  it('more than refundable: over_refundable; refundable never counts money the intent lost (a reversal)', () => {
    expect(plan([src()], 5001)).toEqual({ code: 'over_refundable', refundable: 5000 });
    expect(plan([src()], undefined, { received: 3000 })).toMatchObject({ amount: 3000 });
  });
  it('two payments: the one with the most left; more than it has is over_one_payment', () => {
    const two = [src({ attemptId: 'pa_a', worth: 4000, received: 4000, seq: 1 }), src({ attemptId: 'pa_b', worth: 6000, received: 6000, seq: 2 })];
    expect(plan(two)).toMatchObject({ attemptId: 'pa_b', amount: 6000 });
    expect(plan(two, 10_000)).toEqual({ code: 'over_one_payment', max: 6000, refundable: 10_000 });
    expect(plan([two[0]!, { ...two[1]!, refunded: 6000, refundedSettlement: 6000 }])).toMatchObject({ attemptId: 'pa_a', amount: 4000 });
    // A tie goes to the newest payment.
    expect(plan([src({ attemptId: 'old', seq: 1 }), src({ attemptId: 'new', seq: 2 })])).toMatchObject({ attemptId: 'new' });
  });
});

describe('settlementOf (a payment of 10,000 XOF that sent 16.666667 USDT at 600)', () => {
  const usdt = src({ received: 16_666_667, worth: 10_000, rate: '600', settlementCurrency: 'USDT' });
  it('at the quote: in proportion, rounded down; the last part is exactly the rest', () => {
    expect(settlementOf(usdt, 3000, 'XOF', null)).toBe(5_000_000);
    expect(settlementOf(usdt, 1, 'XOF', null)).toBe(1666);
    const after = { ...usdt, refunded: 3000, refundedSettlement: 5_000_000 };
    expect(settlementOf(after, 7000, 'XOF', null)).toBe(11_666_667);
    expect(5_000_000 + 11_666_667).toBe(usdt.received);
  });
  it("at today's rate: the francs converted now, rounded up", () => {
    expect(settlementOf(usdt, 6000, 'XOF', '500')).toBe(12_000_000);
    expect(settlementOf(usdt, 1, 'XOF', '700')).toBe(1429);
  });
  it('a part too small to leave on the rail: too_small', () => {
    expect(plan([src({ received: 3, worth: 10_000, rate: '3333.33', settlementCurrency: 'BTC' })], 1)).toEqual({ code: 'too_small' });
  });
  it('without conversion: the amount itself', () => {
    expect(settlementOf(src(), 1234, 'XOF', null)).toBe(1234);
  });
});

describe("after a refund at today's rate took more than its share", () => {
  it("the rest at the quote is refused with a message naming the way out; at today's rate it is planned", () => {
    const spent = src({ received: 10_000_000, worth: 6000, refunded: 3000, refundedSettlement: 10_000_000, rate: '600', settlementCurrency: 'USDT' });
    expect(planRefund({ sources: [spent], intentCurrency: 'XOF', received: 6000, held: 3000, requested: undefined, currentRate: null })).toEqual({
      code: 'settlement_spent',
    });
    expect(planRefund({ sources: [spent], intentCurrency: 'XOF', received: 6000, held: 3000, requested: undefined, currentRate: '500' })).toMatchObject({
      amount: 3000,
      settlementAmount: 6_000_000,
    });
  });
});
