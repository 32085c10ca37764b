// The books' pieces (issue 28), server-rendered: a reconciliation's state, one difference explained
// with both sides, the day's summary table, and what the Reports and Checks pages share: the
// period's two day fields, a period in words, and the list of runs with its pages.
import type { ReactNode } from 'react';
import { Badge, Cell, Details, Empty, Pagination, Row, Section, Table } from '@/components/dashboard/ui';
import { reconWord, type TB } from '@/lib/i18n/books';
import type { DashboardLocale } from '@/lib/i18n/dashboard';
import { formatAmountLong } from '@/lib/i18n/format';
import { CURRENCIES, type Currency, railLabel } from '@/lib/money';
import type { Reconciliation, ReconciliationItem } from '@/lib/reconcile/objects';
import type { DailySummaryRow } from '@/lib/reports/summary';

/** Running, all matches, N differences, failed: in words, coloured by tone. */
export function ReconStatus({ r, t }: { r: Pick<Reconciliation, 'status' | 'itemCount'>; t: TB }) {
  if (r.status === 'pending') return <Badge tone="warn">{t('reconPending')}</Badge>;
  if (r.status === 'failed') return <Badge tone="bad">{t('reconFailed')}</Badge>;
  return r.itemCount === 0 ? <Badge tone="ok">{t('reconClean')}</Badge> : <Badge tone="warn">{t('reconDifferences', { count: r.itemCount })}</Badge>;
}

const isCurrency = (c: unknown): c is Currency => typeof c === 'string' && (CURRENCIES as readonly string[]).includes(c);

/** One side of a difference: its amount in words, or "nothing". */
function side(s: Record<string, unknown> | null, locale: DashboardLocale, t: TB): string {
  if (!s || typeof s.amount !== 'number' || !isCurrency(s.currency)) return t('nothing');
  return formatAmountLong(s.amount, s.currency, locale);
}

/** One difference: what kind, what was done, both sides, why in words, and the payment it is about. */
export function ReconItem({ item, locale, t }: { item: ReconciliationItem; locale: DashboardLocale; t: TB }) {
  const tone = item.resolution === 'credited' ? 'ok' : item.resolution === 'needs_review' ? 'bad' : 'info';
  return (
    <li className="rf-item" id={`item-${item.id}`}>
      <div className="rf-head">
        <h3 className="rf-h3">{`${reconWord('kind', item.kind, locale)} · ${railLabel(item.rail, locale)}`}</h3>
        <Badge tone={tone}>{reconWord('resolution', item.resolution, locale)}</Badge>
      </div>
      <p>{reconWord('reason', item.reason, locale)}</p>
      <Details
        items={[
          [t('caisseSide'), side(item.caisse, locale, t)],
          [t('backendSide'), side(item.backend, locale, t)],
          ...(item.backendRef ? ([[t('reference'), <code key="ref">{item.backendRef}</code>]] as [string, React.ReactNode][]) : []),
          ...(item.paymentIntentId
            ? ([
                [
                  t('payment'),
                  <a key="pi" href={`/dashboard/payments/${item.paymentIntentId}`}>
                    {item.paymentIntentId}
                  </a>,
                ],
              ] as [string, React.ReactNode][])
            : []),
          ...(item.railAccountId ? ([[t('account'), item.railAccountId]] as [string, React.ReactNode][]) : []),
        ]}
      />
    </li>
  );
}

/** The day's summary: per account and currency, opening, taken, refunded, closing, movements, value. */
export function DaySummaryTable({
  rows,
  labelOf,
  locale,
  t,
}: {
  rows: DailySummaryRow[];
  labelOf: (r: DailySummaryRow) => string;
  locale: DashboardLocale;
  t: TB;
}) {
  const money = (n: number, c: Currency) => formatAmountLong(n, c, locale);
  return (
    <Table
      caption={t('daySummaryTitle')}
      captionHidden
      stacked
      head={[t('account'), t('opening'), t('payments'), t('refunds'), t('closing'), t('count'), t('value')]}
    >
      {rows.map((r) => (
        <Row key={`${r.rail}|${r.railAccountId}|${r.platformAccount}|${r.currency}|${r.intentCurrency}`}>
          <Cell label={t('account')} className="dc-break">
            {labelOf(r)}
          </Cell>
          <Cell label={t('opening')}>{money(r.opening, r.currency)}</Cell>
          <Cell label={t('payments')}>{money(r.payments, r.currency)}</Cell>
          <Cell label={t('refunds')}>{money(r.refunds, r.currency)}</Cell>
          <Cell label={t('closing')}>
            <strong>{money(r.closing, r.currency)}</strong>
          </Cell>
          <Cell label={t('count')}>{r.count}</Cell>
          <Cell label={t('value')}>{money(r.paymentsInIntentCurrency - r.refundsInIntentCurrency, r.intentCurrency)}</Cell>
        </Row>
      ))}
    </Table>
  );
}

/** A period of days in words: one day, or "from … to …". */
export const periodText = (r: { from: string; to: string }, t: TB): string => (r.from === r.to ? r.from : t('periodRange', { from: r.from, to: r.to }));

/** The two day fields of a form asking for a period (yesterday by default, not after today). */
export function PeriodFields({ idPrefix, days, t }: { idPrefix: string; days: { today: string; yesterday: string }; t: TB }) {
  return (
    <>
      <div className="db-field">
        <label htmlFor={`${idPrefix}-from`}>{t('from')}</label>
        <input id={`${idPrefix}-from`} name="from" type="date" className="dc-input" required defaultValue={days.yesterday} max={days.today} />
      </div>
      <div className="db-field">
        <label htmlFor={`${idPrefix}-to`}>{t('to')}</label>
        <input id={`${idPrefix}-to`} name="to" type="date" className="dc-input" required defaultValue={days.yesterday} max={days.today} />
      </div>
    </>
  );
}

/**
 * A page's list of runs (reports, checks): a hint with a link to refresh while one runs (the worker
 * completes it), the table (one row per run, `row` draws its cells), and keyset pages.
 */
export function RunsSection<T extends { id: string; status: string }>({
  title,
  path,
  list,
  sp,
  pendingHint,
  empty,
  head,
  row,
  t,
  labels,
}: {
  title: string;
  path: string;
  list: { data: T[]; hasMore: boolean };
  sp: Record<string, string | string[] | undefined>;
  pendingHint: string;
  empty: string;
  head: string[];
  row: (r: T) => ReactNode;
  t: TB;
  labels: { pagination: string; previous: string; next: string };
}) {
  return (
    <Section title={title} id="runs">
      {list.data.some((r) => r.status === 'pending') ? (
        <p className="dc-intro">
          {pendingHint} <a href={path}>{t('refresh')}</a>
        </p>
      ) : null}
      {list.data.length === 0 ? (
        <Empty title={empty} />
      ) : (
        <Table caption={title} captionHidden stacked head={head}>
          {list.data.map((r) => (
            <Row key={r.id}>{row(r)}</Row>
          ))}
        </Table>
      )}
      <Pagination
        path={path}
        params={{}}
        firstId={list.data[0]?.id ?? null}
        lastId={list.data[list.data.length - 1]?.id ?? null}
        hasPrevious={Boolean(sp.after) || (Boolean(sp.before) && list.hasMore)}
        hasNext={sp.before ? true : list.hasMore}
        labels={labels}
      />
    </Section>
  );
}
