// A payment this merchant does not have in this mode (or no such payment): a real 404 in the shell.
import { dashboardLocale } from '@/lib/dashboard/context';
import { t } from '@/lib/i18n/dashboard';

export default async function PaymentNotFound() {
  const s = t(await dashboardLocale());
  return (
    <>
      <h1 className="db-h1">{s.notFound}</h1>
      <p>
        <a href="/dashboard">{s.back}</a>
      </p>
    </>
  );
}
