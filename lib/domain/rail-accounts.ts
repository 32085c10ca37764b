// Rail accounts (`ra_...`): a merchant's own account on a rail, in a mode, so its buyers' money
// lands in its own operator and wallet accounts ("processing only"). One active account per
// merchant, mode and rail. Its secrets are write-only: sealed at rest (lib/secrets.ts, AES-256-GCM
// under CAISSE_ENCRYPTION_KEY, bound to the account and version), shown back as a last four and a
// fingerprint, never in an answer, an event, a page or a log. Every change is a new version; the
// attempts a version made are watched to their end with it (lib/domain/merchant-rails.ts).
// Creation and update first ask the backend the way the adapter will (verifyCredentials).
//
// Issue 29: when the merchant turns `railAccountApproval` on (lib/domain/rail-account-changes.ts),
// a create, an update that makes a new version and a disable wait as a rail_account_changes row
// until another owner approves them. One code path either way: a create is prepared here
// (prepareCreate: parsed, checked at the backend, its id made, its secrets sealed for version 1 of
// it) and an update planned and prepared (planUpdate, prepareVersion), then either applied at once
// (applyCreate, applyVersion) or kept as a pending change that the approval applies later with the
// same function; a disable is applyDisable either way.

import { z } from 'zod';
import { config, MOMO_PROTOCOLS, type MomoProtocol } from '../config';
import type { Db, Row } from '../db/client';
import { DomainError, invalid, notFound, unexpectedState } from '../errors';
import { createId, nowSeconds } from '../ids';
import { type Currency, isAddressRail, isMobileMoneyRail, type MobileMoneyRail, RAIL_CURRENCIES, RAILS, type Rail } from '../money';
import {
  type AccountContext,
  type AccountField,
  type AccountValues,
  accountAdapter,
  accountFields,
  accountNotifyUrl,
  accountProtocol,
  accountSettings,
} from '../rails/accounts';
import { operatorInfoFrom } from '../rails/mobile-money/operators';
import { baseRailSettings, railAdapter } from '../rails/registry';
import { BackendError, type RailAdapter } from '../rails/types';
import { fingerprintKey, seal, secretHint } from '../secrets';
import { bareHost, blockedReason, isLocalDeployment, resolveHost } from '../ssrf';
import {
  type ChangeAction,
  type ChangeStatus,
  insertChange,
  pendingChangeOf,
  pendingChangesOf,
  pendingCreateFor,
  pendingCreateOf,
  pendingCreatesOf,
  type RailAccountChangeRow,
  approvalRequired as requiresApproval,
  supersedePending,
  supersedePendingCreates,
} from '../store/rail-account-changes';
import { type AccountVersionRow, loadAccountVersion } from '../store/rail-accounts';
import { auditIn } from './audit';
import { getOwnedRow, mergeMetadata, metadataInput, metadataPatch, type Scope, shortText } from './common';
import { recordEvent } from './events';
import { type ListEnvelope, listObjects, listQuery } from './list';
import { accountVersionAdapter, deploymentKeyRing, openVersion, secretsAad } from './merchant-rails';

/** How many receive addresses an account key shows, for the merchant to compare with its wallet. */
export const PREVIEW_ADDRESSES = 3;

export const RAIL_ACCOUNT_STATUSES = ['active', 'disabled'] as const;

export interface RailAccount {
  id: string;
  object: 'rail_account';
  rail: Rail;
  /** Mobile money: the operator API the rail speaks on this deployment (mtn_momo, orange_money, wave). */
  protocol: (typeof MOMO_PROTOCOLS)[number] | null;
  displayName: string | null;
  /**
   * `pending_approval`: not made yet, its connection waits for another owner's approval (the
   * merchant's `railAccountApproval`); the rail's payments go where they went until then.
   */
  status: 'active' | 'disabled' | 'pending_approval';
  /** Each update makes a new version; attempts keep the version that made them. */
  version: number;
  /** The currencies it takes: a mobile-money account's own (narrowed by `currencies`), else the rail's. */
  currencies: Currency[];
  /** Mobile money: the operator's limits on this account (minor units), and the multiple amounts must be of; null when not set. */
  minAmount: number | null;
  maxAmount: number | null;
  amountStep: number | null;
  /** The settings that are not secrets, as given. */
  settings: Record<string, string | number | boolean | string[]>;
  /** Each secret as it may be shown: its last four characters (none for a short one) and a fingerprint. */
  secrets: Record<string, { last4: string; fingerprint: string }>;
  /**
   * Mobile money: where the operator posts notifications for this account (Wave: the webhook URL to
   * register; MTN: the callbackUrl setting to give, when the API user's callback host is Caisse's).
   */
  notifyUrl: string | null;
  metadata: Record<string, string>;
  /** Address rails: the first receive addresses its key gives (compare them with your wallet's). */
  receiveAddresses: string[];
  livemode: boolean;
  createdAt: number;
  updatedAt: number;
  disabledAt: number | null;
  /** A change of it waiting for another owner's approval (the merchant's `railAccountApproval`), or null. */
  pendingChange: PendingChange | null;
}

/** A change waiting for approval, as the API shows it (never its settings or secrets). */
export interface PendingChange {
  id: string;
  action: ChangeAction;
  status: ChangeStatus;
  requestedBy: { type: 'user' | 'key' | 'system'; id: string | null; label: string | null };
  createdAt: number;
}

export const toPendingChange = (c: RailAccountChangeRow): PendingChange => ({
  id: c.id,
  action: c.action,
  status: c.status,
  requestedBy: { type: c.requested_by_type, id: c.requested_by, label: c.requested_by_label },
  createdAt: c.created_at,
});

/** What a create, an update or a disable did: applied, or (`pending`) kept for another owner's approval. */
export interface RailAccountOutcome {
  account: RailAccount;
  pending: boolean;
}

const railInput = z.enum(RAILS, { error: `rail must be one of ${RAILS.join(', ')}` });

/** A mobile-money account's currencies and limits, at the top of the account (checked by `parseTop`). */
const topInput = {
  currencies: z.unknown().optional(),
  minAmount: z.unknown().optional(),
  maxAmount: z.unknown().optional(),
  amountStep: z.unknown().optional(),
};

