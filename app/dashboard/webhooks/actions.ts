'use server';
import { finish, refused } from '@/components/dashboard/catalog/server';
import { field, idField } from '@/lib/dashboard/catalog';
// Webhook endpoints from the dashboard: the same domain functions as /v1/webhook_endpoints (the URL
// checked by validateEndpointUrl before the transaction, as the API's `prepare` does), scoped to the
// session's merchant and mode. A signing secret (create, roll) goes to the next render of the
// endpoint's page only, through the one-time flash: never in a URL, never again.
import { dashboardAction } from '@/lib/dashboard/context';
import { tc } from '@/lib/i18n/catalog';
import { retryDelivery } from '@/lib/webhooks/deliveries';
import { createEndpoint, createEndpointInput, rollEndpointSecret, rollSecretInput, updateEndpoint, validateEndpointUrl } from '@/lib/webhooks/endpoints';

export async function createEndpointAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('webhooks.write');
  const t = tc(ctx.locale);
  const events = form.getAll('events').filter((v): v is string => typeof v === 'string');
  if (events.length === 0) return finish(ctx, '/dashboard/webhooks', { kind: 'error', message: t('chooseEvents') });
  const description = field(form, 'description').trim();
  const parsed = createEndpointInput.safeParse({ url: field(form, 'url').trim(), enabledEvents: events, ...(description ? { description } : {}) });
  if (!parsed.success) return finish(ctx, '/dashboard/webhooks', { kind: 'error', message: parsed.error.issues.map((i) => i.message).join(' ') });
  let made;
  try {
    const url = await validateEndpointUrl(parsed.data.url, ctx.scope.livemode);
    made = await createEndpoint(ctx.db, ctx.scope, parsed.data, url);
  } catch (err) {
    return refused(ctx, '/dashboard/webhooks', err);
  }
  return finish(ctx, `/dashboard/webhooks/${made.id}`, {
    kind: 'secret',
    message: t('endpointCreated'),
    secrets: [{ label: t('signingSecret'), value: made.secret }],
  });
}

export async function setEndpointEnabledAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('webhooks.write');
  const id = idField(form, 'endpointId', 'we');
  const back = field(form, 'back') === 'list' ? '/dashboard/webhooks' : `/dashboard/webhooks/${id}`;
  try {
    await updateEndpoint(ctx.db, ctx.scope, id, { disabled: field(form, 'enabled') !== 'true' });
  } catch (err) {
    return refused(ctx, back, err);
  }
  return finish(ctx, back, { kind: 'notice', message: tc(ctx.locale)('endpointUpdated') });
}

export async function rollEndpointSecretAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('webhooks.write');
  const t = tc(ctx.locale);
  const id = idField(form, 'endpointId', 'we');
  const back = `/dashboard/webhooks/${id}`;
  let rolled;
  try {
    rolled = await rollEndpointSecret(ctx.db, ctx.scope, id, rollSecretInput.parse({}));
  } catch (err) {
    return refused(ctx, back, err);
  }
  return finish(ctx, back, { kind: 'secret', message: t('secretRolled'), secrets: [{ label: t('signingSecret'), value: rolled.secret }] });
}

export async function resendDeliveryAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('webhooks.write');
  const id = idField(form, 'endpointId', 'we');
  const deliveryId = idField(form, 'deliveryId', 'whd');
  const back = `/dashboard/webhooks/${id}`;
  try {
    await retryDelivery(ctx.db, ctx.scope, id, deliveryId);
  } catch (err) {
    return refused(ctx, back, err);
  }
  return finish(ctx, back, { kind: 'notice', message: tc(ctx.locale)('resent') });
}
