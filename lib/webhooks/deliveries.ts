// Webhook delivery: the worker claims due delivery rows with a lease (`for update skip locked`
// in one short statement), POSTs outside any transaction, then records the outcome. A worker
// that dies mid-delivery leaves its lease to expire and the row is delivered again, with the same
// webhook-id (the event's id): at least once, never lost. Several workers never hold the same
// row: a live lease hides it from the others.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { claimDue } from '../db/claim';
import type { Db, Row } from '../db/client';
import type { Scope } from '../domain/common';
import { toEvent } from '../domain/events';
import { listObjects, listQuery } from '../domain/list';
import { notFound, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { log } from '../log';
import { BlockedTargetError, checkTarget, resolver as currentResolver, isPublicAddress, type Resolver } from '../ssrf';
import { getEndpointRow, signingSecrets } from './endpoints';
import { postWebhook } from './http';
import { webhookHeaders } from './signing';

/** Waits after the 1st, 2nd, ... failed attempt (the contract's schedule): about 3 days in all. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600] as const;
/** The first attempt and one per wait of the schedule. */
export const MAX_AUTO_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;
/** A claimed row is hidden from other workers this long: more than DNS (5 s) + HTTP (15 s). */
export const LEASE_SECONDS = 60;
const BATCH_SIZE = 20;
const MAX_BATCHES_PER_RUN = 5;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryOptions {
  /** The schedule's clock, Unix seconds (tests move it forward instead of sleeping). */
  now?: () => number;
  /** The clock of the webhook-timestamp header; real time unless a test says otherwise. */
  signingNow?: () => number;
  resolver?: Resolver;
  timeoutMs?: number;
  /** Only this merchant's deliveries (tests sharing one database; targeted draining). */
  merchantId?: string;
  batchSize?: number;
  random?: () => number;
  /**
   * The worker stops: no new batch is claimed, and a POST in flight is abandoned. Its attempt is
   * recorded as interrupted, not counted against the retry schedule, and its lease released with
   * the delivery still due, so another worker sends it again at once (same webhook-id).
   */
  signal?: AbortSignal;
}

/** The wait after `autoAttempts` failed attempts, with ±10% jitter; null when the schedule is done. */
export function retryDelay(autoAttempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_SCHEDULE_SECONDS[autoAttempts - 1];
  if (base === undefined) return null;
  return Math.max(1, Math.round(base * (0.9 + 0.2 * random())));
}

export interface DeliveryAttempt {
  attemptedAt: number;
  manual: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: string;
  object: 'webhook_delivery';
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  attempts: DeliveryAttempt[];
  livemode: boolean;
  createdAt: number;
}

export function toDelivery(r: Row, attempts: DeliveryAttempt[] = []): WebhookDelivery {
  const status = r.status as DeliveryStatus;
  const next = (r.next_attempt_at as number | null) ?? null;
  const lease = (r.locked_until as number | null) ?? null;
  return {
    id: r.id as string,
    object: 'webhook_delivery',
    endpointId: r.endpoint_id as string,
    eventId: r.event_id as string,
    eventType: r.event_type as string,
    status,
    attemptCount: r.attempt_count as number,
    nextAttemptAt: status === 'pending' && next !== null ? Math.max(next, lease ?? 0) : null,
    lastAttemptAt: (r.last_attempt_at as number | null) ?? null,
    lastResponseStatus: (r.last_response_status as number | null) ?? null,
    lastError: (r.last_error as string | null) ?? null,
    attempts,
    livemode: r.livemode as boolean,
    createdAt: r.created_at as number,
  };
}

function toAttempt(r: Row): DeliveryAttempt {
  return {
    attemptedAt: r.attempted_at as number,
    manual: r.manual as boolean,
    responseStatus: (r.response_status as number | null) ?? null,
    responseBody: (r.response_body as string | null) ?? null,
    error: (r.error as string | null) ?? null,
    durationMs: r.duration_ms as number,
  };
}

async function withAttempts(db: Db, rows: Row[]): Promise<WebhookDelivery[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id as string);
  const found = await db.query(`select * from webhook_delivery_attempts where delivery_id in (${ids.map((_, i) => `$${i + 1}`).join(', ')}) order by id`, ids);
  const by = new Map<string, DeliveryAttempt[]>();
  for (const a of found) {
    const list = by.get(a.delivery_id as string) ?? [];
    list.push(toAttempt(a));
    by.set(a.delivery_id as string, list);
  }
  return rows.map((r) => toDelivery(r, by.get(r.id as string) ?? []));
}

