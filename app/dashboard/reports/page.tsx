// Reports (issue 28): ask for a report of the ledger over days in the merchant's time zone (the
// daily summary, or every balance transaction), see the runs (the worker completes one in seconds)
// and download each succeeded one as CSV, the same bytes as GET /v1/report_runs/:id/file. A GET
// list and a form posting to a server action: no JavaScript needed.
import type { Metadata } from 'next';
import { PeriodFields, periodText, RunsSection } from '@/components/dashboard/books';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, listParams } from '@/components/dashboard/catalog/server';
import { Badge, Cell, PageTitle, Section, toneOf } from '@/components/dashboard/ui';
import { chosenDay } from '@/lib/dashboard/books';
import { dashboardLocale } from '@/lib/dashboard/context';
import { tb } from '@/lib/i18n/books';
import { formatDateTime } from '@/lib/i18n/dashboard';
import { listReportRuns, listReportRunsQuery, REPORT_TYPES } from '@/lib/reports/runs';
import { createReportAction } from './actions';
import '../catalog.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tb(await dashboardLocale())('reportsTitle')} · Caisse` };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ReportsPage({ searchParams }: Props) {
  const { ctx, t: tc, flash } = await catalogPage('reports.read');
  const t = tb(ctx.locale);
  const sp = await searchParams;
  const days = chosenDay(undefined, ctx.timeZone)!;
  const list = await listReportRuns(ctx.db, ctx.scope, listReportRunsQuery.parse(listParams(sp)));
  const typeLabel = (type: string) => (type === 'daily_summary' ? t('typeDailySummary') : t('typeBalanceTransactions'));
  const statusLabel = (status: string) => (status === 'succeeded' ? t('reportReady') : status === 'failed' ? t('reportFailed') : t('reportPending'));

  return (
    <div className="dc-page">
      <PageTitle>{t('reportsTitle')}</PageTitle>
      <p className="dc-intro">{t('reportsIntro', { zone: ctx.timeZone })}</p>
      <FlashView flash={flash} t={tc} />

      <Section title={t('newReport')} id="new-report">
        <form action={createReportAction} className="db-form">
          <div className="db-field">
            <label htmlFor="report-type">{t('reportType')}</label>
            <select id="report-type" name="type" className="dc-input" defaultValue="daily_summary">
              {REPORT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
          </div>
          <PeriodFields idPrefix="report" days={days} t={t} />
          <button type="submit" className="db-button">
            {t('prepareReport')}
          </button>
        </form>
      </Section>

      <RunsSection
        title={t('reportRuns')}
        path="/dashboard/reports"
        list={list}
        sp={sp}
        pendingHint={t('reportsPendingHint')}
        empty={t('noReports')}
        head={[t('reportType'), t('period'), t('reportStatus'), t('rows'), t('asked'), t('file')]}
        t={t}
        labels={{ pagination: tc('pagination'), previous: tc('previousPage'), next: tc('nextPage') }}
        row={(r) => (
          <>
            <Cell label={t('reportType')}>{typeLabel(r.type)}</Cell>
            <Cell label={t('period')}>{periodText(r, t)}</Cell>
            <Cell label={t('reportStatus')}>
              <Badge tone={toneOf(r.status)}>{statusLabel(r.status)}</Badge>
            </Cell>
            <Cell label={t('rows')}>{r.rowCount ?? '—'}</Cell>
            <Cell label={t('asked')}>{formatDateTime(r.createdAt, ctx.locale, ctx.timeZone)}</Cell>
            <Cell label={t('file')}>
              {r.status === 'succeeded' ? (
                <a href={`/dashboard/reports/${r.id}/file`} download>
                  {t('download')}
                  <span className="db-sr"> {`${typeLabel(r.type)} ${r.from} ${r.to}`}</span>
                </a>
              ) : (
                '—'
              )}
            </Cell>
          </>
        )}
      />
    </div>
  );
}
