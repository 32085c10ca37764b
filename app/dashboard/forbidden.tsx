// A page or an action the signed-in user's role does not allow (lib/dashboard/context.ts calls
// forbidden()): the 403 page, in the shell, in the user's language. Nothing was done.
import { currentContext, dashboardLocale } from '@/lib/dashboard/context';
import { ta } from '@/lib/i18n/access';

export default async function Forbidden() {
  const ctx = await currentContext();
  const t = ta(ctx?.locale ?? (await dashboardLocale()));
  return (
    <>
      <h1 className="db-h1">{t('forbiddenTitle')}</h1>
      <p>{t('forbiddenText', { role: ctx?.user.role ?? 'owner' })}</p>
      <p>
        <a href="/dashboard">{t('forbiddenBack')}</a>
      </p>
    </>
  );
}
