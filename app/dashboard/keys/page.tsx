// API keys: what is kept visible of each working key (sk_test_…last4, sk_live_…last4) and when it
// was made, and "Roll keys" behind a confirmation page (new secrets shown once; the old ones stop
// working at once), and when each was last used (the key lookup records it, at most once a minute).
// Restricted keys (issue 29): the list with their permissions, revoke one, make one (name, mode,
// permissions ticked, among those of the user's own role; the secret shown once). Rolling is an
// owner's (`keys.secret`: the secret keys hold every permission): anyone else reads why not.

import { ActionButton, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, qs, titled } from '@/components/dashboard/catalog/server';
import { Badge, Empty, PageTitle, Section, Table } from '@/components/dashboard/ui';
import { formatDate, listApiKeys } from '@/lib/dashboard/catalog';
import { can } from '@/lib/dashboard/context';
import { listRestrictedKeys } from '@/lib/domain/api-keys';
import { grantableKeyPermissions, KEY_PERMISSIONS } from '@/lib/domain/permissions';
import { ta } from '@/lib/i18n/access';
import { RAIL_CATALOG } from '@/lib/money';
import { listAddressGaps } from '@/lib/payments/addresses';
import { createRestrictedKeyAction, revokeRestrictedKeyAction, rollKeysAction } from './actions';
import '../catalog.css';

export const generateMetadata = titled('keysTitle');

type SP = Promise<Record<string, string | string[] | undefined>>;

