import type {
  PurchaseOrderFacts,
  PurchaseOrderInput,
} from '../../../domain/purchase-orders/purchase-order.js';
import { batchGet, keyId } from '../../platform/dynamo/batch-get.js';
import { keys, type Key } from '../../platform/dynamo/keys.js';
import { sequenceKey, sequenceValue } from '../../platform/dynamo/sequence.js';
import { warehouseFromItem } from '../inventory/store/warehouses.js';
import { productFromItem, readDeactivations } from '../products/store/products.js';
import { supplierFromItem } from '../suppliers/store/suppliers.js';
import { PURCHASE_ORDER_SEQUENCE } from './store/purchase-orders.js';

/**
 * Everything a new order references (supplier, its ship-to location, warehouse, products), the order
 * sequence (after the product deactivation count, read first), in one consistent batch read. Absent ids are simply
 * missing: the domain says 422.
 */
export async function loadPurchaseOrderFacts(
  orgId: string,
  input: PurchaseOrderInput,
): Promise<{
  facts: PurchaseOrderFacts;
  lastNumber: number;
  deactivations: number;
}> {
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  const sequence = sequenceKey(orgId, PURCHASE_ORDER_SEQUENCE);
  const supplierKey = keys.supplier(orgId, input.supplierId);
  const warehouseKey = input.warehouseId ? keys.warehouse(orgId, input.warehouseId) : null;
  // A location key under the supplier's partition exists only for that supplier's own locations.
  const locationKey = input.shipToLocationId
    ? keys.supplierLocation(orgId, input.supplierId, input.shipToLocationId)
    : null;
  // Read first: the products below are then read active under this count or a later one.
  const deactivations = await readDeactivations(orgId);
  const found = await batchGet([
    sequence,
    supplierKey,
    ...(warehouseKey ? [warehouseKey] : []),
    ...(locationKey ? [locationKey] : []),
    ...productIds.map((id) => keys.product(orgId, id)),
  ]);
  const get = (key: Key | null) => (key ? found.get(keyId(key)) : undefined);
  const supplierItem = get(supplierKey);
  const supplier = supplierItem ? supplierFromItem(supplierItem) : undefined;
  const warehouse = get(warehouseKey);
  const products: PurchaseOrderFacts['products'] = new Map();
  for (const id of productIds) {
    const item = get(keys.product(orgId, id));
    if (!item) continue;
    const p = productFromItem(item);
    products.set(id, { sku: p.sku, name: p.name, isActive: p.isActive });
  }
  return {
    lastNumber: sequenceValue(get(sequence)),
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
      warehouse: warehouse ? { isActive: warehouseFromItem(warehouse).isActive } : undefined,
      shipToLocation: get(locationKey) && input.shipToLocationId ? { id: input.shipToLocationId } : undefined,
      products,
    },
  };
}
