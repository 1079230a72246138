import { type ProductRecord, type ProductSupplierLink } from './store/products.js';
import { rawItem, readBatch } from '../../platform/dynamo/read-batch.js';
import { priceRowPreference, supplierKey } from '../suppliers/public.js';
import type { TransactItem } from '../../platform/dynamo/transact.js';

/**
 * Product rule 6: changing preferredSupplierId moves the isPreferred flag on the supplier price-list rows
 * (the old preferred supplier's row loses it, the new one's gains it), in the product's own transaction.
 */
export function preferenceItems(
  orgId: string,
  previous: ProductRecord,
  next: ProductRecord,
  links: ProductSupplierLink[],
): TransactItem[] {
  if (previous.preferredSupplierId === next.preferredSupplierId) return [];
  return links.flatMap((link) =>
    link.supplierId === previous.preferredSupplierId
      ? [priceRowPreference(orgId, link.supplierId, next.id, false)]
      : link.supplierId === next.preferredSupplierId
        ? [priceRowPreference(orgId, link.supplierId, next.id, true)]
        : [],
  );
}

/** The product detail's `suppliers`: each link with the supplier's code and name, preferred first, then cheapest. */
export async function productSuppliersView(
  orgId: string,
  record: ProductRecord,
  links: ProductSupplierLink[],
) {
  const suppliers = readBatch();
  for (const link of links) suppliers.get(rawItem, supplierKey(orgId, link.supplierId));
  await suppliers.run();
  return links
    .map((link) => {
      const supplier = suppliers.item(supplierKey(orgId, link.supplierId));
      return {
        supplierId: link.supplierId,
        supplierCode: (supplier?.code as string | undefined) ?? null,
        supplierName: (supplier?.name as string | undefined) ?? null,
        supplierSku: link.supplierSku,
        supplierPrice: link.supplierPrice,
        leadTimeDays: link.leadTimeDays,
        minOrderQty: link.minOrderQty,
        isPreferred: link.supplierId === record.preferredSupplierId,
      };
    })
    .sort(
      (a, b) =>
        Number(b.isPreferred) - Number(a.isPreferred) ||
        a.supplierPrice - b.supplierPrice ||
        (a.supplierId < b.supplierId ? -1 : 1),
    );
}
