// Helpers of the dashboard's Payment methods page (app/dashboard/payment-methods): each rail as the
// page shows it in the session's mode (the merchant's own account, else the platform's or the
// simulator, else nothing); the connect and update forms read into the API's input (empty means
// "not set"; a secret left empty on an update is kept); the one-time flash that brings a refused form
// back with what was typed, but never a secret; a refusal put in the merchant's words.
import { refresh } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { MomoProtocol } from '../config';
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { accountOwner, platformAdapter } from '../domain/merchant-rails';
import type { RailAccountChangeView } from '../domain/rail-account-changes';
import { listRailAccounts, listRailAccountsQuery, type PendingChange, pendingConnections, type RailAccount } from '../domain/rail-accounts';
import { DomainError } from '../errors';
import type { Locale } from '../i18n';
import type { TP } from '../i18n/payment-methods';
import { isMobileMoneyRail, RAIL_CATALOG, RAILS, type Rail } from '../money';
import { type AccountField, accountFields, accountProtocol } from '../rails/accounts';
import { operatorInfo } from '../rails/mobile-money/operators';
import { putFlash } from './catalog';
import type { DashboardContext } from './context';

export type { AccountField };

export const PAYMENT_METHODS_PATH = '/dashboard/payment-methods';

/** The page's anchor of a rail's section (a redirect lands on it). */
export const railAnchor = (rail: Rail) => `rail-${rail}`;

/** A setting's input name: `s.<name>`, apart from the form's own fields (rail, accountId, displayName). */
export const settingInput = (name: string) => `s.${name}`;

/** The currencies a mobile-money account may narrow to (the API's enum). */
export const ACCOUNT_CURRENCIES = ['XOF', 'XAF', 'GNF'] as const;

// ---------------------------------------------------------------------------------------------
// The rails as the page shows them.

/** Who takes a rail's payments when the merchant has no account of its own on it. */
export type Fallback = 'platform' | 'simulator' | 'none';

export interface RailView {
  rail: Rail;
  /** The rail's name (lib/money.ts), with the operator's for mobile money ("Mobile money A · MTN MoMo"). */
  label: string;
  protocol: MomoProtocol | null;
  fields: AccountField[];
  /** The merchant's enabled account on the rail in this mode, or null. */
  account: RailAccount | null;
  /** Its disabled ones, newest first (their open payments are still followed). */
  disabled: RailAccount[];
  /** The connection of an account on the rail waiting for another owner's approval (issue 29), or null. */
  pendingCreate: PendingChange | null;
  fallback: Fallback;
}

/** The rail's name on the page, in the dashboard's language. */
export function railName(rail: Rail, locale: Locale): string {
  const label = RAIL_CATALOG[rail].label[locale];
  return isMobileMoneyRail(rail) ? `${label} · ${operatorInfo(rail).displayName}` : label;
}

