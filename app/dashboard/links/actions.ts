'use server';
import { finish, refused } from '@/components/dashboard/catalog/server';
import { field, idField } from '@/lib/dashboard/catalog';
// Payment links from the dashboard: the same domain functions as /v1/payment_links, scoped to the
// session's merchant and mode, after the same-origin and session checks.
import { dashboardAction } from '@/lib/dashboard/context';
import { createPaymentLink, createPaymentLinkInput, updatePaymentLink } from '@/lib/domain/payment-links';
import { tc } from '@/lib/i18n/catalog';

export async function createLinkAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('catalog.write');
  const priceId = idField(form, 'priceId', 'price');
  let link;
  try {
    link = await createPaymentLink(ctx.db, ctx.scope, createPaymentLinkInput.parse({ priceId }));
  } catch (err) {
    return refused(ctx, '/dashboard/links', err, (e) =>
      e.code === 'parameter_invalid' && e.param === 'priceId' ? tc(ctx.locale)('priceNotPayable') : undefined,
    );
  }
  return finish(ctx, `/dashboard/links/${link.id}`, { kind: 'notice', message: tc(ctx.locale)('linkCreated') });
}

export async function setLinkActiveAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('catalog.write');
  const id = idField(form, 'linkId', 'plink');
  const back = field(form, 'back') === 'detail' ? `/dashboard/links/${id}` : '/dashboard/links';
  try {
    await updatePaymentLink(ctx.db, ctx.scope, id, { active: field(form, 'active') === 'true' });
  } catch (err) {
    return refused(ctx, back, err);
  }
  return finish(ctx, back, { kind: 'notice', message: tc(ctx.locale)('linkUpdated') });
}
