/**
 * `supplier set-price` and `PUT /suppliers/{id}/prices/{productId}` (design.md section 7): a merge-patch
 * of the supplier's price-list row for a product, in the names the row shows (`supplierPrice`,
 * `supplierSku`, `leadTimeDays`, `minOrderQty`, `isPreferred`); omitted keys keep their values.
 * `isPreferred` true makes the supplier the product's preferredSupplierId, false on the preferred
 * supplier clears it: a product change (new version, `product.updated`) that moves isPreferred on the
 * rows, all in one transaction (product rule 6).
 */
import { notFound, unprocessable } from '../../../../domain/errors.js';
import { productUpdated } from '../../../../domain/products/events.js';
import type { SupplierPrice } from '../../../../domain/suppliers/price-list.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { transact, type TransactItem } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { requireOrganisation } from '../../organisations/public.js';
import { getProductWithBom, productItem, productKey } from '../../products/public.js';
import { preferenceItems } from '../product-preference.js';
import { getSupplier, supplierLinkPuts } from '../store/suppliers.js';

/** The row's writable terms; undefined keeps the current value. */
export interface SupplierPricePatch {
  supplierPrice?: number;
  supplierSku?: string | null;
  leadTimeDays?: number | null;
  minOrderQty?: number | null;
  isPreferred?: boolean;
}

const TERMS = ['supplierPrice', 'supplierSku', 'leadTimeDays', 'minOrderQty'] as const;

/** The row as the CLI prints it, `id` `<supplierId>:<productId>`; the API answers the refreshed supplier. */
export async function setSupplierPrice(
  input: { orgId: string; supplierId: string; productId: string } & SupplierPricePatch,
  context: WriteContext = backOfficeContext(input.orgId),
) {
  await requireOrganisation(input.orgId);
  const row = await writeOptimistically({
    run: () => applyPrice(input, context),
    onExhausted: () =>
      context.exhausted('The price-list row or its product kept changing while it was saved'),
  });
  return { id: `${input.supplierId}:${input.productId}`, supplierId: input.supplierId, ...row };
}

/** One attempt, conditioned on the row and the product as read: a lost race re-reads and decides again. */
async function applyPrice(
  input: { orgId: string; supplierId: string; productId: string } & SupplierPricePatch,
  context: WriteContext,
): Promise<SupplierPrice> {
  const [supplier, loaded] = await Promise.all([
    getSupplier(input.orgId, input.supplierId),
    getProductWithBom(input.orgId, input.productId),
  ]);
  if (!supplier) throw notFound('Supplier');
  if (!loaded) throw notFound('Product');
  const product = loaded.product;
  const current = loaded.suppliers.find((link) => link.supplierId === supplier.id);
  const supplierPrice = input.supplierPrice ?? current?.supplierPrice;
  if (supplierPrice === undefined) {
    throw unprocessable("A product not yet on the supplier's price list needs a supplierPrice");
  }
  const preferredSupplierId =
    input.isPreferred === true
      ? supplier.id
      : input.isPreferred === false && product.preferredSupplierId === supplier.id
        ? null
        : product.preferredSupplierId;
  const pick = <K extends 'supplierSku' | 'leadTimeDays' | 'minOrderQty'>(key: K) =>
    input[key] !== undefined ? (input[key] ?? null) : (current?.[key] ?? null);
  const row: SupplierPrice = {
    productId: product.id,
    supplierSku: pick('supplierSku'),
    supplierPrice,
    leadTimeDays: pick('leadTimeDays'),
    minOrderQty: pick('minOrderQty'),
    isPreferred: preferredSupplierId === supplier.id,
  };
  const changed = TERMS.filter((key) => row[key] !== (current?.[key] ?? null));
  const preferenceMoves = preferredSupplierId !== product.preferredSupplierId;
  if (current && changed.length === 0 && !preferenceMoves) return row;

  const [rowPut, ...linkPuts] = supplierLinkPuts(input.orgId, supplier.id, row);
  const items: TransactItem[] = [{ Put: { ...rowPut!.Put!, ...rowAsRead(current) } }, ...linkPuts];
  const now = context.now.toISOString();
  if (preferenceMoves) {
    const next = { ...product, preferredSupplierId, version: product.version + 1, updatedAt: now };
    items.push(
      {
        Put: {
          TableName: tableName(),
          Item: productItem(input.orgId, next),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': product.version },
        },
      },
      // This supplier's row is written above with its flag; only the other rows move.
      ...preferenceItems(
        input.orgId,
        product,
        next,
        loaded.suppliers.filter((l) => l.supplierId !== supplier.id),
      ),
    );
  } else {
    // isPreferred was derived from the product as read; a concurrent product change must not slip past it.
    items.push({
      ConditionCheck: {
        TableName: tableName(),
        Key: productKey(input.orgId, product.id),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': product.version },
      },
    });
  }
  items.push(
    ...context.journal.items({
      events: preferenceMoves ? [productUpdated(product.id)] : [],
      audit: [
        ...(changed.length > 0 || !current
          ? [
              {
                resourceType: 'supplier',
                resourceId: supplier.id,
                action: 'set-price',
                changedFields: current ? [...changed] : [...TERMS],
              },
            ]
          : []),
        ...(preferenceMoves
          ? [
              {
                resourceType: 'product',
                resourceId: product.id,
                action: 'set-preferred-supplier',
                changedFields: ['preferredSupplierId'],
              },
            ]
          : []),
      ],
    }),
  );
  await transact(items);
  return row;
}

/**
 * The price-list row's condition: absent when there was none (a racing first price is one), else holding
 * the terms as read (a racing patch of another term is not lost).
 */
function rowAsRead(current: Omit<SupplierPrice, 'productId' | 'isPreferred'> | undefined) {
  if (!current) return { ConditionExpression: 'attribute_not_exists(PK)' };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions = TERMS.map((key, i) => {
    names[`#t${i}`] = key;
    const value = current[key] ?? null;
    values[`:t${i}`] = value;
    // A null term may be stored as NULL or not at all.
    return value === null ? `(attribute_not_exists(#t${i}) OR #t${i} = :t${i})` : `#t${i} = :t${i}`;
  });
  return {
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
