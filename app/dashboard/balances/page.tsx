// Balances (issue 28): per account and currency, what came in, what went back and the net, as moved
// on the rail, and its worth in the payment's currency at the value of its own moment (the ledger,
// lib/domain/balance-transactions.ts); the merchant's time zone, in which the day's summary, the
// reports and every date of the dashboard are counted. Server-rendered, no JavaScript needed.
import type { Metadata } from 'next';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage } from '@/components/dashboard/catalog/server';
import { Cell, Empty, PageTitle, Row, Section, Table } from '@/components/dashboard/ui';
import { balanceLines, retrieveAccount, timeZoneChoices } from '@/lib/dashboard/books';
import { dashboardLocale } from '@/lib/dashboard/context';
import { tb } from '@/lib/i18n/books';
import { formatAmountLong } from '@/lib/i18n/format';
import { setTimeZoneAction } from './actions';
import '../catalog.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tb(await dashboardLocale())('balancesTitle')} · Caisse` };
}

export default async function BalancesPage() {
  const { ctx, t: tc, flash } = await catalogPage('reports.read');
  const t = tb(ctx.locale);
  const [lines, account] = await Promise.all([balanceLines(ctx.db, ctx.scope, ctx.locale), retrieveAccount(ctx.db, ctx.scope)]);
  const money = (amount: number, currency: Parameters<typeof formatAmountLong>[1]) => formatAmountLong(amount, currency, ctx.locale);

  return (
    <div className="dc-page">
      <PageTitle>{t('balancesTitle')}</PageTitle>
      <p className="dc-intro">{t('balancesIntro')}</p>
      <FlashView flash={flash} t={tc} />

      {lines.length === 0 ? (
        <Empty title={t('noMoney')}>{t('noMoneyHint')}</Empty>
      ) : (
        <Table caption={t('balancesTitle')} captionHidden stacked head={[t('account'), t('received'), t('refunded'), t('net'), t('value')]}>
          {lines.map((l) => (
            <Row key={`${l.rail}|${l.railAccountId}|${l.platformAccount}|${l.currency}`}>
              <Cell label={t('account')} className="dc-break">
                {l.label}
                {l.platformAccount ? <span className="db-muted"> ({t('platformAccountHint')})</span> : null}
              </Cell>
              <Cell label={t('received')}>{money(l.received, l.currency)}</Cell>
              <Cell label={t('refunded')}>{money(l.refunded, l.currency)}</Cell>
              <Cell label={t('net')}>
                <strong>{money(l.net, l.currency)}</strong>
              </Cell>
              <Cell label={t('value')}>
                {l.values.map((v) => money(v.net, v.intentCurrency)).join(' + ')}
                {l.values.some((v) => v.intentCurrency !== l.currency) ? <span className="db-muted"> ({t('valueHint')})</span> : null}
              </Cell>
            </Row>
          ))}
        </Table>
      )}

      <Section title={t('timeZoneTitle')} id="time-zone">
        <p className="dc-intro">{t('timeZoneIntro')}</p>
        <form action={setTimeZoneAction} className="db-form">
          <div className="db-field">
            <label htmlFor="time-zone-input">{t('timeZone')}</label>
            <select id="time-zone-input" name="timeZone" className="dc-input" defaultValue={account.timeZone}>
              {timeZoneChoices(account.timeZone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="db-button">
            {t('save')}
          </button>
        </form>
      </Section>
    </div>
  );
}
