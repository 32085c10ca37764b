// One product: its details, activate/deactivate, its prices (all of them, newest first) with
// deactivate, and a form to add a price (amount typed in major units, converted exactly).
import { notFound } from 'next/navigation';
import { ActionButton, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, titled } from '@/components/dashboard/catalog/server';
import { Badge, Details, Empty, PageTitle, Section, Table } from '@/components/dashboard/ui';
import { formatDate, orNotFound } from '@/lib/dashboard/catalog';
import { listPrices, listPricesQuery } from '@/lib/domain/prices';
import { retrieveProduct } from '@/lib/domain/products';
import { formatAmountLong } from '@/lib/i18n/format';
import { isIdOf } from '@/lib/ids';
import { CURRENCIES } from '@/lib/money';
import { createPriceAction, setPriceActiveAction, setProductActiveAction } from '../actions';
import '../../catalog.css';

export const generateMetadata = titled('productCol');

export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!isIdOf('prod', id)) notFound();
  const { ctx, t, flash } = await catalogPage('payments.read');
  const product = await orNotFound(() => retrieveProduct(ctx.db, ctx.scope, id));
  const prices = await listPrices(ctx.db, ctx.scope, listPricesQuery.parse({ limit: '100', productId: id }));

  return (
    <div className="dc-page">
      <p>
        <a href="/dashboard/products">← {t('productsTitle')}</a>
      </p>
      <PageTitle>{product.name}</PageTitle>
      <FlashView flash={flash} t={t} />
      <Details
        items={[
          [t('id'), <code key="id">{product.id}</code>],
          [
            t('status'),
            <Badge key="s" tone={product.active ? 'ok' : 'neutral'}>
              {product.active ? t('active') : t('inactive')}
            </Badge>,
          ],
          ...(product.description ? [[t('descriptionShort'), product.description] as [string, string]] : []),
          [t('created'), formatDate(product.createdAt, ctx.locale, ctx.timeZone)],
        ]}
      />
      <div className="dc-after">
        <ActionButton action={setProductActiveAction} fields={{ productId: product.id, active: product.active ? 'false' : 'true', back: 'detail' }} secondary>
          {product.active ? t('deactivate') : t('activate')}
        </ActionButton>
      </div>

      <Section title={t('pricesTitle')} id="prices">
        {prices.data.length === 0 ? (
          <Empty title={t('noPrices')} />
        ) : (
          <Table caption={`${t('pricesTitle')} · ${product.name}`} captionHidden head={[t('amount'), t('status'), t('created'), t('actions')]}>
            {prices.data.map((p) => (
              <tr key={p.id}>
                <td>
                  {formatAmountLong(p.unitAmount, p.currency, ctx.locale)}
                  <div className="db-muted">
                    <code>{p.id}</code>
                  </div>
                </td>
                <td>
                  <Badge tone={p.active ? 'ok' : 'neutral'}>{p.active ? t('active') : t('inactive')}</Badge>
                </td>
                <td>{formatDate(p.createdAt, ctx.locale, ctx.timeZone)}</td>
                <td className="dc-actions">
                  <ActionButton
                    action={setPriceActiveAction}
                    fields={{ productId: product.id, priceId: p.id, active: p.active ? 'false' : 'true' }}
                    secondary
                    label={`${p.active ? t('deactivate') : t('activate')} ${formatAmountLong(p.unitAmount, p.currency, ctx.locale)}`}
                  >
                    {p.active ? t('deactivate') : t('activate')}
                  </ActionButton>
                  {p.active && product.active ? (
                    <a className="db-button db-button-secondary" href={`/dashboard/links?price=${p.id}#new-link-h`}>
                      {t('makeLink')}
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section title={t('newPrice')} id="new-price">
        <form action={createPriceAction} className="db-form">
          <input type="hidden" name="productId" value={product.id} />
          <div className="db-field">
            <label htmlFor="price-currency">{t('currency')}</label>
            <select id="price-currency" name="currency" className="dc-input" defaultValue="XOF">
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="db-field">
            <label htmlFor="price-amount">{t('amount')}</label>
            <input
              id="price-amount"
              name="amount"
              className="dc-input"
              required
              inputMode="decimal"
              autoComplete="off"
              pattern="[0-9 \u00a0\u202f]+([.,][0-9]+)?"
              aria-describedby="price-amount-hint"
            />
            <p id="price-amount-hint" className="db-muted">
              {t('amountHelp')}
            </p>
          </div>
          <button type="submit" className="db-button">
            {t('createPrice')}
          </button>
        </form>
      </Section>
    </div>
  );
}
