import type { StockLevels } from '../../domain/inventory/stock.js';
import { decideConfirm } from '../../domain/sales-orders/confirm.js';
import { newSalesOrder, type SalesOrder } from '../../domain/sales-orders/order.js';
import { customerFacts } from './customer-facts.js';

let n = 0;
const products = new Map([
  ['p1', { sku: 'FLOUR', name: 'Flour', isActive: true, productType: 'STOCKED' as const }],
  ['p2', { sku: 'SUGAR', name: 'Sugar', isActive: true, productType: 'STOCKED' as const }],
  ['svc', { sku: 'DEL', name: 'Delivery', isActive: true, productType: 'NON_STOCKED' as const }],
]);

const p1Stock: StockLevels = {
  'w||A': { warehouseId: 'w', binId: null, batchId: 'A', onHand: 5, reserved: 0, updatedAt: 't' },
  'w||B': { warehouseId: 'w', binId: null, batchId: 'B', onHand: 10, reserved: 0, updatedAt: 't' },
};
const p2Stock: StockLevels = {
  'w||': { warehouseId: 'w', binId: null, batchId: null, onHand: 50, reserved: 0, updatedAt: 't' },
};
const batches = new Map([
  ['A', { batchNumber: 'LOT-A', productId: 'p1', status: 'ACTIVE', expiryDate: '2026-12-01' }],
  ['B', { batchNumber: 'LOT-B', productId: 'p1', status: 'ACTIVE', expiryDate: '2027-01-01' }],
]);
const stock = new Map([
  ['p1', p1Stock],
  ['p2', p2Stock],
]);

/** The pick facts a shipment's pick decides on: p1 in lots A (5, earliest expiry) and B (10), p2 unbatched. */
export const pickFacts = { stock, batches };

/** A CONFIRMED order (reserved FEFO) of the given lines: p1 and p2 stocked, svc a service line. */
export function confirmedOrder(lines: { productId: string; quantity: number }[]): SalesOrder {
  const order = newSalesOrder(
    { customerId: 'c', warehouseId: 'w', lines: lines.map((l) => ({ ...l, unitPrice: 2, taxRate: 0.15 })) },
    {
      customer: customerFacts({ id: 'c', code: 'C', name: 'C' }),
      warehouse: { isActive: true },
      products,
    },
    { id: 'so', sequence: 7, now: 't0', newId: () => `l${++n}` },
  );
  const { reservations } = decideConfirm(
    order,
    {
      customer: { name: 'C', creditHold: false, creditLimit: null },
      outstandingBalance: 0,
      creditLimitMode: 'WARN',
      stock,
      batches,
    },
    '2024-01-01T00:00:00.000Z',
  );
  return { ...order, status: 'CONFIRMED', reservations };
}

export const context = (sequence: number, weights = new Map<string, number | null>()) => ({
  id: `sh${sequence}`,
  sequence,
  now: `t${sequence}`,
  weights,
});
