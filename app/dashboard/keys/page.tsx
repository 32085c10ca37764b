// API keys: what is kept visible of each working key (sk_test_…last4, sk_live_…last4) and when it
// was made, and "Roll keys" behind a confirmation page (new secrets shown once; the old ones stop
// working at once), and when each was last used (the key lookup records it, at most once a minute).

import { FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, qs, titled } from '@/components/dashboard/catalog/server';
import { Badge, Empty, PageTitle, Table } from '@/components/dashboard/ui';
import { formatDate, listApiKeys } from '@/lib/dashboard/catalog';
import { RAIL_CATALOG } from '@/lib/money';
import { listAddressGaps } from '@/lib/payments/addresses';
import { rollKeysAction } from './actions';
import '../catalog.css';

export const generateMetadata = titled('keysTitle');

type SP = Promise<Record<string, string | string[] | undefined>>;

export default async function KeysPage({ searchParams }: { searchParams: SP }) {
  const { ctx, t, flash } = await catalogPage();
  const confirm = qs(await searchParams, 'confirm') === '1' && flash?.kind !== 'secret';
  const keys = await listApiKeys(ctx.db, ctx.merchantId);
  const gaps = (await listAddressGaps(ctx.db, ctx.scope)).data;

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

      {confirm ? (
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
