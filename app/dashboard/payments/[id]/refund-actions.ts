'use server';
// A payment's refund actions: refund it (createRefund), cancel a refund (cancelRefund), record a
// refund the merchant made itself (markRefundSucceeded). Each checks the request's origin and the
// session first (dashboardAction), reads the form, calls the engine's own verb with the session's
// scope (another merchant's payment or refund, or a live one in test mode, is a 404), then goes
// back to the payment's page with a one-time flash: what happened, or why not (a refused form
// keeps what was typed).
import { notFound, redirect } from 'next/navigation';
import { field, isMissing, orNotFound, putFlash } from '@/lib/dashboard/catalog';
import { type DashboardContext, dashboardAction } from '@/lib/dashboard/context';
import { type RefundFlash, readRefundForm, refundAmountText, refundability, refundFormMessage } from '@/lib/dashboard/refunds';
import { retrievePaymentIntent } from '@/lib/domain/payment-intents';
import { ROLE_REFUNDS_NEED_APPROVAL } from '@/lib/domain/permissions';
import { createRefundInput, markRefundSucceededInput, type Refund, retrieveRefund } from '@/lib/domain/refunds';
import { DomainError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n';
import { ta } from '@/lib/i18n/access';
import { refundStatusLabel, tr } from '@/lib/i18n/refunds';
import { approveRefund, rejectRefund } from '@/lib/refunds/approve';
import { cancelRefund } from '@/lib/refunds/cancel';
import { createRefund } from '@/lib/refunds/create';
import { markRefundSucceeded } from '@/lib/refunds/mark-succeeded';

const INTENT_RE = /^pi_[0-9A-Za-z]{1,64}$/;
const REFUND_RE = /^re_[0-9A-Za-z]{1,64}$/;

/**
 * Leave the flash for the payment's page and go back to it (shown at its top). No `#refunds-h`: with
 * JavaScript, Next's router takes a redirect to the page's own URL plus a fragment for a scroll
 * within the page and would not render it again (the flash, taken by that render, never shown).
 */
async function back(ctx: DashboardContext, flash: RefundFlash): Promise<never> {
  await putFlash<RefundFlash>(ctx.db, ctx.token, flash);
  redirect(`/dashboard/payments/${flash.intentId}`);
}

/** What a new refund's state means for the shopkeeper. */
function createdMessage(r: Refund, locale: Locale): string {
  const t = tr(locale);
  const amount = refundAmountText(r, locale);
  if (r.status === 'pending_approval') return ta(locale)('approvalCreated');
  if (r.status === 'succeeded') return t('createdSucceeded', { amount });
  if (r.status === 'failed') return t('createdFailed', { amount, message: r.failureMessage ?? r.failureReason ?? '' });
  if (r.nextAction?.type === 'refund_claim') return t('createdClaim', { amount });
  if (r.nextAction?.type === 'manual_refund') return t('createdManual', { amount });
  return t('created', { amount, status: refundStatusLabel(r.status, locale) });
}

export async function createRefundAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('refunds.write');
  const t = tr(ctx.locale);
  const id = field(form, 'intent');
  if (!INTENT_RE.test(id)) notFound();
  const intent = await orNotFound(() => retrievePaymentIntent(ctx.db, ctx.scope, id));
  const values = {
    amount: field(form, 'amount').slice(0, 100),
    reason: field(form, 'reason').slice(0, 100),
    rate: field(form, 'rate') === 'current' ? 'current' : 'quote',
  };
  const can = await refundability(ctx.db, intent);
  const read = readRefundForm(values, intent.currency, can.refundable);
  if (!read.ok)
    return back(ctx, { kind: 'refund', tone: 'bad', message: refundFormMessage(read.error, intent.currency, ctx.locale), intentId: id, form: values });
  let flash: RefundFlash;
  try {
    const refund = await createRefund(
      ctx.db,
      ctx.scope,
      createRefundInput.parse({ paymentIntentId: id, amount: read.amount, reason: read.reason, rate: read.rate }),
      undefined,
      // A support user's refunds always wait for an owner's or admin's approval (issue 29).
      { requireApproval: ROLE_REFUNDS_NEED_APPROVAL[ctx.user.role ?? 'owner'] },
    );
    flash = { kind: 'refund', tone: refund.status === 'failed' ? 'bad' : 'ok', message: createdMessage(refund, ctx.locale), intentId: id };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (isMissing(err)) notFound();
    const message = err.code === 'rail_unavailable' && read.rate === 'current' ? t('noRate') : t('refused', { message: err.message });
    flash = { kind: 'refund', tone: 'bad', message, intentId: id, form: values };
  }
  return back(ctx, flash);
}