export default async function KeysPage({ searchParams }: { searchParams: SP }) {
  const { ctx, t, flash } = await catalogPage('keys.manage');
  const canRoll = can(ctx, 'keys.secret');
  const confirm = canRoll && qs(await searchParams, 'confirm') === '1' && flash?.kind !== 'secret';
  const grantable = grantableKeyPermissions(ctx.user.role);
  const keys = await listApiKeys(ctx.db, ctx.merchantId);
  const gaps = (await listAddressGaps(ctx.db, ctx.scope)).data;
  const restricted = await listRestrictedKeys(ctx.db, ctx.merchantId);
  const a = ta(ctx.locale);

  return (
    <div className="dc-page">
      <PageTitle>{t('keysTitle')}</PageTitle>
      <p className="dc-intro">{t('keysIntro')}</p>
      <FlashView flash={flash} t={t} />

      <div className="db-section">
        {keys.length === 0 ? (
          <Empty title={t('none')} />
        ) : (
          <Table caption={t('keysTitle')} captionHidden head={[t('key'), t('mode'), t('created'), t('lastUse')]}>
            {keys.map((k) => (
              <tr key={k.id}>
                <td className="db-nowrap">
                  <code className="dc-key">{k.display}</code>
                </td>
                <td>
                  <Badge tone={k.livemode ? 'info' : 'warn'}>{k.livemode ? t('live') : t('test')}</Badge>
                </td>
                <td>{formatDate(k.createdAt, ctx.locale, ctx.timeZone)}</td>
                <td className={k.lastUsedAt === null ? 'db-muted' : undefined}>
                  {k.lastUsedAt === null ? t('lastUseNever') : formatDate(k.lastUsedAt, ctx.locale, ctx.timeZone)}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </div>

      <Section title={a('restrictedTitle')} id="restricted">
        <p className="dc-intro">{a('restrictedIntro')}</p>
        {restricted.length === 0 ? (
          <Empty title={a('restrictedNone')} />
        ) : (
          <Table caption={a('restrictedList')} captionHidden head={[a('keyName'), t('key'), t('mode'), a('restrictedPermissions'), t('lastUse'), t('actions')]}>
            {restricted.map((k) => (
              <tr key={k.id}>
                <td className="dc-break">{k.name}</td>
                <td className="db-nowrap">
                  <code className="dc-key">{k.display}</code>
                </td>
                <td>
                  <Badge tone={k.livemode ? 'info' : 'warn'}>{k.livemode ? t('live') : t('test')}</Badge>
                </td>
                <td className="dc-break">{(k.permissions ?? []).join(', ')}</td>
                <td className={k.lastUsedAt === null ? 'db-muted' : undefined}>
                  {k.lastUsedAt === null ? t('lastUseNever') : formatDate(k.lastUsedAt, ctx.locale, ctx.timeZone)}
                </td>
                <td>
                  <ActionButton
                    action={revokeRestrictedKeyAction}
                    fields={{ keyId: k.id }}
                    secondary
                    danger
                    label={`${a('restrictedRevoke')} ${k.name ?? k.display}`}
                  >
                    {a('restrictedRevoke')}
                  </ActionButton>
                </td>
              </tr>
            ))}
          </Table>
        )}
        <form action={createRestrictedKeyAction} className="db-form">
          <div className="db-field">
            <label htmlFor="rk-name">{a('restrictedName')}</label>
            <input id="rk-name" name="name" className="dc-input" required maxLength={100} autoComplete="off" />
          </div>
          <fieldset className="dc-fieldset">
            <legend>{a('restrictedMode')}</legend>
            <label className="dc-check">
              <input type="radio" name="mode" value="test" defaultChecked={!ctx.livemode} /> {t('test')}
            </label>
            <label className="dc-check">
              <input type="radio" name="mode" value="live" defaultChecked={ctx.livemode} /> {t('live')}
            </label>
          </fieldset>
          <fieldset className="dc-fieldset">
            <legend>{a('restrictedPermissions')}</legend>
            {grantable.length < KEY_PERMISSIONS.length ? <p className="db-muted">{a('restrictedOnlyYours')}</p> : null}
            {grantable.map((p) => (
              <label key={p} className="dc-check">
                <input type="checkbox" name="permissions" value={p} /> <code>{p}</code>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="db-button">
            {a('restrictedCreate')}
          </button>
        </form>
      </Section>

      <div className="db-section">
        <h2 id="gaps-h" className="db-h2">
          {t('gapsTitle')}
        </h2>
        <p className="dc-intro">{t('gapsIntro')}</p>
        {gaps.length === 0 ? (
          <Empty title={t('gapsNone')} />
        ) : (
          <Table caption={t('gapsTitle')} captionHidden head={[t('gapsRail'), t('gapsHandedOut'), t('gapsHighestUsed'), t('gapsRequired')]}>
            {gaps.map((g) => (
              <tr key={g.rail}>
                <td className="db-nowrap">{RAIL_CATALOG[g.rail].shortLabel}</td>
                <td>{g.derivedCount}</td>
                <td className={g.highestUsedIndex === null ? 'db-muted' : undefined}>{g.highestUsedIndex ?? '–'}</td>
                <td>
                  <strong>{g.requiredGapLimit}</strong> <span className="db-muted">({t('gapsConfigured', { n: g.configuredGapLimit })})</span>{' '}
                  {g.requiredGapLimit > g.configuredGapLimit ? <Badge tone="warn">{t('gapsOver')}</Badge> : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </div>

      {!canRoll ? (
        <p className="db-muted">{a('rollOwnersOnly')}</p>
      ) : confirm ? (
        <section className="dc-confirm" aria-labelledby="roll-h">
          <h2 id="roll-h" className="db-h2">
            {t('rollKeysConfirmTitle')}
          </h2>
          <p>{t('rollKeysConfirm')}</p>
          <form action={rollKeysAction} className="dc-row">
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className="db-button db-button-danger">
              {t('rollKeysYes')}
            </button>
            <a className="db-button db-button-secondary" href="/dashboard/keys">
              {t('cancel')}
            </a>
          </form>
        </section>
      ) : (
        <p>
          <a className="db-button" href="/dashboard/keys?confirm=1">
            {t('rollKeys')}
          </a>
        </p>
      )}
    </div>
  );
}
