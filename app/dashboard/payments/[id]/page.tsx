// One payment: its amounts, status and reference, metadata, latest quote, its refunds (the "Refund"
// form while something is refundable; each refund with what must happen next), its attempts, and a
// timeline of its events and its refunds' with their webhook deliveries (each can be resent).
// "Cancel" while the customer has not started paying. Another merchant's payment, or a live one in
// test mode: 404.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { RefundForm, RefundItem } from '@/components/dashboard/refunds';
import { Badge, Cell, Details, Empty, Flash, PageTitle, Row, Section, Table, toneOf } from '@/components/dashboard/ui';
import { type Flash as CatalogFlash, takeFlash } from '@/lib/dashboard/catalog';
import { dashboardContext, dashboardLocale, can as mayRefund } from '@/lib/dashboard/context';
import { intentTimeline, listIntentAttempts } from '@/lib/dashboard/payments';
import { intentRefunds, type RefundFlash, refundability } from '@/lib/dashboard/refunds';
import { type PaymentIntent, retrievePaymentIntent } from '@/lib/domain/payment-intents';
import { DomainError } from '@/lib/errors';
import { tc } from '@/lib/i18n/catalog';
import { formatDateTime, t } from '@/lib/i18n/dashboard';
import { formatAmountLong } from '@/lib/i18n/format';
import { tr } from '@/lib/i18n/refunds';
import { cancelPaymentAction, resendDeliveryAction } from './actions';
import { approveRefundAction, cancelRefundAction, createRefundAction, markRefundSucceededAction, rejectRefundAction } from './refund-actions';
import '../../catalog.css';
import '../../refunds.css';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const s = t(await dashboardLocale());
  return { title: `${s.f('paymentTitle', { id: (await params).id.slice(0, 40) })} · Caisse` };
}