export const createRailAccountInput = z.strictObject({
  rail: railInput,
  protocol: z.enum(MOMO_PROTOCOLS, { error: `protocol must be one of ${MOMO_PROTOCOLS.join(', ')}` }).optional(),
  displayName: shortText('displayName', 60).optional(),
  settings: z.record(z.string(), z.unknown(), { error: 'settings must be an object of the rail’s settings' }),
  ...topInput,
  metadata: metadataInput.optional(),
});
export type CreateRailAccountInput = z.output<typeof createRailAccountInput>;

export const updateRailAccountInput = z.strictObject({
  displayName: shortText('displayName', 60).nullable().optional(),
  settings: z.record(z.string(), z.unknown(), { error: 'settings must be an object of the settings to change' }).optional(),
  ...topInput,
  metadata: metadataPatch.optional(),
});
export type UpdateRailAccountInput = z.output<typeof updateRailAccountInput>;

export const listRailAccountsQuery = listQuery({
  rail: railInput.optional(),
  status: z.enum(RAIL_ACCOUNT_STATUSES, { error: 'status must be active or disabled' }).optional(),
});

const paramOf = (f: AccountField) => (f.top ? f.name : `settings.${f.name}`);

function fieldSchema(f: AccountField): z.ZodType {
  const name = paramOf(f);
  switch (f.kind) {
    case 'url':
      return (
        z
          .string({ error: `${name} must be a URL` })
          .max(2048, `${name} must be at most 2048 characters`)
          .refine((v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v), `${name} must be an http(s) URL`)
          // A backend's address only: no user name or password (it would be shown as a setting), no query or fragment.
          .refine((v) => {
            const u = URL.canParse(v) ? new URL(v) : null;
            return !u || (!u.username && !u.password && !u.search && !u.hash);
          }, `${name} must be a plain address (scheme, host, port, path): no user name, password, query or fragment`)
      );
    case 'integer':
      return z
        .number({ error: `${name} must be a positive integer` })
        .int(`${name} must be a positive integer`)
        .positive(`${name} must be a positive integer`);
    case 'currencies':
      return z
        .array(z.enum(['XOF', 'XAF', 'GNF'], { error: `${name} items must be XOF, XAF or GNF` }), { error: `${name} must be an array of currencies` })
        .min(1, `${name} must list at least one currency`)
        .transform((l) => [...new Set(l)]);
    case 'pem':
      return z
        .string({ error: `${name} must be a PEM certificate` })
        .max(20_000, `${name} must be at most 20000 characters`)
        .refine((v) => v.includes('-----BEGIN CERTIFICATE-----'), `${name} must be a PEM certificate (-----BEGIN CERTIFICATE-----...)`);
    default:
      return (
        z
          .string({ error: `${name} must be a string` })
          .min(1, `${name} must not be empty`)
          .max(f.kind === 'secret' ? 8192 : 500, `${name} is too long`)
          .refine((v) => v.trim() === v && !/[\u0000-\u001f\u007f]/.test(v), `${name} must not have blanks around it or control characters`)
          // Keys, ids and codes travel in HTTP headers and paths: printable ASCII, as the operators issue them.
          .refine((v) => /^[\x20-\x7e]+$/.test(v), `${name} must be printable ASCII, as the operator issued it`)
      );
  }
}

/**
 * An update that moves the account to another backend (a URL setting's origin changes) must carry
 * every secret again: the stored ones were given for the old backend, and the check would send
 * them to the new one (a write-only secret must never be readable by pointing the account elsewhere).
 */
function assertSecretsForNewOrigin(rail: Rail, protocol: MomoProtocol | null, before: Record<string, unknown>, changes: Record<string, unknown>): void {
  const fields = accountFields(rail, protocol);
  const origin = (v: unknown) => (typeof v === 'string' && URL.canParse(v) ? new URL(v).origin : null);
  const moved = fields.find((f) => f.kind === 'url' && changes[f.name] !== undefined && origin(changes[f.name]) !== origin(before[f.name]));
  if (!moved) return;
  for (const f of fields)
    if (f.kind === 'secret' && before[f.name] !== undefined && (changes[f.name] === undefined || changes[f.name] === null))
      throw invalid(
        'parameter_missing',
        `settings.${moved.name} moves the account to another address: give settings.${f.name} again (the stored secrets are never sent to a new address).`,
        `settings.${f.name}`,
      );
}

/**
 * The account's values, checked: the rail's `settings`, and a mobile-money account's currencies
 * and limits given at the top (`top`). `partial` for an update (null removes an optional one).
 */
function parseValues(
  rail: Rail,
  protocol: MomoProtocol | null,
  raw: Record<string, unknown>,
  top: Record<string, unknown>,
  partial: boolean,
  livemode: boolean,
): Record<string, unknown> {
  const fields = accountFields(rail, protocol);
  const inSettings = fields.filter((f) => !f.top);
  const known = new Set(inSettings.map((f) => f.name));
  for (const k of Object.keys(raw))
    if (!known.has(k)) {
      const atTop = fields.some((f) => f.top && f.name === k);
      throw invalid(
        'parameter_unknown',
        atTop
          ? `${k} is given at the top of the rail account, not in settings.`
          : `Unknown setting for ${rail}: settings.${k}. It takes: ${inSettings.map((f) => f.name).join(', ')}.`,
        `settings.${k}`,
      );
    }
  for (const [k, v] of Object.entries(top))
    if (v !== undefined && !fields.some((f) => f.top && f.name === k))
      throw invalid('parameter_invalid', `${k} is for mobile-money accounts only: ${rail} takes what its rail takes.`, k);
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = f.top ? top[f.name] : raw[f.name];
    if (v === undefined) {
      if (f.required && !partial) throw invalid('parameter_missing', `Missing required setting for ${rail}: ${paramOf(f)} (${f.label.en}).`, paramOf(f));
      continue;
    }
    if (v === null) {
      if (f.required || !partial) throw invalid('parameter_invalid', `${paramOf(f)} cannot be null${f.required ? ': it is required' : ''}.`, paramOf(f));
      out[f.name] = null;
      continue;
    }
    const parsed = fieldSchema(f).safeParse(v);
    if (!parsed.success) throw invalid('parameter_invalid', parsed.error.issues[0]!.message, paramOf(f));
    // A live account's credentials never travel in clear: https, or a loopback address (tests, a node on this host).
    if (f.kind === 'url' && livemode && !secureUrl(String(parsed.data)))
      throw invalid('parameter_invalid', `${paramOf(f)} must be an https URL in live mode (credentials are sent to it).`, paramOf(f));
    out[f.name] = parsed.data;
  }
  return out;
}

