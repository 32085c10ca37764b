// The books' pieces (issue 28), server-rendered: a reconciliation's state, and one difference
// explained with both sides.
import { Badge, Details } from '@/components/dashboard/ui';
import { reconWord, type TB } from '@/lib/i18n/books';
import type { DashboardLocale } from '@/lib/i18n/dashboard';
import { formatAmountLong } from '@/lib/i18n/format';
import { CURRENCIES, type Currency, railLabel } from '@/lib/money';
import type { Reconciliation, ReconciliationItem } from '@/lib/reconcile/objects';

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
