'use server';
import { finish } from '@/components/dashboard/catalog/server';
import { field } from '@/lib/dashboard/catalog';
// Roll the merchant's API keys from the dashboard: the CLI's `keys roll` (rollKeys): new test and
// live keys, every older key revoked in the same transaction. The new secrets go to the next render
// of the keys page only (the one-time flash).
import { dashboardAction } from '@/lib/dashboard/context';
import { rollKeys } from '@/lib/domain/merchants';
import { tc } from '@/lib/i18n/catalog';

export async function rollKeysAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction();
  // The confirmation page's own button, not a stray post.
  if (field(form, 'confirm') !== 'yes') return finish(ctx, '/dashboard/keys?confirm=1');
  const t = tc(ctx.locale);
  const r = await rollKeys(ctx.db, ctx.merchantId);
  return finish(ctx, '/dashboard/keys', {
    kind: 'secret',
    message: t('keysRolled'),
    secrets: [
      { label: t('newTestKey'), value: r.keys.test },
      { label: t('newLiveKey'), value: r.keys.live },
    ],
  });
}
