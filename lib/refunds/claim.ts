// The payer's side of a claim refund (Lightning, on-chain, USDT): the claim page reads the refund
// by its link's token (claimView) and submits where the money should go (submitClaim). The rail
// checks the destination (network, checksum, an invoice's amount, signature and expiry); then the
// account pays it (`pending`, advance.ts) or the merchant must (`send_payment`). One destination
// per claim: once given it is fixed, except a Lightning invoice that expired unpaid (advance.ts
// asks the payer again). May call shared.ts, advance.ts, lib/store, lib/domain.
import type { Db } from '../db/client';
import { invalid } from '../errors';
import { nowSeconds } from '../ids';
import type { Currency, Rail } from '../money';
import { lockIntent } from '../store/intents';
import { getRefund, type RefundRow, refundByClaimToken } from '../store/refunds';
import { advanceRefund } from './advance';
import { changeNextAction, LEASE_SECONDS, MIN_INVOICE_SECONDS, moveRefund, refundRail, sendPaymentAction } from './shared';

/** What the claim page shows. */
export interface ClaimView {
  refundId: string;
  merchantName: string;
  rail: Rail;
  livemode: boolean;
  /** The refund in the intent's currency, and what leaves on the rail. */
  amount: number;
  currency: Currency;
  settlementAmount: number;
  settlementCurrency: Currency;
  /** `open`: waiting for a destination; `claimed`: given, the merchant pays; `paid`; `closed`: canceled, failed or expired. */
  state: 'open' | 'claimed' | 'paid' | 'closed';
  destination: string | null;
  expiresAt: number | null;
}

export async function claimView(db: Db, token: string, now = nowSeconds()): Promise<ClaimView | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const r = await refundByClaimToken(db, token);
  if (!r) return null;
  const m = await db.query<{ name: string }>(`select name from merchants where id = $1`, [r.merchant_id]);
  return {
    refundId: r.id,
    merchantName: m[0]?.name ?? '',
    rail: r.rail,
    livemode: r.livemode,
    amount: r.amount,
    currency: r.currency,
    settlementAmount: r.settlement_amount,
    settlementCurrency: r.settlement_currency,
    state: stateOf(r, now),
    destination: r.destination,
    expiresAt: r.destination ? r.destination_expires_at : r.claim_expires_at,
  };
}

function stateOf(r: RefundRow, now: number): ClaimView['state'] {
  if (r.status === 'succeeded') return 'paid';
  if (r.status === 'failed' || r.status === 'canceled') return 'closed';
  if (r.destination) return 'claimed';
  if (r.status === 'requires_action' && (r.claim_expires_at === null || now < r.claim_expires_at)) return 'open';
  return 'closed';
}

export type ClaimResult = { ok: true; view: ClaimView } | { ok: false; code: string; message: string };

/** The payer gives a destination for the refund behind `token`. */
export async function submitClaim(db: Db, token: string, input: string, now = nowSeconds()): Promise<ClaimResult> {
  const r0 = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await refundByClaimToken(db, token) : null;
  if (!r0) return { ok: false, code: 'claim_not_found', message: 'This refund link is not valid.' };
  const rr = await refundRail(db, r0);
  const text = input.trim();
  if (text.length === 0 || text.length > 2000) return { ok: false, code: 'invalid_destination', message: 'Paste an invoice or an address.' };
  const parsed = rr.parseDestination?.(text, r0.settlement_amount, now, MIN_INVOICE_SECONDS) ?? {
    ok: false as const,
    code: 'invalid_destination',
    message: 'This rail takes no destination.',
  };
  if (!parsed.ok) return parsed;
  // An address another open refund of this rail and mode was claimed to is refused: on the
  // deployment's shared accounts a proof could then be recorded for the wrong refund.
  const taken = await db.query(
    `select 1 from refunds where rail = $1 and livemode = $2 and destination = $3 and id <> $4 and status not in ('failed', 'canceled') limit 1`,
    [r0.rail, r0.livemode, parsed.destination, r0.id],
  );
  if (taken.length) return { ok: false, code: 'destination_in_use', message: 'This destination is already given for another refund: give another one.' };
  const moved = await db.transaction(async (tx) => {
    await lockIntent(tx, r0.payment_intent_id); // the engine's lock order: the intent, then its rows
    const r = (await getRefund(tx, r0.id, { lock: true }))!;
    if (stateOf(r, now) !== 'open') return null;
    const set = { destination: parsed.destination, destination_expires_at: parsed.expiresAt, claimed_at: now };
    if (rr.canPay && rr.pay)
      return moveRefund(
        tx,
        r,
        'pending',
        {
          ...set,
          next_action: null,
          next_check_at: now + LEASE_SECONDS,
          locked_until: now + LEASE_SECONDS,
          details: JSON.stringify({ ...r.details, ...(parsed.details ?? {}) }),
        },
        now,
      );
    const action = sendPaymentAction(rr, r, parsed.destination, parsed.expiresAt);
    return changeNextAction(
      tx,
      r,
      { ...set, next_action: JSON.stringify(action), next_check_at: parsed.expiresAt, details: JSON.stringify({ ...r.details, ...(parsed.details ?? {}) }) },
      now,
    );
  });
  if (!moved) return { ok: false, code: 'claim_closed', message: 'This refund can no longer be claimed.' };
  if (moved.status === 'pending') await advanceRefund(db, moved.id, now, { leased: true }).catch(() => undefined);
  return { ok: true, view: (await claimView(db, token, now))! };
}

/** The claim's refusal as the API's error (the test helper's claim). */
export function claimError(result: Extract<ClaimResult, { ok: false }>) {
  return invalid(result.code, result.message, 'destination');
}
