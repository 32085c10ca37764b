// Checks against the backends (issue 28): the reconciliations of this merchant and mode, newest
// first (the worker's daily one and those asked for), each with its count of differences and a link
// to them explained; a form to check a period now, for every account or one. No JavaScript needed.
import type { Metadata } from 'next';
import { PeriodFields, periodText, ReconStatus, RunsSection } from '@/components/dashboard/books';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, listParams } from '@/components/dashboard/catalog/server';
import { Cell, PageTitle, Section } from '@/components/dashboard/ui';
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

  return (
    <div className="dc-page">
      <PageTitle>{t('reconTitle')}</PageTitle>
      <p className="dc-intro">{t('reconIntro')}</p>
      <FlashView flash={flash} t={tc} />

      <Section title={t('newRecon')} id="new-recon">
        <form action={createReconciliationAction} className="db-form">
          <PeriodFields idPrefix="recon" days={days} t={t} />
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

      <RunsSection
        title={t('reconRuns')}
        path="/dashboard/reconciliations"
        list={list}
        sp={sp}
        pendingHint={`${t('reconPending')}…`}
        empty={t('noRecons')}
        head={[t('period'), t('account'), t('reportStatus'), t('asked'), t('details')]}
        t={t}
        labels={{ pagination: tc('pagination'), previous: tc('previousPage'), next: tc('nextPage') }}
        row={(r) => (
          <>
            <Cell label={t('period')}>
              {periodText(r, t)}
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
                <span className="db-sr"> {periodText(r, t)}</span>
              </a>
            </Cell>
          </>
        )}
      />
    </div>
  );
}