export const listDeliveriesQuery = listQuery({
  status: z.enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
  eventId: z.string().max(100).optional(),
});

export async function listDeliveries(db: Db, scope: Scope, endpointId: string, query: z.output<typeof listDeliveriesQuery>) {
  await getEndpointRow(db, scope, endpointId);
  const page = await listObjects<Row>({
    db,
    merchant: scope,
    table: 'webhook_deliveries',
    url: `/v1/webhook_endpoints/${endpointId}/deliveries`,
    query,
    filters: { endpoint_id: endpointId, status: query.status, event_id: query.eventId },
    map: (r) => r,
  });
  return { ...page, data: await withAttempts(db, page.data) };
}

async function getDeliveryRow(db: Db, scope: Scope, endpointId: string, id: string): Promise<Row> {
  await getEndpointRow(db, scope, endpointId);
  const rows = await db.query(`select * from webhook_deliveries where id = $1 and endpoint_id = $2 and merchant_id = $3 and livemode = $4`, [
    id,
    endpointId,
    scope.merchantId,
    scope.livemode,
  ]);
  if (!rows[0]) throw notFound('webhook_delivery', id);
  return rows[0];
}

export async function retrieveDelivery(db: Db, scope: Scope, endpointId: string, id: string): Promise<WebhookDelivery> {
  const [d] = await withAttempts(db, [await getDeliveryRow(db, scope, endpointId, id)]);
  return d!;
}

// What an attempt needs: the delivery, its event and its endpoint, read after the claim.
const CLAIMED_SELECT = `
  select d.*, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,
         ev.type as ev_type, ev.data as ev_data, ev.created_at as ev_created_at
    from webhook_deliveries d
    join webhook_endpoints e on e.id = d.endpoint_id
    join events ev on ev.id = d.event_id
   where d.lock_token = $1`;

const newToken = () => randomBytes(12).toString('base64url');

/** Take a lease on up to `limit` due deliveries of enabled endpoints. */
export async function claimDueDeliveries(db: Db, opts: DeliveryOptions = {}): Promise<{ token: string; rows: Row[] }> {
  const now = (opts.now ?? nowSeconds)();
  const token = newToken();
  const claimed = await claimDue(db, {
    table: 'webhook_deliveries',
    dueColumn: 'next_attempt_at',
    now,
    limit: opts.batchSize ?? BATCH_SIZE,
    leaseSeconds: LEASE_SECONDS,
    merchantId: opts.merchantId,
    join: 'join webhook_endpoints e on e.id = t.endpoint_id',
    where: `t.status = 'pending' and e.status = 'enabled'`,
    set: 'lock_token = $1, auto_attempts = w.auto_attempts + 1, attempt_count = w.attempt_count + 1, updated_at = $2',
    setParams: [token, now],
  });
  if (!claimed.length) return { token, rows: [] };
  return { token, rows: await db.query(CLAIMED_SELECT, [token]) };
}

interface Outcome {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  /** The worker stopped mid-attempt (DeliveryOptions.signal). */
  interrupted?: boolean;
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const text = e?.message ? e.message : String(err);
  return text.slice(0, 500);
}