export async function cancelRefundAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('refunds.write');
  const t = tr(ctx.locale);
  const id = field(form, 'refund');
  if (!REFUND_RE.test(id)) notFound();
  const refund = await orNotFound(() => retrieveRefund(ctx.db, ctx.scope, id));
  let flash: RefundFlash;
  try {
    await cancelRefund(ctx.db, ctx.scope, id);
    flash = { kind: 'refund', tone: 'ok', message: t('canceled'), intentId: refund.paymentIntentId };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (isMissing(err)) notFound();
    flash = { kind: 'refund', tone: 'bad', message: t('cannotCancel', { message: err.message }), intentId: refund.paymentIntentId };
  }
  return back(ctx, flash);
}

export async function markRefundSucceededAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('refunds.write');
  const t = tr(ctx.locale);
  const id = field(form, 'refund');
  if (!REFUND_RE.test(id)) notFound();
  const refund = await orNotFound(() => retrieveRefund(ctx.db, ctx.scope, id));
  const input = markRefundSucceededInput.safeParse({ operatorReference: field(form, 'operatorReference') });
  if (!input.success) {
    const empty = field(form, 'operatorReference').trim() === '';
    const message = empty ? t('operatorRefRequired') : t('markRefused', { message: input.error.issues.map((i) => i.message).join('; ') });
    return back(ctx, { kind: 'refund', tone: 'bad', message, intentId: refund.paymentIntentId });
  }
  let flash: RefundFlash;
  try {
    const after = await markRefundSucceeded(ctx.db, ctx.scope, id, input.data.operatorReference);
    flash = {
      kind: 'refund',
      tone: 'ok',
      message: after.status === 'succeeded' ? t('markedSucceeded') : t('markedPending'),
      intentId: refund.paymentIntentId,
    };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (isMissing(err)) notFound();
    flash = { kind: 'refund', tone: 'bad', message: t('markRefused', { message: err.message }), intentId: refund.paymentIntentId };
  }
  return back(ctx, flash);
}

/** A decision goes back to the payment's page with what happened. */
const decided = (ctx: DashboardContext, _form: FormData, intentId: string, tone: 'ok' | 'bad', message: string): Promise<never> =>
  back(ctx, { kind: 'refund', tone, message, intentId });

/** Why a decision was refused, in the approver's words. */
function decisionRefused(err: DomainError, locale: Locale): string {
  const a = ta(locale);
  return err.code === 'self_approval'
    ? a('approvalSelf')
    : err.code === 'author_removed'
      ? a('approvalAuthorGone')
      : err.code === 'unexpected_state'
        ? a('approvalGone')
        : tr(locale)('refused', { message: err.message });
}

export async function approveRefundAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('refunds.approve');
  const id = field(form, 'refund');
  if (!REFUND_RE.test(id)) notFound();
  const refund = await orNotFound(() => retrieveRefund(ctx.db, ctx.scope, id));
  try {
    await approveRefund(ctx.db, ctx.scope, id, ctx.user.id);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (isMissing(err)) notFound();
    return decided(ctx, form, refund.paymentIntentId, 'bad', decisionRefused(err, ctx.locale));
  }
  return decided(ctx, form, refund.paymentIntentId, 'ok', ta(ctx.locale)('approvalApproved'));
}

export async function rejectRefundAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('refunds.approve');
  const id = field(form, 'refund');
  if (!REFUND_RE.test(id)) notFound();
  const refund = await orNotFound(() => retrieveRefund(ctx.db, ctx.scope, id));
  try {
    await rejectRefund(ctx.db, ctx.scope, id, ctx.user.id, field(form, 'reason').slice(0, 500));
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (isMissing(err)) notFound();
    return decided(ctx, form, refund.paymentIntentId, 'bad', decisionRefused(err, ctx.locale));
  }
  return decided(ctx, form, refund.paymentIntentId, 'ok', ta(ctx.locale)('approvalRejected'));
}
