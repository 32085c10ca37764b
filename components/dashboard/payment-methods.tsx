// The Payment methods page's pieces, server-rendered (no client JavaScript but the Copy button): a
// rail's section (who takes its payments, the merchant's account with its settings, secrets as a
// last four and a fingerprint, its notification URL or first receive addresses), the connect and
// update forms (the operator's words for each field; secrets are password fields never filled in),
// the disable confirmation; the approvals section (issue 29: the merchant's railAccountApproval and
// the changes waiting, each with what it changes or, a connection, what it connects, Approve / Reject
// with a reason, or Withdraw for its author). The server actions come in as props (components import no route file).
import type { ReactNode } from 'react';
import { CopyField } from '@/components/dashboard/catalog/parts';
import { Badge, Details, Flash } from '@/components/dashboard/ui';
import { formatDate } from '@/lib/dashboard/catalog';
import {
  ACCOUNT_CURRENCIES,
  type AccountField,
  APPROVALS_ANCHOR,
  changeLines,
  createLines,
  type KeptValues,
  PAYMENT_METHODS_PATH,
  type PaymentMethodsFlash,
  type RailView,
  railAnchor,
  railName,
  settingInput,
} from '@/lib/dashboard/payment-methods';
import type { RailAccountChangeView } from '@/lib/domain/rail-account-changes';
import type { RailAccount } from '@/lib/domain/rail-accounts';
import type { Locale } from '@/lib/i18n';
import type { TC } from '@/lib/i18n/catalog';
import type { TP } from '@/lib/i18n/payment-methods';
import { isMobileMoneyRail } from '@/lib/money';

type Action = (form: FormData) => Promise<void>;

export interface RailActions {
  connect: Action;
  update: Action;
  test: Action;
  disable: Action;
}

const PROTOCOL_NAMES: Record<string, string> = { mtn_momo: 'MTN MoMo (RequestToPay)', orange_money: 'Orange Money (Web Payment)', wave: 'Wave (Checkout)' };

/** A setting's value on the account: currencies and limits are at its top, the others in its settings. */
const settingOf = (account: RailAccount, f: AccountField): unknown =>
  f.top ? (account as unknown as Record<string, unknown>)[f.name] : account.settings[f.name];

/** A secret as it may be shown: its last four characters (none for a short one) and its fingerprint. */
export const secretShown = (hint: { last4: string; fingerprint: string }, t: TP) =>
  hint.last4 ? t('secretHidden', hint) : t('secretHiddenShort', { fingerprint: hint.fingerprint });

function settingShown(f: AccountField, v: unknown, t: TP): ReactNode {
  if (v === undefined || v === null) return <span className="db-muted">{t('notSet')}</span>;
  if (f.kind === 'currencies') return (v as string[]).join(', ');
  if (f.kind === 'pem') return t('pemSet');
  return <span className="dc-break">{String(v)}</span>;
}

/** Who takes the rail's payments, in a word. */
function StatusBadge({ view, t }: { view: RailView; t: TP }) {
  if (view.account) return <Badge tone="ok">{t('statusOwn')}</Badge>;
  if (view.fallback === 'platform') return <Badge tone="warn">{t('statusPlatform')}</Badge>;
  if (view.fallback === 'simulator') return <Badge tone="info">{t('statusSimulator')}</Badge>;
  return <Badge tone="neutral">{t('statusNone')}</Badge>;
}

