// One reconciliation run (issue 28 point 4): for its period (and rail account, if it names one), what
// each backend says against what the ledger and the attempts say, line by line per backend reference.
//   1. Listings, where a backend has one (adapter.listMovements: LND invoices and payments, Wave's
//      transaction list), on the merchant's own accounts: money in that no attempt of ours made, and
//      money out that no refund of ours explains, are outside Caisse; money in on an attempt of ours
//      adds that attempt to the ones checked (a payment this period on an attempt of another day).
//   2. Each attempt of the period (created in it, or with a ledger line in it): its adapter's status
//      (read to the end when it comes in parts) against the ledger's lines for it, all time.
//      Backend more -> credited through the engine's own settle path (refreshAttempt, the watch
//      re-armed as an authenticated callback does), never by hand; then the ledger is read again.
//      Backend less, or no record -> needs review (never debited automatically).
//   3. Each refund with a ledger line in the period, succeeded: the backend asked about it (check
//      or confirm); one it has no record of, or refused, is missing at the backend.
// A backend that fails (down, 5xx, an unreadable answer) fails the run, naming the backend: a
// reconciliation never succeeds over a gap. The items found before the failure are kept (a credit
// made is real money); the daily run is retried by a new run (worker.ts).
// May import lib/payments, lib/refunds (the engine), lib/domain, lib/store, lib/rails, lib/db, bottom.
import type { Db, Row } from '../db/client';
import { type EventType, recordEvent } from '../domain/events';
import { merchantRails } from '../domain/merchant-rails';
import { createId } from '../ids';
import { log } from '../log';
import type { Currency, Rail } from '../money';
import { adapterOfAttempt } from '../payments/adapters';
import { refreshAttempt } from '../payments/apply-report';
import { familyOfRail } from '../payments/families';
import { BackendError, type BackendMovement, type RailAdapter, type RailStatus, type RefundOutcome } from '../rails/types';
import { refundRail, refundRequest } from '../refunds/shared';
import { attemptView, isActiveAttempt, type PaymentAttemptRow, parseAttempt, writeAttempt } from '../store/attempts';
import { parseRefund, type RefundRow } from '../store/refunds';
import { type ItemKind, type ItemReason, type ItemResolution, toReconciliation, toReconciliationItem } from './objects';

/** How long an ended attempt is watched again when the backend has money Caisse has not recorded. */
export const RECONCILE_WATCH_SECONDS = 600;
/** A status read in parts (RailStatus.complete false) is asked again with what it read, at most this many times. */
export const MAX_STATUS_ROUNDS = 50;

/** A backend that could not answer: the run fails, naming it. */
class BackendDown extends Error {
  constructor(
    readonly rail: Rail,
    readonly railAccountId: string | null,
    message: string,
  ) {
    super(message);
  }
}

interface NewItem {
  kind: ItemKind;
  reason: ItemReason;
  resolution: ItemResolution;
  rail: Rail;
  railAccountId: string | null;
  backendRef: string | null;
  paymentIntentId: string | null;
  attemptId: string | null;
  refundId: string | null;
  caisse: Record<string, unknown> | null;
  backend: Record<string, unknown> | null;
  explanation: string;
}

interface RunRow {
  id: string;
  merchant_id: string;
  livemode: boolean;
  status: string;
  period_start: number;
  period_end: number;
  rail_account_id: string | null;
}

const money = (n: number, currency: string) => `${n} ${currency}`;

/**
 * Complete a pending run (the worker claimed it). Returns its new status, or null when it is not
 * pending any more (another worker completed it).
 */
