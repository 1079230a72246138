import { type ProductRecord, type ProductSupplierLink } from './store/products.js';
import { rawItem, readBatch } from '../../platform/dynamo/read-batch.js';
import { productPorts } from './ports.js';

/** The product detail's `suppliers`: each link with the supplier's code and name, preferred first, then cheapest. */
export async function productSuppliersView(
  orgId: string,
  record: ProductRecord,
  links: ProductSupplierLink[],
) {
  // Asked per link, so a product without suppliers needs no port.
  const supplierKey = (supplierId: string) => productPorts().supplierKey(orgId, supplierId);
  const suppliers = readBatch();
  for (const link of links) suppliers.get(rawItem, supplierKey(link.supplierId));
  await suppliers.run();
  return links
    .map((link) => {
      const supplier = suppliers.item(supplierKey(link.supplierId));
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