const str = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export default async function PaymentPage({ params, searchParams }: Props) {
  const ctx = await dashboardContext('payments.read');
  const s = t(ctx.locale);
  const when = (seconds: number) => formatDateTime(seconds, ctx.locale, ctx.timeZone);
  const { id } = await params;
  const sp = await searchParams;
  if (!/^pi_[0-9A-Za-z]{1,64}$/.test(id)) notFound();
  let p: PaymentIntent;
  try {
    p = await retrievePaymentIntent(ctx.db, ctx.scope, id);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'resource_missing') notFound();
    throw err;
  }
  const r = tr(ctx.locale);
  const [attempts, refunds, can, taken] = await Promise.all([
    listIntentAttempts(ctx.db, ctx.scope, id),
    intentRefunds(ctx.db, ctx.scope, id),
    refundability(ctx.db, p),
    takeFlash<RefundFlash | CatalogFlash>(ctx.db, ctx.token),
  ]);
  const timeline = await intentTimeline(
    ctx.db,
    ctx.scope,
    id,
    refunds.map((x) => x.id),
  );
  const refundFlash = taken?.kind === 'refund' && taken.intentId === p.id ? taken : null;
  const otherFlash = taken && taken.kind !== 'refund' ? taken : null;
  const money = (amount: number, currency: PaymentIntent['currency']) => formatAmountLong(amount, currency, ctx.locale);

  const done = str(sp.done);
  const flash =
    done === 'canceled' ? (
      <Flash>{s.canceledFlash}</Flash>
    ) : done === 'cannot_cancel' ? (
      <Flash tone="bad">{s.cannotCancel}</Flash>
    ) : done === 'resent' ? (
      <Flash>{s.f('resent', { status: s.statusLabel(`${str(sp.status)}_delivery`) })}</Flash>
    ) : done === 'error' ? (
      <Flash tone="bad">{s.genericError}</Flash>
    ) : null;

  const meta = Object.entries(p.metadata);
  return (
    <>
      <p className="db-muted">
        <a href="/dashboard">← {s.paymentsTitle}</a>
      </p>
      <PageTitle>{s.f('paymentTitle', { id: p.reference ?? p.id })}</PageTitle>
      {flash}
      {refundFlash ? <Flash tone={refundFlash.tone}>{refundFlash.message}</Flash> : null}
      <FlashView flash={otherFlash} t={tc(ctx.locale)} />
      <Section title={s.summary} id="summary">
        <Details
          items={[
            [s.amount, <strong key="a">{money(p.amount, p.currency)}</strong>],
            [s.received, money(p.amountReceived, p.currency)],
            ...(p.amountRefunded || refunds.length ? ([[r('refunded'), money(p.amountRefunded, p.currency)]] as [string, string][]) : []),
            [
              s.status,
              <Badge key="s" tone={toneOf(p.status)}>
                {s.statusLabel(p.status)}
              </Badge>,
            ],
            [s.currency, p.currency],
            [s.rail, s.railName(p.rail)],
            [s.reference, p.reference ?? s.none],
            [s.description, p.description ?? s.none],
            [
              s.id,
              <span key="i" className="db-mono">
                {p.id}
              </span>,
            ],
            [s.created, when(p.createdAt)],
            ...(p.canceledAt ? ([[s.canceledAt, when(p.canceledAt)]] as [string, string][]) : []),
            ...(p.lastPaymentError ? ([[s.lastError, `${p.lastPaymentError.code}: ${p.lastPaymentError.message}`]] as [string, string][]) : []),
          ]}
        />
        {p.status === 'requires_payment_method' ? (
          <form action={cancelPaymentAction} className="db-card db-danger">
            <input type="hidden" name="intent" value={p.id} />
            <p className="db-muted" id="cancel-hint">
              {s.cancelConfirmHint}
            </p>
            <button type="submit" className="db-button db-button-danger" aria-describedby="cancel-hint">
              {s.cancelPayment}
            </button>
          </form>
        ) : null}
      </Section>

      <Section title={r('sectionTitle')} id="refunds">
        <p>
          {can.refundable > 0 ? r('refundableNow', { amount: money(can.refundable, p.currency) }) : can.received > 0 ? r('nothingLeft') : r('nothingReceived')}
        </p>
        {can.refundable > 0 && mayRefund(ctx, 'refunds.write') ? (
          <RefundForm intent={p} r={can} values={refundFlash?.form ?? null} locale={ctx.locale} action={createRefundAction} />
        ) : null}
        {refunds.length ? (
          <ul className="rf-list" aria-label={r('sectionTitle')}>
            {[...refunds].reverse().map((x) => (
              <RefundItem
                key={x.id}
                refund={x}
                locale={ctx.locale}
                timeZone={ctx.timeZone}
                cancelAction={cancelRefundAction}
                markAction={markRefundSucceededAction}
                approval={mayRefund(ctx, 'refunds.approve') ? { approve: approveRefundAction, reject: rejectRefundAction } : null}
                showClaim={mayRefund(ctx, 'refunds.approve')}
              />
            ))}
          </ul>
        ) : can.received > 0 ? (
          <p className="db-muted">{r('noRefunds')}</p>
        ) : null}
      </Section>

      {meta.length ? (
        <Section title={s.metadata} id="metadata">
          <Details
            items={meta.map(([k, v]) => [
              <span key={k} className="db-mono">
                {k}
              </span>,
              v,
            ])}
          />
        </Section>
      ) : null}

      {p.latestQuote ? (
        <Section title={s.latestQuote} id="quote">
          <Details
            items={[
              [s.amount, money(p.latestQuote.amount, p.latestQuote.currency)],
              [s.rate, p.latestQuote.rate],
              [s.received, money(p.latestQuote.received, p.latestQuote.currency)],
              [s.expiresAt, when(p.latestQuote.expiresAt)],
            ]}
          />
        </Section>
      ) : null}

      <Section title={s.attempts} id="attempts">
        {attempts.length ? (
          <Table caption={s.attempts} captionHidden stacked head={[s.rail, s.accountColumn, s.destination, s.outcome, s.amount, s.error, s.quote]}>
            {attempts.map((a) => (
              <Row key={a.id}>
                <Cell className="db-cell-main">{s.railName(a.rail)}</Cell>
                <Cell label={s.accountColumn}>
                  {a.account.owner === 'merchant'
                    ? s.f('accountOwn', { id: a.account.id, version: a.account.version })
                    : a.account.owner === 'platform'
                      ? s.accountPlatform
                      : s.accountSimulator}
                </Cell>
                <Cell label={s.destination} className="db-mono">
                  {a.destination ?? s.none}
                </Cell>
                <Cell label={s.outcome}>
                  <Badge tone={toneOf(a.status)}>{s.statusLabel(a.status)}</Badge>
                </Cell>
                <Cell label={s.amount} className="db-num">
                  {money(a.amount, a.currency)}
                  {a.amountReceived ? <div className="db-muted">{s.pair(s.received, money(a.amountReceived, a.currency))}</div> : null}
                </Cell>
                <Cell label={s.error}>
                  {a.error ? `${a.error.code ?? ''}${a.error.message ? ` — ${a.error.message}` : ''}` : a.readError ? null : s.none}
                  {a.readError ? (
                    <div className="db-muted" role="status">
                      {s.f('readError', { since: when(a.readError.since), failures: a.readError.failures, message: a.readError.message })}
                    </div>
                  ) : null}
                </Cell>
                <Cell label={s.quote}>{a.quote ? `${money(a.quote.amount, a.quote.currency)} @ ${a.quote.rate}` : s.none}</Cell>
              </Row>
            ))}
          </Table>
        ) : (
          <Empty title={s.noAttempts} />
        )}
      </Section>

      <Section title={s.timeline} id="timeline">
        {timeline.length ? (
          <ol className="db-timeline">
            {timeline.map((e) => (
              <li key={e.eventId} className="db-event">
                <div className="db-event-head">
                  <span className="db-event-type">{e.objectId !== p.id ? <a href={`#refund-${e.objectId}`}>{e.type}</a> : e.type}</span>
                  <span className="db-muted">{when(e.createdAt)}</span>
                  <span className="db-muted db-mono">{e.eventId}</span>
                </div>
                {e.deliveries.length ? (
                  <ul className="db-deliveries" aria-label={`${s.deliveries} ${e.type}`}>
                    {e.deliveries.map((d) => (
                      <li key={d.id} className="db-delivery">
                        <span className="db-mono">{s.f('deliveryTo', { endpoint: d.endpointUrl })}</span>
                        <div className="db-delivery-meta">
                          <Badge tone={toneOf(d.status)}>{s.statusLabel(`${d.status}_delivery`)}</Badge>
                          <span>{s.pair(s.responseCode, d.lastResponseStatus ?? s.none)}</span>
                          <span>{s.pair(s.deliveryAttempts, d.attemptCount)}</span>
                          {d.lastAttemptAt ? <span className="db-muted">{when(d.lastAttemptAt)}</span> : null}
                        </div>
                        {d.lastError ? <p className="db-muted">{d.lastError}</p> : null}
                        <form action={resendDeliveryAction}>
                          <input type="hidden" name="intent" value={p.id} />
                          <input type="hidden" name="delivery" value={d.id} />
                          <button
                            type="submit"
                            className="db-button db-button-secondary db-button-small"
                            aria-label={s.f('resendOf', { delivery: `${e.type} → ${d.endpointUrl}` })}
                          >
                            {s.resend}
                          </button>
                        </form>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="db-muted">{s.noDeliveries}</p>
                )}
              </li>
            ))}
          </ol>
        ) : (
          <Empty title={s.noEvents} />
        )}
      </Section>
    </>
  );
}
