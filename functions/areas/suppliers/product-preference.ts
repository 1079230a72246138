import type { ProductRecord, ProductSupplierLink } from '../products/public.js';
import type { TransactItem } from '../../platform/dynamo/transact.js';
import { priceRowPreference } from './store/suppliers.js';

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
