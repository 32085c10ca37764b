// Which adapter serves a merchant's payment: its own account for the rail when it has an enabled
// one (lib/domain/rail-accounts.ts), else the deployment's (the platform account of the
// environment, live only with PLATFORM_RAILS=on; test mode's simulators, always there). An attempt
// keeps the account and version that made it (payment_attempts.rail_account_id, _version) and
// is polled, canceled and credited with that adapter until its end, whatever became of the account.
//
// A merchant's enabled accounts come with the API's key lookup (lib/api/auth.ts, no round trip of
// their own); the page, the dashboard and the worker read them (one indexed query). An account's
// adapter is made once per process and version (its secrets opened once): a version never changes.
import { config, type MomoProtocol } from '../config';
import type { Db } from '../db/client';
import { DomainError } from '../errors';
import { isMobileMoneyRail, RAILS, type Rail } from '../money';
import { accountAdapter } from '../rails/accounts';
import { type OperatorInfo, operatorInfo } from '../rails/mobile-money/operators';
import { baseRailSettings, cachedAccountAdapter, railAdapter } from '../rails/registry';
import type { AccountRef, RailAdapter } from '../rails/types';
import { keyRing, open, SecretsError } from '../secrets';
import { type AccountVersionRow, type EnabledAccount, enabledAccounts, loadAccountVersion } from '../store/rail-accounts';
import type { Scope } from './common';

/** Whose account took a payment: the merchant's own, the deployment's, or test mode's simulator. */
export type AccountOwner = 'merchant' | 'platform' | 'simulator';

export const accountOwner = (adapter: RailAdapter): AccountOwner => (adapter.account ? 'merchant' : adapter.mode === 'test' ? 'simulator' : 'platform');

/** The deployment's key ring (lib/secrets.ts), or null on PostgreSQL without CAISSE_ENCRYPTION_KEY. */
export function deploymentKeyRing() {
  const cfg = config();
  return keyRing({ env: cfg.CAISSE_ENCRYPTION_KEY, dataDir: cfg.DATA_DIR, embedded: !cfg.DATABASE_URL });
}

/** What an account's secrets are bound to (the sealed value's associated data). */
export const secretsAad = (accountId: string, version: number) => `rail_account:${accountId}:${version}`;

/** A version's settings and secrets together, opened with the deployment's key ring. */
export function openVersion(row: Pick<AccountVersionRow, 'account_id' | 'version' | 'settings' | 'secrets'>): Record<string, unknown> {
  const ring = deploymentKeyRing();
  if (!ring) throw new SecretsError('CAISSE_ENCRYPTION_KEY is not set: the rail accounts in the database cannot be read.');
  const secrets = JSON.parse(open(ring, row.secrets, secretsAad(row.account_id, row.version))) as Record<string, unknown>;
  return { ...row.settings, ...secrets };
}

/** A version's values for its adapter: its settings and secrets, and the account's display name. */
const adapterValues = (row: AccountVersionRow) => ({ ...openVersion(row), ...(row.display_name ? { displayName: row.display_name } : {}) });

/** The adapter of one version of a merchant's account (any status), made once per process. */
export async function accountVersionAdapter(db: Db, ref: AccountRef): Promise<RailAdapter> {
  return cachedAccountAdapter(ref, async () => {
    const row = await loadAccountVersion(db, ref.id, ref.version);
    if (!row) throw new Error(`rail account ${ref.id} has no version ${ref.version}`);
    return accountAdapter(
      baseRailSettings(),
      row.rail,
      { ...ref, livemode: row.livemode, protocol: (row.protocol as MomoProtocol | null) ?? null },
      adapterValues(row) as never,
    );
  });
}

/** The deployment's own adapter for a rail in a mode, when merchants may use it for new payments. */
export function platformAdapter(rail: Rail, livemode: boolean): RailAdapter | null {
  if (livemode && !config().platformRails) return null;
  return railAdapter(rail, livemode);
}

/** A scope that may carry its merchant's enabled accounts (the API's key lookup reads them). */
export type RailScope = Scope & { railAccounts?: readonly EnabledAccount[] };

async function accountsOf(db: Db, scope: RailScope): Promise<readonly EnabledAccount[]> {
  return scope.railAccounts ?? enabledAccounts(db, scope.merchantId, scope.livemode);
}

/** The adapter a new payment of this merchant on `rail` goes to, or null (the merchant cannot take it). */
export async function merchantRail(db: Db, scope: RailScope, rail: Rail): Promise<RailAdapter | null> {
  const own = (await accountsOf(db, scope)).find((a) => a.rail === rail);
  return own ? ownForNewPayments(await accountVersionAdapter(db, own)) : platformAdapter(rail, scope.livemode);
}

/**
 * A merchant's own account takes new payments only while it speaks the rail's protocol on this
 * deployment (the engine asks the rail's family); one made before the operator changed the rail's
 * protocol keeps its open attempts (polled with its own adapter) but takes no new one.
 */
function ownForNewPayments(adapter: RailAdapter): RailAdapter | null {
  const op = operatorOf(adapter);
  return op && op.protocol !== operatorInfo(op.rail).protocol ? null : adapter;
}

/** Every rail this merchant can take in this mode, with its adapter (health aside). */
export async function merchantRails(db: Db, scope: RailScope): Promise<Map<Rail, RailAdapter>> {
  const accounts = await accountsOf(db, scope);
  const out = new Map<Rail, RailAdapter>();
  for (const rail of RAILS) {
    const own = accounts.find((a) => a.rail === rail);
    const adapter = own ? ownForNewPayments(await accountVersionAdapter(db, own)) : platformAdapter(rail, scope.livemode);
    if (adapter) out.set(rail, adapter);
  }
  return out;
}

/** The rail's adapter for this merchant, or 400 rail_not_configured (503 is for a configured rail whose backend is down). */
export async function configuredRail(db: Db, scope: RailScope, rail: Rail): Promise<RailAdapter> {
  const adapter = await merchantRail(db, scope, rail);
  if (!adapter) throw railNotConfigured(rail, scope.livemode);
  return adapter;
}

export const railNotConfigured = (rail: Rail, livemode: boolean) =>
  new DomainError(
    'rail_not_configured',
    `Rail ${rail} is not configured for ${livemode ? 'live' : 'test'} payments on this account: connect your own ${rail} account (POST /v1/rail_accounts, or the dashboard's Payment methods page), or choose another rail.`,
    'rail',
  );

/** The mobile-money operator an adapter speaks to, as its settings say (a merchant's account may narrow the deployment's). */
export function operatorOf(adapter: RailAdapter): OperatorInfo | null {
  if (!isMobileMoneyRail(adapter.rail)) return null;
  return (adapter as RailAdapter & { operator?: OperatorInfo }).operator ?? operatorInfo(adapter.rail);
}

/** What an attempt row says about the account that made it. */
export interface AttemptAccount {
  rail: Rail;
  livemode: boolean;
  rail_account_id: string | null;
  rail_account_version: number | null;
}

/**
 * The adapter that made an attempt: its account's version, even disabled or updated since; the
 * deployment's for a platform or simulator attempt (watched to its end whatever PLATFORM_RAILS
 * says now). Null when the deployment no longer has that rail configured.
 */
export async function attemptAdapter(db: Db, attempt: AttemptAccount): Promise<RailAdapter | null> {
  if (attempt.rail_account_id !== null && attempt.rail_account_version !== null)
    return accountVersionAdapter(db, { id: attempt.rail_account_id, version: attempt.rail_account_version });
  return railAdapter(attempt.rail, attempt.livemode);
}
