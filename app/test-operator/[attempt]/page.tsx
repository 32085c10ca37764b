// Caisse's test operator page (test mode only): where a redirect operator's payer lands in test
// mode instead of Orange Money's page or the Wave app. It says it is a test, shows the amount and
// the operator, and its buttons answer like the operator would; the payer is then sent back.
import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { testOperatorView } from '@/lib/checkout/test-operator';
import { getDb } from '@/lib/db/client';
import { LOCALE_COOKIE, pickLocale, t } from '@/lib/i18n';
import { formatAmountLong } from '@/lib/i18n/format';
import { answer } from './actions';
import '../../checkout/checkout.css';

type Params = { params: Promise<{ attempt: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  const tr = t(pickLocale({ cookie: c.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get('accept-language') }));
  return { title: `${tr('testOpPageTitle')} · Caisse`, robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function TestOperatorPage({ params }: Params) {
  const { attempt } = await params;
  const view = await testOperatorView(await getDb(), attempt);
  if (!view) notFound();
  const [c, h] = await Promise.all([cookies(), headers()]);
  const locale = pickLocale({ cookie: c.get(LOCALE_COOKIE)?.value, sessionLocale: view.locale, acceptLanguage: h.get('accept-language') });
  const tr = t(locale);
  const amount = formatAmountLong(view.amount, view.currency, locale);
  return (
    <div className="co" lang={locale}>
      <header>
        <p className="co-testbanner">
          <strong>{tr('testMode')}</strong> · {tr('testOpNote', { operator: view.operator })}
        </p>
      </header>
      <main className="co-main">
        <section className="co-card co-testop" aria-labelledby="op-title">
          <h1 id="op-title" className="co-h1">
            {tr('testOpTitle', { operator: view.operator })}
          </h1>
          <p className="co-amount">{tr('testOpPay', { amount, merchant: view.merchantName })}</p>
          {view.phone ? <p className="co-muted">{tr('testOpPhone', { phone: view.phone })}</p> : null}
          {view.open ? (
            <form action={answer} className="co-buttons">
              <input type="hidden" name="attempt" value={view.attemptId} />
              <button type="submit" name="answer" value="approve" className="co-primary">
                {tr('testOpApprove')}
              </button>
              <button type="submit" name="answer" value="decline" className="co-secondary">
                {tr('testOpDecline')}
              </button>
              <button type="submit" name="answer" value="insufficient_funds" className="co-secondary">
                {tr('testOpInsufficient')}
              </button>
            </form>
          ) : (
            <>
              <p role="status">{view.abandoned ? tr('testOpAbandoned') : tr('testOpDone')}</p>
              {view.returnUrl ? (
                <a className="co-primary co-link-button" href={view.returnUrl}>
                  {tr('testOpBack')}
                </a>
              ) : null}
            </>
          )}
        </section>
      </main>
    </div>
  );
}
