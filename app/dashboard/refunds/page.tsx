// Refunds: the merchant's refunds in the chosen mode, newest first, with the API's keyset pagination
// and filters (status, days: a GET form, works without JavaScript), each linking to its payment,
// and the CSV export of the filtered list.
import type { Metadata } from 'next';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { Badge, Cell, Empty, Flash, PageTitle, Pagination, Row, Section, Table, toneOf } from '@/components/dashboard/ui';
import { takeFlash } from '@/lib/dashboard/catalog';
import { can, dashboardContext, dashboardLocale } from '@/lib/dashboard/context';
import type { SearchParams } from '@/lib/dashboard/payments';
import { intentReferences, parseRefundFilters, REFUND_STATUSES, refundAmountText } from '@/lib/dashboard/refunds';
import { retrieveAccount } from '@/lib/domain/account';
import { listRefunds, type Refund } from '@/lib/domain/refunds';
import { DomainError } from '@/lib/errors';
import { ta } from '@/lib/i18n/access';
import { tc } from '@/lib/i18n/catalog';
import { formatDateTime, t } from '@/lib/i18n/dashboard';
import { refundReasonLabel, refundStatusLabel, tr } from '@/lib/i18n/refunds';
import { CURRENCIES } from '@/lib/money';
import { setApprovalThresholdsAction } from './actions';
import '../refunds.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tr(await dashboardLocale())('title')} · Caisse` };
}

type Props = { searchParams: Promise<SearchParams> };

export default async function RefundsPage({ searchParams }: Props) {
  const ctx = await dashboardContext('payments.read');
  const account = await retrieveAccount(ctx.db, ctx.scope);
  const flash = await takeFlash(ctx.db, ctx.token);
  const s = t(ctx.locale);
  const when = (seconds: number) => formatDateTime(seconds, ctx.locale, ctx.timeZone);
  const r = tr(ctx.locale);
  const sp = await searchParams;
  const parsed = parseRefundFilters(sp, ctx.timeZone);
  const form = parsed.form;

  let error: string | null = parsed.ok ? null : s.f('invalidFilters', { detail: parsed.error });
  let list: { data: Refund[]; hasMore: boolean } = { data: [], hasMore: false };
  const backwards = Boolean(sp.before) && !sp.after;
  if (parsed.ok) {
    try {
      list = await listRefunds(ctx.db, ctx.scope, parsed.query);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      error = s.f('invalidFilters', { detail: err.message });
    }
  }
  const refs = await intentReferences(
    ctx.db,
    ctx.scope,
    list.data.map((x) => x.paymentIntentId),
  );

  const params: Record<string, string> = { status: form.status, from: form.from, to: form.to };
  const exportQuery = new URLSearchParams(Object.entries(params).filter(([, v]) => v));
  const first = list.data[0]?.id ?? null;
  const last = list.data[list.data.length - 1]?.id ?? null;
  const hasPrevious = backwards ? list.hasMore : Boolean(sp.after);
  const hasNext = backwards ? true : list.hasMore;
  const filtered = Object.values(params).some(Boolean);

  return (
    <>
      <PageTitle
        actions={
          <a className="db-button db-button-secondary" href={`/dashboard/refunds/export${exportQuery.size ? `?${exportQuery.toString()}` : ''}`} download>
            {s.exportCsv}
          </a>
        }
      >
        {r('title')}
      </PageTitle>
      <FlashView flash={flash} t={tc(ctx.locale)} />
      {can(ctx, 'refunds.approve') && form.status !== 'pending_approval' ? (
        <p>
          <a href="/dashboard/refunds?status=pending_approval">{ta(ctx.locale)('approvalsTitle')}</a>
        </p>
      ) : null}

      <form method="get" action="/dashboard/refunds" className="db-filters" aria-label={s.filters}>
        <div className="db-filtergrid">
          <div className="db-field">
            <label htmlFor="status">{s.status}</label>
            <select id="status" name="status" defaultValue={form.status}>
              <option value="">{s.all}</option>
              {REFUND_STATUSES.map((x) => (
                <option key={x} value={x}>
                  {refundStatusLabel(x, ctx.locale)}
                </option>
              ))}
            </select>
          </div>
          <div className="db-field">
            <label htmlFor="from">{s.from}</label>
            <input id="from" name="from" type="date" defaultValue={form.from} />
          </div>
          <div className="db-field">
            <label htmlFor="to">{s.to}</label>
            <input id="to" name="to" type="date" defaultValue={form.to} />
          </div>
        </div>
        <div className="db-formactions">
          <button type="submit" className="db-button">
            {s.apply}
          </button>
          {filtered ? (
            <a href="/dashboard/refunds" className="db-button db-button-secondary">
              {s.reset}
            </a>
          ) : null}
        </div>
      </form>

      {error ? <Flash tone="bad">{error}</Flash> : null}
      {!error && list.data.length === 0 ? (
        <Empty title={r('listEmpty')}>{filtered ? null : r('listEmptyHint')}</Empty>
      ) : list.data.length ? (
        <Table caption={r('title')} captionHidden stacked head={[s.amount, s.status, r('payment'), r('reason'), s.date]}>
          {list.data.map((x) => {
            const ref = refs.get(x.paymentIntentId);
            return (
              <Row key={x.id}>
                <Cell className="db-cell-main">
                  {refundAmountText(x, ctx.locale)}
                  <div className="db-muted db-mono">{x.id}</div>
                </Cell>
                <Cell label={s.status}>
                  <Badge tone={toneOf(x.status)}>{refundStatusLabel(x.status, ctx.locale)}</Badge>
                </Cell>
                <Cell label={r('payment')}>
                  <a href={`/dashboard/payments/${x.paymentIntentId}#refund-${x.id}`}>{ref ?? x.paymentIntentId}</a>
                  {ref ? <div className="db-muted db-mono">{x.paymentIntentId}</div> : null}
                </Cell>
                <Cell label={r('reason')}>{x.reason ? refundReasonLabel(x.reason, ctx.locale) : s.none}</Cell>
                <Cell label={s.date} className="db-nowrap">
                  {when(x.createdAt)}
                </Cell>
              </Row>
            );
          })}
        </Table>
      ) : null}
      <Pagination path="/dashboard/refunds" params={params} firstId={first} lastId={last} hasPrevious={hasPrevious} hasNext={hasNext} labels={s} />
      {can(ctx, 'settings.write') ? (
        <Section title={ta(ctx.locale)('thresholdsTitle')} id="approval">
          <p>{ta(ctx.locale)('thresholdsIntro')}</p>
          {can(ctx, 'approvals.loosen') ? null : <p>{ta(ctx.locale)('thresholdsOwnerNote')}</p>}
          <form action={setApprovalThresholdsAction} className="db-form">
            {CURRENCIES.map((c) => (
              <div className="db-field" key={c}>
                <input type="hidden" name={`was.${c}`} value={account.refundApprovalThresholds[c] ?? ''} />
                <label htmlFor={`threshold-${c}`}>{c}</label>
                <input
                  id={`threshold-${c}`}
                  name={`threshold.${c}`}
                  inputMode="numeric"
                  pattern="[0-9 ]*"
                  defaultValue={account.refundApprovalThresholds[c] ?? ''}
                  autoComplete="off"
                />
              </div>
            ))}
            <button type="submit" className="db-button">
              {ta(ctx.locale)('thresholdsSave')}
            </button>
          </form>
        </Section>
      ) : null}
    </>
  );
}