function secureUrl(value: string): boolean {
  const u = new URL(value);
  return u.protocol === 'https:' || ['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname);
}

/**
 * A merchant's backend is on the public internet: on a deployment that is not a developer's own, a
 * URL setting whose host is (or resolves to) a loopback, private, link-local or reserved address is
 * refused before anything is sent (the rails' HTTP client checks the addresses it connects to
 * again, so a name that changes its answer later reaches nothing either).
 */
async function assertPublicTargets(rail: Rail, protocol: MomoProtocol | null, values: Record<string, unknown>): Promise<void> {
  if (isLocalDeployment(config().BASE_URL)) return;
  for (const f of accountFields(rail, protocol)) {
    const v = values[f.name];
    if (f.kind !== 'url' || typeof v !== 'string') continue;
    const host = new URL(v).hostname;
    const addresses = await resolveHost(host).catch(() => {
      throw invalid('parameter_invalid', `${paramOf(f)}: ${bareHost(host)} cannot be resolved.`, paramOf(f));
    });
    for (const a of addresses) {
      const why = blockedReason(a.address);
      if (why)
        throw invalid(
          'parameter_invalid',
          `${paramOf(f)} must be a public address: ${bareHost(host)} is ${a.address === bareHost(host) ? '' : `${a.address}, `}${why}.`,
          paramOf(f),
        );
    }
  }
}

/** The limits together: a minimum above the maximum can take no payment. */
function assertLimits(values: Record<string, unknown>): void {
  const min = values.minAmount as number | null | undefined;
  const max = values.maxAmount as number | null | undefined;
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    throw invalid('parameter_invalid', `minAmount (${min}) must not be above maxAmount (${max}).`, 'minAmount');
}

const topOf = (input: { currencies?: unknown; minAmount?: unknown; maxAmount?: unknown; amountStep?: unknown }) => ({
  currencies: input.currencies,
  minAmount: input.minAmount,
  maxAmount: input.maxAmount,
  amountStep: input.amountStep,
});

/** One active account per merchant, mode and rail: 409. */
const railAccountExists = (message: string) => new DomainError('rail_account_exists', message, 'rail');

const encryptionMissing = () =>
  new DomainError(
    'encryption_key_missing',
    'This deployment has no CAISSE_ENCRYPTION_KEY, so it cannot keep rail account secrets. Its operator must set one (see the README).',
  );

/** The backend's answer to the account's settings: nothing, or 400 with its reason. */
async function checkAtBackend(adapter: RailAdapter): Promise<void> {
  try {
    await adapter.verifyCredentials?.();
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    throw new DomainError('rail_account_invalid', `The ${adapter.rail} backend did not accept these settings: ${err.message}. Nothing was saved.`, 'settings');
  }
}

/** The adapter the values make (the rail's own definition parses them), or 400 naming what is wrong. */
function adapterFor(rail: Rail, account: AccountContext, values: AccountValues): RailAdapter {
  try {
    return accountAdapter(baseRailSettings(), rail, account, values);
  } catch (err) {
    throw invalid('parameter_invalid', `These settings cannot be used for ${rail}: ${(err as Error).message}`, 'settings');
  }
}

const withDisplayName = (values: Record<string, unknown>, displayName: string | null) =>
  ({ ...values, ...(displayName ? { displayName } : {}) }) as AccountValues;

/** A version's row parts: the settings that may be shown, the secrets sealed, their hints. */
export type VersionParts = ReturnType<typeof versionParts>;

function versionParts(rail: Rail, protocol: MomoProtocol | null, id: string, version: number, values: Record<string, unknown>) {
  const ring = deploymentKeyRing();
  if (!ring) throw encryptionMissing();
  const settings: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  const hints: Record<string, { last4: string; fingerprint: string }> = {};
  for (const f of accountFields(rail, protocol)) {
    const v = values[f.name];
    if (v === undefined || v === null) continue;
    if (f.kind === 'secret') {
      secrets[f.name] = String(v);
      hints[f.name] = secretHint(String(v), fingerprintKey(ring));
    } else settings[f.name] = v;
  }
  return { settings, sealed: seal(ring, JSON.stringify(secrets), secretsAad(id, version)), keyId: ring.current.id, hints };
}

/** An address rail's first receive addresses, as its adapter derives them (none for the other rails). */
function previewAddresses(adapter: RailAdapter | null): string[] {
  const addresses: string[] = [];
  if (adapter?.deriveAddress) for (let i = 0; i < PREVIEW_ADDRESSES; i++) addresses.push(adapter.deriveAddress(i));
  return addresses;
}

function toRailAccount(
  r: Row,
  v: Pick<AccountVersionRow, 'settings' | 'hints'>,
  addresses: string[],
  baseUrl: string,
  pending: RailAccountChangeRow | null,
): RailAccount {
  const rail = r.rail as Rail;
  const isMomo = isMobileMoneyRail(rail);
  const top = new Set(
    accountFields(rail, (r.protocol as MomoProtocol | null) ?? null)
      .filter((f) => f.top)
      .map((f) => f.name),
  );
  const settings = Object.fromEntries(Object.entries(v.settings).filter(([k]) => !top.has(k))) as RailAccount['settings'];
  const limit = (k: string) => (typeof v.settings[k] === 'number' ? (v.settings[k] as number) : null);
  const currencies = isMomo
    ? [
        ...operatorInfoFrom(
          rail as MobileMoneyRail,
          accountSettings(
            baseRailSettings(),
            rail,
            { id: r.id as string, version: Number(r.version), livemode: r.livemode as boolean, protocol: (r.protocol as MomoProtocol | null) ?? null },
            v.settings as AccountValues,
          ).env,
        ).currencies,
      ]
    : [...RAIL_CURRENCIES[rail]];
  return {
    id: r.id as string,
    object: 'rail_account',
    rail,
    protocol: (r.protocol as RailAccount['protocol']) ?? null,
    displayName: (r.display_name as string | null) ?? null,
    status: r.status as RailAccount['status'],
    version: Number(r.version),
    currencies,
    minAmount: limit('minAmount'),
    maxAmount: limit('maxAmount'),
    amountStep: limit('amountStep'),
    settings,
    secrets: v.hints,
    notifyUrl: isMomo ? accountNotifyUrl({ BASE_URL: baseUrl }, r.id as string) : null,
    receiveAddresses: addresses,
    metadata: (r.metadata ?? {}) as Record<string, string>,
    livemode: r.livemode as boolean,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    disabledAt: r.disabled_at === null || r.disabled_at === undefined ? null : Number(r.disabled_at),
    pendingChange: pending ? toPendingChange(pending) : null,
  };
}

/** The adapter an account's answer needs: an address rail's, for its first receive addresses (made once per process and version). */
const serializeAdapter = (db: Db, r: Row) =>
  isAddressRail(r.rail as Rail) ? accountVersionAdapter(db, { id: r.id as string, version: Number(r.version) }) : Promise.resolve(null);

async function serialize(db: Db, r: Row, pending?: RailAccountChangeRow | null): Promise<RailAccount> {
  const v = await loadAccountVersion(db, r.id as string, Number(r.version));
  if (!v) throw new Error(`rail account ${r.id} has no version ${r.version}`);
  const change = pending === undefined ? await pendingChangeOf(db, r.merchant_id as string, r.id as string) : pending;
  return toRailAccount(r, v, previewAddresses(await serializeAdapter(db, r)), baseRailSettings().cfg.BASE_URL, change);
}

async function enabledOn(db: Db, scope: Scope, rail: Rail): Promise<string | null> {
  const rows = await db.query<{ id: string }>(`select id from rail_accounts where merchant_id = $1 and livemode = $2 and rail = $3 and status = 'active'`, [
    scope.merchantId,
    scope.livemode,
    rail,
  ]);
  return rows[0]?.id ?? null;
}

/** What the audit log keeps of an account: its non-secret settings, its secrets' hints (last four, fingerprint), its first receive addresses. */
function auditView(a: RailAccount) {
  return { rail: a.rail, displayName: a.displayName, settings: a.settings, secrets: a.secrets, receiveAddresses: a.receiveAddresses };
}

/**
 * A new account, ready to apply: parsed and checked at the backend as POST /v1/rail_accounts asks,
 * its id made, its secrets sealed for version 1 of that id, the address key's digest, the first
 * receive addresses. What an approval applies later is exactly this, kept in a rail_account_changes
 * row ('create').
 */
export interface PreparedCreate {
  accountId: string;
  rail: Rail;
  protocol: MomoProtocol | null;
  displayName: string | null;
  metadata: Record<string, string>;
  parts: VersionParts;
  derivationKeyId: string | null;
  receiveAddresses: string[];
}

/** One active account per merchant, mode and rail: the message of the 409. */
const railTaken = (scope: Scope, rail: Rail, existing: string) =>
  railAccountExists(
    `This account already has an active ${rail} rail account in ${scope.livemode ? 'live' : 'test'} mode (${existing}): update it, or disable it first.`,
  );

/**
 * The first half of a create: the input checked (protocol, settings, limits, public targets, a key
 * to seal with, no active account on the rail; with `approval`, no connection of the rail waiting),
 * then the adapter the values make asked at the backend, and the version's parts sealed. Nothing is
 * written.
 */
async function prepareCreate(db: Db, scope: Scope, input: CreateRailAccountInput, approval: boolean): Promise<PreparedCreate> {
  const rail = input.rail;
  const protocol = accountProtocol(rail);
  if (input.protocol !== undefined && input.protocol !== protocol)
    throw invalid(
      'parameter_invalid',
      protocol
        ? `On this deployment ${rail} speaks ${protocol}; an account on it must too (protocol: ${protocol}, or leave it out).`
        : `${rail} is not a mobile-money rail: leave protocol out.`,
      'protocol',
    );
  const values = parseValues(rail, protocol, input.settings, topOf(input), false, scope.livemode);
  assertLimits(values);
  await assertPublicTargets(rail, protocol, values);
  if (!deploymentKeyRing()) throw encryptionMissing();
  const existing = await enabledOn(db, scope, rail);
  if (existing) throw railTaken(scope, rail, existing);
  // Refused before the backend is asked: a connection of the rail already waits.
  if (approval) await assertNoCreatePending(db, scope, rail);
  const id = createId('ra');
  const displayName = input.displayName ?? null;
  const adapter = adapterFor(rail, { id, version: 1, livemode: scope.livemode, protocol }, withDisplayName(values, displayName));
  await checkAtBackend(adapter);
  return {
    accountId: id,
    rail,
    protocol,
    displayName,
    metadata: input.metadata ?? {},
    parts: versionParts(rail, protocol, id, 1, values),
    derivationKeyId: adapter.derivationKeyId ?? null,
    receiveAddresses: previewAddresses(adapter),
  };
}

/**
 * The rail in a mode, locked for the caller's transaction: every writer of an account that becomes
 * active on it (a create applied, directly or approved) and of a connection waiting on it takes
 * this lock first, so "one active account per rail" is checked and kept under it.
 */
export async function lockRail(tx: Db, merchantId: string, livemode: boolean, rail: Rail): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`rail-account-rail:${merchantId}:${livemode ? 'live' : 'test'}:${rail}`]);
}

