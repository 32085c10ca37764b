// Prices: the cost of one product in one currency. Amount and currency never change after
// creation; to change a price, create a new one and deactivate the old.
import { z } from 'zod';
import type { Db, Row } from '../db/client';
import { invalid, notFound } from '../errors';
import { createId, nowSeconds } from '../ids';
import { assertAmountInBounds, boundsFor, CURRENCIES, type Currency } from '../money';
import { type Companion, getOwnedRow, idParam, mergeMetadata, metadataInput, metadataPatch, type Scope } from './common';
import { insertWithEvent, recordEvent } from './events';
import { booleanParam, listObjects, listQuery } from './list';
import { getProductRow } from './products';

export const currencyInput = z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(', ')} (upper-case)` });
export const amountInput = (name: string) =>
  z
    .number({ error: `${name} must be an integer in minor units` })
    .int(`${name} must be an integer in minor units`)
    .positive(`${name} must be a positive integer in minor units`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large`);

export const createPriceInput = z.strictObject({
  productId: idParam('productId'),
  currency: currencyInput,
  unitAmount: amountInput('unitAmount'),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
  metadata: metadataInput.default({}),
});
export type CreatePriceInput = z.output<typeof createPriceInput>;

const fixed = (name: string) =>
  z.never({ error: `${name} cannot be changed: a price's product, amount and currency are fixed. Create a new price and deactivate this one.` }).optional();

export const updatePriceInput = z.strictObject({
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  metadata: metadataPatch.optional(),
  unitAmount: fixed('unitAmount'),
  currency: fixed('currency'),
  productId: fixed('productId'),
});
export type UpdatePriceInput = z.output<typeof updatePriceInput>;

export const listPricesQuery = listQuery({ productId: z.string().max(100).optional(), active: booleanParam.optional() });

export interface Price {
  id: string;
  object: 'price';
  productId: string;
  currency: Currency;
  unitAmount: number;
  active: boolean;
  metadata: Record<string, string>;
  livemode: boolean;
  createdAt: number;
}

export function toPrice(r: Row): Price {
  return {
    id: r.id as string,
    object: 'price',
    productId: r.product_id as string,
    currency: r.currency as Currency,
    unitAmount: r.unit_amount as number,
    active: r.active as boolean,
    metadata: r.metadata as Record<string, string>,
    livemode: r.livemode as boolean,
    createdAt: r.created_at as number,
  };
}

export async function createPrice(db: Db, scope: Scope, input: CreatePriceInput, companion?: Companion): Promise<Price> {
  assertAmountInBounds(input.unitAmount, input.currency, boundsFor(input.currency), 'unitAmount');
  const now = nowSeconds();
  const id = createId('price');
  const price = toPrice({
    id,
    product_id: input.productId,
    currency: input.currency,
    unit_amount: input.unitAmount,
    active: input.active,
    metadata: input.metadata,
    livemode: scope.livemode,
    created_at: now,
  });
  // One statement: the price (only if the product is this merchant's, in this mode), its
  // price.created event and the event's webhook deliveries.
  const inserted = await insertWithEvent(
    db,
    scope,
    {
      sql: `insert into prices (id, merchant_id, livemode, product_id, currency, unit_amount, active, metadata, created_at, updated_at)
            select $1, $2, $3, p.id, $5, $6, $7, $8, $9, $9 from products p where p.id = $4 and p.merchant_id = $2 and p.livemode = $3`,
      params: [id, scope.merchantId, scope.livemode, input.productId, input.currency, input.unitAmount, input.active, JSON.stringify(input.metadata), now],
    },
    'price.created',
    price,
    now,
    companion,
  );
  if (inserted === 0) throw notFound('product', input.productId, 'productId');
  return price;
}

export function getPriceRow(db: Db, scope: Scope, id: string, opts: { param?: string; forUpdate?: boolean } = {}): Promise<Row> {
  return getOwnedRow(db, 'prices', 'price', scope, id, { param: opts.param, lock: opts.forUpdate ? 'update' : undefined });
}

export async function retrievePrice(db: Db, scope: Scope, id: string): Promise<Price> {
  return toPrice(await getPriceRow(db, scope, id));
}

export async function updatePrice(db: Db, scope: Scope, id: string, input: UpdatePriceInput): Promise<Price> {
  return db.transaction(async (tx) => {
    const cur = toPrice(await getPriceRow(tx, scope, id, { forUpdate: true }));
    const rows = await tx.query(`update prices set active = $2, metadata = $3, updated_at = $4 where id = $1 returning *`, [
      id,
      input.active ?? cur.active,
      JSON.stringify(mergeMetadata(cur.metadata, input.metadata)),
      nowSeconds(),
    ]);
    const price = toPrice(rows[0]!);
    if (Object.keys(input).length > 0) await recordEvent(tx, scope, 'price.updated', price);
    return price;
  });
}

export async function listPrices(db: Db, scope: Scope, query: z.output<typeof listPricesQuery>) {
  return listObjects({
    db,
    merchant: scope,
    table: 'prices',
    url: '/v1/prices',
    query,
    filters: { product_id: query.productId, active: query.active },
    map: toPrice,
  });
}

/** A price a buyer can pay: active, and its product active. */
export async function getPayablePrice(db: Db, scope: Scope, id: string, param: string): Promise<Price> {
  const price = toPrice(await getPriceRow(db, scope, id, { param }));
  if (!price.active) throw invalid('parameter_invalid', `The price ${id} is not active; activate it or use an active price.`, param);
  const product = await getProductRow(db, scope, price.productId);
  if (!product.active) throw invalid('parameter_invalid', `The product ${price.productId} of price ${id} is not active.`, param);
  return price;
}
