// Where a redirect operator (Orange Money, Wave) sends the payer back when the payment has neither
// a checkout session nor a returnUrl (an API-only confirm): coming back proves nothing, so this
// page says only that the operator is confirming and the merchant will see the result.
import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE, pickLocale, t } from '@/lib/i18n';
import '../checkout/checkout.css';

export const metadata: Metadata = { title: 'Caisse', robots: { index: false, follow: false }, referrer: 'no-referrer' };

export default async function OperatorReturnPage() {
  const [c, h] = await Promise.all([cookies(), headers()]);
  const locale = pickLocale({ cookie: c.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get('accept-language') });
  const tr = t(locale);
  return (
    <div className="co" lang={locale}>
      <main className="co-main">
        <section className="co-card co-outcome">
          <h1 className="co-h1">{tr('operatorReturnTitle')}</h1>
          <p>{tr('operatorReturnText')}</p>
        </section>
      </main>
    </div>
  );
}
