// What the engine asks a rail family (lib/payments/families/index.ts). Pure.

export type FamilyName = 'push' | 'redirect' | 'invoice' | 'address';

export interface RailFamily {
  readonly name: FamilyName;
  /** Mobile money (push or redirect): the operator's final word decides, a timeout of ours does not. */
  readonly mobileMoney: boolean;
  /** What a prompt needs of the payer's number: a push is sent to it; a redirect takes it for the record; else none. */
  readonly phone: 'required' | 'optional' | 'none';
  /**
   * The prompt reaches the payer's phone: counted toward the phone's limits, its reference made and
   * stored before the call (a lost answer is looked up by it), and a refusal may be the number's fault.
   */
  readonly pushesToPhone: boolean;
  /** The payer goes to the operator's page and comes back: return and notification URLs, locale. */
  readonly redirects: boolean;
  /** The prompt can be sent again while it is pending. */
  readonly canResend: boolean;
  /** The payer may choose another rail while this family's attempt is pending (came back without paying). */
  readonly railMayChangeWhilePending: boolean;
  /** The attempt's status once its prompt is out. */
  readonly promptStatus: 'pending' | 'awaiting_payment';
  /** The operator API an attempt lives at is pinned on it (details.protocol): another protocol's adapter never asks about it. */
  readonly pinsProtocol: boolean;
  /**
   * Money comes to a receive address from the key's pool: counted per address (several attempts may
   * share it), marked used once seen, never final at the backend (an address can always receive).
   */
  readonly receivesOnAddress: boolean;
  /**
   * An invoice: expires on its own (at most LIGHTNING_INVOICE_EXPIRY_SECONDS), is handed out again
   * after a switch back while valid, is replaced when it expires while the session is open, and its
   * money is counted once across the attempts that share it.
   */
  readonly invoice: boolean;
  /** Until when an attempt closed at `now` stays watched: while its backend can still pay it (null: not at all). */
  watchUntilAfterClose(a: { backendRef: string | null; expiresAt: number | null }, now: number): number | null;
}
