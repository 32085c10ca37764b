'use server';
// The balances page's one action: the merchant's time zone (saved as POST /v1/account saves it).
import { finish } from '@/components/dashboard/catalog/server';
import { saveTimeZone } from '@/lib/dashboard/books';
import { field } from '@/lib/dashboard/catalog';
import { dashboardAction } from '@/lib/dashboard/context';
import { tb } from '@/lib/i18n/books';

export async function setTimeZoneAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('settings.write');
  const t = tb(ctx.locale);
  const zone = await saveTimeZone(ctx.db, ctx.scope, field(form, 'timeZone'));
  if (zone === null) return finish(ctx, '/dashboard/balances#time-zone', { kind: 'error', message: t('timeZoneInvalid') });
  return finish(ctx, '/dashboard/balances', { kind: 'notice', message: t('timeZoneSaved', { zone }) });
}
