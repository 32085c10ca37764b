// Input pieces shared by several resources: metadata, descriptions, the merchant scope.
import { z } from 'zod';
import type { Db, Row } from '../db/client';
import { invalid, notFound } from '../errors';

/** Whose objects, in which mode: every query of the core is narrowed by both. */
export interface Scope {
  merchantId: string;
  livemode: boolean;
  /**
   * Who acts, for the audit log (issue 29): the API's key (lib/api/route.ts), the dashboard's user
   * (lib/dashboard/context.ts); absent: Caisse itself (the worker, the CLI).
   */
  actor?: Actor;
}

/** Who acted: a dashboard user (label: its e-mail), an API key (label: `sk_test_…AbCd`), or Caisse itself. */
export interface Actor {
  type: 'user' | 'key' | 'system';
  id: string | null;
  label: string | null;
  /** The client's address, when known. */
  ip?: string | null;
}

/**
 * A row a caller adds to a create's one statement, written only when the object is (`source` names
 * the statement's part that inserted it). The API stores an Idempotency-Key's answer this way
 * (lib/api/idempotency.ts keyRecord): the object, its event and the key's record commit together
 * or not at all. Given the first free parameter number and the object's JSON (the very body the
 * API answers), it returns the insert and its parameters.
 */
export type Companion = (firstParam: number, objectJson: string, source: string) => { sql: string; params: unknown[] };

export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;

const metadataKey = z
  .string()
  .min(1, 'metadata keys must not be empty')
  .max(METADATA_KEY_MAX, `metadata keys must be at most ${METADATA_KEY_MAX} characters`)
  .refine((k) => !/[[\]]/.test(k), 'metadata keys must not contain square brackets');

const tooMany = `metadata may have at most ${METADATA_MAX_KEYS} keys`;

/** Metadata on create: up to 50 string key-value pairs, stored and returned as given. */
export const metadataInput = z
  .record(
    metadataKey,
    z.string({ error: 'metadata values must be strings' }).max(METADATA_VALUE_MAX, `metadata values must be at most ${METADATA_VALUE_MAX} characters`),
  )
  .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, tooMany);

/** Metadata on update: merged into the stored one; a key set to "" or null is removed (as Stripe does). */
export const metadataPatch = z
  .record(metadataKey, z.string({ error: 'metadata values must be strings, or "" / null to remove a key' }).max(METADATA_VALUE_MAX).nullable())
  .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, tooMany);

export function mergeMetadata(current: Record<string, string>, patch: Record<string, string | null> | undefined): Record<string, string> {
  if (!patch) return current;
  const out = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === '') delete out[k];
    else out[k] = v;
  }
  if (Object.keys(out).length > METADATA_MAX_KEYS) throw invalid('parameter_invalid', tooMany, 'metadata');
  return out;
}

export const shortText = (name: string, max: number) => z.string({ error: `${name} must be a string` }).max(max, `${name} must be at most ${max} characters`);

export const requiredText = (name: string, max: number) => shortText(name, max).refine((s) => s.trim().length > 0, `${name} must not be empty`);

/** An object id in a body param, e.g. productId. */
export const idParam = (name: string) =>
  z
    .string({ error: `${name} must be a string id` })
    .min(1)
    .max(100);

export const withScope = (s: Scope) => [s.merchantId, s.livemode] as const;

export interface OwnedRowOptions {
  /** Name of the body param that named the object: a miss is then a 400 naming it, not a 404. */
  param?: string;
  /** Lock the row: `update`, or `no key update` (does not block inserts that reference it). */
  lock?: 'update' | 'no key update';
}

/**
 * The row of `table` with this id, if it belongs to this merchant and mode; else 404 (or 400 with
 * `param`). Every read of an object named by a caller goes through here: isolation in one place.
 */
export async function getOwnedRow(db: Db, table: string, kind: string, scope: Scope, id: string, opts: OwnedRowOptions = {}): Promise<Row> {
  const rows = await db.query(`select * from ${table} where id = $1 and merchant_id = $2 and livemode = $3${opts.lock ? ` for ${opts.lock}` : ''}`, [
    id,
    scope.merchantId,
    scope.livemode,
  ]);
  if (!rows[0]) throw notFound(kind, id, opts.param);
  return rows[0];
}

// C0 and C1 control characters and DEL: the URL parser would drop some (tab, newline) and keep
// others, so what is stored would not be what was sent. Refused instead.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * An absolute http(s) URL (`https` only with `httpsOnly`), stored as the URL parser writes it
 * (`new URL(u).href`), so what is checked (length, scheme) is what is used. No control characters;
 * no user name or password in it.
 */
export const urlInput = (name: string, opts: { httpsOnly?: boolean } = {}) =>
  z
    .string({ error: `${name} must be a string` })
    .max(2048, `${name} must be at most 2048 characters`)
    .refine((u) => !CONTROL.test(u), `${name} may not contain control characters (tabs, line breaks, NUL, ...)`)
    .refine(
      (u) => {
        try {
          const p = new URL(u);
          return (p.protocol === 'https:' || (!opts.httpsOnly && p.protocol === 'http:')) && /^[a-z]+:\/\//i.test(u);
        } catch {
          return false;
        }
      },
      `${name} must be an absolute ${opts.httpsOnly ? 'https' : 'http(s)'} URL`,
    )
    .refine((u) => {
      try {
        const p = new URL(u);
        return p.username === '' && p.password === '';
      } catch {
        return true; // not a URL at all: said above
      }
    }, `${name} may not contain a user name or password`)
    .transform((u, ctx) => {
      try {
        return new URL(u).href;
      } catch {
        ctx.issues.push({ code: 'custom', message: `${name} must be an absolute URL`, input: u });
        return z.NEVER;
      }
    })
    .refine((href) => href.length <= 2048, `${name} must be at most 2048 characters once normalized`);
