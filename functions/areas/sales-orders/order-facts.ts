import type { OrderFacts, SalesOrderInput } from '../../../domain/sales-orders/order.js';
import { readBatch } from '../../platform/dynamo/read-batch.js';
import { customerKey, customers } from '../customers/public.js';
import { salesReps } from '../customers/public.js';
import { warehouseKey, warehouses } from '../inventory/public.js';
import { productKey, products, readDeactivations } from '../products/public.js';

export const SALES_ORDER_SEQUENCE = 'SALES_ORDER';

/**
 * Everything a new order references (customer with its addresses, warehouse, rep, products), after the
 * product deactivation count (read first), in one consistent batch read. Absent ids
 * are simply missing: the domain says 422.
 */
export async function loadOrderFacts(
  orgId: string,
  input: SalesOrderInput,
): Promise<{ facts: OrderFacts; deactivations: number }> {
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  // Read first: the products below are then read active under this count or a later one.
  const deactivations = await readDeactivations(orgId);
  const b = readBatch();
  const customerRead = b.get(customers, customerKey(orgId, input.customerId));
  const warehouseRead = input.warehouseId ? b.get(warehouses, warehouseKey(orgId, input.warehouseId)) : null;
  const productReads = productIds.map((id) => [id, b.get(products, productKey(orgId, id))] as const);
  await b.run();
  const customer = customerRead.value?.state;
  const repId = input.assignedToId ?? null;
  const rep = repId ? await salesReps.getByKey(salesReps.key(orgId, repId)) : null;
  const warehouse = warehouseRead?.value;
  const productFacts: OrderFacts['products'] = new Map();
  for (const [id, { value: p }] of productReads) {
    if (!p) continue;
    productFacts.set(id, { sku: p.sku, name: p.name, isActive: p.isActive, productType: p.productType });
  }
  return {
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
      warehouse: warehouse ? { isActive: warehouse.isActive } : undefined,
      assignedTo: rep ? { isActive: rep.isActive } : undefined,
      products: productFacts,
    },
  };
}
