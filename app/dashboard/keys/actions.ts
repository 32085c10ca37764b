'use server';
import { finish, refused } from '@/components/dashboard/catalog/server';
import { field, idField } from '@/lib/dashboard/catalog';
// API keys from the dashboard. Roll: the CLI's `keys roll` (rollKeys): new test and live secret
// keys, every older secret key revoked in the same transaction; the secret keys hold every
// permission, so only an owner rolls them (`keys.secret`). Restricted keys (issue 29): made with a
// name, a mode and permissions (createRestrictedKey: only permissions the user's own role holds),
// revoked one by one. New secrets go to the next render of the keys page only (the one-time flash).
// Each is a line of the audit log.
import { dashboardAction, userActor } from '@/lib/dashboard/context';
import { createRestrictedKey, revokeRestrictedKey } from '@/lib/domain/api-keys';
import { rollKeys } from '@/lib/domain/merchants';
import { isKeyPermission, rolePermissions } from '@/lib/domain/permissions';
import { ta } from '@/lib/i18n/access';
import { tc } from '@/lib/i18n/catalog';

export async function rollKeysAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('keys.secret');
  // The confirmation page's own button, not a stray post.
  if (field(form, 'confirm') !== 'yes') return finish(ctx, '/dashboard/keys?confirm=1');
  const t = tc(ctx.locale);
  const r = await rollKeys(ctx.db, ctx.merchantId, await userActor(ctx));
  return finish(ctx, '/dashboard/keys', {
    kind: 'secret',
    message: t('keysRolled'),
    secrets: [
      { label: t('newTestKey'), value: r.keys.test },
      { label: t('newLiveKey'), value: r.keys.live },
    ],
  });
}

export async function createRestrictedKeyAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('keys.manage');
  const t = ta(ctx.locale);
  const name = field(form, 'name');
  const permissions = form.getAll('permissions').filter((v): v is string => typeof v === 'string');
  const livemode = field(form, 'mode') === 'live';
  const allowed = rolePermissions(ctx.user.role);
  let made;
  try {
    made = await createRestrictedKey(ctx.db, ctx.merchantId, { name, livemode, permissions }, await userActor(ctx), allowed);
  } catch (err) {
    return refused(ctx, '/dashboard/keys', err, (e) =>
      e.code === 'permission_denied'
        ? t('restrictedNotGrantable', { permissions: permissions.filter((p) => isKeyPermission(p) && !allowed.includes(p)).join(', ') })
        : t('restrictedInvalid'),
    );
  }
  return finish(ctx, '/dashboard/keys', {
    kind: 'secret',
    message: t('restrictedCreated', { name: made.key.name ?? '' }),
    secrets: [{ label: t('restrictedSecret'), value: made.secret }],
  });
}

export async function revokeRestrictedKeyAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('keys.manage');
  const id = idField(form, 'keyId', 'key');
  try {
    await revokeRestrictedKey(ctx.db, ctx.merchantId, id, await userActor(ctx));
  } catch (err) {
    return refused(ctx, '/dashboard/keys', err);
  }
  return finish(ctx, '/dashboard/keys', { kind: 'notice', message: ta(ctx.locale)('restrictedRevoked') });
}
