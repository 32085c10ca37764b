// Test mode's refunds, for every simulator: deterministic, like the payment test numbers. The
// refund's amount (in the intent's currency) and the payment's phone number choose the outcome:
//   amount ending in 13            the refund fails (refund_declined)
//   amount ending in 17            it needs the merchant: mobile money's manual refund; on a claim
//                                  rail, the account cannot pay the claimed destination (send_payment)
//   mobile money, the payment's number ending in 1111  declined (refund_declined)
//                                  2222  never answers (stays pending: the test helpers decide)
//                                  3333  the merchant's balance is too low (insufficient_funds)
//   anything else                  succeeds about 3 s after it was sent (a claim: after it was paid)
// Orange Money's simulator has no refund API, as the real one: always the manual refund. The test
// helpers (POST /v1/test_helpers/refunds/:id/succeed|fail) force an outcome (`details.sim.forced`).
import { randomBytes } from 'node:crypto';
import type { ParsedDestination, RefundOutcome, RefundRail, RefundRequest } from './types';

export const SIM_REFUND_SECONDS = 3;

export const REFUND_TEST_AMOUNTS = [
  { endsWith: '13', outcome: 'fails (refund_declined)' },
  { endsWith: '17', outcome: 'needs the merchant: a manual refund (mobile money), or the account cannot pay the claim (crypto: send_payment)' },
  { endsWith: 'other', outcome: 'succeeds about 3 s after it is sent or paid' },
] as const;

export const REFUND_TEST_NUMBERS = [
  { last4: '1111', outcome: 'declined (refund_declined)' },
  { last4: '2222', outcome: 'never answers: stays pending until a test helper decides' },
  { last4: '3333', outcome: "the merchant's balance is too low (insufficient_funds)" },
] as const;

interface SimRefund {
  sentAt?: number;
  paidAt?: number;
  forced?: { state: 'succeeded' } | { state: 'failed'; code: string; message: string };
}

const simOf = (req: RefundRequest): SimRefund => (req.details.sim ?? {}) as SimRefund;
const endsWith = (req: RefundRequest, digits: string) => String(req.intentAmount).endsWith(digits);
const declined = (): RefundOutcome => ({ state: 'failed', code: 'refund_declined', message: 'The operator declined the refund (test amount ending in 13).' });
const simReference = () => `sim_${randomBytes(8).toString('hex')}`;

/** The test helpers' forced outcome, in the refund's details. */
export function forceSimulatedRefund(details: Record<string, unknown>, forced: SimRefund['forced']): Record<string, unknown> {
  return { ...details, sim: { ...((details.sim as object) ?? {}), forced } };
}

function forcedOutcome(sim: SimRefund): RefundOutcome | null {
  if (sim.forced?.state === 'succeeded') return { state: 'succeeded', operatorReference: simReference() };
  if (sim.forced?.state === 'failed') return { state: 'failed', code: sim.forced.code, message: sim.forced.message };
  return null;
}

/** Mobile money's simulated refunds: MTN and Wave refund by API; Orange Money has none. */
export function simulatedMobileMoneyRefunds(protocol: 'mtn_momo' | 'orange_money' | 'wave'): RefundRail {
  const manual = (req: RefundRequest): RefundOutcome => ({
    state: 'requires_action',
    instructions: `Test mode: send ${req.amount} ${req.currency} back to ${req.payment.destination || 'the payer'} from the operator's merchant portal (nothing is sent in test mode), then mark this refund as succeeded with the operator's transaction id.`,
  });
  return {
    method: 'send',
    async send(req) {
      if (protocol === 'orange_money' || endsWith(req, '17')) return manual(req);
      return { state: 'pending', details: { sim: { ...simOf(req), sentAt: req.now } } };
    },
    async check(req) {
      const sim = simOf(req);
      const forced = forcedOutcome(sim);
      if (forced) return forced;
      if (sim.sentAt === undefined) return { state: 'not_found' };
      if (req.now < sim.sentAt + SIM_REFUND_SECONDS) return { state: 'pending' };
      if (endsWith(req, '13')) return declined();
      switch (req.payment.destination.slice(-4)) {
        case '1111':
          return { state: 'failed', code: 'refund_declined', message: 'The operator declined the refund (test number ending in 1111).' };
        case '2222':
          return { state: 'pending' };
        case '3333':
          return {
            state: 'failed',
            code: 'insufficient_funds',
            message: "The merchant's mobile-money balance is too low for this refund (test number ending in 3333).",
          };
        default:
          return { state: 'succeeded', operatorReference: simReference() };
      }
    },
  };
}

/**
 * A claim rail's simulated refunds: the payer's destination is checked as the live rail checks it
 * (on the test network); the simulated account pays it itself, except for test amounts ending in 17.
 */
export function simulatedClaimRefunds(opts: {
  parseDestination(input: string, amount: number, now: number, minSeconds: number): ParsedDestination;
  paymentUri(destination: string, amount: number): string;
}): RefundRail {
  return {
    method: 'claim',
    canPay: true,
    parseDestination: opts.parseDestination,
    paymentUri: opts.paymentUri,
    async pay(req) {
      if (endsWith(req, '17'))
        return {
          state: 'requires_action',
          instructions: 'Test mode: this account cannot pay refunds itself (test amount ending in 17): send it from your wallet.',
        };
      return { state: 'pending', details: { sim: { ...simOf(req), paidAt: req.now } } };
    },
    async confirm(req) {
      const sim = simOf(req);
      const forced = forcedOutcome(sim);
      if (forced) return forced;
      // The merchant's own proof, in test mode: any reference counts as the transfer.
      if (req.operatorReference) return { state: 'succeeded', operatorReference: req.operatorReference };
      if (sim.paidAt === undefined) return { state: 'not_found' };
      if (req.now < sim.paidAt + SIM_REFUND_SECONDS) return { state: 'pending' };
      if (endsWith(req, '13')) return declined();
      return { state: 'succeeded', operatorReference: simReference() };
    },
  };
}