/**
 * Apply a prepared create, in the caller's transaction: under the rail's lock, only while the rail
 * has no active account in this mode (else `taken`, naming it, and nothing written); the address key
 * still free (checked again, else 400 before anything is written); the account and its version 1,
 * `rail_account.created`, the audit line (the settings and the secrets' hints, never a secret); a
 * connection that waited on the rail is superseded.
 */
export async function applyCreate(tx: Db, scope: Scope, p: PreparedCreate): Promise<{ account: RailAccount } | { taken: string }> {
  await lockRail(tx, scope.merchantId, scope.livemode, p.rail);
  const existing = await enabledOn(tx, scope, p.rail);
  if (existing) return { taken: existing };
  await assertKeyIsFree(tx, scope, p.rail, p.derivationKeyId);
  const now = nowSeconds();
  const [row] = (await tx.query(
    `insert into rail_accounts (id, merchant_id, livemode, rail, protocol, display_name, status, version, metadata, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'active', 1, $8, $7, $7) returning *`,
    [p.accountId, scope.merchantId, scope.livemode, p.rail, p.protocol, p.displayName, now, JSON.stringify(p.metadata)],
  )) as [Row];
  await insertVersion(tx, p.accountId, 1, p.parts, p.derivationKeyId, now);
  await supersedePendingCreates(tx, scope.merchantId, scope.livemode, p.rail, now);
  const account = toRailAccount(row, { settings: p.parts.settings, hints: p.parts.hints }, p.receiveAddresses, baseRailSettings().cfg.BASE_URL, null);
  await recordEvent(tx, scope, 'rail_account.created', account);
  await auditIn(tx, scope, 'rail_account.created', { object: 'rail_account', id: p.accountId }, { after: auditView(account) });
  return { account };
}

