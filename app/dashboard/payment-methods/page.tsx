// Payment methods: every rail of the catalog in the session's mode, with who takes its payments (the
// merchant's own account, else the platform's or test mode's simulator, else nobody), the account's
// settings (secrets as a last four and a fingerprint only), its notification URL or first receive
// addresses, and the forms to connect, change, test and disable it. Works without JavaScript; each
// action comes back to its rail's section with a one-time flash.
//
// Who may use it: every signed-in user of the merchant (the dashboard has no roles yet).
import type { Metadata } from 'next';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { qs } from '@/components/dashboard/catalog/server';
import { RailIndex, RailSection } from '@/components/dashboard/payment-methods';
import { PageTitle } from '@/components/dashboard/ui';
import { type Flash, takeFlash } from '@/lib/dashboard/catalog';
import { dashboardContext, dashboardLocale } from '@/lib/dashboard/context';
import { type PaymentMethodsFlash, paymentMethods } from '@/lib/dashboard/payment-methods';
import { tc } from '@/lib/i18n/catalog';
import { tp } from '@/lib/i18n/payment-methods';
import { connectRailAction, disableRailAction, testRailAction, updateRailAction } from './actions';
import '../catalog.css';
import './payment-methods.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tp(await dashboardLocale())('title')} · Caisse` };
}

type SP = Promise<Record<string, string | string[] | undefined>>;

const ACTIONS = { connect: connectRailAction, update: updateRailAction, test: testRailAction, disable: disableRailAction };

export default async function PaymentMethodsPage({ searchParams }: { searchParams: SP }) {
  const ctx = await dashboardContext('payments.read');
  const t = tp(ctx.locale);
  // This page's flash names its rail; another page's (a catalog flash left unread) is shown as such.
  const taken = await takeFlash<PaymentMethodsFlash | Flash>(ctx.db, ctx.token);
  const flash = taken && 'rail' in taken ? taken : null;
  const other = taken && !('rail' in taken) ? taken : null;
  const disable = qs(await searchParams, 'disable');
  const views = await paymentMethods(ctx.db, ctx.scope, ctx.locale);

  return (
    <div className="dc-page">
      <PageTitle>{t('title')}</PageTitle>
      <p className="dc-intro">{t('intro')}</p>
      <p className={ctx.livemode ? 'dc-warn' : 'dc-intro'}>{ctx.livemode ? t('introLive') : t('introTest')}</p>
      <FlashView flash={other} t={tc(ctx.locale)} />
      <RailIndex views={views} t={t} />
      {views.map((v) => (
        <RailSection
          key={v.rail}
          view={v}
          flash={flash?.rail === v.rail ? flash : null}
          confirmDisable={!!v.account && v.account.id === disable}
          locale={ctx.locale}
          timeZone={ctx.timeZone}
          t={t}
          tc={tc(ctx.locale)}
          actions={ACTIONS}
        />
      ))}
    </div>
  );
}
