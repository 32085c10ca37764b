// What the dashboard's payments pages read besides the API's own domain functions: the filters of
// the list page (turned into the API's list query, so the list is the API's), the search box, an
// intent's attempts and its timeline (events and their webhook deliveries). Every read is scoped to
// the merchant and the mode, like the API's: another merchant's intent, or a live one in test mode,
// reads as nothing.
import type { z } from 'zod';
import type { Db, Row } from '../db/client';
import type { Scope } from '../domain/common';
import type { Quote } from '../domain/conversion';
import { listPaymentIntents, listPaymentIntentsQuery, type PaymentIntent } from '../domain/payment-intents';
import { INTENT_STATUSES } from '../domain/transitions';
import { CURRENCIES, type Currency, RAILS, type Rail } from '../money';
import { isStorableText } from '../text';
import { addDays, isCalendarDate, zonedDayStart } from '../time-zone';

export type PaymentsQuery = z.output<typeof listPaymentIntentsQuery>;

/** The list page's form, as typed (echoed back into the form). */
export interface PaymentsForm {
  q: string;
  status: string;
  rail: string;
  currency: string;
  /** YYYY-MM-DD, UTC days, both included. */
  from: string;
  to: string;
}

export type SearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

export type ParsedFilters = { ok: true; form: PaymentsForm; query: PaymentsQuery; search: string | null } | { ok: false; form: PaymentsForm; error: string };

/**
 * A dashboard list's window, into the API's list query `raw`: the days `from` and `to` (in the
 * merchant's time zone, `to` included) as createdAt bounds, and the page's cursor (`after`, else `before`). An error message for
 * a day that is not YYYY-MM-DD, else null. Shared by the payments and refunds lists and their exports.
 */
export function addListWindow(raw: Record<string, string>, form: { from: string; to: string }, params: SearchParams, timeZone: string): string | null {
  if (form.from) {
    if (!isCalendarDate(form.from)) return 'from: YYYY-MM-DD';
    raw['createdAt[gte]'] = String(zonedDayStart(form.from, timeZone));
  }
  if (form.to) {
    if (!isCalendarDate(form.to)) return 'to: YYYY-MM-DD';
    raw['createdAt[lt]'] = String(zonedDayStart(addDays(form.to, 1), timeZone));
  }
  const after = one(params.after);
  const before = one(params.before);
  if (after) raw.startingAfter = after;
  else if (before) raw.endingBefore = before;
  return null;
}

/**
 * The list page's (and the CSV export's) URL parameters to the API's list query: `status`, `rail`,
 * `currency` (empty = any), `from`/`to` (days in the merchant's `timeZone`, to included), `after`/`before` (cursors), `q`
 * (the search box: resolved by resolveSearch). Validated by the API's own schema.
 */
export function parsePaymentFilters(params: SearchParams, timeZone: string, limit = 25): ParsedFilters {
  const form: PaymentsForm = {
    q: one(params.q),
    status: one(params.status),
    rail: one(params.rail),
    currency: one(params.currency),
    from: one(params.from),
    to: one(params.to),
  };
  // Before any query (the search, the list, the export's first page): PostgreSQL refuses a NUL.
  for (const [name, value] of Object.entries({ ...form, after: one(params.after), before: one(params.before) }))
    if (!isStorableText(value)) return { ok: false, form: { ...form, [name]: '' }, error: `${name}: no NUL characters or unpaired surrogates` };
  const raw: Record<string, string> = { limit: String(limit) };
  if (form.status) raw.status = form.status;
  if (form.rail) raw.rail = form.rail;
  if (form.currency) raw.currency = form.currency;
  const windowError = addListWindow(raw, form, params, timeZone);
  if (windowError) return { ok: false, form, error: windowError };
  const parsed = listPaymentIntentsQuery.safeParse(raw);
  if (!parsed.success) return { ok: false, form, error: parsed.error.issues.map((i) => i.message).join('; ') };
  return { ok: true, form, query: parsed.data, search: form.q || null };
}

export { CURRENCIES, INTENT_STATUSES, RAILS };