/** A connection waiting for approval, as the API shows it: the account it would make, `pending_approval`, with its pendingChange. */
function prospectiveAccount(c: RailAccountChangeRow): RailAccount {
  const row: Row = {
    id: c.new_account_id,
    rail: c.rail,
    protocol: c.protocol,
    display_name: c.display_name,
    status: 'pending_approval',
    version: 1,
    metadata: c.metadata_patch ?? {},
    livemode: c.livemode,
    created_at: c.created_at,
    updated_at: c.created_at,
    disabled_at: null,
  };
  return toRailAccount(row, { settings: c.settings ?? {}, hints: c.hints ?? {} }, c.receive_addresses ?? [], baseRailSettings().cfg.BASE_URL, c);
}

/** The connections waiting for approval in the scope's mode, by rail (the dashboard's Payment methods page). */
export async function pendingConnections(db: Db, scope: Scope): Promise<Map<Rail, PendingChange>> {
  const rows = await pendingCreatesOf(db, scope.merchantId, scope.livemode);
  return new Map([...rows].map(([rail, c]) => [rail, toPendingChange(c)]));
}

/** No second connection of a rail while one waits (checked early, and again under the rail's lock). */
async function assertNoCreatePending(db: Db, scope: Scope, rail: Rail): Promise<void> {
  const c = await pendingCreateOf(db, scope.merchantId, scope.livemode, rail);
  if (c) throw changePending(c);
}

/**
 * Keep a prepared create for another owner's approval (no account is made, the rail's payments go
 * where they went): under the rail's lock, still no active account on it (409) nor a connection
 * waiting (409 naming it), the address key free, the row, its audit line (rail_account.change_requested:
 * the settings, the secrets' hints, the first receive addresses). Answers the account it would make.
 */
async function requestCreate(db: Db, scope: Scope, p: PreparedCreate): Promise<RailAccount> {
  try {
    return await db.transaction(async (tx) => {
      await lockRail(tx, scope.merchantId, scope.livemode, p.rail);
      const existing = await enabledOn(tx, scope, p.rail);
      if (existing) throw railTaken(scope, p.rail, existing);
      await assertNoCreatePending(tx, scope, p.rail);
      await assertKeyIsFree(tx, scope, p.rail, p.derivationKeyId);
      const change = await insertChange(tx, {
        id: createId('rachg'),
        merchantId: scope.merchantId,
        livemode: scope.livemode,
        accountId: null,
        creates: { accountId: p.accountId, rail: p.rail, protocol: p.protocol },
        action: 'create',
        baseVersion: 0,
        prepared: {
          settings: p.parts.settings,
          secrets: p.parts.sealed,
          keyId: p.parts.keyId,
          hints: p.parts.hints,
          derivationKeyId: p.derivationKeyId,
          displayName: p.displayName,
          metadataPatch: p.metadata,
          receiveAddresses: p.receiveAddresses,
        },
        requestedBy: actorOf(scope),
        now: nowSeconds(),
      });
      const account = prospectiveAccount(change);
      await auditIn(
        tx,
        scope,
        'rail_account.change_requested',
        { object: 'rail_account', id: p.accountId },
        { after: { change: change.id, action: 'create', status: 'active', version: 1, ...auditView(account) } },
      );
      return account;
    });
  } catch (err) {
    // Two requests racing past the check: the unique index refused the second.
    if ((err as { code?: string }).code === '23505') await assertNoCreatePending(db, scope, p.rail);
    throw err;
  }
}

/**
 * POST /v1/rail_accounts: checked at the backend first, then saved with its secrets sealed. With the
 * merchant's `railAccountApproval` on, the account is not made: it waits for another owner's
 * approval (`pending`: the account it would make, `pending_approval`), and the rail's payments go
 * where they went until then.
 */
export async function submitRailAccountCreate(db: Db, scope: Scope, input: CreateRailAccountInput): Promise<RailAccountOutcome> {
  const approval = await needsApproval(db, scope);
  const prepared = await prepareCreate(db, scope, input, approval);
  if (approval) return { account: await requestCreate(db, scope, prepared), pending: true };
  const out = await db
    .transaction(async (tx) => {
      await assertStillDirect(tx, scope);
      return applyCreate(tx, scope, prepared);
    })
    .catch((err) => {
      if ((err as { code?: string }).code === '23505')
        throw railAccountExists(`Another ${prepared.rail} rail account was just made active for this account in this mode: update it, or disable it first.`);
      throw err;
    });
  if ('taken' in out)
    throw railAccountExists(
      `Another ${prepared.rail} rail account was just made active for this account in this mode (${out.taken}): update it, or disable it first.`,
    );
  return { account: out.account, pending: false };
}

/** submitRailAccountCreate's account (the CLI and the tests, which do not ask whether it waits). */
export async function createRailAccount(db: Db, scope: Scope, input: CreateRailAccountInput): Promise<RailAccount> {
  return (await submitRailAccountCreate(db, scope, input)).account;
}

