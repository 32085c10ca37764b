// Test-mode mobile money: the phone number's last four digits choose the outcome, like Stripe's
// test cards. Deterministic: the outcome is a function of the attempt and `now`, so tests pass a
// clock instead of sleeping.
//   0000 succeeds after ~3 s      1111 declined              2222 never answers (times out)
//   3333 insufficient funds       4444 answers only after a resend, then succeeds after ~3 s
//   any other number succeeds after ~3 s
// A redirect operator (Orange Money, Wave) is simulated by Caisse's own test operator page
// (/test-operator/<attempt>): its buttons Approve, Decline and Insufficient funds decide
// (`answer`); when the payer gave a number and pressed nothing, the number decides as above
// (4444 never answers there: nothing can be sent again on a redirect); with no number, the
// request waits for a button until it times out.
import { randomUUID } from 'node:crypto';
import type { MomoProtocol } from '../../config';
import type { MobileMoneyRail } from '../../money';
import { simulatedMobileMoneyRefunds } from '../refund-simulator';
import type { RailDefinition } from '../settings';
import type { AttemptView, PromptInput, RailAdapter, RailPrompt, RailStatus, RefundRail, SimulatorControls } from '../types';
import { operatorInfo } from './operators';

export const SIM_APPROVAL_SECONDS = 3;

/** The test operator page's buttons. */
export const TEST_OPERATOR_ANSWERS = ['approve', 'decline', 'insufficient_funds'] as const;
export type TestOperatorAnswer = (typeof TEST_OPERATOR_ANSWERS)[number];

export const MOBILE_MONEY_TEST_NUMBERS = [
  { last4: '0000', outcome: 'succeeds after about 3 s' },
  { last4: '1111', outcome: 'declined by the payer (payment_declined)' },
  { last4: '2222', outcome: 'never answers: the attempt times out (timeout)' },
  { last4: '3333', outcome: 'insufficient funds (insufficient_funds)' },
  { last4: '4444', outcome: 'never answers the first push; succeeds about 3 s after a resend' },
  { last4: 'other', outcome: 'succeeds after about 3 s' },
] as const;

interface SimState {
  forced?: { state: 'confirmed'; received: number } | { state: 'failed'; code: string; message: string };
}

export class MobileMoneySimulator implements RailAdapter<null>, SimulatorControls {
  readonly kind = 'mobile_money' as const;
  readonly mode = 'test' as const;
  readonly config = null;
  readonly pollSeconds = 1;
  readonly simulator = this;

  readonly flow: 'push' | 'redirect';
  /** The simulated protocol's family, as its flow. */
  readonly family: 'push' | 'redirect';
  /** Refunds as the simulated operator does them (lib/rails/refund-simulator.ts). */
  readonly refunds: RefundRail;

  /**
   * `protocol`: which operator flow to simulate; `testOperatorUrl`: the test operator page of an
   * attempt (redirect flows send the payer there).
   */
  constructor(
    readonly rail: MobileMoneyRail,
    readonly protocol: MomoProtocol = 'mtn_momo',
    private readonly testOperatorUrl: (attemptId: string) => string = (id) => `/test-operator/${id}`,
  ) {
    this.flow = protocol === 'mtn_momo' ? 'push' : 'redirect';
    this.family = this.flow;
    this.refunds = simulatedMobileMoneyRefunds(protocol);
  }

  get currencies() {
    return operatorInfo(this.rail).currencies;
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    if (this.flow === 'redirect') {
      const ref = `sim_${randomUUID()}`;
      return {
        destination: input.phone ?? '',
        backendRef: ref,
        expiresAt: input.now + operatorInfo(this.rail).timeoutSeconds,
        details: { redirectUrl: this.testOperatorUrl(input.attemptId), returnUrl: input.returnUrl ?? null, lastPushAt: input.now, sim: {} },
      };
    }
    if (!input.phone) throw new Error('mobile money needs a phone');
    const ref = input.reference ?? `sim_${randomUUID()}`;
    return {
      destination: input.phone,
      backendRef: ref,
      expiresAt: input.now + operatorInfo(this.rail).timeoutSeconds,
      details: { referenceIds: [ref], resends: 0, lastPushAt: input.now, sim: {} },
    };
  }