export async function runReconciliation(db: Db, id: string, now: number): Promise<'succeeded' | 'failed' | null> {
  const [raw] = await db.query(`select * from reconciliations where id = $1`, [id]);
  if (raw?.status !== 'pending') return null;
  const run: RunRow = {
    id: String(raw.id),
    merchant_id: String(raw.merchant_id),
    livemode: raw.livemode === true,
    status: String(raw.status),
    period_start: Number(raw.period_start),
    period_end: Number(raw.period_end),
    rail_account_id: (raw.rail_account_id as string | null) ?? null,
  };
  const items: NewItem[] = [];
  const summary = { attemptsChecked: 0, refundsChecked: 0, backendMovementsRead: 0, listedAccounts: [] as string[], listingsUnavailable: [] as unknown[] };
  let failure: Record<string, unknown> | null = null;
  try {
    const extra = await checkListings(db, run, items, summary);
    const attempts = await attemptsOfPeriod(db, run, extra);
    const addresses = new Set<string>();
    for (const a of attempts) {
      summary.attemptsChecked++;
      if (!(familyOfRail(a.rail).receivesOnAddress && a.destination)) {
        await checkAttempt(db, a, now, items, [a]);
        continue;
      }
      // An address rail's backend answers for the address (its whole history), which several attempts
      // of one intent may have used in turn: the address is checked once, against all their lines.
      const key = `${a.rail}|${a.destination}`;
      if (addresses.has(key)) continue;
      addresses.add(key);
      const onAddress = await attemptsOnAddress(db, a);
      await checkAttempt(db, onAddress[0] ?? a, now, items, onAddress.length ? onAddress : [a]);
    }
    for (const r of await refundsOfPeriod(db, run)) {
      await checkRefund(db, r, now, items);
      summary.refundsChecked++;
    }
  } catch (err) {
    if (!(err instanceof BackendDown)) throw err;
    failure = {
      code: 'backend_unavailable',
      rail: err.rail,
      railAccountId: err.railAccountId,
      message: `The ${err.rail} backend${err.railAccountId ? ` of ${err.railAccountId}` : ''} could not be read: ${err.message.slice(0, 300)}. The reconciliation is incomplete; the daily run is tried again later.`,
    };
    log('warn', 'reconciliation failed: a backend could not be read', { reconciliationId: run.id, rail: err.rail, error: err.message });
  }
  return finish(db, run, items, summary, failure, now);
}

