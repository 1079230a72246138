/** Goods receipts in the bench: a 10-line receipt over batch-tracked products, each line minting a lot. */
import { createId } from '@paralleldrive/cuid2';
import { createWarehouse } from '../functions/areas/inventory/steps/warehouses.js';
import { send } from './api.js';
import type { BenchTenant } from './seed.js';

export interface OrderToReceive {
  id: string;
  lines: { id: string; productId: string; quantity: number }[];
}

/**
 * `count` APPROVED 10-line orders over 10 batch-tracked products, and the warehouse they are received
 * into. Each receipt completes its order (a received order cannot be received again).
 */
export async function approvedOrdersToReceive(tenant: BenchTenant, supplierId: string, count: number) {
  const warehouse = await createWarehouse({ orgId: tenant.orgId, code: 'BENCH-GR', name: 'Bench receiving' });
  const productIds: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const product = await send<{ id: string }>(
      {
        method: 'POST',
        path: '/products',
        key: tenant.key,
        body: { sku: `LOT-${i}-${createId()}`, name: `Lotted ${i} ${createId()}`, isBatchTracked: true },
      },
      201,
    );
    productIds.push(product.id);
  }
  const orders: OrderToReceive[] = [];
  for (let i = 0; i < count; i += 1) {
    const order = await send<OrderToReceive>(
      {
        method: 'POST',
        path: '/purchase-orders',
        key: tenant.key,
        body: {
          supplierId,
          lines: productIds.map((productId) => ({ productId, quantity: 6, unitPrice: 2.4 })),
        },
      },
      201,
    );
    for (const action of ['submit', 'approve'])
      await send({ method: 'POST', path: `/purchase-orders/${order.id}/${action}`, key: tenant.key });
    orders.push(order);
  }
  return { warehouseId: warehouse.id, orders };
}

/** The receipt of a whole order, each line into a new lot. */
export const tenLineReceipt = (warehouseId: string, order: OrderToReceive) => ({
  warehouseId,
  lines: order.lines.map((l) => ({
    poLineId: l.id,
    productId: l.productId,
    quantity: l.quantity,
    batchNumber: `GR-LOT-${createId()}`,
    expiryDate: '2031-01-01T00:00:00.000Z',
  })),
});
