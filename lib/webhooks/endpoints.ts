// Webhook endpoints: where a merchant receives its events. The signing secret is shown at
// creation and when rolled, never again; a rolled secret keeps signing during an overlap so the
// merchant can deploy the new one without missing a delivery.

import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db, Row } from '../db/client';
import { auditIn } from '../domain/audit';
import { getOwnedRow, type Scope, shortText } from '../domain/common';
import { EVENT_TYPES } from '../domain/events';
import { listObjects, listQuery } from '../domain/list';
import { invalid } from '../errors';
import { createId, nowSeconds } from '../ids';
import { BlockedTargetError, checkTarget, resolver } from '../ssrf';
import { newWebhookSecret } from './signing';

export const MAX_ENDPOINTS_PER_MODE = 16;
export const DEFAULT_ROLL_OVERLAP_SECONDS = 24 * 3600;
export const MAX_ROLL_OVERLAP_SECONDS = 7 * 24 * 3600;

export const DISABLED_REASONS = ['manual', 'http_410', 'retries_exhausted'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

const EVENT_CHOICES = ['*', ...EVENT_TYPES] as const;

const urlInput = z.string({ error: 'url must be a string' }).min(1, 'url must not be empty').max(2048, 'url must be at most 2048 characters');

const enabledEventsInput = z
  .array(z.enum(EVENT_CHOICES, { error: `enabledEvents items must be "*" or one of ${EVENT_TYPES.join(', ')}` }), {
    error: 'enabledEvents must be an array of event types, or ["*"] for all',
  })
  .min(1, 'enabledEvents must list at least one event type, or "*" for all')
  .max(EVENT_CHOICES.length, `enabledEvents may have at most ${EVENT_CHOICES.length} items`)
  .transform((list) => (list.includes('*') ? ['*'] : [...new Set(list)]));

export const createEndpointInput = z.strictObject({
  url: urlInput,
  enabledEvents: enabledEventsInput,
  description: shortText('description', 1000).optional(),
});
export type CreateEndpointInput = z.output<typeof createEndpointInput>;

export const updateEndpointInput = z.strictObject({
  url: urlInput.optional(),
  enabledEvents: enabledEventsInput.optional(),
  description: shortText('description', 1000).nullable().optional(),
  disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
});
export type UpdateEndpointInput = z.output<typeof updateEndpointInput>;

export const rollSecretInput = z.strictObject({
  expiresInSeconds: z
    .number({ error: 'expiresInSeconds must be an integer number of seconds' })
    .int('expiresInSeconds must be an integer number of seconds')
    .min(0, `expiresInSeconds must be from 0 to ${MAX_ROLL_OVERLAP_SECONDS} (7 days)`)
    .max(MAX_ROLL_OVERLAP_SECONDS, `expiresInSeconds must be from 0 to ${MAX_ROLL_OVERLAP_SECONDS} (7 days)`)
    .default(DEFAULT_ROLL_OVERLAP_SECONDS),
});

export const listEndpointsQuery = listQuery({});

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  enabledEvents: string[];
  description: string | null;
  status: 'enabled' | 'disabled';
  /** Why it is disabled: by the merchant, by a 410 from the receiver, or after ~3 days of failures. */
  disabledReason: DisabledReason | null;
  /** While a rolled secret still signs, when it stops; null otherwise. */
  previousSecretExpiresAt: number | null;
  livemode: boolean;
  createdAt: number;
}

export type WebhookEndpointWithSecret = WebhookEndpoint & { secret: string };

export function toEndpoint(r: Row, now = nowSeconds()): WebhookEndpoint {
  const prevExp = (r.previous_secret_expires_at as number | null) ?? null;
  return {
    id: r.id as string,
    object: 'webhook_endpoint',
    url: r.url as string,
    enabledEvents: r.enabled_events as string[],
    description: (r.description as string | null) ?? null,
    status: r.status as 'enabled' | 'disabled',
    disabledReason: (r.disabled_reason as DisabledReason | null) ?? null,
    previousSecretExpiresAt: r.previous_secret && prevExp !== null && prevExp > now ? prevExp : null,
    livemode: r.livemode as boolean,
    createdAt: r.created_at as number,
  };
}