/** Every rail of the catalog, in its order, as this merchant has it in this mode. */
export async function paymentMethods(db: Db, scope: Scope, locale: Locale): Promise<RailView[]> {
  const enabled = await listRailAccounts(db, scope, listRailAccountsQuery.parse({ status: 'active', limit: '100' }));
  const disabled = await listRailAccounts(db, scope, listRailAccountsQuery.parse({ status: 'disabled', limit: '30' }));
  const creates = await pendingConnections(db, scope);
  return RAILS.map((rail) => {
    const waiting = creates.get(rail);
    const platform = platformAdapter(rail, scope.livemode);
    return {
      rail,
      label: railName(rail, locale),
      protocol: accountProtocol(rail),
      fields: accountFields(rail),
      account: enabled.data.find((a) => a.rail === rail) ?? null,
      disabled: disabled.data.filter((a) => a.rail === rail),
      pendingCreate: waiting ?? null,
      fallback: platform === null ? 'none' : accountOwner(platform) === 'simulator' ? 'simulator' : 'platform',
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The one-time flash of this page.

/** What was typed in a form, but its secrets: a refused form comes back with it. */
export type KeptValues = Record<string, string | string[] | boolean>;

export interface PaymentMethodsFlash {
  /** The rail's section it is shown in; null: the approvals section at the top. */
  rail: Rail | null;
  tone: 'ok' | 'bad';
  /** A first sentence in bold (what happened), before the message. */
  title?: string;
  message: string;
  /** A refused form to show again open: create (accountId null) or the account's update. */
  form?: { accountId: string | null; field: string | null; values: KeptValues; displayName: string };
}

/** The anchor of the approvals section (the setting, the changes waiting). */
export const APPROVALS_ANCHOR = 'approvals';

/** After an action: the flash for the rail's section (or the approvals section), and back to the page at that section. */
export async function backToRail(ctx: DashboardContext, flash: PaymentMethodsFlash, query = ''): Promise<never> {
  await putFlash<PaymentMethodsFlash>(ctx.db, ctx.token, flash);
  // With JavaScript, a redirect to this same page (a #section apart) is not fetched again by the
  // router: refreshed, so the page shows the change and its flash (without JavaScript, a new page).
  refresh();
  redirect(`${PAYMENT_METHODS_PATH}${query}#${flash.rail ? railAnchor(flash.rail) : APPROVALS_ANCHOR}`);
}

// ---------------------------------------------------------------------------------------------
// The forms.

const str = (form: FormData, name: string): string | undefined => {
  const v = form.get(name);
  return typeof v === 'string' ? v : undefined;
};

/** A value as typed, read by the field's kind: '' (and whitespace) is "not set". */
function fieldSchema(f: AccountField): z.ZodType<unknown> {
  const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
  switch (f.kind) {
    case 'currencies':
      return z.array(z.enum(ACCOUNT_CURRENCIES, { error: 'currency' })).transform((l) => (l.length ? [...new Set(l)] : undefined));
    case 'integer':
      return z
        .string()
        .optional()
        .transform((v) => blank(v?.replace(/[\s\u00a0\u202f]/g, '')))
        .pipe(
          z
            .string()
            .regex(/^[1-9][0-9]{0,14}$/, 'integer')
            .transform(Number)
            .optional(),
        );
    default:
      return z
        .string()
        .max(f.kind === 'pem' ? 20_000 : f.kind === 'secret' ? 8192 : 2048, 'tooLong')
        .optional()
        .transform(blank);
  }
}

/** The raw form values of a rail's fields, as zod reads them. */
function rawValues(rail: Rail, form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const f of accountFields(rail)) {
    const name = settingInput(f.name);
    raw[f.name] = f.kind === 'currencies' ? form.getAll(name).filter((v) => typeof v === 'string') : str(form, name);
  }
  return raw;
}

/** The form of a rail, parsed: each field typed, "not set" as undefined. */
export function accountFormSchema(rail: Rail) {
  return z.object({
    ...Object.fromEntries(accountFields(rail).map((f) => [f.name, fieldSchema(f)])),
    displayName: z
      .string()
      .max(200, 'tooLong')
      .optional()
      .transform((v) => v?.trim() ?? ''),
  });
}

/** What a refused form shows again: every non-secret value as typed; secrets never. */
export function keptValues(rail: Rail, form: FormData): { values: KeptValues; displayName: string } {
  const values: KeptValues = {};
  for (const f of accountFields(rail)) {
    if (f.kind === 'secret') continue;
    const name = settingInput(f.name);
    if (f.kind === 'currencies') values[f.name] = form.getAll(name).filter((v): v is string => typeof v === 'string');
    else values[f.name] = (str(form, name) ?? '').slice(0, 20_000);
  }
  return { values, displayName: (str(form, 'displayName') ?? '').slice(0, 200) };
}

export type FormProblem = { field: string; problem: 'required' | 'integer' | 'currency' | 'tooLong' };

export type ReadForm<T> = { ok: true; input: T } | ({ ok: false } & FormProblem);

function parseForm(rail: Rail, form: FormData): ReadForm<Record<string, unknown> & { displayName: string }> {
  const parsed = accountFormSchema(rail).safeParse({ ...rawValues(rail, form), displayName: str(form, 'displayName') });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const problem = (['integer', 'currency', 'tooLong'] as const).find((p) => p === issue.message) ?? 'integer';
    return { ok: false, field: String(issue.path[0] ?? 'displayName'), problem };
  }
  return { ok: true, input: parsed.data as Record<string, unknown> & { displayName: string } };
}

/** The connect form as POST /v1/rail_accounts's input (before its own zod schema): a required field left empty is a problem. */
export function readCreateForm(
  rail: Rail,
  form: FormData,
): ReadForm<{ rail: Rail; displayName?: string; settings: Record<string, unknown> } & Record<string, unknown>> {
  const parsed = parseForm(rail, form);
  if (!parsed.ok) return parsed;
  const settings: Record<string, unknown> = {};
  const top: Record<string, unknown> = {};
  for (const f of accountFields(rail)) {
    const v = parsed.input[f.name];
    if (v === undefined || v === false) {
      if (f.required) return { ok: false, field: f.name, problem: 'required' };
      continue;
    }
    // Currencies and limits are given at the top of the account, the others in its settings.
    (f.top ? top : settings)[f.name] = v;
  }
  const displayName = parsed.input.displayName;
  return { ok: true, input: { rail, ...(displayName ? { displayName } : {}), settings, ...top } };
}

/**
 * The update form as POST /v1/rail_accounts/:id's input: every setting as the form shows it (an
 * optional one emptied is removed: null; a required one emptied is a problem); a secret left empty
 * is left out, so the account keeps it.
 */
export function readUpdateForm(
  rail: Rail,
  form: FormData,
): ReadForm<{ displayName: string | null; settings: Record<string, unknown> } & Record<string, unknown>> {
  const parsed = parseForm(rail, form);
  if (!parsed.ok) return parsed;
  const settings: Record<string, unknown> = {};
  const top: Record<string, unknown> = {};
  for (const f of accountFields(rail)) {
    const into = f.top ? top : settings;
    const v = parsed.input[f.name];
    if (v !== undefined) into[f.name] = v;
    else if (f.kind === 'secret') continue;
    else if (f.required) return { ok: false, field: f.name, problem: 'required' };
    else into[f.name] = null;
  }
  return { ok: true, input: { displayName: parsed.input.displayName || null, settings, ...top } };
}

/** A field's label in the dashboard's language (the operator's words), or the display name's. */
export function fieldLabel(rail: Rail, name: string, locale: Locale, t: TP): string {
  const f = accountFields(rail).find((x) => x.name === name);
  if (f) return f.label[locale];
  return isMobileMoneyRail(rail) ? t('displayNameMomo') : t('displayName');
}

/** A form problem found before any call, in the merchant's words. */
export function problemMessage(rail: Rail, p: FormProblem, locale: Locale, t: TP): string {
  return t(p.problem, { label: fieldLabel(rail, p.field, locale, t) });
}

/** `text` with every secret the form carried masked (a backend may quote what it was sent). */
export function withoutSecrets(rail: Rail, form: FormData, text: string): string {
  let out = text;
  for (const f of accountFields(rail)) {
    if (f.kind !== 'secret') continue;
    const v = str(form, settingInput(f.name))?.trim();
    if (v && v.length >= 4) out = out.replaceAll(v, '••••');
  }
  return out;
}

/** A form with a problem found before any call (a required field empty, a malformed number), as the rail's flash. */
export function invalidForm(ctx: { locale: Locale }, t: TP, rail: Rail, problem: FormProblem, form: FormData, accountId: string | null): PaymentMethodsFlash {
  return {
    rail,
    tone: 'bad',
    title: t('invalidTitle'),
    message: problemMessage(rail, problem, ctx.locale, t),
    form: { accountId, field: problem.field, ...keptValues(rail, form) },
  };
}

/**
 * A create or update refused by the domain, as the rail's flash: the backend's reason
 * (rail_account_invalid), the setting at fault, or what else was wrong; the form comes back
 * with what was typed, never a secret. Anything that is not a DomainError is rethrown.
 */
export function refusedForm(err: unknown, ctx: { locale: Locale }, t: TP, rail: Rail, form: FormData, accountId: string | null): PaymentMethodsFlash {
  if (!(err instanceof DomainError)) throw err;
  const kept = keptValues(rail, form);
  const top = accountFields(rail).some((f) => f.top && f.name === err.param);
  const param = err.param?.startsWith('settings.') ? err.param.slice('settings.'.length) : err.param === 'displayName' || top ? (err.param ?? null) : null;
  const retype = accountFields(rail).some((f) => f.kind === 'secret' && str(form, settingInput(f.name))) ? ` ${t('secretsRetype')}` : '';
  let title = t('errorTitle');
  let message = err.message;
  if (err.code === 'rail_account_invalid') title = t('refusedTitle');
  else if (err.code === 'encryption_key_missing') message = t('encryptionMissing');
  else if (err.code === 'rail_account_exists' || err.code === 'unexpected_state') message = t('conflict');
  else if (err.code === 'rail_account_change_pending') message = t(accountId ? 'changePending' : 'connectPending', { id: changeIdIn(err.message) });
  else if (param) {
    title = t('invalidTitle');
    message = `${fieldLabel(rail, param, ctx.locale, t)}: ${err.message}`;
  }
  return {
    rail,
    tone: 'bad',
    title,
    message: withoutSecrets(rail, form, message) + retype,
    form: { accountId, field: param, ...kept },
  };
}

// ---------------------------------------------------------------------------------------------
// Approvals (issue 29): the changes waiting, as an owner reviews them.

/** The change a refusal names (rail_account_change_pending's message carries its id). */
export const changeIdIn = (message: string): string => /rachg_[0-9A-Za-z]+/.exec(message)?.[0] ?? '';

/** One line of what a waiting change changes: a setting (or the name), now and after. */
export interface ChangeLine {
  label: string;
  before: string;
  after: string;
}

type Hint = { last4: string; fingerprint: string };

/**
 * What a waiting connection connects, line by line, in the dashboard's language: the name, each
 * setting given, each secret as its last four and fingerprint (never the secret). `after` of each
 * line; `before` is empty.
 */
export function createLines(c: RailAccountChangeView, locale: Locale, t: TP): ChangeLine[] {
  if (c.action !== 'create' || !c.after || !c.rail) return [];
  const rail = c.rail;
  const lines: ChangeLine[] = [];
  if (c.after.displayName) lines.push({ label: fieldLabel(rail, 'displayName', locale, t), before: '', after: c.after.displayName });
  for (const f of accountFields(rail)) {
    if (f.kind === 'secret') {
      const h = c.after.secrets[f.name];
      if (h) lines.push({ label: f.label[locale], before: '', after: h.last4 ? t('secretHidden', h) : t('secretHiddenShort', h) });
      continue;
    }
    const v = c.after.settings[f.name];
    if (v === undefined || v === null) continue;
    lines.push({ label: f.label[locale], before: '', after: f.kind === 'pem' ? t('pemSet') : Array.isArray(v) ? v.join(', ') : String(v) });
  }
  return lines;
}

/**
 * What a waiting update changes, line by line, in the dashboard's language: the name, each setting
 * whose value differs, each secret whose fingerprint differs (as its last four and fingerprint,
 * never the secret). Nothing for a disable or for turning approval off.
 */
export function changeLines(c: RailAccountChangeView, locale: Locale, t: TP): ChangeLine[] {
  if (!c.before || !c.after || !c.rail) return [];
  const rail = c.rail;
  const hint = (h: Hint | undefined) => (!h ? t('notSet') : h.last4 ? t('secretHidden', h) : t('secretHiddenShort', h));
  const shown = (f: AccountField, v: unknown) =>
    v === undefined || v === null ? t('notSet') : f.kind === 'pem' ? t('pemSet') : Array.isArray(v) ? v.join(', ') : String(v);
  const lines: ChangeLine[] = [];
  if ((c.before.displayName ?? '') !== (c.after.displayName ?? ''))
    lines.push({ label: fieldLabel(rail, 'displayName', locale, t), before: c.before.displayName ?? t('notSet'), after: c.after.displayName ?? t('notSet') });
  for (const f of accountFields(rail)) {
    if (f.kind === 'secret') {
      const b = c.before.secrets[f.name];
      const a = c.after.secrets[f.name];
      if (b?.fingerprint !== a?.fingerprint)
        lines.push({ label: f.label[locale], before: hint(b), after: `${hint(a)}${b && a ? ` (${t('pendingSecretReplaced')})` : ''}` });
      continue;
    }
    const b = c.before.settings[f.name];
    const a = c.after.settings[f.name];
    if (JSON.stringify(b ?? null) !== JSON.stringify(a ?? null)) lines.push({ label: f.label[locale], before: shown(f, b), after: shown(f, a) });
  }
  return lines;
}