/** The list of rails at the top: each with who takes its payments, linking to its section. */
export function RailIndex({ views, t }: { views: RailView[]; t: TP }) {
  return (
    <nav className="pm-index" aria-label={t('onThisPage')}>
      <ul>
        {views.map((v) => (
          <li key={v.rail}>
            <a href={`#${railAnchor(v.rail)}`}>{v.label}</a> <StatusBadge view={v} t={t} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The message an action left for this rail's section. */
function RailFlash({ flash }: { flash: PaymentMethodsFlash }) {
  return (
    <Flash tone={flash.tone}>
      {flash.title ? <strong>{flash.title}</strong> : null} <span className="dc-break">{flash.message}</span>
    </Flash>
  );
}

/** An account's first receive addresses, numbered from 0 as wallets number them. */
function AddressList({ addresses }: { addresses: readonly string[] }) {
  return (
    <ol className="pm-addresses" start={0}>
      {addresses.map((a) => (
        <li key={a}>
          <code>{a}</code>
        </li>
      ))}
    </ol>
  );
}

function AccountSummary({ account, view, locale, timeZone, t, tc }: { account: RailAccount; view: RailView; locale: Locale; timeZone: string; t: TP; tc: TC }) {
  const items: [ReactNode, ReactNode][] = [];
  if (account.displayName) items.push([t('name'), account.displayName]);
  if (account.protocol) items.push([t('operatorApi'), PROTOCOL_NAMES[account.protocol] ?? account.protocol]);
  items.push([
    t('status'),
    <Badge key="s" tone={account.status === 'active' ? 'ok' : 'bad'}>
      {account.status === 'active' ? t('enabled') : t('disabled')}
    </Badge>,
  ]);
  items.push([t('version'), account.version]);
  for (const f of view.fields) {
    if (f.kind === 'secret') {
      const hint = account.secrets[f.name];
      items.push([
        f.label[locale],
        hint ? (
          <code key={f.name}>{secretShown(hint, t)}</code>
        ) : (
          <span key={f.name} className="db-muted">
            {t('notSet')}
          </span>
        ),
      ]);
    } else items.push([f.label[locale], settingShown(f, settingOf(account, f), t)]);
  }
  items.push([t('lastChanged'), formatDate(account.updatedAt, locale, timeZone)]);
  return (
    <>
      <Details items={items} />
      {account.notifyUrl ? (
        <div className="pm-block">
          <CopyField id={`${account.id}-callback`} label={t('callbackUrl')} value={account.notifyUrl} t={tc} />
          <p className="db-muted pm-help">{account.protocol === 'wave' ? t('callbackHelpWave') : t('callbackHelp')}</p>
        </div>
      ) : null}
      {account.receiveAddresses.length ? (
        <div className="pm-block">
          <h3 className="pm-h3">{t('addressesTitle')}</h3>
          <p className="dc-warn">{t('addressesHelp')}</p>
          <AddressList addresses={account.receiveAddresses} />
        </div>
      ) : null}
    </>
  );
}

/** One setting's input: the operator's label and help; a secret is a password field, never filled in. */
function SettingInput({
  f,
  idBase,
  value,
  invalid,
  update,
  hint,
  locale,
  t,
}: {
  f: AccountField;
  idBase: string;
  value: string | string[] | boolean | undefined;
  invalid: boolean;
  update: boolean;
  hint?: { last4: string; fingerprint: string };
  locale: Locale;
  t: TP;
}) {
  const id = `${idBase}-${f.name}`;
  const helpId = `${id}-help`;
  const name = settingInput(f.name);
  const label = (
    <>
      {f.label[locale]}
      {f.required ? null : <span className="db-muted"> ({t('optional')})</span>}
    </>
  );
  const common = { 'aria-describedby': helpId, 'aria-invalid': invalid || undefined };
  if (f.kind === 'currencies') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="dc-fieldset" aria-describedby={helpId} aria-invalid={invalid || undefined}>
        <legend>{label}</legend>
        {ACCOUNT_CURRENCIES.map((c) => (
          <label key={c} className="dc-check">
            <input type="checkbox" name={name} value={c} defaultChecked={chosen.includes(c)} /> {c}
          </label>
        ))}
        <p id={helpId} className="db-muted pm-help">
          {f.help[locale]}
        </p>
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="db-field">
      <label htmlFor={id}>{label}</label>
      {f.kind === 'secret' ? (
        <input
          id={id}
          name={name}
          type="password"
          autoComplete="off"
          className="dc-input db-mono"
          required={f.required && !update}
          maxLength={8192}
          spellCheck={false}
          {...common}
        />
      ) : f.kind === 'pem' ? (
        <textarea id={id} name={name} className="dc-input db-mono" rows={4} defaultValue={text} spellCheck={false} maxLength={20_000} {...common} />
      ) : (
        <input
          id={id}
          name={name}
          type={f.kind === 'url' ? 'url' : 'text'}
          inputMode={f.kind === 'integer' ? 'numeric' : undefined}
          autoComplete="off"
          className="dc-input"
          required={f.required}
          defaultValue={text}
          maxLength={f.kind === 'url' ? 2048 : 500}
          spellCheck={false}
          {...common}
        />
      )}
      <p id={helpId} className="db-muted pm-help">
        {f.help[locale]}
        {f.kind === 'secret' ? ` ${update && hint ? t('secretKept', { hint: secretShown(hint, t) }) : t('secretOnce')}` : ''}
      </p>
    </div>
  );
}

/** What an account's settings fill its update form with (secrets never). */
function valuesOf(account: RailAccount, fields: AccountField[]): KeptValues {
  const out: KeptValues = {};
  for (const f of fields) {
    if (f.kind === 'secret') continue;
    const v = settingOf(account, f);
    if (v === undefined || v === null) continue;
    out[f.name] = Array.isArray(v) ? v.map(String) : String(v);
  }
  return out;
}

/** The connect form (no account) or the update form of `account`. */
function AccountForm({
  view,
  account,
  kept,
  locale,
  t,
  actions,
}: {
  view: RailView;
  account: RailAccount | null;
  kept: NonNullable<PaymentMethodsFlash['form']> | null;
  locale: Locale;
  t: TP;
  actions: RailActions;
}) {
  const update = account !== null;
  const idBase = `${view.rail}-${update ? 'update' : 'connect'}`;
  const values = kept?.values ?? (account ? valuesOf(account, view.fields) : {});
  const displayName = kept ? kept.displayName : (account?.displayName ?? '');
  const momo = isMobileMoneyRail(view.rail);
  return (
    <form action={update ? actions.update : actions.connect} className="db-form pm-form">
      <input type="hidden" name="rail" value={view.rail} />
      {account ? <input type="hidden" name="accountId" value={account.id} /> : null}
      <div className="db-field">
        <label htmlFor={`${idBase}-displayName`}>
          {momo ? t('displayNameMomo') : t('displayName')} <span className="db-muted">({t('optional')})</span>
        </label>
        <input
          id={`${idBase}-displayName`}
          name="displayName"
          className="dc-input"
          maxLength={60}
          autoComplete="off"
          defaultValue={displayName}
          aria-describedby={`${idBase}-displayName-help`}
          aria-invalid={kept?.field === 'displayName' || undefined}
        />
        <p id={`${idBase}-displayName-help`} className="db-muted pm-help">
          {momo ? t('displayNameMomoHelp') : t('displayNameHelp')}
        </p>
      </div>
      {view.fields.map((f) => (
        <SettingInput
          key={f.name}
          f={f}
          idBase={idBase}
          value={values[f.name]}
          invalid={kept?.field === f.name}
          update={update}
          hint={account?.secrets[f.name]}
          locale={locale}
          t={t}
        />
      ))}
      {!update && view.protocol === 'wave' ? <p className="db-muted pm-help">{t('callbackAfter')}</p> : null}
      <p className="db-muted pm-help">{t('checkedFirst')}</p>
      <button type="submit" className="db-button">
        {update ? t('saveChanges') : t('connect')}
      </button>
    </form>
  );
}

/** The second step of "Disable": what happens next, a box to tick, the button. */
function DisableConfirm({ view, account, t, actions }: { view: RailView; account: RailAccount; t: TP; actions: RailActions }) {
  const after = view.fallback === 'platform' ? t('disableAfterPlatform') : view.fallback === 'simulator' ? t('disableAfterSimulator') : t('disableAfterNone');
  const hid = `${view.rail}-disable-h`;
  return (
    <section className="dc-confirm" aria-labelledby={hid}>
      <h3 id={hid} className="pm-h3">
        {t('disableTitle')}
      </h3>
      <p>{after}</p>
      <form action={actions.disable} className="db-form">
        <input type="hidden" name="rail" value={view.rail} />
        <input type="hidden" name="accountId" value={account.id} />
        <label className="dc-check">
          <input type="checkbox" name="understood" value="yes" required /> {t('disableUnderstand')}
        </label>
        <div className="dc-actions">
          <button type="submit" className="db-button db-button-danger">
            {t('disableYes')}
          </button>
          <a className="db-button db-button-secondary" href={`${PAYMENT_METHODS_PATH}#${railAnchor(view.rail)}`}>
            {t('cancel')}
          </a>
        </div>
      </form>
    </section>
  );
}

/** A rail's section: who takes its payments, the account, its actions and forms. */
export function RailSection({
  view,
  flash,
  confirmDisable,
  locale,
  timeZone,
  t,
  tc,
  actions,
  manage = false,
}: {
  view: RailView;
  /**
   * The viewer manages rail accounts (an owner, rail_accounts.write): the forms to connect, change,
   * test and disable, and the note of a change waiting links to it. Anyone else reads only.
   */
  manage?: boolean;
  /** The flash, when it is this rail's. */
  flash: PaymentMethodsFlash | null;
  /** The account id named by `?disable=`, when it is this rail's account. */
  confirmDisable: boolean;
  locale: Locale;
  /** The merchant's time zone, for the dates shown. */
  timeZone: string;
  t: TP;
  tc: TC;
  actions: RailActions;
}) {
  const { account } = view;
  const anchor = railAnchor(view.rail);
  const kept = flash?.form && flash.form.accountId === (account?.id ?? null) ? flash.form : null;
  return (
    <section className="db-section pm-rail" id={anchor} aria-labelledby={`${anchor}-h`}>
      <h2 className="db-h2" id={`${anchor}-h`}>
        {view.label} <StatusBadge view={view} t={t} />
      </h2>
      {flash ? <RailFlash flash={flash} /> : null}
      {account?.pendingChange ? (
        <p className="dc-warn pm-help">
          {t('pendingOnRail')} {manage ? <a href={`#${changeAnchor(account.pendingChange.id)}`}>{t('pendingSee')}</a> : null}
        </p>
      ) : null}
      {account ? (
        <>
          <AccountSummary account={account} view={view} locale={locale} timeZone={timeZone} t={t} tc={tc} />
          {!manage ? null : confirmDisable ? (
            <DisableConfirm view={view} account={account} t={t} actions={actions} />
          ) : (
            <div className="dc-actions pm-block">
              <form action={actions.test} className="db-inline">
                <input type="hidden" name="accountId" value={account.id} />
                <button type="submit" className="db-button db-button-secondary">
                  {t('testConnection')}
                </button>
              </form>
              <a className="db-button db-button-secondary" href={`${PAYMENT_METHODS_PATH}?disable=${account.id}#${anchor}`}>
                {t('disableOpen')}
              </a>
            </div>
          )}
          {manage ? (
            <details className="pm-details" open={kept !== null}>
              <summary>{t('changeSummary')}</summary>
              <AccountForm view={view} account={account} kept={kept} locale={locale} t={t} actions={actions} />
            </details>
          ) : null}
        </>
      ) : (
        <>
          <p className={view.fallback === 'platform' ? 'dc-warn' : 'db-muted'}>
            {view.fallback === 'platform' ? t('platformText') : view.fallback === 'simulator' ? t('simulatorText') : t('noneText')}
          </p>
          {view.pendingCreate ? (
            // A connection waits: no second one (it would be refused); the approvals section shows it.
            <p className="dc-warn pm-help">
              {t('pendingCreateOnRail')} {manage ? <a href={`#${changeAnchor(view.pendingCreate.id)}`}>{t('pendingSee')}</a> : null}
            </p>
          ) : manage ? (
            <details className="pm-details" open={kept !== null}>
              <summary>{t('connectSummary')}</summary>
              <AccountForm view={view} account={null} kept={kept} locale={locale} t={t} actions={actions} />
            </details>
          ) : null}
        </>
      )}
      {manage ? null : <p className="db-muted pm-help">{t('ownersOnly')}</p>}
      {view.disabled.length ? (
        <p className="db-muted pm-help">
          {t('earlier', {
            list: view.disabled.map((a) => t('disabledOn', { id: a.id, date: a.disabledAt ? formatDate(a.disabledAt, locale, timeZone) : '' })).join('; '),
          })}
        </p>
      ) : null}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Approvals (issue 29).

export interface ApprovalActions {
  setApproval: Action;
  approve: Action;
  reject: Action;
  withdraw: Action;
}

/** A change's anchor on the page (the rail's note links to it). */
export const changeAnchor = (id: string) => `change-${id}`;

/** One change waiting: what it is, who asked, what it changes; Approve / Reject (another owner) or Withdraw (its author). */
function PendingChangeItem({
  change: c,
  mine,
  locale,
  timeZone,
  t,
  actions,
}: {
  change: RailAccountChangeView;
  mine: boolean;
  locale: Locale;
  timeZone: string;
  t: TP;
  actions: ApprovalActions;
}) {
  const rail = c.rail ? railName(c.rail, locale) : '';
  const title =
    c.action === 'update'
      ? t('pendingUpdate', { rail, base: c.baseVersion ?? 0, next: (c.baseVersion ?? 0) + 1 })
      : c.action === 'create'
        ? t('pendingCreate', { rail })
        : c.action === 'disable'
          ? t('pendingDisable', { rail })
          : t('pendingApprovalOff');
  const lines = changeLines(c, locale, t);
  const connects = createLines(c, locale, t);
  const hid = `${changeAnchor(c.id)}-h`;
  const who = c.requestedBy.label ?? c.requestedBy.id ?? 'Caisse';
  return (
    <li className="pm-change" id={changeAnchor(c.id)}>
      <h4 className="pm-h4" id={hid}>
        {title}
      </h4>
      <p className="db-muted pm-help">
        {t('pendingAsked', { who, date: formatDate(c.createdAt, locale, timeZone) })} <code className="dc-break">{c.id}</code>
      </p>
      {c.action === 'update' ? (
        lines.length ? (
          <dl className="db-dl pm-diff">
            {lines.map((l) => (
              <div className="db-dl-row" key={l.label}>
                <dt>{l.label}</dt>
                <dd>
                  <span className="pm-before">
                    {t('pendingBefore')} <span className="dc-break">{l.before}</span>
                  </span>
                  <span className="pm-after">
                    {t('pendingAfter')} <strong className="dc-break">{l.after}</strong>
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="db-muted pm-help">{t('pendingNothingElse')}</p>
        )
      ) : null}
      {c.action === 'create' ? (
        <>
          <p className="dc-warn pm-help">{t('pendingCreateUntil')}</p>
          <p className="pm-help">{t('pendingCreateWhat')}</p>
          <dl className="db-dl pm-diff">
            {connects.map((l) => (
              <div className="db-dl-row" key={l.label}>
                <dt>{l.label}</dt>
                <dd>
                  <strong className="dc-break">{l.after}</strong>
                </dd>
              </div>
            ))}
            <div className="db-dl-row">
              <dt>{t('pendingCreateId')}</dt>
              <dd>
                <code className="dc-break">{c.accountId}</code>
              </dd>
            </div>
          </dl>
        </>
      ) : null}
      {c.after?.receiveAddresses.length ? (
        <div className="pm-block">
          <p className="dc-warn">{c.action === 'create' ? t('pendingAddressesCreate') : t('pendingAddresses')}</p>
          <AddressList addresses={c.after.receiveAddresses} />
        </div>
      ) : null}
      {mine ? (
        <>
          <p className="pm-help">{t('pendingYours')}</p>
          <form action={actions.withdraw} className="db-inline">
            <input type="hidden" name="change" value={c.id} />
            <button type="submit" className="db-button db-button-secondary db-button-small" aria-label={`${t('withdraw')}: ${title}`}>
              {t('withdraw')}
            </button>
          </form>
        </>
      ) : (
        <div className="pm-decide">
          <form action={actions.approve} className="db-inline">
            <input type="hidden" name="change" value={c.id} />
            <button type="submit" className="db-button db-button-small" aria-label={`${t('approve')}: ${title}`}>
              {t('approve')}
            </button>
          </form>
          <form action={actions.reject} className="db-form">
            <input type="hidden" name="change" value={c.id} />
            <div className="db-field">
              <label htmlFor={`reject-${c.id}`}>{t('rejectReason')}</label>
              <input id={`reject-${c.id}`} name="reason" className="dc-input" maxLength={500} autoComplete="off" />
            </div>
            <div>
              <button type="submit" className="db-button db-button-secondary db-button-small" aria-label={`${t('reject')}: ${title}`}>
                {t('reject')}
              </button>
            </div>
          </form>
        </div>
      )}
    </li>
  );
}

/**
 * The approvals section, for owners (who manage rail accounts): whether changes wait for another
 * owner's approval, the switch, and each change waiting.
 */
export function ApprovalsSection({
  on,
  offWaiting,
  changes,
  userId,
  flash,
  locale,
  timeZone,
  t,
  actions,
}: {
  on: boolean;
  /** Turning it off already waits for approval (no second request). */
  offWaiting: boolean;
  changes: RailAccountChangeView[];
  userId: string;
  /** The flash, when it is this section's. */
  flash: PaymentMethodsFlash | null;
  locale: Locale;
  timeZone: string;
  t: TP;
  actions: ApprovalActions;
}) {
  return (
    <section className="db-section pm-rail" id={APPROVALS_ANCHOR} aria-labelledby={`${APPROVALS_ANCHOR}-h`}>
      <h2 className="db-h2" id={`${APPROVALS_ANCHOR}-h`}>
        {t('approvalsTitle')} <Badge tone={on ? 'ok' : 'neutral'}>{on ? t('enabled') : t('disabled')}</Badge>
      </h2>
      {flash ? <RailFlash flash={flash} /> : null}
      <p>{on ? t('approvalOnText') : t('approvalOffText')}</p>
      {offWaiting ? null : (
        <form action={actions.setApproval} className="db-form pm-form">
          <input type="hidden" name="approval" value={on ? 'off' : 'on'} />
          <p className="db-muted pm-help">{on ? t('approvalOffHelp') : t('approvalOnHelp')}</p>
          <div>
            <button type="submit" className={on ? 'db-button db-button-secondary' : 'db-button'}>
              {on ? t('approvalTurnOff') : t('approvalTurnOn')}
            </button>
          </div>
        </form>
      )}
      <h3 className="pm-h3">{t('pendingTitle')}</h3>
      {changes.length ? (
        <ul className="pm-changes">
          {changes.map((c) => (
            <PendingChangeItem
              key={c.id}
              change={c}
              mine={c.requestedBy.type === 'user' && c.requestedBy.id === userId}
              locale={locale}
              timeZone={timeZone}
              t={t}
              actions={actions}
            />
          ))}
        </ul>
      ) : (
        <p className="db-muted">{t('pendingNone')}</p>
      )}
    </section>
  );
}
