// The books' pieces (issue 28), server-rendered: a reconciliation's state, one difference explained
// with both sides, and the day's summary table.
import { Badge, Cell, Details, Row, Table } from '@/components/dashboard/ui';
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
