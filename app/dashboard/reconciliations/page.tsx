// Checks against the backends (issue 28): the reconciliations of this merchant and mode, newest
// first (the worker's daily one and those asked for), each with its count of differences and a link
// to them explained; a form to check a period now, for every account or one. No JavaScript needed.
import type { Metadata } from 'next';
import { ReconStatus } from '@/components/dashboard/books';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, listParams } from '@/components/dashboard/catalog/server';
import { Cell, Empty, PageTitle, Pagination, Row, Section, Table } from '@/components/dashboard/ui';
import { chosenDay } from '@/lib/dashboard/books';
import { dashboardLocale } from '@/lib/dashboard/context';
import { listRailAccounts, listRailAccountsQuery } from '@/lib/domain/rail-accounts';
import { tb } from '@/lib/i18n/books';
import { formatDateTime } from '@/lib/i18n/dashboard';
import { railLabel } from '@/lib/money';
import { listReconciliations, listReconciliationsQuery } from '@/lib/reconcile/reconciliations';
import { createReconciliationAction } from './actions';
import '../catalog.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tb(await dashboardLocale())('reconTitle')} · Caisse` };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ReconciliationsPage({ searchParams }: Props) {
  const { ctx, t: tc, flash } = await catalogPage('reports.read');
  const t = tb(ctx.locale);
  const sp = await searchParams;
  const days = chosenDay(undefined, ctx.timeZone)!;
  const [list, accounts] = await Promise.all([
    listReconciliations(ctx.db, ctx.scope, listReconciliationsQuery.parse(listParams(sp))),
    listRailAccounts(ctx.db, ctx.scope, listRailAccountsQuery.parse({ limit: '100', status: 'active' })),
  ]);
  const pending = list.data.some((r) => r.status === 'pending');

  return (
    <div className="dc-page">
      <PageTitle>{t('reconTitle')}</PageTitle>
      <p className="dc-intro">{t('reconIntro')}</p>
      <FlashView flash={flash} t={tc} />

      <Section title={t('newRecon')} id="new-recon">
        <form action={createReconciliationAction} className="db-form">
          <div className="db-field">
            <label htmlFor="recon-from">{t('from')}</label>
            <input id="recon-from" name="from" type="date" className="dc-input" required defaultValue={days.yesterday} max={days.today} />
          </div>
          <div className="db-field">
            <label htmlFor="recon-to">{t('to')}</label>
            <input id="recon-to" name="to" type="date" className="dc-input" required defaultValue={days.yesterday} max={days.today} />
          </div>
          {accounts.data.length > 0 ? (
            <div className="db-field">
              <label htmlFor="recon-account">{t('account')}</label>
              <select id="recon-account" name="railAccountId" className="dc-input" defaultValue="">
                <option value="">{t('allAccounts')}</option>
                {accounts.data.map((a) => (
                  <option key={a.id} value={a.id}>
                    {`${railLabel(a.rail, ctx.locale)} · ${a.id}`}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" className="db-button">
            {t('checkNow')}
          </button>
        </form>
      </Section>

      <Section title={t('reconRuns')} id="runs">
        {pending ? (
          <p className="dc-intro">
            {t('reconPending')}… <a href="/dashboard/reconciliations">{t('refresh')}</a>
          </p>
        ) : null}
        {list.data.length === 0 ? (
          <Empty title={t('noRecons')} />
        ) : (
          <Table caption={t('reconRuns')} captionHidden stacked head={[t('period'), t('account'), t('reportStatus'), t('asked'), t('details')]}>
            {list.data.map((r) => (
              <Row key={r.id}>
                <Cell label={t('period')}>
                  {r.from === r.to ? r.from : t('periodRange', { from: r.from, to: r.to })}
                  <span className="db-muted"> ({r.origin === 'daily' ? t('originDaily') : t('originApi')})</span>
                </Cell>
                <Cell label={t('account')} className="dc-break">
                  {r.railAccountId ?? t('allAccounts')}
                </Cell>
                <Cell label={t('reportStatus')}>
                  <ReconStatus r={r} t={t} />
                </Cell>
                <Cell label={t('asked')}>{formatDateTime(r.createdAt, ctx.locale, ctx.timeZone)}</Cell>
                <Cell label={t('details')}>
                  <a href={`/dashboard/reconciliations/${r.id}`}>
                    {t('details')}
                    <span className="db-sr"> {r.from === r.to ? r.from : t('periodRange', { from: r.from, to: r.to })}</span>
                  </a>
                </Cell>
              </Row>
            ))}
          </Table>
        )}
        <Pagination
          path="/dashboard/reconciliations"
          params={{}}
          firstId={list.data[0]?.id ?? null}
          lastId={list.data[list.data.length - 1]?.id ?? null}
          hasPrevious={Boolean(sp.after) || (Boolean(sp.before) && list.hasMore)}
          hasNext={sp.before ? true : list.hasMore}
          labels={{ pagination: tc('pagination'), previous: tc('previousPage'), next: tc('nextPage') }}
        />
      </Section>
    </div>
  );
}