async function insertVersion(tx: Db, id: string, version: number, p: VersionParts, derivationKeyId: string | null, now: number): Promise<void> {
  await tx.query(
    `insert into rail_account_versions (account_id, version, settings, secrets, key_id, hints, derivation_key_id, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, version, JSON.stringify(p.settings), p.sealed, p.keyId, JSON.stringify(p.hints), derivationKeyId, now],
  );
}

const KEY_PARAM = 'settings.accountKey';

/** The refusal of an address key connected elsewhere (assertKeyIsFree). */
export const isKeyInUse = (err: unknown): boolean => err instanceof DomainError && err.code === 'parameter_invalid' && err.param === KEY_PARAM;

/**
 * An account key's receive addresses are one pool (lib/payments/addresses.ts, by the key's digest):
 * a key serves one merchant in one mode, and never the deployment's own rails. Another merchant
 * registering a key (or the same one in the other mode) would be handed its addresses, and credited
 * with money paid to them: refused. Under the transaction's lock on the digest, so two racing
 * creates cannot both take it.
 */
async function assertKeyIsFree(tx: Db, scope: Scope, rail: Rail, keyId: string | null): Promise<void> {
  if (!keyId) return;
  const refuse = () =>
    invalid(
      'parameter_invalid',
      `This account key is already connected elsewhere (another account, the other mode, or this deployment's own ${rail} rail): a wallet account serves one merchant in one mode, or receive addresses would be shared. Use another account of your wallet.`,
      KEY_PARAM,
    );
  for (const livemode of [true, false]) if (railAdapter(rail, livemode)?.derivationKeyId === keyId) throw refuse();
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`rail-account-key:${keyId}`]);
  const rows = await tx.query(
    `select 1 from rail_account_versions v join rail_accounts a on a.id = v.account_id
      where v.derivation_key_id = $1 and not (a.merchant_id = $2 and a.livemode = $3) limit 1`,
    [keyId, scope.merchantId, scope.livemode],
  );
  if (rows.length) throw refuse();
}

/** GET /v1/rail_accounts/:id; an account whose connection waits for approval is answered as it would be (`pending_approval`). */
export async function getRailAccount(db: Db, scope: Scope, id: string): Promise<RailAccount> {
  const [row] = await db.query(`select * from rail_accounts where id = $1 and merchant_id = $2 and livemode = $3`, [id, scope.merchantId, scope.livemode]);
  if (row) return serialize(db, row);
  const waiting = await pendingCreateFor(db, scope.merchantId, scope.livemode, id);
  if (waiting) return prospectiveAccount(waiting);
  throw notFound('rail_account', id);
}

export async function listRailAccounts(db: Db, scope: Scope, query: z.output<typeof listRailAccountsQuery>): Promise<ListEnvelope<RailAccount>> {
  const page = await listObjects({
    db,
    merchant: scope,
    table: 'rail_accounts',
    url: '/v1/rail_accounts',
    query,
    filters: { rail: query.rail, status: query.status },
    map: (r) => r,
  });
  const pending = await pendingChangesOf(
    db,
    scope.merchantId,
    page.data.map((r) => r.id as string),
  );
  const data: RailAccount[] = [];
  for (const r of page.data) data.push(await serialize(db, r, pending.get(r.id as string) ?? null));
  return { ...page, data };
}

/** An update read and checked, before anything is asked of the backend. */
type UpdatePlan =
  | { kind: 'metadata'; row: Row; current: AccountVersionRow; metadata: Record<string, string> }
  | {
      kind: 'version';
      row: Row;
      rail: Rail;
      protocol: MomoProtocol | null;
      base: number;
      values: Record<string, unknown>;
      displayName: string | null;
      metadataPatch: Record<string, string | null> | null;
    };

/**
 * The first half of an update: the current version and the changes (a secret left out is kept,
 * null removes an optional setting), checked (settings, limits, public targets, secrets given
 * again for a new origin). Only metadata: no new version.
 */
async function planUpdate(db: Db, scope: Scope, id: string, input: UpdateRailAccountInput): Promise<UpdatePlan> {
  const row = await getOwnedRow(db, 'rail_accounts', 'rail_account', scope, id);
  if (row.status !== 'active') throw unexpectedState('This rail account is disabled; create a new one for the rail.');
  const rail = row.rail as Rail;
  const version = Number(row.version);
  const current = await loadAccountVersion(db, id, version);
  if (!current) throw notFound('rail_account', id);
  const protocol = (row.protocol as MomoProtocol | null) ?? null;
  const changes = parseValues(rail, protocol, input.settings ?? {}, topOf(input), true, scope.livemode);
  const before = openVersion(current);
  assertSecretsForNewOrigin(rail, protocol, before, changes);
  await assertPublicTargets(rail, protocol, changes);
  const values: Record<string, unknown> = { ...before };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete values[k];
    else values[k] = v;
  }
  assertLimits(values);
  const displayName = input.displayName === undefined ? ((row.display_name as string | null) ?? null) : input.displayName;
  const metadata = mergeMetadata((row.metadata ?? {}) as Record<string, string>, input.metadata);
  if (Object.keys(changes).length === 0 && displayName === ((row.display_name as string | null) ?? null)) return { kind: 'metadata', row, current, metadata };
  return { kind: 'version', row, rail, protocol, base: version, values, displayName, metadataPatch: input.metadata ?? null };
}

/**
 * A new version, ready to apply on `base` (and only on it): its secrets sealed for version
 * base + 1, the address key's digest, the first receive addresses. What an approval applies later
 * is exactly this, kept in a rail_account_changes row.
 */
export interface PreparedVersion {
  accountId: string;
  rail: Rail;
  base: number;
  displayName: string | null;
  metadataPatch: Record<string, string | null> | null;
  parts: VersionParts;
  derivationKeyId: string | null;
  receiveAddresses: string[];
}

/** The second half of preparing: the adapter the values make, checked at the backend, and the row parts. */
async function prepareVersion(scope: Scope, id: string, plan: Extract<UpdatePlan, { kind: 'version' }>): Promise<PreparedVersion> {
  const next = plan.base + 1;
  const adapter = adapterFor(
    plan.rail,
    { id, version: next, livemode: scope.livemode, protocol: plan.protocol },
    withDisplayName(plan.values, plan.displayName),
  );
  await checkAtBackend(adapter);
  return {
    accountId: id,
    rail: plan.rail,
    base: plan.base,
    displayName: plan.displayName,
    metadataPatch: plan.metadataPatch,
    parts: versionParts(plan.rail, plan.protocol, id, next, plan.values),
    derivationKeyId: adapter.derivationKeyId ?? null,
    receiveAddresses: previewAddresses(adapter),
  };
}