export type SearchResult = { kind: 'intent'; id: string } | { kind: 'none' } | { kind: 'reference'; reference: string };

/**
 * The search box: a `pi_` id is that payment (if this merchant has it in this mode), a `cs_` id is
 * its checkout session's payment, anything else is a reference (exact, as the API's filter).
 */
export async function resolveSearch(db: Db, scope: Scope, q: string): Promise<SearchResult> {
  const s = q.trim();
  if (/^pi_[0-9A-Za-z]+$/.test(s)) {
    const rows = await db.query(`select id from payment_intents where id = $1 and merchant_id = $2 and livemode = $3`, [s, scope.merchantId, scope.livemode]);
    return rows[0] ? { kind: 'intent', id: s } : { kind: 'none' };
  }
  if (/^cs_[0-9A-Za-z]+$/.test(s)) {
    const rows = await db.query(`select payment_intent_id from checkout_sessions where id = $1 and merchant_id = $2 and livemode = $3`, [
      s,
      scope.merchantId,
      scope.livemode,
    ]);
    const id = rows[0]?.payment_intent_id as string | null | undefined;
    return id ? { kind: 'intent', id } : { kind: 'none' };
  }
  return { kind: 'reference', reference: s.slice(0, 255) };
}

export interface AttemptView {
  id: string;
  rail: Rail;
  amount: number;
  currency: Currency;
  status: string;
  destination: string | null;
  amountReceived: number;
  error: { code?: string; message?: string } | null;
  /**
   * The backend could not be asked about this attempt (its address could not be read): since when,
   * how many times, the last message. Null once a read succeeds. The attempt stays watched meanwhile.
   */
  readError: { message: string; since: number; at: number; failures: number } | null;
  quote: Quote | null;
  /** Whose account took it: the merchant's own (its id and version), the deployment's (platform), or test mode's simulator. */
  account: { owner: 'merchant'; id: string; version: number } | { owner: 'platform' | 'simulator' };
  createdAt: number;
}

function readErrorOf(v: unknown): AttemptView['readError'] {
  if (!v || typeof v !== 'object') return null;
  const e = v as Record<string, unknown>;
  return { message: String(e.message ?? ''), since: Number(e.since ?? 0), at: Number(e.at ?? 0), failures: Number(e.failures ?? 0) };
}

/** An intent's attempts, oldest first; empty for an intent this merchant does not have in this mode. */
export async function listIntentAttempts(db: Db, scope: Scope, intentId: string): Promise<AttemptView[]> {
  const rows = await db.query(
    `select id, rail, amount, currency, status, destination, amount_received, error, details->'readError' as read_error, quote, created_at,
            rail_account_id, rail_account_version, account_owner from payment_attempts
      where payment_intent_id = $1 and merchant_id = $2 and livemode = $3 order by seq asc`,
    [intentId, scope.merchantId, scope.livemode],
  );
  return rows.map((r) => ({
    id: r.id as string,
    rail: r.rail as Rail,
    amount: Number(r.amount),
    currency: r.currency as Currency,
    status: r.status as string,
    destination: (r.destination as string | null) ?? null,
    amountReceived: Number(r.amount_received),
    error: (r.error as AttemptView['error']) ?? null,
    readError: readErrorOf(r.read_error),
    quote: r.quote && typeof r.quote === 'object' && typeof (r.quote as Quote).amount === 'number' ? (r.quote as Quote) : null,
    account:
      r.rail_account_id !== null && r.rail_account_id !== undefined
        ? { owner: 'merchant' as const, id: r.rail_account_id as string, version: Number(r.rail_account_version) }
        : { owner: r.account_owner === 'simulator' ? ('simulator' as const) : ('platform' as const) },
    createdAt: Number(r.created_at),
  }));
}

export interface TimelineDelivery {
  id: string;
  endpointId: string;
  endpointUrl: string;
  status: string;
  attemptCount: number;
  lastResponseStatus: number | null;
  lastError: string | null;
  lastAttemptAt: number | null;
}

export interface TimelineEntry {
  eventId: string;
  /** The object the event is about: the intent, or one of its refunds. */
  objectId: string;
  type: string;
  createdAt: number;
  deliveries: TimelineDelivery[];
}

