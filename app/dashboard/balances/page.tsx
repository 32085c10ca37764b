// Balances (issue 28): per account and currency, what came in, what went back and the net, as moved
// on the rail, and its worth in the payment's currency at the value of its own moment (the ledger,
// lib/domain/balance-transactions.ts); the merchant's time zone, in which the day's summary, the
// reports and every date of the dashboard are counted. Server-rendered, no JavaScript needed.
import type { Metadata } from 'next';
import { DaySummaryTable, periodText, ReconStatus } from '@/components/dashboard/books';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage } from '@/components/dashboard/catalog/server';
import { Cell, Empty, PageTitle, Row, Section, Table } from '@/components/dashboard/ui';
import { balanceLines, chosenDay, daySummaryLabel, retrieveAccount, timeZoneChoices } from '@/lib/dashboard/books';
import { dashboardLocale } from '@/lib/dashboard/context';
import { tb } from '@/lib/i18n/books';
import { formatDateTime } from '@/lib/i18n/dashboard';
import { formatAmountLong } from '@/lib/i18n/format';
import { latestReconciliations } from '@/lib/reconcile/reconciliations';
import { dailySummary } from '@/lib/reports/summary';
import { setTimeZoneAction } from './actions';
import '../catalog.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tb(await dashboardLocale())('balancesTitle')} · Caisse` };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function BalancesPage({ searchParams }: Props) {
  const { ctx, t: tc, flash } = await catalogPage('reports.read');
  const t = tb(ctx.locale);
  const sp = await searchParams;
  const rawDay = Array.isArray(sp.day) ? sp.day[0] : sp.day;
  const days = chosenDay(rawDay, ctx.timeZone);
  const shown = days ?? chosenDay(undefined, ctx.timeZone)!;
  const [lines, account, checks] = await Promise.all([
    balanceLines(ctx.db, ctx.scope, ctx.locale),
    retrieveAccount(ctx.db, ctx.scope),
    latestReconciliations(ctx.db, ctx.scope),
  ]);
  const summary = await dailySummary(ctx.db, ctx.scope, shown.day, shown.day, { timeZone: ctx.timeZone });
  const checked = checks.filter((c) => c.reconciliation !== null);
  const money = (amount: number, currency: Parameters<typeof formatAmountLong>[1]) => formatAmountLong(amount, currency, ctx.locale);

  return (
    <div className="dc-page">
      <PageTitle>{t('balancesTitle')}</PageTitle>
      <p className="dc-intro">{t('balancesIntro')}</p>
      <FlashView flash={flash} t={tc} />

      {lines.length === 0 ? (
        <Empty title={t('noMoney')}>{t('noMoneyHint')}</Empty>
      ) : (
        <Table caption={t('balancesTitle')} captionHidden stacked head={[t('account'), t('received'), t('refunded'), t('net'), t('value')]}>
          {lines.map((l) => (
            <Row key={`${l.rail}|${l.railAccountId}|${l.platformAccount}|${l.currency}`}>
              <Cell label={t('account')} className="dc-break">
                {l.label}
                {l.platformAccount ? <span className="db-muted"> ({t('platformAccountHint')})</span> : null}
              </Cell>
              <Cell label={t('received')}>{money(l.received, l.currency)}</Cell>
              <Cell label={t('refunded')}>{money(l.refunded, l.currency)}</Cell>
              <Cell label={t('net')}>
                <strong>{money(l.net, l.currency)}</strong>
              </Cell>
              <Cell label={t('value')}>
                {l.values.map((v) => money(v.net, v.intentCurrency)).join(' + ')}
                {l.values.some((v) => v.intentCurrency !== l.currency) ? <span className="db-muted"> ({t('valueHint')})</span> : null}
              </Cell>
            </Row>
          ))}
        </Table>
      )}

      <Section title={t('daySummaryTitle')} id="day">
        <form method="get" action="/dashboard/balances#day" className="db-filters">
          <div className="db-field">
            <label htmlFor="day-input">{t('day')}</label>
            <input id="day-input" name="day" type="date" className="dc-input" defaultValue={shown.day} max={shown.today} required />
          </div>
          <button type="submit" className="db-button db-button-secondary">
            {t('show')}
          </button>
        </form>
        <p>
          <a href={`/dashboard/balances?day=${shown.today}#day`}>{t('today')}</a> ·{' '}
          <a href={`/dashboard/balances?day=${shown.yesterday}#day`}>{t('yesterday')}</a>
        </p>
        {days === null ? <p className="dc-warn">{t('dayInvalid')}</p> : null}
        <p className="dc-intro">{t('daySummaryIntro', { day: shown.day, zone: ctx.timeZone })}</p>
        {summary.length === 0 || summary.every((r) => r.count === 0 && r.closing === 0) ? (
          <p className="db-muted">{t('noDayMoney')}</p>
        ) : (
          <DaySummaryTable rows={summary} labelOf={(r) => daySummaryLabel(r, ctx.locale)} locale={ctx.locale} t={t} />
        )}
        <p>
          <a href={`/dashboard/reports/day?day=${shown.day}`} download>
            {t('downloadDay')}
          </a>
        </p>
      </Section>

      <Section title={t('reconTitle')} id="checks">
        {checked.length === 0 ? (
          <p className="dc-intro">{t('noRecons')}</p>
        ) : (
          <ul className="db-plainlist">
            {checked.map(({ railAccountId, reconciliation: r }) =>
              r ? (
                <li key={railAccountId ?? 'platform'}>
                  {`${railAccountId ?? t('platformAndSimulators')} · `}
                  <a href={`/dashboard/reconciliations/${r.id}`}>{periodText(r, t)}</a> <ReconStatus r={r} t={t} />
                  {r.completedAt ? <span className="db-muted"> {formatDateTime(r.completedAt, ctx.locale, ctx.timeZone)}</span> : null}
                </li>
              ) : null,
            )}
          </ul>
        )}
        <p>
          <a href="/dashboard/reconciliations">{t('allChecks')}</a>
        </p>
      </Section>

      <Section title={t('timeZoneTitle')} id="time-zone">
        <p className="dc-intro">{t('timeZoneIntro')}</p>
        <form action={setTimeZoneAction} className="db-form">
          <div className="db-field">
            <label htmlFor="time-zone-input">{t('timeZone')}</label>
            <select id="time-zone-input" name="timeZone" className="dc-input" defaultValue={account.timeZone}>
              {timeZoneChoices(account.timeZone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="db-button">
            {t('save')}
          </button>
        </form>
      </Section>
    </div>
  );
}
