// Payment methods: every rail of the catalog in the session's mode, with who takes its payments (the
// merchant's own account, else the platform's or test mode's simulator, else nobody), the account's
// settings (secrets as a last four and a fingerprint only), its notification URL or first receive
// addresses, and the forms to connect, change, test and disable it. Works without JavaScript; each
// action comes back to its rail's section with a one-time flash. Owners (rail_accounts.write) also
// see the approvals section (issue 29): the merchant's railAccountApproval and the changes waiting
// for another owner, each to approve, reject or (its author) withdraw.
//
// Who may read it: every signed-in user with payments.read; its actions are the owners'.
import type { Metadata } from 'next';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { qs } from '@/components/dashboard/catalog/server';
import { ApprovalsSection, RailIndex, RailSection } from '@/components/dashboard/payment-methods';
import { PageTitle } from '@/components/dashboard/ui';
import { type Flash, takeFlash } from '@/lib/dashboard/catalog';
import { can, dashboardContext, dashboardLocale } from '@/lib/dashboard/context';
import { type PaymentMethodsFlash, paymentMethods } from '@/lib/dashboard/payment-methods';
import { retrieveAccount } from '@/lib/domain/account';
import { listRailAccountChanges } from '@/lib/domain/rail-account-changes';
import { tc } from '@/lib/i18n/catalog';
import { tp } from '@/lib/i18n/payment-methods';
import {
  approveRailChangeAction,
  connectRailAction,
  disableRailAction,
  rejectRailChangeAction,
  setRailApprovalAction,
  testRailAction,
  updateRailAction,
  withdrawRailChangeAction,
} from './actions';
import '../catalog.css';
import './payment-methods.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tp(await dashboardLocale())('title')} · Caisse` };
}

type SP = Promise<Record<string, string | string[] | undefined>>;

const ACTIONS = { connect: connectRailAction, update: updateRailAction, test: testRailAction, disable: disableRailAction };
const APPROVAL_ACTIONS = {
  setApproval: setRailApprovalAction,
  approve: approveRailChangeAction,
  reject: rejectRailChangeAction,
  withdraw: withdrawRailChangeAction,
};

export default async function PaymentMethodsPage({ searchParams }: { searchParams: SP }) {
  const ctx = await dashboardContext('payments.read');
  const t = tp(ctx.locale);
  // This page's flash names its rail; another page's (a catalog flash left unread) is shown as such.
  const taken = await takeFlash<PaymentMethodsFlash | Flash>(ctx.db, ctx.token);
  const flash = taken && 'rail' in taken ? taken : null;
  const other = taken && !('rail' in taken) ? taken : null;
  const disable = qs(await searchParams, 'disable');
  const views = await paymentMethods(ctx.db, ctx.scope, ctx.locale);
  const owner = can(ctx, 'rail_accounts.write');
  const account = owner ? await retrieveAccount(ctx.db, ctx.scope) : null;
  const changes = owner ? await listRailAccountChanges(ctx.db, ctx.scope) : [];

  return (
    <div className="dc-page">
      <PageTitle>{t('title')}</PageTitle>
      <p className="dc-intro">{t('intro')}</p>
      <p className={ctx.livemode ? 'dc-warn' : 'dc-intro'}>{ctx.livemode ? t('introLive') : t('introTest')}</p>
      <FlashView flash={other} t={tc(ctx.locale)} />
      {account ? (
        <ApprovalsSection
          on={account.railAccountApproval}
          offWaiting={account.pendingChange !== null}
          changes={changes}
          userId={ctx.user.id}
          flash={flash?.rail === null ? flash : null}
          locale={ctx.locale}
          timeZone={ctx.timeZone}
          t={t}
          actions={APPROVAL_ACTIONS}
        />
      ) : null}
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
          manage={owner}
        />
      ))}
    </div>
  );
}