/**
 * The events of an intent (and of `also`: its refunds), in the order they happened, each with its
 * webhook deliveries (oldest endpoint first). Two queries: the events (index events_object), then
 * their deliveries.
 */
export async function intentTimeline(db: Db, scope: Scope, intentId: string, also: readonly string[] = []): Promise<TimelineEntry[]> {
  const events = await db.query(
    also.length
      ? `select id, type, created_at, data->'object'->>'id' as object_id from events
          where merchant_id = $1 and livemode = $2 and (data->'object'->>'id') = any($3::text[])
          order by created_at asc, seq asc limit 500`
      : `select id, type, created_at, data->'object'->>'id' as object_id from events
          where merchant_id = $1 and livemode = $2 and (data->'object'->>'id') = $3
          order by created_at asc, seq asc limit 500`,
    [scope.merchantId, scope.livemode, also.length ? [intentId, ...also] : intentId],
  );
  if (!events.length) return [];
  const ids = events.map((e) => e.id as string);
  const deliveries = await db.query(
    `select d.id, d.event_id, d.endpoint_id, e.url, d.status, d.attempt_count, d.last_response_status, d.last_error, d.last_attempt_at
       from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where d.merchant_id = $1 and d.livemode = $2 and d.event_id in (${ids.map((_, i) => `$${i + 3}`).join(', ')})
      order by d.created_at asc, d.seq asc`,
    [scope.merchantId, scope.livemode, ...ids],
  );
  const by = new Map<string, TimelineDelivery[]>();
  for (const d of deliveries) {
    const list = by.get(d.event_id as string) ?? [];
    list.push({
      id: d.id as string,
      endpointId: d.endpoint_id as string,
      endpointUrl: d.url as string,
      status: d.status as string,
      attemptCount: Number(d.attempt_count),
      lastResponseStatus: (d.last_response_status as number | null) ?? null,
      lastError: (d.last_error as string | null) ?? null,
      lastAttemptAt: d.last_attempt_at === null || d.last_attempt_at === undefined ? null : Number(d.last_attempt_at),
    });
    by.set(d.event_id as string, list);
  }
  return events.map((e: Row) => ({
    eventId: e.id as string,
    objectId: e.object_id as string,
    type: e.type as string,
    createdAt: Number(e.created_at),
    deliveries: by.get(e.id as string) ?? [],
  }));
}

/**
 * The endpoint of one of this intent's deliveries (or of `also`: its refunds'), scoped, or null: what
 * the resend action checks first.
 */
export async function deliveryOfIntent(
  db: Db,
  scope: Scope,
  intentId: string,
  deliveryId: string,
  also: readonly string[] = [],
): Promise<{ endpointId: string } | null> {
  const rows = await db.query(
    `select d.endpoint_id from webhook_deliveries d join events ev on ev.id = d.event_id
      where d.id = $1 and d.merchant_id = $2 and d.livemode = $3 and ev.merchant_id = $2 and ev.livemode = $3 and (ev.data->'object'->>'id') = any($4::text[])`,
    [deliveryId, scope.merchantId, scope.livemode, [intentId, ...also]],
  );
  return rows[0] ? { endpointId: rows[0].endpoint_id as string } : null;
}

/**
 * Every intent of the filtered list, page by page (keyset pagination, `pageSize` at a time, as the
 * API pages): never more than one page in memory. `onPage` counts pages (tests).
 */
export async function* allPaymentIntents(
  db: Db,
  scope: Scope,
  query: PaymentsQuery,
  opts: { pageSize?: number; onPage?: () => void } = {},
): AsyncGenerator<PaymentIntent[]> {
  let cursor: string | undefined;
  const base: PaymentsQuery = { ...query, limit: opts.pageSize ?? 100, startingAfter: undefined, endingBefore: undefined };
  for (;;) {
    const page = await listPaymentIntents(db, scope, { ...base, startingAfter: cursor });
    opts.onPage?.();
    if (page.data.length) yield page.data;
    if (!page.hasMore || !page.data.length) return;
    cursor = page.data[page.data.length - 1]!.id;
  }
}
