// Payments: the merchant's payment intents in the chosen mode, newest first, with the API's keyset
// pagination and filters (a GET form: works without JavaScript), a search box (a pi_ id opens that
// payment, a cs_ id its session's payment, anything else is a reference) and the CSV export of the
// filtered list.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Badge, Cell, Empty, Flash, PageTitle, Pagination, Row, Table, toneOf } from '@/components/dashboard/ui';
import { dashboardContext, dashboardLocale } from '@/lib/dashboard/context';
import { CURRENCIES, INTENT_STATUSES, parsePaymentFilters, RAILS, resolveSearch, type SearchParams } from '@/lib/dashboard/payments';
import { listPaymentIntents, type PaymentIntent } from '@/lib/domain/payment-intents';
import { DomainError } from '@/lib/errors';
import { formatDateTime, t } from '@/lib/i18n/dashboard';
import { formatAmount } from '@/lib/i18n/format';

export async function generateMetadata(): Promise<Metadata> {
  const s = t(await dashboardLocale());
  return { title: `${s.paymentsTitle} · Caisse` };
}

type Props = { searchParams: Promise<SearchParams> };

export default async function PaymentsPage({ searchParams }: Props) {
  const ctx = await dashboardContext('payments.read');
  const s = t(ctx.locale);
  const when = (seconds: number) => formatDateTime(seconds, ctx.locale, ctx.timeZone);
  const sp = await searchParams;
  const parsed = parsePaymentFilters(sp, ctx.timeZone);
  const form = parsed.form;

  let error: string | null = parsed.ok ? null : s.f('invalidFilters', { detail: parsed.error });
  let noMatch = false;
  let list: { data: PaymentIntent[]; hasMore: boolean } = { data: [], hasMore: false };
  const backwards = Boolean(sp.before) && !sp.after;
  if (parsed.ok) {
    const query = { ...parsed.query };
    if (parsed.search) {
      const found = await resolveSearch(ctx.db, ctx.scope, parsed.search);
      if (found.kind === 'intent') redirect(`/dashboard/payments/${found.id}`);
      if (found.kind === 'none') noMatch = true;
      else query.reference = found.reference;
    }
    if (!noMatch) {
      try {
        list = await listPaymentIntents(ctx.db, ctx.scope, query);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        error = s.f('invalidFilters', { detail: err.message });
      }
    }
  }

  const params: Record<string, string> = { q: form.q, status: form.status, rail: form.rail, currency: form.currency, from: form.from, to: form.to };
  const exportQuery = new URLSearchParams(Object.entries(params).filter(([, v]) => v));
  const first = list.data[0]?.id ?? null;
  const last = list.data[list.data.length - 1]?.id ?? null;
  // Going forward, a previous page exists when we came from one (a cursor); backwards, hasMore says so.
  const hasPrevious = backwards ? list.hasMore : Boolean(sp.after);
  const hasNext = backwards ? true : list.hasMore;
  const filtered = Object.values(params).some(Boolean);

  return (
    <>
      <PageTitle
        actions={
          <a className="db-button db-button-secondary" href={`/dashboard/payments/export${exportQuery.size ? `?${exportQuery.toString()}` : ''}`} download>
            {s.exportCsv}
          </a>
        }
      >
        {s.paymentsTitle}
      </PageTitle>

      <form method="get" action="/dashboard" className="db-filters" role="search" aria-label={s.paymentsTitle}>
        <div className="db-searchrow">
          <div className="db-field">
            <label htmlFor="q">{s.searchLabel}</label>
            <input id="q" name="q" type="search" defaultValue={form.q} maxLength={255} autoComplete="off" />
          </div>
          <button type="submit" className="db-button">
            {s.search}
          </button>
        </div>
        <details open={Boolean(form.status || form.rail || form.currency || form.from || form.to) || undefined}>
          <summary>{s.filters}</summary>
          <div className="db-filtergrid">
            <div className="db-field">
              <label htmlFor="status">{s.status}</label>
              <select id="status" name="status" defaultValue={form.status}>
                <option value="">{s.all}</option>
                {INTENT_STATUSES.map((x) => (
                  <option key={x} value={x}>
                    {s.statusLabel(x)}
                  </option>
                ))}
              </select>
            </div>
            <div className="db-field">
              <label htmlFor="rail">{s.rail}</label>
              <select id="rail" name="rail" defaultValue={form.rail}>
                <option value="">{s.all}</option>
                {RAILS.map((x) => (
                  <option key={x} value={x}>
                    {s.railName(x)}
                  </option>
                ))}
              </select>
            </div>
            <div className="db-field">
              <label htmlFor="currency">{s.currency}</label>
              <select id="currency" name="currency" defaultValue={form.currency}>
                <option value="">{s.all}</option>
                {CURRENCIES.map((x) => (
                  <option key={x} value={x}>
                    {x}
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
              <a href="/dashboard" className="db-button db-button-secondary">
                {s.reset}
              </a>
            ) : null}
          </div>
        </details>
      </form>

      {error ? <Flash tone="bad">{error}</Flash> : null}
      {noMatch ? (
        <Empty title={s.f('searchNoMatch', { q: form.q })} />
      ) : !error && list.data.length === 0 ? (
        <Empty title={s.noPayments}>{filtered ? null : s.noPaymentsHint}</Empty>
      ) : list.data.length ? (
        <Table caption={s.paymentsTitle} captionHidden stacked head={[s.reference, s.amount, s.status, s.rail, s.date]}>
          {list.data.map((p) => (
            <Row key={p.id}>
              <Cell className="db-cell-main">
                <a href={`/dashboard/payments/${p.id}`}>{p.reference ?? p.id}</a>
                {p.reference ? <div className="db-muted db-mono">{p.id}</div> : null}
              </Cell>
              <Cell label={s.amount} className="db-num">
                {formatAmount(p.amount, p.currency, ctx.locale)}
              </Cell>
              <Cell label={s.status}>
                <Badge tone={toneOf(p.status)}>{s.statusLabel(p.status)}</Badge>
              </Cell>
              <Cell label={s.rail} className="db-nowrap">
                {s.railName(p.rail)}
              </Cell>
              <Cell label={s.date} className="db-nowrap">
                {when(p.createdAt)}
              </Cell>
            </Row>
          ))}
        </Table>
      ) : null}
      <Pagination path="/dashboard" params={params} firstId={first} lastId={last} hasPrevious={hasPrevious} hasNext={hasNext} labels={s} />
    </>
  );
}
