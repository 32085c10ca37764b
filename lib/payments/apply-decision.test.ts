// applyDecision writes a Decision's money from its one credit effect, the first (decide.ts builds
// it so): creditOf refuses any other shape before a row is written, since a credit the attempt's
// row did not record would be counted again by the next poll.
import { describe, expect, it } from 'vitest';
import { creditOf } from './apply-decision';
import type { Decision, Effect } from './decision';

const decision = (credit: number, effects: Effect[]): Decision => ({ credit, intentCredit: credit, seen: 0, effects, backendFinal: false, replace: false });
const credit = (amount: number): Effect => ({ do: 'credit', amount, intentAmount: amount });
const emit: Effect = { do: 'emit', type: 'payment_intent.succeeded' };

describe('the credit a decision moves', () => {
  it('is its first effect, of its own amount; none when it moves nothing', () => {
    expect(creditOf(decision(500, [credit(500), emit]))).toEqual(credit(500));
    expect(creditOf(decision(-200, [credit(-200)]))).toEqual(credit(-200));
    expect(creditOf(decision(0, [emit]))).toBeNull();
  });

  it('is refused anywhere else: not first, twice, another amount, or missing', () => {
    expect(() => creditOf(decision(500, [emit, credit(500)]))).toThrow(/one credit/);
    expect(() => creditOf(decision(500, [credit(500), credit(500)]))).toThrow(/one credit/);
    expect(() => creditOf(decision(500, [credit(400)]))).toThrow(/one credit/);
    expect(() => creditOf(decision(500, [emit]))).toThrow(/one credit/);
  });
});