/**
 * Apply a prepared version, in the caller's transaction: only while the account is active and
 * still at `base` (under its row lock), else null and nothing written. The new version, the
 * metadata patch merged into the metadata as it is now, `rail_account.updated`, the audit line
 * (before and after: settings, the secrets' hints, never a secret); a change that waited on the
 * account's old version is superseded.
 */
export async function applyVersion(tx: Db, scope: Scope, p: PreparedVersion): Promise<RailAccount | null> {
  const [row] = await tx.query(`select * from rail_accounts where id = $1 and merchant_id = $2 and livemode = $3 for update`, [
    p.accountId,
    scope.merchantId,
    scope.livemode,
  ]);
  if (!row || row.status !== 'active' || Number(row.version) !== p.base) return null;
  const before = await loadAccountVersion(tx, p.accountId, p.base);
  if (!before) return null;
  const next = p.base + 1;
  const now = nowSeconds();
  const metadata = mergeMetadata((row.metadata ?? {}) as Record<string, string>, p.metadataPatch ?? undefined);
  const [updated] = await tx.query(`update rail_accounts set version = $2, display_name = $3, metadata = $4, updated_at = $5 where id = $1 returning *`, [
    p.accountId,
    next,
    p.displayName,
    JSON.stringify(metadata),
    now,
  ]);
  await assertKeyIsFree(tx, scope, p.rail, p.derivationKeyId);
  await insertVersion(tx, p.accountId, next, p.parts, p.derivationKeyId, now);
  await supersedePending(tx, p.accountId, ['update'], now);
  const pending = await pendingChangeOf(tx, scope.merchantId, p.accountId);
  const account = toRailAccount(updated!, { settings: p.parts.settings, hints: p.parts.hints }, p.receiveAddresses, baseRailSettings().cfg.BASE_URL, pending);
  await recordEvent(tx, scope, 'rail_account.updated', account);
  await auditIn(
    tx,
    scope,
    'rail_account.updated',
    { object: 'rail_account', id: p.accountId },
    {
      before: { version: p.base, displayName: row.display_name ?? null, settings: before.settings, secrets: before.hints },
      after: { ...auditView(account), version: next },
    },
  );
  return account;
}

/**
 * Whether this scope's changes of rail accounts wait for approval: the merchant's setting, for a
 * user or an API key. Caisse itself (the operator's CLI) is not asked: it runs the deployment.
 */
async function needsApproval(db: Db, scope: Scope): Promise<boolean> {
  return scope.actor !== undefined && scope.actor.type !== 'system' && (await requiresApproval(db, scope.merchantId));
}

/**
 * In a direct change's own transaction: approval turned on meanwhile (after needsApproval read it,
 * while the backend was asked) refuses the change, nothing done. The merchant's row is share-locked
 * to the commit, so turning approval on (which locks it for update) comes wholly before or after.
 */
async function assertStillDirect(tx: Db, scope: Scope): Promise<void> {
  if (scope.actor === undefined || scope.actor.type === 'system') return;
  const [r] = await tx.query<{ required: boolean }>(`select rail_account_approval as required from merchants where id = $1 for share`, [scope.merchantId]);
  if (r?.required === true)
    throw unexpectedState(
      'railAccountApproval was turned on while this change was checked: nothing changed. Ask again: it will wait for another owner’s approval.',
    );
}

/** A second change asked for while one waits: 409, naming the one that waits. */
export function changePending(c: RailAccountChangeRow): DomainError {
  const who = c.requested_by_label ?? (c.requested_by_type === 'system' ? 'Caisse' : 'someone');
  const what =
    c.action === 'approval_off'
      ? 'Turning railAccountApproval off'
      : c.action === 'create'
        ? `A ${c.rail} rail account (${c.new_account_id}) in ${c.livemode ? 'live' : 'test'} mode`
        : `A change of this rail account (${c.action})`;
  return new DomainError(
    'rail_account_change_pending',
    `${what} already waits for another owner's approval: ${c.id}, asked by ${who}. An owner approves or rejects it on the dashboard's Payment methods page (or its author withdraws it) before another change can be asked for.`,
    c.action === 'approval_off' ? 'railAccountApproval' : c.action === 'create' ? 'rail' : undefined,
  );
}

/** No change may be asked for while one waits on the account (checked early, and again under its lock). */
async function assertNothingPending(db: Db, scope: Scope, accountId: string): Promise<void> {
  const c = await pendingChangeOf(db, scope.merchantId, accountId);
  if (c) throw changePending(c);
}

const actorOf = (scope: Scope) => ({
  type: scope.actor?.type ?? ('system' as const),
  id: scope.actor?.id ?? null,
  label: scope.actor?.label ?? null,
});

/**
 * Keep a change of an account for another owner's approval (nothing of the account changes): the
 * account still active (and at `base` for an update) under its row lock, no other change waiting
 * (else 409 naming it), the row, its audit line (rail_account.change_requested: before and after,
 * the secrets' hints only). Answers the account as it is, with its pendingChange.
 */
async function requestChange(
  db: Db,
  scope: Scope,
  accountId: string,
  action: 'update' | 'disable',
  base: number,
  prepared: PreparedVersion | null,
): Promise<RailAccount> {
  try {
    return await db.transaction(async (tx) => {
      const row = await getOwnedRow(tx, 'rail_accounts', 'rail_account', scope, accountId, { lock: 'update' });
      if (row.status !== 'active') throw unexpectedState('This rail account is disabled; create a new one for the rail.');
      if (action === 'update' && Number(row.version) !== base) throw unexpectedState('This rail account was changed meanwhile; read it again and retry.');
      await assertNothingPending(tx, scope, accountId);
      const change = await insertChange(tx, {
        id: createId('rachg'),
        merchantId: scope.merchantId,
        livemode: scope.livemode,
        accountId,
        action,
        baseVersion: base,
        prepared: prepared
          ? {
              settings: prepared.parts.settings,
              secrets: prepared.parts.sealed,
              keyId: prepared.parts.keyId,
              hints: prepared.parts.hints,
              derivationKeyId: prepared.derivationKeyId,
              displayName: prepared.displayName,
              metadataPatch: prepared.metadataPatch,
              receiveAddresses: prepared.receiveAddresses,
            }
          : undefined,
        requestedBy: actorOf(scope),
        now: nowSeconds(),
      });
      const account = await serialize(tx, row, change);
      await auditIn(
        tx,
        scope,
        'rail_account.change_requested',
        { object: 'rail_account', id: accountId },
        prepared
          ? {
              before: {
                version: base,
                displayName: account.displayName,
                settings: (await loadAccountVersion(tx, accountId, base))?.settings ?? account.settings,
                secrets: account.secrets,
                receiveAddresses: account.receiveAddresses,
              },
              after: {
                change: change.id,
                action,
                version: base + 1,
                displayName: prepared.displayName,
                settings: prepared.parts.settings,
                secrets: prepared.parts.hints,
                receiveAddresses: prepared.receiveAddresses,
              },
            }
          : { before: { status: 'active' }, after: { change: change.id, action, status: 'disabled' } },
      );
      return account;
    });
  } catch (err) {
    // Two requests racing past the check: the unique index refused the second.
    if ((err as { code?: string }).code === '23505') await assertNothingPending(db, scope, accountId);
    throw err;
  }
}