/** Write the items and the outcome, with their events, in one transaction; once (a run completed by another worker is left alone). */
async function finish(
  db: Db,
  run: RunRow,
  items: NewItem[],
  summary: Record<string, unknown>,
  failure: Record<string, unknown> | null,
  now: number,
): Promise<'succeeded' | 'failed' | null> {
  const scope = { merchantId: run.merchant_id, livemode: run.livemode };
  const status = failure ? 'failed' : 'succeeded';
  return db.transaction(async (tx) => {
    const done = await tx.query(
      `update reconciliations set status = $2, summary = $3, failure = $4, item_count = $5, completed_at = $6, locked_until = null
        where id = $1 and status = 'pending' returning *`,
      [run.id, status, JSON.stringify(summary), failure ? JSON.stringify(failure) : null, items.length, now],
    );
    if (!done[0]) return null;
    const written: Row[] = [];
    for (const it of items) {
      const [row] = await tx.query(
        `insert into reconciliation_items (id, reconciliation_id, merchant_id, livemode, kind, reason, resolution, rail, rail_account_id, backend_ref,
           payment_intent_id, payment_attempt_id, refund_id, caisse, backend, explanation, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning *`,
        [
          createId('recitem'),
          run.id,
          run.merchant_id,
          run.livemode,
          it.kind,
          it.reason,
          it.resolution,
          it.rail,
          it.railAccountId,
          it.backendRef,
          it.paymentIntentId,
          it.attemptId,
          it.refundId,
          it.caisse ? JSON.stringify(it.caisse) : null,
          it.backend ? JSON.stringify(it.backend) : null,
          it.explanation,
          now,
        ],
      );
      written.push(row!);
    }
    for (const row of written) await recordEvent(tx, scope, 'reconciliation_item.created', toReconciliationItem(row));
    const type: EventType = failure ? 'reconciliation.failed' : 'reconciliation.succeeded';
    await recordEvent(tx, scope, type, toReconciliation(done[0], written.slice(0, 100)));
    return status;
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Listings

/** The merchant's own accounts with a listing (a platform account's listing holds other merchants' money: its attempts are checked one by one). */
async function listingAdapters(db: Db, run: RunRow): Promise<RailAdapter[]> {
  const rails = await merchantRails(db, { merchantId: run.merchant_id, livemode: run.livemode });
  return [...rails.values()].filter(
    (a) => a.account !== undefined && typeof a.listMovements === 'function' && (run.rail_account_id === null || a.account.id === run.rail_account_id),
  );
}

/** Read each listing; returns the attempts of ours the listings name (checked with the period's). */
async function checkListings(
  db: Db,
  run: RunRow,
  items: NewItem[],
  summary: { backendMovementsRead: number; listedAccounts: string[]; listingsUnavailable: unknown[] },
): Promise<string[]> {
  const extra: string[] = [];
  for (const adapter of await listingAdapters(db, run)) {
    const accountId = adapter.account!.id;
    let movements: BackendMovement[];
    try {
      movements = await adapter.listMovements!({ start: run.period_start, end: run.period_end });
    } catch (err) {
      if (!(err instanceof BackendError)) throw err;
      // A key the backend does not allow to list (Wave: a key without the Balance API): the
      // per-attempt checks still run; the summary says this account's listing could not be read.
      if (err.status === 401 || err.status === 403) {
        summary.listingsUnavailable.push({ rail: adapter.rail, railAccountId: accountId, reason: err.message.slice(0, 200) });
        continue;
      }
      throw new BackendDown(adapter.rail, accountId, err.message);
    }
    summary.listedAccounts.push(accountId);
    summary.backendMovementsRead += movements.length;
    for (const m of movements) {
      if (m.direction === 'in') {
        const attempt = await attemptOfMovement(db, run, adapter, m);
        if (attempt) {
          extra.push(attempt);
          continue;
        }
        // Money back on a payout of ours (Wave's payout reversal names our refund): the refund's check says it.
        if (m.clientReference && (await refundOfMerchant(db, run, m.clientReference))) continue;
        items.push({
          kind: 'missing_in_caisse',
          reason: 'payment_outside_caisse',
          resolution: 'outside_caisse',
          rail: adapter.rail,
          railAccountId: accountId,
          backendRef: m.backendRef ?? m.id,
          paymentIntentId: null,
          attemptId: null,
          refundId: null,
          caisse: null,
          backend: movementSide(m),
          explanation: `The ${adapter.rail} account received ${money(m.amount, m.currency)} (backend reference ${m.backendRef ?? m.id}) that no Caisse payment asked for: a payment made to the account outside Caisse. Nothing was credited in Caisse.`,
        });
      } else {
        if (await explainedOut(db, run, adapter, m)) continue;
        const attemptId = m.backendRef ? await attemptByRef(db, run, adapter, m.backendRef) : null;
        items.push({
          kind: 'missing_in_caisse',
          reason: attemptId ? 'refund_outside_caisse' : 'transfer_outside_caisse',
          resolution: 'outside_caisse',
          rail: adapter.rail,
          railAccountId: accountId,
          backendRef: m.backendRef ?? m.id,
          paymentIntentId: attemptId ? await intentOf(db, attemptId) : null,
          attemptId,
          refundId: null,
          caisse: null,
          backend: movementSide(m),
          explanation: attemptId
            ? `${money(-m.amount, m.currency)} went back from the ${adapter.rail} account for Caisse payment attempt ${attemptId} without a Caisse refund: a refund made directly at the backend. Caisse still counts the payment as received; record it as a refund or review it.`
            : `${money(-m.amount, m.currency)} left the ${adapter.rail} account (backend reference ${m.backendRef ?? m.id}) with no Caisse refund behind it: a transfer or refund made outside Caisse.`,
        });
      }
    }
  }
  return extra;
}

const movementSide = (m: BackendMovement) => ({ amount: m.amount, currency: m.currency, id: m.id, reference: m.clientReference, at: m.at });

async function attemptByRef(db: Db, run: RunRow, adapter: RailAdapter, ref: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `select id from payment_attempts where merchant_id = $1 and livemode = $2 and rail = $3 and rail_account_id = $4 and backend_ref = $5 order by seq limit 1`,
    [run.merchant_id, run.livemode, adapter.rail, adapter.account!.id, ref],
  );
  return rows[0]?.id ?? null;
}

async function attemptOfMovement(db: Db, run: RunRow, adapter: RailAdapter, m: BackendMovement): Promise<string | null> {
  if (m.backendRef) {
    const byRef = await attemptByRef(db, run, adapter, m.backendRef);
    if (byRef) return byRef;
  }
  if (m.clientReference?.startsWith('att_')) {
    const rows = await db.query<{ id: string }>(
      `select id from payment_attempts where id = $1 and merchant_id = $2 and livemode = $3 and rail_account_id = $4`,
      [m.clientReference, run.merchant_id, run.livemode, adapter.account!.id],
    );
    return rows[0]?.id ?? null;
  }
  return null;
}

async function refundOfMerchant(db: Db, run: RunRow, id: string): Promise<RefundRow | null> {
  const rows = await db.query(`select * from refunds where id = $1 and merchant_id = $2 and livemode = $3`, [id, run.merchant_id, run.livemode]);
  return rows[0] ? parseRefund(rows[0]) : null;
}

async function intentOf(db: Db, attemptId: string): Promise<string | null> {
  const rows = await db.query<{ payment_intent_id: string }>(`select payment_intent_id from payment_attempts where id = $1`, [attemptId]);
  return rows[0]?.payment_intent_id ?? null;
}

/**
 * Money out a refund of ours explains: one named by the backend's client reference (a Wave payout
 * carries our refund id), a payment sent whose hash a refund of ours paid (LND), or a refund of a
 * payment of ours (a Wave session refund names the session) covered by our refunds of it.
 */
async function explainedOut(db: Db, run: RunRow, adapter: RailAdapter, m: BackendMovement): Promise<boolean> {
  if (m.clientReference) {
    const r = await refundOfMerchant(db, run, m.clientReference);
    if (r && r.status !== 'failed' && r.status !== 'canceled') return true;
  }
  if (m.backendRef) {
    const byHash = await db.query(
      `select 1 from refunds where merchant_id = $1 and livemode = $2 and rail = $3 and status not in ('failed', 'canceled')
          and (operator_reference = $4 or details->>'paymentHash' = $4 or reference = $4) limit 1`,
      [run.merchant_id, run.livemode, adapter.rail, m.backendRef],
    );
    if (byHash[0]) return true;
    const attemptId = await attemptByRef(db, run, adapter, m.backendRef);
    if (attemptId) {
      const [sum] = await db.query<{ total: string }>(
        `select coalesce(sum(settlement_amount), 0)::text as total from refunds where payment_attempt_id = $1 and status not in ('failed', 'canceled')`,
        [attemptId],
      );
      if (Number(sum!.total) >= -m.amount) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// 2. Attempts

async function attemptsOfPeriod(db: Db, run: RunRow, extra: string[]): Promise<PaymentAttemptRow[]> {
  const rows = await db.query(
    `select * from payment_attempts a
      where a.merchant_id = $1 and a.livemode = $2 and a.status <> 'creating'
        and (a.backend_ref is not null or a.destination is not null)
        and ($5::text is null or a.rail_account_id = $5)
        and ((a.created_at >= $3 and a.created_at < $4)
          or a.id = any($6::text[])
          or a.id in (select b.payment_attempt_id from balance_transactions b
                       where b.merchant_id = $1 and b.livemode = $2 and b.created_at >= $3 and b.created_at < $4 and b.payment_attempt_id is not null))
      order by a.created_at, a.seq`,
    [run.merchant_id, run.livemode, run.period_start, run.period_end, run.rail_account_id, extra],
  );
  return rows.map(parseAttempt);
}

/** The attempts (of one intent: an address is never shared between intents) that used an address, newest first. */
async function attemptsOnAddress(db: Db, a: PaymentAttemptRow): Promise<PaymentAttemptRow[]> {
  const rows = await db.query(
    `select * from payment_attempts where payment_intent_id = $1 and rail = $2 and destination = $3 and status <> 'creating' order by created_at desc, seq desc`,
    [a.payment_intent_id, a.rail, a.destination],
  );
  return rows.map(parseAttempt);
}

/** What the ledger holds for these attempts' money in (credits and their reversals, all time), on the rail. */
async function ledgerOf(db: Db, group: PaymentAttemptRow[]): Promise<{ amount: number; lines: number }> {
  const [r] = await db.query<{ total: string; lines: number }>(
    `select coalesce(sum(amount), 0)::text as total, count(*)::int as lines from balance_transactions
      where payment_intent_id = $1 and payment_attempt_id = any($2::text[]) and refund_id is null`,
    [group[0]!.payment_intent_id, group.map((g) => g.id)],
  );
  return { amount: Number(r!.total), lines: Number(r!.lines) };
}

/** The backend's status, read to the end (a long history comes in parts); null when the backend has no record of it (404). */
async function statusOf(adapter: RailAdapter, a: PaymentAttemptRow, now: number): Promise<RailStatus | null> {
  const view = attemptView(a as unknown as Row);
  let details = { ...a.details } as Record<string, unknown>;
  for (let round = 0; round < MAX_STATUS_ROUNDS; round++) {
    let st: RailStatus;
    try {
      st = await adapter.getStatus({ ...view, details }, now);
    } catch (err) {
      if (!(err instanceof BackendError)) throw err;
      if (err.kind === 'request' && err.status === 404) return null;
      throw new BackendDown(adapter.rail, adapter.account?.id ?? null, err.message);
    }
    if (st.complete !== false) return st;
    details = { ...details, ...(st.details ?? {}) };
  }
  throw new BackendDown(adapter.rail, adapter.account?.id ?? null, `the history of attempt ${a.id} did not end in ${MAX_STATUS_ROUNDS} reads`);
}

/** One attempt (or the latest of an address's, `group` all of them) against the ledger. */
async function checkAttempt(db: Db, a: PaymentAttemptRow, now: number, items: NewItem[], group: PaymentAttemptRow[]): Promise<void> {
  const adapter = await adapterOfAttempt(db, a);
  if (!adapter) throw new BackendDown(a.rail, a.rail_account_id, `the rail ${a.rail} is not configured on this deployment any more`);
  const st = await statusOf(adapter, a, now);
  const backendIn = st ? st.received : 0;
  const before = await ledgerOf(db, group);
  if (backendIn === before.amount) return;
  const base = {
    rail: a.rail,
    railAccountId: a.rail_account_id,
    backendRef: a.backend_ref ?? a.destination,
    paymentIntentId: a.payment_intent_id,
    attemptId: a.id,
    refundId: null,
  };
  const backendSide = st ? { amount: backendIn, currency: a.currency, state: st.state } : null;
  const caisseSide = (l: { amount: number; lines: number }, status: string) => ({
    amount: l.amount,
    currency: a.currency,
    ledgerLines: l.lines,
    attemptStatus: status,
  });
  if (backendIn > before.amount) {
    // Money at the backend Caisse has not recorded: through the settle path, as an authenticated
    // callback would (callback.ts): an attempt no longer watched is watched again, then asked.
    const watching = a.watch_until !== null && a.watch_until > now;
    if (!isActiveAttempt(a.status) && !watching)
      await writeAttempt(db, a.id, {
        set: { watch_until: now + RECONCILE_WATCH_SECONDS, next_poll_at: now },
        where: { sql: 'watch_until is null or watch_until <= $1', params: [now] },
      });
    try {
      await refreshAttempt(db, a.id, now);
    } catch (err) {
      log('error', 'reconciliation: the settle path failed', { attemptId: a.id, error: err instanceof Error ? err.message : String(err) });
    }
    const after = await ledgerOf(db, group);
    const [row] = await db.query<{ status: string }>(`select status from payment_attempts where id = $1`, [a.id]);
    const kind: ItemKind = before.amount === 0 ? 'missing_in_caisse' : 'amount_differs';
    if (after.amount === backendIn) {
      items.push({
        ...base,
        kind,
        reason: 'credited_through_settle_path',
        resolution: 'credited',
        caisse: caisseSide(after, row?.status ?? a.status),
        backend: backendSide,
        explanation: `The backend received ${money(backendIn, a.currency)} for attempt ${a.id}; Caisse had recorded ${money(before.amount, a.currency)}. The difference was credited through the normal settle path and the ledger now matches.`,
      });
    } else {
      items.push({
        ...base,
        kind,
        reason: 'credit_not_applied',
        resolution: 'needs_review',
        caisse: caisseSide(after, row?.status ?? a.status),
        backend: backendSide,
        explanation: `The backend received ${money(backendIn, a.currency)} for attempt ${a.id}; Caisse records ${money(after.amount, a.currency)}. The settle path did not credit the difference yet (it may wait for a fresh exchange rate or confirmations); the attempt is watched again. Review it if it stays.`,
      });
    }
    return;
  }
  // The backend has less than the ledger: never debited automatically.
  const none = st === null || backendIn === 0;
  items.push({
    ...base,
    kind: none ? 'missing_at_backend' : 'amount_differs',
    reason: st === null ? 'backend_has_no_record' : none ? 'backend_received_nothing' : 'backend_received_less',
    resolution: 'needs_review',
    caisse: caisseSide(before, a.status),
    backend: backendSide,
    explanation:
      st === null
        ? `Caisse recorded ${money(before.amount, a.currency)} for attempt ${a.id}, but the backend has no record of ${a.backend_ref ?? a.destination}. Nothing was debited: review it with the operator.`
        : `Caisse recorded ${money(before.amount, a.currency)} for attempt ${a.id}; the backend now says ${money(backendIn, a.currency)} (${st.state}). Nothing was debited: review it with the operator.`,
  });
}

// ---------------------------------------------------------------------------------------------
// 3. Refunds

async function refundsOfPeriod(db: Db, run: RunRow): Promise<RefundRow[]> {
  const rows = await db.query(
    `select * from refunds r where r.merchant_id = $1 and r.livemode = $2 and r.status = 'succeeded'
        and ($5::text is null or r.rail_account_id = $5)
        and r.id in (select b.refund_id from balance_transactions b
                      where b.merchant_id = $1 and b.livemode = $2 and b.created_at >= $3 and b.created_at < $4 and b.refund_id is not null)
      order by r.created_at, r.seq`,
    [run.merchant_id, run.livemode, run.period_start, run.period_end, run.rail_account_id],
  );
  return rows.map(parseRefund);
}

async function checkRefund(db: Db, r: RefundRow, now: number, items: NewItem[]): Promise<void> {
  let outcome: RefundOutcome | null = null;
  try {
    const rr = await refundRail(db, r);
    const req = await refundRequest(db, r, now, false);
    if (rr.method === 'send' && rr.check) outcome = await rr.check(req);
    else if (rr.method === 'claim' && rr.confirm && (r.destination || r.operator_reference)) outcome = await rr.confirm(req);
  } catch (err) {
    if (err instanceof BackendError) throw new BackendDown(r.rail as Rail, r.rail_account_id, err.message);
    // The rail cannot refund here any more (refund_unsupported): nothing to ask.
    log('warn', 'reconciliation: a refund could not be checked', { refundId: r.id, error: err instanceof Error ? err.message : String(err) });
    return;
  }
  // Nothing to ask (the merchant refunded by hand: Orange), or not final yet: nothing to say.
  if (!outcome || outcome.state === 'succeeded' || outcome.state === 'pending' || outcome.state === 'requires_action') return;
  items.push({
    kind: 'missing_at_backend',
    reason: outcome.state === 'not_found' ? 'refund_unknown_at_backend' : 'refund_failed_at_backend',
    resolution: 'needs_review',
    rail: r.rail as Rail,
    railAccountId: r.rail_account_id,
    backendRef: r.operator_reference ?? r.reference,
    paymentIntentId: r.payment_intent_id,
    attemptId: r.payment_attempt_id,
    refundId: r.id,
    caisse: { amount: -r.settlement_amount, currency: r.settlement_currency as Currency, refundStatus: r.status },
    backend: outcome.state === 'failed' ? { state: 'failed', code: outcome.code } : null,
    explanation:
      outcome.state === 'not_found'
        ? `Refund ${r.id} of ${money(r.settlement_amount, r.settlement_currency)} succeeded in Caisse, but the backend has no record of it. Nothing was changed: review it with the operator.`
        : `Refund ${r.id} of ${money(r.settlement_amount, r.settlement_currency)} succeeded in Caisse, but the backend now says it failed (${outcome.code}). Nothing was changed: review it with the operator.`,
  });
}