/** The secrets that sign now: the current one, then the previous one during its overlap. */
export function signingSecrets(r: Row, now = nowSeconds()): string[] {
  const out = [r.secret as string];
  const prev = r.previous_secret as string | null;
  const exp = r.previous_secret_expires_at as number | null;
  if (prev && exp !== null && exp > now) out.push(prev);
  return out;
}

/**
 * A URL a webhook may be sent to: http(s), no credentials or fragment; in live mode https only,
 * on an allowed port, and a host whose every address is public; in test mode loopback and private
 * addresses only where this deployment allows them (the SSRF guard, ssrf.ts). Throws a 400 naming `url`.
 */
/** A URL that went through validateEndpointUrl (the only way to make one). */
export type CheckedUrl = string & { readonly __checked: unique symbol };

export async function validateEndpointUrl(raw: string, livemode: boolean): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('parameter_invalid', `url must be an absolute URL such as https://example.com/webhooks; got '${raw}'.`, 'url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid('parameter_invalid', `url must use https (or http in test mode); got ${url.protocol.replace(':', '')}.`, 'url');
  if (livemode && url.protocol !== 'https:')
    throw invalid('parameter_invalid', 'Live-mode webhook endpoints must use https. Use a test key for an http URL during development.', 'url');
  if (url.username || url.password)
    throw invalid('parameter_invalid', 'url must not contain a user name or password; authenticate deliveries with the webhook signature.', 'url');
  if (url.hash) throw invalid('parameter_invalid', 'url must not contain a fragment (#...).', 'url');
  try {
    await checkTarget(url, livemode, resolver());
  } catch (err) {
    if (err instanceof BlockedTargetError) throw invalid('parameter_invalid', `url is not allowed: ${err.message}`, 'url');
    // A test endpoint may name a host that does not resolve yet (a tunnel not started); a live
    // one must resolve, to public addresses only.
    if (livemode)
      throw invalid('parameter_invalid', `url's host ${url.hostname} could not be resolved; live-mode endpoints must have a public address.`, 'url');
  }
  return url.toString() as CheckedUrl;
}

export function getEndpointRow(db: Db, scope: Scope, id: string, opts: { forUpdate?: boolean } = {}): Promise<Row> {
  return getOwnedRow(db, 'webhook_endpoints', 'webhook_endpoint', scope, id, { lock: opts.forUpdate ? 'no key update' : undefined });
}

/**
 * Create an endpoint whose URL was checked first (validateEndpointUrl does DNS, which must not run
 * inside a transaction: the route calls it in `prepare`, then this in its atomic transaction).
 */
export async function createEndpoint(db: Db, scope: Scope, input: CreateEndpointInput, url: CheckedUrl): Promise<WebhookEndpointWithSecret> {
  return db.transaction(async (tx) => {
    // Serialize creations of this merchant and mode so the limit holds under concurrency.
    await tx.query(`select id from merchants where id = $1 for update`, [scope.merchantId]);
    const count = await tx.query<{ n: number }>(`select count(*)::int as n from webhook_endpoints where merchant_id = $1 and livemode = $2`, [
      scope.merchantId,
      scope.livemode,
    ]);
    if ((count[0]?.n ?? 0) >= MAX_ENDPOINTS_PER_MODE)
      throw invalid(
        'webhook_endpoint_limit',
        `A merchant may have at most ${MAX_ENDPOINTS_PER_MODE} webhook endpoints per mode. Delete one, or subscribe an existing one to more events.`,
      );
    const secret = newWebhookSecret();
    const now = nowSeconds();
    const rows = await tx.query(
      `insert into webhook_endpoints (id, merchant_id, livemode, url, enabled_events, description, status, secret, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'enabled', $7, $8, $8) returning *`,
      [createId('we'), scope.merchantId, scope.livemode, url, JSON.stringify(input.enabledEvents), input.description ?? null, secret, now],
    );
    const made = toEndpoint(rows[0]!);
    await auditIn(tx, scope, 'webhook_endpoint.created', { object: 'webhook_endpoint', id: made.id }, { after: auditView(made, secret) });
    return { ...made, secret };
  });
}

const secretHint = (secret: string) => ({ last4: secret.slice(-4), fingerprint: createHash('sha256').update(secret).digest('hex').slice(0, 12) });

