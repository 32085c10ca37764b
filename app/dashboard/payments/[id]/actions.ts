'use server';
// A payment's actions: cancel it, resend one of its webhook deliveries (its own events' or its
// refunds'; the refunds' own actions are refund-actions.ts). Each checks the request's
// origin and the session first (dashboardAction), then calls the API's own domain function with the
// session's scope: another merchant's payment, or a live one in test mode, is not found.
import { notFound, redirect } from 'next/navigation';
import { dashboardAction } from '@/lib/dashboard/context';
import { deliveryOfIntent } from '@/lib/dashboard/payments';
import { intentRefunds } from '@/lib/dashboard/refunds';
import { DomainError } from '@/lib/errors';
import { cancelPaymentIntent } from '@/lib/payments/cancel';
import { retryDelivery } from '@/lib/webhooks/deliveries';

const INTENT_RE = /^pi_[0-9A-Za-z]{1,64}$/;
const DELIVERY_RE = /^[a-z]+_[0-9A-Za-z]{1,64}$/;

export async function cancelPaymentAction(formData: FormData): Promise<void> {
  const ctx = await dashboardAction('payments.write');
  const id = String(formData.get('intent') ?? '');
  if (!INTENT_RE.test(id)) notFound();
  let result = 'canceled';
  try {
    await cancelPaymentIntent(ctx.db, ctx.scope, id);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.code === 'resource_missing') notFound();
    result = 'cannot_cancel';
  }
  redirect(`/dashboard/payments/${id}?done=${result}`);
}

export async function resendDeliveryAction(formData: FormData): Promise<void> {
  const ctx = await dashboardAction('webhooks.write');
  const id = String(formData.get('intent') ?? '');
  const deliveryId = String(formData.get('delivery') ?? '');
  if (!INTENT_RE.test(id) || !DELIVERY_RE.test(deliveryId)) notFound();
  const refunds = (await intentRefunds(ctx.db, ctx.scope, id)).map((r) => r.id);
  const of = await deliveryOfIntent(ctx.db, ctx.scope, id, deliveryId, refunds);
  if (!of) notFound();
  let q: string;
  try {
    const d = await retryDelivery(ctx.db, ctx.scope, of.endpointId, deliveryId);
    q = `done=resent&delivery=${encodeURIComponent(d.id)}&status=${encodeURIComponent(d.status)}`;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.code === 'resource_missing') notFound();
    q = 'done=error';
  }
  redirect(`/dashboard/payments/${id}?${q}#timeline-h`);
}
