'use server';
// The refunds page's setting (issue 29): the amount per currency above which a refund waits for an
// owner's or admin's approval (saved as POST /v1/account saves it: updateAccount, audited). Raised or
// removed only by an owner (approvals.loosen); an admin may lower or add one. The form carries the
// values it showed (was.<currency>): only the fields changed are saved.
import { finish } from '@/components/dashboard/catalog/server';
import { field } from '@/lib/dashboard/catalog';
import { can, dashboardAction } from '@/lib/dashboard/context';
import { updateAccount } from '@/lib/domain/account';
import { DomainError } from '@/lib/errors';
import { ta } from '@/lib/i18n/access';
import { CURRENCIES, type Currency } from '@/lib/money';

export async function setApprovalThresholdsAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('settings.write');
  const t = ta(ctx.locale);
  const thresholds: Partial<Record<Currency, number | null>> = {};
  const digits = (name: string) => field(form, name).replace(/[\s\u00a0\u202f]/g, '');
  for (const c of CURRENCIES) {
    const v = digits(`threshold.${c}`);
    // Only what this form changed: a threshold someone else set since the page was shown stays.
    if (form.has(`was.${c}`) && v === digits(`was.${c}`)) continue;
    if (v === '') thresholds[c] = null;
    else if (/^\d{1,15}$/.test(v)) thresholds[c] = Number(v);
    else return finish(ctx, '/dashboard/refunds', { kind: 'error', message: t('thresholdsInvalid') });
  }
  try {
    await updateAccount(ctx.db, ctx.scope, { refundApprovalThresholds: thresholds }, { loosenApprovals: can(ctx, 'approvals.loosen') });
  } catch (e) {
    if (e instanceof DomainError && e.code === 'permission_denied')
      return finish(ctx, '/dashboard/refunds', { kind: 'error', message: t('thresholdsOwnerOnly') });
    throw e;
  }
  return finish(ctx, '/dashboard/refunds', { kind: 'notice', message: t('thresholdsSaved') });
}
