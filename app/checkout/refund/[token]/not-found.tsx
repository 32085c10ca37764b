// An unknown or malformed refund link: a real 404 in the claim page's style and the payer's
// language, which says nothing of why (no token is confirmed or denied beyond "not valid").
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE, pickLocale } from '@/lib/i18n';
import { tClaim } from '@/lib/i18n/refund-claim';

export default async function RefundClaimNotFound() {
  const [c, h] = await Promise.all([cookies(), headers()]);
  const locale = pickLocale({ cookie: c.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get('accept-language') });
  const tc = tClaim(locale);
  return (
    <div className="co" lang={locale}>
      <main className="co-main">
        <section className="co-card co-outcome">
          <h1 className="co-h1">{tc('notFoundTitle')}</h1>
          <p>{tc('notFoundText')}</p>
        </section>
      </main>
    </div>
  );
}
