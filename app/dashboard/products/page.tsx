// Products: the list (active, inactive or all; newest first, 20 a page), a form to create one, and
// activate/deactivate on each row. Server-rendered; every form works without JavaScript.

import { ActionButton, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, listParams, qs, titled } from '@/components/dashboard/catalog/server';
import { Badge, Empty, PageTitle, Pagination, Section, Table } from '@/components/dashboard/ui';
import { formatDate, orNotFound } from '@/lib/dashboard/catalog';
import { listProducts, listProductsQuery } from '@/lib/domain/products';
import { createProductAction, setProductActiveAction } from './actions';
import '../catalog.css';

export const generateMetadata = titled('productsTitle');

type SP = Promise<Record<string, string | string[] | undefined>>;

export default async function ProductsPage({ searchParams }: { searchParams: SP }) {
  const { ctx, t, flash } = await catalogPage('payments.read');
  const sp = await searchParams;
  const filter = qs(sp, 'active');
  const active = filter === 'true' || filter === 'false' ? filter : undefined;
  const query = listProductsQuery.safeParse(listParams(sp, { active }));
  const q = query.success ? query.data : listProductsQuery.parse({ limit: '20' });
  const page = await orNotFound(() => listProducts(ctx.db, ctx.scope, q));
  const backwards = q.endingBefore !== undefined;
  const cursor = q.startingAfter !== undefined || backwards;

  return (
    <div className="dc-page">
      <PageTitle>{t('productsTitle')}</PageTitle>
      <p className="dc-intro">{t('productsIntro')}</p>
      <FlashView flash={flash} t={t} />

      <Section title={t('newProduct')} id="new-product">
        <form action={createProductAction} className="db-form">
          <div className="db-field">
            <label htmlFor="product-name">{t('name')}</label>
            <input id="product-name" name="name" className="dc-input" required maxLength={250} autoComplete="off" />
          </div>
          <div className="db-field">
            <label htmlFor="product-description">{t('description')}</label>
            <textarea id="product-description" name="description" className="dc-input" maxLength={1000} rows={2} />
          </div>
          <button type="submit" className="db-button">
            {t('createProduct')}
          </button>
        </form>
      </Section>

      <div className="db-section">
        <nav className="dc-filters" aria-label={t('filter')}>
          {(
            [
              ['', t('all')],
              ['true', t('active')],
              ['false', t('inactive')],
            ] as const
          ).map(([v, label]) => (
            <a
              key={v}
              href={v ? `/dashboard/products?active=${v}` : '/dashboard/products'}
              aria-current={(active ?? '') === v ? 'page' : undefined}
              className="dc-filter"
            >
              {label}
            </a>
          ))}
        </nav>
        {page.data.length === 0 ? (
          <Empty title={t('none')} />
        ) : (
          <Table caption={t('productsTitle')} captionHidden head={[t('name'), t('status'), t('created'), t('actions')]}>
            {page.data.map((p) => (
              <tr key={p.id}>
                <td>
                  <a href={`/dashboard/products/${p.id}`}>{p.name}</a>
                  {p.description ? <div className="db-muted">{p.description}</div> : null}
                </td>
                <td>
                  <Badge tone={p.active ? 'ok' : 'neutral'}>{p.active ? t('active') : t('inactive')}</Badge>
                </td>
                <td>{formatDate(p.createdAt, ctx.locale, ctx.timeZone)}</td>
                <td>
                  <ActionButton
                    action={setProductActiveAction}
                    fields={{ productId: p.id, active: p.active ? 'false' : 'true' }}
                    secondary
                    label={`${p.active ? t('deactivate') : t('activate')} ${p.name}`}
                  >
                    {p.active ? t('deactivate') : t('activate')}
                  </ActionButton>
                </td>
              </tr>
            ))}
          </Table>
        )}
        <Pagination
          path="/dashboard/products"
          params={active ? { active } : {}}
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