/** What the audit log keeps of an endpoint: its settings and its secret's fingerprint, never the secret. */
function auditView(e: WebhookEndpoint, secret?: string) {
  return {
    url: e.url,
    enabledEvents: e.enabledEvents,
    description: e.description,
    status: e.status,
    ...(secret ? { signingSecret: secretHint(secret) } : {}),
  };
}

export async function retrieveEndpoint(db: Db, scope: Scope, id: string): Promise<WebhookEndpoint> {
  return toEndpoint(await getEndpointRow(db, scope, id));
}

export async function listEndpoints(db: Db, scope: Scope, query: z.output<typeof listEndpointsQuery>) {
  return listObjects({ db, merchant: scope, table: 'webhook_endpoints', url: '/v1/webhook_endpoints', query, map: (r) => toEndpoint(r) });
}

export async function updateEndpoint(db: Db, scope: Scope, id: string, input: UpdateEndpointInput): Promise<WebhookEndpoint> {
  await getEndpointRow(db, scope, id); // 404 before any DNS work
  const url = input.url === undefined ? undefined : await validateEndpointUrl(input.url, scope.livemode);
  return db.transaction(async (tx) => {
    const cur = await getEndpointRow(tx, scope, id, { forUpdate: true });
    let status = cur.status as string;
    let reason = (cur.disabled_reason as string | null) ?? null;
    if (input.disabled === true && status === 'enabled') [status, reason] = ['disabled', 'manual'];
    if (input.disabled === false) [status, reason] = ['enabled', null];
    const rows = await tx.query(
      `update webhook_endpoints set url = $2, enabled_events = $3, description = $4, status = $5, disabled_reason = $6, updated_at = $7
        where id = $1 returning *`,
      [
        id,
        url ?? cur.url,
        JSON.stringify(input.enabledEvents ?? cur.enabled_events),
        input.description === undefined ? cur.description : input.description,
        status,
        reason,
        nowSeconds(),
      ],
    );
    const after = toEndpoint(rows[0]!);
    await auditIn(tx, scope, 'webhook_endpoint.updated', { object: 'webhook_endpoint', id }, { before: auditView(toEndpoint(cur)), after: auditView(after) });
    return after;
  });
}

export async function deleteEndpoint(db: Db, scope: Scope, id: string): Promise<{ id: string; object: 'webhook_endpoint'; deleted: true }> {
  return db.transaction(async (tx) => {
    const cur = await getEndpointRow(tx, scope, id, { forUpdate: true });
    // Its deliveries and their attempts go with it (on delete cascade).
    await tx.query(`delete from webhook_endpoints where id = $1`, [id]);
    await auditIn(tx, scope, 'webhook_endpoint.deleted', { object: 'webhook_endpoint', id }, { before: auditView(toEndpoint(cur)) });
    return { id, object: 'webhook_endpoint', deleted: true };
  });
}

/**
 * A new secret; the current one keeps signing for `expiresInSeconds` (0: stops at once), so
 * deliveries carry both signatures meanwhile. A secret still in its overlap is dropped.
 */
export async function rollEndpointSecret(db: Db, scope: Scope, id: string, input: z.output<typeof rollSecretInput>): Promise<WebhookEndpointWithSecret> {
  return db.transaction(async (tx) => {
    const cur = await getEndpointRow(tx, scope, id, { forUpdate: true });
    const now = nowSeconds();
    const secret = newWebhookSecret();
    const keep = input.expiresInSeconds > 0;
    const rows = await tx.query(
      `update webhook_endpoints set secret = $2, previous_secret = $3, previous_secret_expires_at = $4, updated_at = $5
        where id = $1 returning *`,
      [id, secret, keep ? cur.secret : null, keep ? now + input.expiresInSeconds : null, now],
    );
    const after = toEndpoint(rows[0]!, now);
    await auditIn(
      tx,
      scope,
      'webhook_endpoint.updated',
      { object: 'webhook_endpoint', id },
      {
        before: { signingSecret: secretHint(String(cur.secret)) },
        after: { ...auditView(after, secret), previousSecretExpiresAt: after.previousSecretExpiresAt },
      },
    );
    return { ...after, secret };
  });
}
