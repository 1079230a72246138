import type { OrderFacts, SalesOrderInput } from '../../../domain/sales-orders/order.js';
import { batchGet, keyId } from '../../platform/dynamo/batch-get.js';
import { keys, type Key } from '../../platform/dynamo/keys.js';
import { sequenceKey, sequenceValue } from '../../platform/dynamo/sequence.js';
import { customerFromItem } from '../customers/store/customers.js';
import { salesReps } from '../customers/store/sales-reference.js';
import { warehouseFromItem } from '../inventory/store/warehouses.js';
import { productFromItem, readDeactivations } from '../products/store/products.js';

export const SALES_ORDER_SEQUENCE = 'SALES_ORDER';

/**
 * Everything a new order references (customer with its addresses, warehouse, rep, products) and the order
 * sequence (after the product deactivation count, read first), in one consistent batch read. Absent ids
 * are simply missing: the domain says 422.
 */
export async function loadOrderFacts(
  orgId: string,
  input: SalesOrderInput,
): Promise<{ facts: OrderFacts; lastNumber: number; deactivations: number }> {
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  const sequence = sequenceKey(orgId, SALES_ORDER_SEQUENCE);
  const customerKey = keys.customer(orgId, input.customerId);
  const warehouseKey = input.warehouseId ? keys.warehouse(orgId, input.warehouseId) : null;
  // Read first: the products below are then read active under this count or a later one.
  const deactivations = await readDeactivations(orgId);
  const found = await batchGet([
    sequence,
    customerKey,
    ...(warehouseKey ? [warehouseKey] : []),
    ...productIds.map((id) => keys.product(orgId, id)),
  ]);
  const get = (key: Key | null) => (key ? found.get(keyId(key)) : undefined);
  const customerItem = get(customerKey);
  const customer = customerItem ? customerFromItem(customerItem).state : undefined;
  const repId = input.assignedToId ?? null;
  const rep = repId ? await salesReps.getByKey(salesReps.key(orgId, repId)) : null;
  const warehouse = get(warehouseKey);
  const products: OrderFacts['products'] = new Map();
  for (const id of productIds) {
    const item = get(keys.product(orgId, id));
    if (!item) continue;
    const p = productFromItem(item);
    products.set(id, { sku: p.sku, name: p.name, isActive: p.isActive, productType: p.productType });
  }
  return {
    lastNumber: sequenceValue(get(sequence)),
    // The products were read active after this count was; create checks it unchanged in its write.
    deactivations,
    facts: {
      customer: customer && {
        id: customer.id,
        code: customer.code,
        name: customer.name,
        isActive: customer.isActive,
        currency: customer.currency,
        discountPct: customer.discountPct,
        taxExempt: customer.taxExempt,
        salesRepId: customer.salesRepId,
        addresses: customer.addresses,
      },
      warehouse: warehouse ? { isActive: warehouseFromItem(warehouse).isActive } : undefined,
      assignedTo: rep ? { isActive: rep.isActive } : undefined,
      products,
    },
  };
}