/**
 * POST /v1/rail_accounts/:id: a new version from the current one and the changes (a secret left
 * out is kept), checked at the backend first. Open attempts keep the version that made them.
 * With the merchant's `railAccountApproval` on, the new version (or a new name) waits for another
 * owner's approval instead (`pending`); a change of the metadata alone applies at once.
 */
export async function submitRailAccountUpdate(db: Db, scope: Scope, id: string, input: UpdateRailAccountInput): Promise<RailAccountOutcome> {
  const plan = await planUpdate(db, scope, id, input);
  // Only the metadata: no new version, nothing to ask the backend, never waits.
  if (plan.kind === 'metadata') {
    const { row, current, metadata } = plan;
    const account = await db.transaction(async (tx) => {
      const [updated] = await tx.query(`update rail_accounts set metadata = $2, updated_at = $3 where id = $1 and status = 'active' returning *`, [
        id,
        JSON.stringify(metadata),
        nowSeconds(),
      ]);
      if (!updated) throw unexpectedState('This rail account was disabled meanwhile.');
      const pending = await pendingChangeOf(tx, scope.merchantId, id);
      const account = toRailAccount(updated, current, previewAddresses(await serializeAdapter(tx, updated)), baseRailSettings().cfg.BASE_URL, pending);
      await recordEvent(tx, scope, 'rail_account.updated', account);
      await auditIn(tx, scope, 'rail_account.updated', { object: 'rail_account', id }, { before: { metadata: row.metadata ?? {} }, after: { metadata } });
      return account;
    });
    return { account, pending: false };
  }
  const approval = await needsApproval(db, scope);
  // Refused before the backend is asked: another change already waits.
  if (approval) await assertNothingPending(db, scope, id);
  const prepared = await prepareVersion(scope, id, plan);
  if (approval) return { account: await requestChange(db, scope, id, 'update', plan.base, prepared), pending: true };
  const account = await db.transaction(async (tx) => {
    await assertStillDirect(tx, scope);
    return applyVersion(tx, scope, prepared);
  });
  if (!account) throw unexpectedState('This rail account was changed or disabled meanwhile; read it again and retry.');
  return { account, pending: false };
}

/** submitRailAccountUpdate's account (the CLI and the tests, which do not ask whether it waits). */
export async function updateRailAccount(db: Db, scope: Scope, id: string, input: UpdateRailAccountInput): Promise<RailAccount> {
  return (await submitRailAccountUpdate(db, scope, id, input)).account;
}

/** What the backend said when an account's current version was checked again. */
export type RailAccountCheck = { rail: Rail } & ({ ok: true } | { ok: false; reason: string });

/**
 * The dashboard's "Test the connection": the current version's adapter (the one new payments use)
 * asks its backend the way creation did; nothing is saved. A refusal is an answer, not an error.
 */
export async function testRailAccount(db: Db, scope: Scope, id: string): Promise<RailAccountCheck> {
  const row = await getOwnedRow(db, 'rail_accounts', 'rail_account', scope, id);
  const rail = row.rail as Rail;
  const adapter = await accountVersionAdapter(db, { id, version: Number(row.version) });
  try {
    await adapter.verifyCredentials?.();
    return { rail, ok: true };
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    return { rail, ok: false, reason: err.message };
  }
}

/**
 * Disable an account, in the caller's transaction (under its row lock): `rail_account.disabled`,
 * the audit line, and the changes that waited on it superseded. Already disabled: nothing (no
 * `account`).
 */
export async function applyDisable(tx: Db, scope: Scope, id: string): Promise<{ row: Row; account?: RailAccount }> {
  const row = await getOwnedRow(tx, 'rail_accounts', 'rail_account', scope, id, { lock: 'update' });
  if (row.status === 'disabled') return { row };
  const now = nowSeconds();
  const [updated] = await tx.query(`update rail_accounts set status = 'disabled', disabled_at = $2, updated_at = $2 where id = $1 returning *`, [id, now]);
  await supersedePending(tx, id, ['update', 'disable'], now);
  const account = await serialize(tx, updated!, null);
  await recordEvent(tx, scope, 'rail_account.disabled', account);
  await auditIn(tx, scope, 'rail_account.disabled', { object: 'rail_account', id }, { before: { status: 'active' }, after: { status: 'disabled' } });
  return { row: updated!, account };
}

/**
 * POST /v1/rail_accounts/:id/disable: no new payment goes to it (the deployment's platform account
 * may take the rail again, if offered); the attempts it made are still watched to their end with it.
 * With the merchant's `railAccountApproval` on, it waits for another owner's approval (`pending`).
 */
export async function submitRailAccountDisable(db: Db, scope: Scope, id: string): Promise<RailAccountOutcome> {
  if (await needsApproval(db, scope)) {
    const row = await getOwnedRow(db, 'rail_accounts', 'rail_account', scope, id);
    if (row.status === 'active') return { account: await requestChange(db, scope, id, 'disable', Number(row.version), null), pending: true };
  }
  const out = await db.transaction(async (tx) => {
    await assertStillDirect(tx, scope);
    return applyDisable(tx, scope, id);
  });
  return { account: out.account ?? (await serialize(db, out.row)), pending: false };
}

/** submitRailAccountDisable's account (the CLI and the tests). */
export async function disableRailAccount(db: Db, scope: Scope, id: string): Promise<RailAccount> {
  return (await submitRailAccountDisable(db, scope, id)).account;
}
