// Payment links: the list (newest first, 20 a page) with each link's price, a form to make one from
// an active price, and deactivate/activate on each row.

import { ActionButton, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, listParams, qs, titled } from '@/components/dashboard/catalog/server';
import { Badge, Empty, PageTitle, Pagination, Section, Table } from '@/components/dashboard/ui';
import { formatDate, orNotFound, payablePrices, priceSummaries } from '@/lib/dashboard/catalog';
import { listPaymentLinks, listPaymentLinksQuery } from '@/lib/domain/payment-links';
import { formatAmount } from '@/lib/i18n/format';
import { createLinkAction, setLinkActiveAction } from './actions';
import '../catalog.css';

export const generateMetadata = titled('linksTitle');

type SP = Promise<Record<string, string | string[] | undefined>>;

export default async function LinksPage({ searchParams }: { searchParams: SP }) {
  const { ctx, t, flash } = await catalogPage('payments.read');
  const sp = await searchParams;
  const query = listPaymentLinksQuery.safeParse(listParams(sp));
  const q = query.success ? query.data : listPaymentLinksQuery.parse({ limit: '20' });
  const page = await orNotFound(() => listPaymentLinks(ctx.db, ctx.scope, q));
  const [prices, choices] = await Promise.all([
    priceSummaries(
      ctx.db,
      ctx.scope,
      page.data.map((l) => l.priceId),
    ),
    payablePrices(ctx.db, ctx.scope),
  ]);
  const preselect = qs(sp, 'price');
  const backwards = q.endingBefore !== undefined;
  const cursor = q.startingAfter !== undefined || backwards;

  return (
    <div className="dc-page">
      <PageTitle>{t('linksTitle')}</PageTitle>
      <p className="dc-intro">{t('linksIntro')}</p>
      <FlashView flash={flash} t={t} />

      <Section title={t('newLink')} id="new-link">
        {choices.length === 0 ? (
          <p>
            {t('noActivePrice')} <a href="/dashboard/products">{t('productsTitle')}</a>
          </p>
        ) : (
          <form action={createLinkAction} className="db-form">
            <div className="db-field">
              <label htmlFor="link-price">{t('choosePrice')}</label>
              <select
                id="link-price"
                name="priceId"
                className="dc-input"
                required
                defaultValue={choices.some((c) => c.id === preselect) ? preselect : choices[0]!.id}
              >
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.productName} · {formatAmount(c.unitAmount, c.currency, ctx.locale)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="db-button">
              {t('createLink')}
            </button>
          </form>
        )}
      </Section>

      <div className="db-section">
        {page.data.length === 0 ? (
          <Empty title={t('none')} />
        ) : (
          <Table caption={t('linksTitle')} captionHidden head={[t('linkTitle'), t('status'), t('created'), t('actions')]}>
            {page.data.map((l) => {
              const p = prices.get(l.priceId);
              const name = p ? `${p.productName} · ${formatAmount(p.unitAmount, p.currency, ctx.locale)}` : l.priceId;
              return (
                <tr key={l.id}>
                  <td>
                    <a href={`/dashboard/links/${l.id}`}>{name}</a>
                    <div className="db-muted">
                      <code>{l.id}</code>
                    </div>
                  </td>
                  <td>
                    <Badge tone={l.active ? 'ok' : 'neutral'}>{l.active ? t('active') : t('inactive')}</Badge>
                  </td>
                  <td>{formatDate(l.createdAt, ctx.locale, ctx.timeZone)}</td>
                  <td>
                    <ActionButton
                      action={setLinkActiveAction}
                      fields={{ linkId: l.id, active: l.active ? 'false' : 'true' }}
                      secondary
                      label={`${l.active ? t('deactivate') : t('activate')} ${name}`}
                    >
                      {l.active ? t('deactivate') : t('activate')}
                    </ActionButton>
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
        <Pagination
          path="/dashboard/links"
          params={{}}
          firstId={page.data[0]?.id ?? null}
          lastId={page.data.at(-1)?.id ?? null}
          hasPrevious={backwards ? page.hasMore : cursor}
          hasNext={backwards ? true : page.hasMore}
          labels={{ pagination: t('pagination'), previous: t('previousPage'), next: t('nextPage') }}
        />
      </div>
    </div>
  );
}
