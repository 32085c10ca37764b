// The shape of a decision (decide.ts): the facts it is made from, and what it says happens, in
// order. Types only. May import lib/store (types), lib/domain (types), bottom.

import type { Quote, Valuation } from '../domain/conversion';
import type { EventType } from '../domain/events';
import type { IntentStatus } from '../domain/transitions';
import type { Currency } from '../money';
import type { AttemptStatus } from '../store/attempts';

export interface PaymentError {
  code: string;
  message: string;
  rail?: string;
}

/** The intent as the decision needs it (loaded under its row lock). */
export interface IntentFacts {
  status: IntentStatus;
  amount: number;
  amountReceived: number;
  currency: Currency;
  /** Its payment window has closed (its session expired, or is past its expiry). */
  windowClosed: boolean;
  /** Failed attempts of the payer so far, not counting this one nor our backend's refusals. */
  payerFailures: number;
  /** When its open session ends (null: no open session). */
  sessionOpenUntil: number | null;
}

/** The attempt as the decision needs it (loaded under its row lock). */
export interface AttemptFacts {
  rail: string;
  status: AttemptStatus;
  amountReceived: number;
  expiresAt: number | null;
  backendRef: string | null;
  /** Address rails: what the address has credited so far, over every attempt that used it. */
  addressCredited: number | null;
  /**
   * The attempt's quote when it converts (francs paid in BTC or USDT): its money is in the
   * settlement currency and is worth `worthInIntentCurrency` of the intent's (conversion.ts).
   */
  quote: Quote | null;
  /** When money (confirmed or not) was first seen on this attempt (null: not yet). */
  firstSeenAt: number | null;
  /**
   * With a quote: how its money is valued once some came after the quote ended (conversion.ts
   * `Valuation`: in time at the quote, each late part at the rate of its moment); null: all at the quote.
   */
  valuation?: Valuation | null;
}

export type Effect =
  /**
   * New money (first, when there is any): `amount` in the attempt's minor units (the settlement
   * currency's when it converts) is added to the attempt and, for an address, to what the address
   * credited; `intentAmount` (the same money in the intent's minor units) to the intent. Negative
   * for a reversal: taken back from the attempts that counted it on the address, newest first, then
   * from the address and the intent.
   */
  | { do: 'credit'; amount: number; intentAmount: number }
  /** A status change of the intent through its transition table (and its last error). */
  | { do: 'intent'; to: IntentStatus; lastPaymentError?: PaymentError | null }
  /** The intent's last error changes, not its status. */
  | { do: 'intentError'; lastPaymentError: PaymentError }
  /** An event about the intent as it is at that point. */
  | { do: 'emit'; type: EventType }
  /** The attempt's status (through its table), error, and how long it is watched. */
  | { do: 'attempt'; to: AttemptStatus; error?: PaymentError; watchUntil?: number | null }
  /** Every live attempt of the intent closes (each watched while its backend can pay it). */
  | { do: 'closeActive'; to: 'canceled' | 'expired' }
  /** The intent's open checkout sessions complete. */
  | { do: 'sessions'; to: 'complete' }
  /** The intent fails: its live attempts close (still watched), its open sessions expire (checkout-sessions.ts failIntent). */
  | { do: 'failIntent'; error: PaymentError };

export interface Decision {
  /**
   * New money, in the attempt's minor units (the settlement currency's when it converts): added to
   * the attempt and its address. Negative only for an address whose counted money left the chain
   * (a reversal). When not 0, the first effect (`credit`) carries it and `intentCredit`.
   */
  credit: number;
  /** The same money in the intent's minor units (equal to `credit` without a quote): added to the intent. */
  intentCredit: number;
  /** Money seen but not final, as the backend reports it now. */
  seen: number;
  /** In order. */
  effects: Effect[];
  /** Nothing at the backend can change for this attempt any more: a closed attempt stops being watched. */
  backendFinal: boolean;
  /** An expired Lightning invoice should be replaced while the session is open. */
  replace: boolean;
}
