// One check against the backends: its period, accounts and state, and each difference explained in
// the merchant's language with both sides (what Caisse holds, what the operator says), what was done
// about it (recorded through the payment path, to review, outside Caisse) and the payment it is
// about. A failed check says why and that it will run again.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { periodText, ReconItem, ReconStatus } from '@/components/dashboard/books';
import { catalogPage } from '@/components/dashboard/catalog/server';
import { Details, Empty, PageTitle, Section } from '@/components/dashboard/ui';
import { isMissing } from '@/lib/dashboard/catalog';
import { dashboardLocale } from '@/lib/dashboard/context';
import { tb } from '@/lib/i18n/books';
import { formatDateTime } from '@/lib/i18n/dashboard';
import { retrieveReconciliation } from '@/lib/reconcile/reconciliations';
import '../../catalog.css';
import '../../refunds.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tb(await dashboardLocale())('reconTitle')} · Caisse` };
}

export default async function ReconciliationPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx } = await catalogPage('reports.read');
  const t = tb(ctx.locale);
  const { id } = await params;
  const r = await retrieveReconciliation(ctx.db, ctx.scope, id).catch((err: unknown) => {
    if (isMissing(err)) notFound();
    throw err;
  });
  const period = periodText(r, t);
  const failure = r.failure as { message?: string } | null;

  return (
    <div className="dc-page">
      <p>
        <a href="/dashboard/reconciliations">← {t('reconRuns')}</a>
      </p>
      <PageTitle>{t('reconOf', { period })}</PageTitle>
      <Details
        items={[
          [t('reportStatus'), <ReconStatus key="s" r={r} t={t} />],
          [t('account'), r.railAccountId ?? t('allAccounts')],
          [t('asked'), formatDateTime(r.createdAt, ctx.locale, ctx.timeZone)],
        ]}
      />
      {r.status === 'failed' ? <p className="dc-warn">{t('reconFailedWhy', { message: failure?.message ?? '' })}</p> : null}
      {r.status === 'succeeded' ? (
        <Section title={t('differences')} id="differences">
          {r.items.length === 0 ? (
            <Empty title={t('noDifferences')} />
          ) : (
            <ul className="rf-list">
              {r.items.map((item) => (
                <ReconItem key={item.id} item={item} locale={ctx.locale} t={t} />
              ))}
            </ul>
          )}
        </Section>
      ) : null}
    </div>
  );
}
