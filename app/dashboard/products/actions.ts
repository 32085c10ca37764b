'use server';
import { finish, refused } from '@/components/dashboard/catalog/server';
import { field, idField, parseMajorAmount } from '@/lib/dashboard/catalog';
// Products and prices from the dashboard: each action checks the request (same origin) and the
// session first (dashboardAction), then calls the same domain functions as /v1/products and
// /v1/prices with the session's scope (this merchant, this mode).
import { dashboardAction } from '@/lib/dashboard/context';
import { createPrice, createPriceInput, currencyInput, updatePrice } from '@/lib/domain/prices';
import { createProduct, createProductInput, updateProduct } from '@/lib/domain/products';
import { tc } from '@/lib/i18n/catalog';
import { formatAmount } from '@/lib/i18n/format';
import { CURRENCY_BOUNDS } from '@/lib/money';

export async function createProductAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('catalog.write');
  const t = tc(ctx.locale);
  const description = field(form, 'description').trim();
  const parsed = createProductInput.safeParse({ name: field(form, 'name').trim(), ...(description ? { description } : {}) });
  if (!parsed.success) return finish(ctx, '/dashboard/products', { kind: 'error', message: parsed.error.issues.map((i) => i.message).join(' ') });
  let product;
  try {
    product = await createProduct(ctx.db, ctx.scope, parsed.data);
  } catch (err) {
    return refused(ctx, '/dashboard/products', err);
  }
  return finish(ctx, `/dashboard/products/${product.id}`, { kind: 'notice', message: t('productCreated', { name: product.name }) });
}

export async function setProductActiveAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('catalog.write');
  const id = idField(form, 'productId', 'prod');
  const back = field(form, 'back') === 'detail' ? `/dashboard/products/${id}` : '/dashboard/products';
  try {
    await updateProduct(ctx.db, ctx.scope, id, { active: field(form, 'active') === 'true' });
  } catch (err) {
    return refused(ctx, back, err);
  }
  return finish(ctx, back, { kind: 'notice', message: tc(ctx.locale)('productUpdated') });
}

export async function createPriceAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('catalog.write');
  const t = tc(ctx.locale);
  const productId = idField(form, 'productId', 'prod');
  const back = `/dashboard/products/${productId}`;
  const currency = currencyInput.safeParse(field(form, 'currency'));
  if (!currency.success) return finish(ctx, back, { kind: 'error', message: currency.error.issues[0]!.message });
  const c = currency.data;
  const amount = parseMajorAmount(field(form, 'amount'), c);
  if (!amount.ok) {
    const message =
      amount.reason === 'format'
        ? t('amountFormat')
        : amount.reason === 'precision'
          ? amount.places === 0
            ? t('amountPrecisionNone', { currency: c })
            : t('amountPrecision', { currency: c, places: amount.places })
          : amount.reason === 'too_small'
            ? t('amountTooSmall', { min: formatAmount(amount.min, c, ctx.locale) })
            : t('amountTooLarge', { max: formatAmount(amount.max, c, ctx.locale) });
    return finish(ctx, back, { kind: 'error', message });
  }
  try {
    // The domain checks the bounds again (the same rule as POST /v1/prices).
    await createPrice(ctx.db, ctx.scope, createPriceInput.parse({ productId, currency: c, unitAmount: amount.minor }));
  } catch (err) {
    return refused(ctx, back, err, (e) =>
      e.code === 'amount_too_small'
        ? t('amountTooSmall', { min: formatAmount(CURRENCY_BOUNDS[c].min, c, ctx.locale) })
        : e.code === 'amount_too_large'
          ? t('amountTooLarge', { max: formatAmount(CURRENCY_BOUNDS[c].max, c, ctx.locale) })
          : undefined,
    );
  }
  return finish(ctx, back, { kind: 'notice', message: t('priceCreated') });
}

export async function setPriceActiveAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('catalog.write');
  const productId = idField(form, 'productId', 'prod');
  const priceId = idField(form, 'priceId', 'price');
  const back = `/dashboard/products/${productId}`;
  try {
    await updatePrice(ctx.db, ctx.scope, priceId, { active: field(form, 'active') === 'true' });
  } catch (err) {
    return refused(ctx, back, err);
  }
  return finish(ctx, back, { kind: 'notice', message: tc(ctx.locale)('priceUpdated') });
}
