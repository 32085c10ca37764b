// The reconciliation's objects as the API, the events and the dashboard show them (`recon_...`,
// `recitem_...`): serialized from their rows, once. Pure. May import lib/db (types), bottom.
import type { Row } from '../db/client';
import type { Rail } from '../money';

export const RECONCILIATION_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];
export const ITEM_KINDS = ['missing_in_caisse', 'missing_at_backend', 'amount_differs'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const ITEM_RESOLUTIONS = ['credited', 'needs_review', 'outside_caisse'] as const;
export type ItemResolution = (typeof ITEM_RESOLUTIONS)[number];
/**
 * Why, as a machine reads it (the explanation is the English sentence; the dashboard words its own
 * from this code and the two sides).
 */
export const ITEM_REASONS = [
  /** The backend had money Caisse had not recorded; the settle path credited it; the ledger now matches. */
  'credited_through_settle_path',
  /** The same, but the settle path did not credit it (yet): a stale rate, confirmations, a closed intent's rule. */
  'credit_not_applied',
  /** The backend has no record of the attempt's reference at all (404). */
  'backend_has_no_record',
  /** The backend knows the attempt but says nothing was received. */
  'backend_received_nothing',
  /** The backend says less was received than the ledger holds. */
  'backend_received_less',
  /** Money in on the account that no Caisse attempt asked for. */
  'payment_outside_caisse',
  /** Money out on a Caisse payment with no Caisse refund behind it (a refund made at the backend). */
  'refund_outside_caisse',
  /** Money out that names nothing of Caisse's (a payout, a payment sent). */
  'transfer_outside_caisse',
  /** A refund succeeded in Caisse that the backend does not know. */
  'refund_unknown_at_backend',
  /** A refund succeeded in Caisse that the backend says failed. */
  'refund_failed_at_backend',
] as const;
export type ItemReason = (typeof ITEM_REASONS)[number];

/** Items shown inline on a retrieved reconciliation; the rest are read with GET /v1/reconciliations/:id/items. */
export const INLINE_ITEMS = 100;

export interface ReconciliationItem {
  id: string;
  object: 'reconciliation_item';
  reconciliationId: string;
  kind: ItemKind;
  reason: ItemReason;
  resolution: ItemResolution;
  rail: Rail;
  railAccountId: string | null;
  backendRef: string | null;
  paymentIntentId: string | null;
  attemptId: string | null;
  refundId: string | null;
  /** What Caisse holds (amount on the rail, currency, ledger lines, the attempt's or refund's status); null: nothing. */
  caisse: Record<string, unknown> | null;
  /** What the backend says (amount, currency, state or its own id and time); null: no record. */
  backend: Record<string, unknown> | null;
  explanation: string;
  livemode: boolean;
  createdAt: number;
}

export interface Reconciliation {
  id: string;
  object: 'reconciliation';
  status: ReconciliationStatus;
  /** `api` (POST /v1/reconciliations) or `daily` (the worker's run of the previous day). */
  origin: 'api' | 'daily';
  from: string;
  to: string;
  timeZone: string;
  railAccountId: string | null;
  summary: Record<string, unknown>;
  /** Why a failed run failed: `{code, rail, railAccountId, message}`. */
  failure: Record<string, unknown> | null;
  itemCount: number;
  /** The first INLINE_ITEMS items, oldest first; `hasMoreItems` says there are more. */
  items: ReconciliationItem[];
  hasMoreItems: boolean;
  livemode: boolean;
  createdAt: number;
  completedAt: number | null;
}

const json = (v: unknown): Record<string, unknown> | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? JSON.parse(v) : (v as Record<string, unknown>);

export function toReconciliationItem(r: Row): ReconciliationItem {
  return {
    id: String(r.id),
    object: 'reconciliation_item',
    reconciliationId: String(r.reconciliation_id),
    kind: r.kind as ItemKind,
    reason: r.reason as ItemReason,
    resolution: r.resolution as ItemResolution,
    rail: r.rail as Rail,
    railAccountId: (r.rail_account_id as string | null) ?? null,
    backendRef: (r.backend_ref as string | null) ?? null,
    paymentIntentId: (r.payment_intent_id as string | null) ?? null,
    attemptId: (r.payment_attempt_id as string | null) ?? null,
    refundId: (r.refund_id as string | null) ?? null,
    caisse: json(r.caisse),
    backend: json(r.backend),
    explanation: String(r.explanation),
    livemode: r.livemode === true,
    createdAt: Number(r.created_at),
  };
}

export function toReconciliation(r: Row, items: Row[] | ReconciliationItem[]): Reconciliation {
  const shown = items
    .slice(0, INLINE_ITEMS)
    .map((i) => ((i as ReconciliationItem).object === 'reconciliation_item' ? (i as ReconciliationItem) : toReconciliationItem(i as Row)));
  const count = Number(r.item_count);
  return {
    id: String(r.id),
    object: 'reconciliation',
    status: r.status as ReconciliationStatus,
    origin: r.origin as 'api' | 'daily',
    from: String(r.from_date),
    to: String(r.to_date),
    timeZone: String(r.time_zone),
    railAccountId: (r.rail_account_id as string | null) ?? null,
    summary: json(r.summary) ?? {},
    failure: json(r.failure),
    itemCount: count,
    items: shown,
    hasMoreItems: count > shown.length,
    livemode: r.livemode === true,
    createdAt: Number(r.created_at),
    completedAt: r.completed_at === null || r.completed_at === undefined ? null : Number(r.completed_at),
  };
}
