'use server';
// The reports page's actions: ask for a report (POST /v1/report_runs's own input and create; the
// worker completes it within seconds).
import { finish, refused } from '@/components/dashboard/catalog/server';
import { field } from '@/lib/dashboard/catalog';
import { dashboardAction } from '@/lib/dashboard/context';
import { tb } from '@/lib/i18n/books';
import { createReportRun, createReportRunInput } from '@/lib/reports/runs';

export async function createReportAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('reports.read');
  const t = tb(ctx.locale);
  const parsed = createReportRunInput.safeParse({ type: field(form, 'type'), from: field(form, 'from'), to: field(form, 'to') });
  if (!parsed.success)
    return finish(ctx, '/dashboard/reports', { kind: 'error', message: t('reportInvalid', { detail: parsed.error.issues.map((i) => i.message).join('; ') }) });
  try {
    await createReportRun(ctx.db, ctx.scope, parsed.data);
  } catch (err) {
    return refused(ctx, '/dashboard/reports', err, (e) => t('reportInvalid', { detail: e.message }));
  }
  return finish(ctx, '/dashboard/reports', { kind: 'notice', message: t('reportAsked') });
}