/** Check the target again (after DNS), sign, POST. Never throws. */
async function send(row: Row, opts: DeliveryOptions): Promise<Outcome> {
  const started = Date.now();
  const out = (o: Omit<Outcome, 'durationMs'>): Outcome => ({ ...o, durationMs: Date.now() - started });
  const event = toEvent({ id: row.event_id, type: row.ev_type, data: row.ev_data, livemode: row.livemode, created_at: row.ev_created_at });
  const body = JSON.stringify(event);
  let url: URL;
  try {
    url = new URL(row.url as string);
  } catch {
    return out({ status: null, body: null, error: 'the endpoint URL is invalid' });
  }
  let target;
  try {
    target = await checkTarget(url, row.livemode as boolean, opts.resolver ?? currentResolver());
  } catch (err) {
    const msg = err instanceof BlockedTargetError ? `not sent: ${err.message}` : `not sent: DNS lookup failed: ${describe(err)}`;
    return out({ status: null, body: null, error: msg.slice(0, 500) });
  }
  const timestamp = Math.floor((opts.signingNow ?? nowSeconds)());
  const headers = webhookHeaders(signingSecrets(row, (opts.now ?? nowSeconds)()), event.id, timestamp, body);
  try {
    if (opts.signal?.aborted)
      return out({ status: null, body: null, error: 'interrupted: the worker stopped before sending; sent again by the next worker', interrupted: true });
    const res = await postWebhook({ url, addresses: target.addresses, headers, body, timeoutMs: opts.timeoutMs, signal: opts.signal });
    const ok = res.status >= 200 && res.status < 300;
    // What an internal (test-mode) address answers is not shown back: the deliveries API must
    // not become a way to read the operator's private network. Its status code is kept.
    const shown = target.addresses.every((a) => isPublicAddress(a.address)) ? res.body : null;
    return out({
      status: res.status,
      body: shown,
      error: ok ? null : res.status >= 300 && res.status < 400 ? `HTTP ${res.status}: redirects are not followed` : `HTTP ${res.status}`,
    });
  } catch (err) {
    if (opts.signal?.aborted)
      return out({
        status: null,
        body: null,
        error: 'interrupted: the worker stopped before an answer came; sent again by the next worker',
        interrupted: true,
      });
    return out({ status: null, body: null, error: describe(err) });
  }
}

