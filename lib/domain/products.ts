// Products: what a merchant sells. Created and updated here; each change records its event.
import { z } from 'zod';
import type { Db, Row } from '../db/client';
import { createId, nowSeconds } from '../ids';
import { type Companion, getOwnedRow, mergeMetadata, metadataInput, metadataPatch, requiredText, type Scope, shortText } from './common';
import { insertWithEvent, recordEvent } from './events';
import { booleanParam, listObjects, listQuery } from './list';

export const createProductInput = z.strictObject({
  name: requiredText('name', 250),
  description: shortText('description', 1000).optional(),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
  metadata: metadataInput.default({}),
});
export type CreateProductInput = z.output<typeof createProductInput>;

export const updateProductInput = z.strictObject({
  name: requiredText('name', 250).optional(),
  description: shortText('description', 1000).nullable().optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  metadata: metadataPatch.optional(),
});
export type UpdateProductInput = z.output<typeof updateProductInput>;

export const listProductsQuery = listQuery({ active: booleanParam.optional() });

export interface Product {
  id: string;
  object: 'product';
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
  livemode: boolean;
  createdAt: number;
}

export function toProduct(r: Row): Product {
  return {
    id: r.id as string,
    object: 'product',
    name: r.name as string,
    description: (r.description as string | null) ?? null,
    active: r.active as boolean,
    metadata: r.metadata as Record<string, string>,
    livemode: r.livemode as boolean,
    createdAt: r.created_at as number,
  };
}

export async function createProduct(db: Db, scope: Scope, input: CreateProductInput, companion?: Companion): Promise<Product> {
  const now = nowSeconds();
  const id = createId('prod');
  const product = toProduct({
    id,
    name: input.name,
    description: input.description ?? null,
    active: input.active,
    metadata: input.metadata,
    livemode: scope.livemode,
    created_at: now,
  });
  // One statement: the product, its product.created event and the event's webhook deliveries.
  await insertWithEvent(
    db,
    scope,
    {
      sql: `insert into products (id, merchant_id, livemode, name, description, active, metadata, created_at, updated_at)
            values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      params: [id, scope.merchantId, scope.livemode, input.name, input.description ?? null, input.active, JSON.stringify(input.metadata), now],
    },
    'product.created',
    product,
    now,
    companion,
  );
  return product;
}

/** Loads a product of this merchant and mode, for update. `param` makes a miss a 400 naming it. */
export function getProductRow(db: Db, scope: Scope, id: string, opts: { param?: string; forUpdate?: boolean } = {}): Promise<Row> {
  return getOwnedRow(db, 'products', 'product', scope, id, { param: opts.param, lock: opts.forUpdate ? 'update' : undefined });
}

export async function retrieveProduct(db: Db, scope: Scope, id: string): Promise<Product> {
  return toProduct(await getProductRow(db, scope, id));
}

export async function updateProduct(db: Db, scope: Scope, id: string, input: UpdateProductInput): Promise<Product> {
  return db.transaction(async (tx) => {
    const cur = toProduct(await getProductRow(tx, scope, id, { forUpdate: true }));
    const next = {
      name: input.name ?? cur.name,
      description: input.description === undefined ? cur.description : input.description,
      active: input.active ?? cur.active,
      metadata: mergeMetadata(cur.metadata, input.metadata),
    };
    const rows = await tx.query(`update products set name = $2, description = $3, active = $4, metadata = $5, updated_at = $6 where id = $1 returning *`, [
      id,
      next.name,
      next.description,
      next.active,
      JSON.stringify(next.metadata),
      nowSeconds(),
    ]);
    const product = toProduct(rows[0]!);
    if (Object.keys(input).length > 0) await recordEvent(tx, scope, 'product.updated', product);
    return product;
  });
}

export async function listProducts(db: Db, scope: Scope, query: z.output<typeof listProductsQuery>) {
  return listObjects({ db, merchant: scope, table: 'products', url: '/v1/products', query, filters: { active: query.active }, map: toProduct });
}
