'use server';
// The checks page's action: check a period against the backends now (POST /v1/reconciliations's own
// input and create; the worker runs it within seconds).
import { finish, refused } from '@/components/dashboard/catalog/server';
import { field } from '@/lib/dashboard/catalog';
import { dashboardAction } from '@/lib/dashboard/context';
import { tb } from '@/lib/i18n/books';
import { nowSeconds } from '@/lib/ids';
import { createReconciliation, createReconciliationInput } from '@/lib/reconcile/reconciliations';

export async function createReconciliationAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('reports.read');
  const t = tb(ctx.locale);
  const account = field(form, 'railAccountId');
  const parsed = createReconciliationInput.safeParse({ from: field(form, 'from'), to: field(form, 'to'), ...(account ? { railAccountId: account } : {}) });
  if (!parsed.success)
    return finish(ctx, '/dashboard/reconciliations', {
      kind: 'error',
      message: t('reconInvalid', { detail: parsed.error.issues.map((i) => i.message).join('; ') }),
    });
  try {
    await createReconciliation(ctx.db, ctx.scope, parsed.data, { now: nowSeconds() });
  } catch (err) {
    return refused(ctx, '/dashboard/reconciliations', err, (e) => t('reconInvalid', { detail: e.message }));
  }
  return finish(ctx, '/dashboard/reconciliations', { kind: 'notice', message: t('reconAsked') });
}