/** Record an attempt and move the delivery (and maybe its endpoint) on. Lost leases record only the attempt. */
async function recordOutcome(db: Db, row: Row, token: string, o: Outcome, manual: boolean, now: number, random: () => number): Promise<void> {
  await db.transaction(async (tx) => {
    // Lock order: endpoint, then delivery — the order of deleteEndpoint (row, then cascade), so the
    // two cannot deadlock.
    const endpoint = (await tx.query(`select id from webhook_endpoints where id = $1 for no key update`, [row.endpoint_id]))[0];
    if (!endpoint) return; // deleted meanwhile, with its deliveries
    const cur = (await tx.query(`select * from webhook_deliveries where id = $1 for update`, [row.id]))[0];
    if (!cur) return; // its endpoint was deleted meanwhile
    await tx.query(
      `insert into webhook_delivery_attempts (delivery_id, attempted_at, manual, response_status, response_body, error, duration_ms)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [cur.id, now, manual, o.status, o.body, o.error, o.durationMs],
    );
    if (cur.lock_token !== token) return; // our lease expired and another worker took the row
    if (o.interrupted) {
      // Not an answer from the receiver: the claim's count in the schedule is taken back and the
      // row is due again now (only the worker's passes are interrupted, never a manual resend).
      await tx.query(
        `update webhook_deliveries set locked_until = null, lock_token = null, auto_attempts = greatest(auto_attempts - 1, 0), last_attempt_at = $2, last_error = $3, updated_at = $2
          where id = $1`,
        [cur.id, now, o.error],
      );
      return;
    }
    const ok = o.status !== null && o.status >= 200 && o.status < 300;
    const gone = o.status === 410;
    let status = cur.status as DeliveryStatus;
    let next = (cur.next_attempt_at as number | null) ?? null;
    if (ok) [status, next] = ['succeeded', null];
    else if (gone) {
      if (status === 'pending') [status, next] = ['failed', null];
      await tx.query(`update webhook_endpoints set status = 'disabled', disabled_reason = 'http_410', updated_at = $2 where id = $1 and status = 'enabled'`, [
        cur.endpoint_id,
        now,
      ]);
      log('warn', 'webhook endpoint disabled: it answered 410 Gone', { endpointId: cur.endpoint_id, deliveryId: cur.id });
    } else if (!manual && status === 'pending') {
      const wait = retryDelay(cur.auto_attempts as number, random);
      if (wait === null) {
        [status, next] = ['failed', null];
        // Disable only an endpoint that has not succeeded since this delivery began (~3 days
        // of failures); one event a receiver keeps refusing does not stop the others.
        const off = await tx.query(
          `update webhook_endpoints set status = 'disabled', disabled_reason = 'retries_exhausted', updated_at = $2
            where id = $1 and status = 'enabled' and (last_success_at is null or last_success_at < $3) returning id`,
          [cur.endpoint_id, now, cur.created_at],
        );
        if (off.length) log('warn', 'webhook endpoint disabled: retries exhausted', { endpointId: cur.endpoint_id, deliveryId: cur.id });
      } else next = now + wait;
    }
    await tx.query(
      `update webhook_deliveries set status = $2, next_attempt_at = $3, locked_until = null, lock_token = null,
              last_attempt_at = $4, last_response_status = $5, last_error = $6, updated_at = $4
        where id = $1`,
      [cur.id, status, next, now, o.status, o.error],
    );
    if (ok) await tx.query(`update webhook_endpoints set last_success_at = $2 where id = $1`, [cur.endpoint_id, now]);
  });
}

/** Send the deliveries of one claim, concurrently, and record each outcome. */
export async function deliverClaimed(db: Db, claim: { token: string; rows: Row[] }, opts: DeliveryOptions = {}): Promise<void> {
  const results = await Promise.allSettled(
    claim.rows.map(async (row) => {
      const outcome = await send(row, opts);
      await recordOutcome(db, row, claim.token, outcome, false, (opts.now ?? nowSeconds)(), opts.random ?? Math.random);
    }),
  );
  for (const r of results)
    if (r.status === 'rejected')
      log('error', 'webhook delivery could not be recorded; its lease will expire and it will be retried', { error: describe(r.reason) });
}

/** One pass of the worker: deliver what is due, in batches, each attempt bounded by the timeout. */
export async function deliverDueWebhooks(db: Db, opts: DeliveryOptions = {}): Promise<number> {
  let handled = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !opts.signal?.aborted; batch++) {
    const claim = await claimDueDeliveries(db, opts);
    const { rows } = claim;
    if (!rows.length) break;
    await deliverClaimed(db, claim, opts);
    handled += rows.length;
    if (rows.length < (opts.batchSize ?? BATCH_SIZE)) break;
  }
  return handled;
}

/**
 * Resend a delivery now (POST .../deliveries/:id/retry), whatever its status, with the same
 * webhook-id. It does not move the automatic schedule: a failed resend of a pending delivery
 * leaves its next attempt where it was.
 */
export async function retryDelivery(db: Db, scope: Scope, endpointId: string, id: string, opts: DeliveryOptions = {}): Promise<WebhookDelivery> {
  await getDeliveryRow(db, scope, endpointId, id);
  const now = (opts.now ?? nowSeconds)();
  const token = newToken();
  const taken = await db.query(
    `update webhook_deliveries set locked_until = $2 + $4::bigint, lock_token = $3, attempt_count = attempt_count + 1, updated_at = $2
      where id = $1 and (locked_until is null or locked_until <= $2) returning id`,
    [id, now, token, LEASE_SECONDS],
  );
  if (!taken.length) throw unexpectedState(`Delivery ${id} is being attempted right now. Retry when that attempt is over.`);
  const [row] = await db.query(CLAIMED_SELECT, [token]);
  if (row) {
    const outcome = await send(row, opts);
    await recordOutcome(db, row, token, outcome, true, (opts.now ?? nowSeconds)(), opts.random ?? Math.random);
  }
  return retrieveDelivery(db, scope, endpointId, id);
}