  async resend(attempt: AttemptView, now: number, reference?: string): Promise<RailPrompt> {
    const ref = reference ?? `sim_${randomUUID()}`;
    const known = (attempt.details.referenceIds as string[]) ?? [];
    return {
      destination: attempt.destination,
      backendRef: ref,
      expiresAt: now + operatorInfo(this.rail).timeoutSeconds,
      details: {
        ...attempt.details,
        referenceIds: known.includes(ref) ? known : [...known, ref],
        resends: Number(attempt.details.resends ?? 0) + 1,
        lastPushAt: now,
      },
    };
  }

  async getStatus(attempt: AttemptView, now: number): Promise<RailStatus> {
    const sim = (attempt.details.sim ?? {}) as SimState;
    if (sim.forced?.state === 'confirmed') return { state: 'confirmed', received: sim.forced.received, seen: 0 };
    if (sim.forced?.state === 'failed') return { state: 'failed', received: 0, seen: 0, error: { code: sim.forced.code, message: sim.forced.message } };
    // A redirect with no number: only the test operator page's buttons decide.
    if (this.flow === 'redirect' && !attempt.destination) return { state: 'pending', received: 0, seen: 0 };
    const last4 = attempt.destination.slice(-4);
    const pushedAt = Number(attempt.details.lastPushAt ?? attempt.createdAt);
    const answered = now >= pushedAt + SIM_APPROVAL_SECONDS;
    const pending: RailStatus = { state: 'pending', received: 0, seen: 0 };
    switch (last4) {
      case '1111':
        return answered
          ? { state: 'failed', received: 0, seen: 0, error: { code: 'payment_declined', message: 'The payer declined the payment request.' } }
          : pending;
      case '2222':
        return pending;
      case '3333':
        return answered
          ? { state: 'failed', received: 0, seen: 0, error: { code: 'insufficient_funds', message: "The payer's mobile-money balance is too low." } }
          : pending;
      case '4444':
        if (this.flow === 'redirect') return pending;
        return Number(attempt.details.resends ?? 0) >= 1 && answered ? { state: 'confirmed', received: attempt.amount, seen: 0 } : pending;
      default:
        return answered ? { state: 'confirmed', received: attempt.amount, seen: 0 } : pending;
    }
  }

  pay(attempt: AttemptView, amount: number): Record<string, unknown> {
    return { ...attempt.details, sim: { forced: { state: 'confirmed', received: amount } } };
  }

  /** The test operator page's answer (redirect flows). */
  answer(attempt: AttemptView, answer: TestOperatorAnswer): Record<string, unknown> {
    if (answer === 'approve') return this.pay(attempt, attempt.amount);
    const forced =
      answer === 'decline'
        ? { state: 'failed', code: 'payment_declined', message: 'The payer declined the payment on the operator page (test).' }
        : { state: 'failed', code: 'insufficient_funds', message: "The payer's mobile-money balance is too low (test)." };
    return { ...attempt.details, sim: { forced } };
  }

  fail(attempt: AttemptView): Record<string, unknown> {
    return {
      ...attempt.details,
      sim: { forced: { state: 'failed', code: 'payment_declined', message: 'The payer declined the payment request (test helper).' } },
    };
  }
}

/** Test mode's mobile-money rail: the simulator of the rail's configured protocol, always there. */
export const mobileMoneySimulatorRail = (rail: MobileMoneyRail): RailDefinition<MomoProtocol> => ({
  rail,
  mode: 'test',
  parse: () => operatorInfo(rail).protocol,
  create: (protocol, { testOperatorUrl }) => new MobileMoneySimulator(rail, protocol, testOperatorUrl),
});
