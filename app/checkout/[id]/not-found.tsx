// Unknown checkout session: a real 404, in the buyer's language.
import { headers } from 'next/headers';
import { pickLocale, t } from '@/lib/i18n';

export default async function CheckoutNotFound() {
  const locale = pickLocale({ acceptLanguage: (await headers()).get('accept-language') });
  const tr = t(locale);
  return (
    <div className="co" lang={locale}>
      <main className="co-main">
        <section className="co-card co-outcome">
          <h1 className="co-h1">{tr('notFoundTitle')}</h1>
          <p>{tr('notFoundText')}</p>
        </section>
      </main>
    </div>
  );
}
