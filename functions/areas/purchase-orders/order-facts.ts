import type {
  PurchaseOrderFacts,
  PurchaseOrderInput,
} from '../../../domain/purchase-orders/purchase-order.js';
import { rawItem, readBatch } from '../../platform/dynamo/read-batch.js';
import { warehouseKey, warehouses } from '../inventory/public.js';
import { productKey, products, readDeactivations } from '../products/public.js';
import { supplierKey, supplierLocationKey, suppliers } from '../suppliers/public.js';

/**
 * Everything a new order references (supplier, its ship-to location, warehouse, products), after the
 * product deactivation count (read first), in one consistent batch read. Absent ids are simply missing:
 * the domain says 422.
 */
export async function loadPurchaseOrderFacts(
  orgId: string,
  input: PurchaseOrderInput,
): Promise<{
  facts: PurchaseOrderFacts;
  deactivations: number;
}> {
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  // Read first: the products below are then read active under this count or a later one.
  const deactivations = await readDeactivations(orgId);
  const b = readBatch();
  const supplierRead = b.get(suppliers, supplierKey(orgId, input.supplierId));
  const warehouseRead = input.warehouseId ? b.get(warehouses, warehouseKey(orgId, input.warehouseId)) : null;
  // A location key under the supplier's partition exists only for that supplier's own locations.
  const locationRead = input.shipToLocationId
    ? b.get(rawItem, supplierLocationKey(orgId, input.supplierId, input.shipToLocationId))
    : null;
  const productReads = productIds.map((id) => [id, b.get(products, productKey(orgId, id))] as const);
  await b.run();
  const supplier = supplierRead.value ?? undefined;
  const warehouse = warehouseRead?.value;
  const productFacts: PurchaseOrderFacts['products'] = new Map();
  for (const [id, { value: p }] of productReads) {
    if (!p) continue;
    productFacts.set(id, { sku: p.sku, name: p.name, isActive: p.isActive });
  }
  return {
    // The products were read active after this count was; create checks it unchanged in its write.
    deactivations,
    facts: {
      supplier: supplier && {
        id: supplier.id,
        code: supplier.code,
        name: supplier.name,
        isActive: supplier.isActive,
        currency: supplier.currency,
      },
      warehouse: warehouse ? { isActive: warehouse.isActive } : undefined,
      shipToLocation:
        locationRead?.value && input.shipToLocationId ? { id: input.shipToLocationId } : undefined,
      products: productFacts,
    },
  };
}
