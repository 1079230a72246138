/**
 * Lots that are not allocatable (QUARANTINED, EXPIRED, RECALLED, CONSUMED) are skipped by FEFO
 * reservation and refused by picking, whether the pick names the lot or finds it reserved.
 */
import { describe, expect, it } from 'vitest';
import { BATCH_STATUSES, isAllocatable } from '../../../domain/inventory/batch.js';
import type { StockLevels } from '../../../domain/inventory/stock.js';
import { planReservations } from '../../../domain/sales-orders/confirm.js';
import { decidePick } from '../../../domain/sales-orders/fulfilment.js';
import { newSalesOrder, type SalesOrder } from '../../../domain/sales-orders/order.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { customerFacts } from '../../support/customer-facts.js';

let n = 0;
const order = (quantity: number): SalesOrder =>
  newSalesOrder(
    { customerId: 'c', warehouseId: 'w', lines: [{ productId: 'p1', quantity, unitPrice: 1 }] },
    {
      customer: customerFacts({ id: 'c', code: 'C', name: 'C' }),
      warehouse: { isActive: true },
      products: new Map([
        ['p1', { sku: 'FLOUR', name: 'Flour', isActive: true, productType: 'STOCKED' as const }],
      ]),
    },
    { id: 'so', sequence: 1, now: 't0', newId: () => `l${++n}` },
  );
const stock: StockLevels = {
  'w||OLD': { warehouseId: 'w', binId: null, batchId: 'OLD', onHand: 5, reserved: 0, updatedAt: 't' },
  'w||NEW': { warehouseId: 'w', binId: null, batchId: 'NEW', onHand: 5, reserved: 0, updatedAt: 't' },
};
const lots = (oldStatus: string) =>
  new Map([
    ['OLD', { batchNumber: 'LOT-OLD', productId: 'p1', status: oldStatus, expiryDate: '2026-01-01' }],
    ['NEW', { batchNumber: 'LOT-NEW', productId: 'p1', status: 'ACTIVE', expiryDate: '2027-01-01' }],
  ]);

describe('non-allocatable lots', () => {
  const blocked = BATCH_STATUSES.filter((s) => !isAllocatable(s));

  it.each(blocked)('FEFO reservation skips a %s lot even when it expires first', (status) => {
    const reservations = planReservations(order(4), {
      stock: new Map([['p1', stock]]),
      batches: lots(status),
    });
    expect(reservations.map((r) => [r.batchId, r.quantity])).toEqual([['NEW', 4]]);
    const error = catchApiError(() =>
      planReservations(order(6), { stock: new Map([['p1', stock]]), batches: lots(status) }),
    );
    expect(error.message).toContain('available 5, required 6');
  });

  it.each(blocked)('a pick naming a %s lot is 422', (status) => {
    const confirmed = {
      ...order(2),
      status: 'CONFIRMED' as const,
      reservations: planReservations(order(2), { stock: new Map([['p1', stock]]), batches: lots('ACTIVE') }),
    };
    const lineId = confirmed.lines[0]!.id;
    const reservations = confirmed.reservations.map((r) => ({ ...r, lineId }));
    const error = catchApiError(() =>
      decidePick(
        { ...confirmed, reservations },
        [{ soLineId: lineId, quantity: 2, batchId: 'OLD' }],
        { stock: new Map([['p1', stock]]), batches: lots(status) },
        't1',
      ),
    );
    expect([error.status, error.message]).toEqual([
      422,
      `Lot LOT-OLD is ${status}; only ACTIVE lots can be picked`,
    ]);
  });

  it('a default (FEFO) pick of a reservation whose lot was quarantined since is 422; naming an ACTIVE lot picks', () => {
    const base = order(2);
    const lineId = base.lines[0]!.id;
    const confirmed: SalesOrder = {
      ...base,
      status: 'CONFIRMED',
      reservations: planReservations(base, { stock: new Map([['p1', stock]]), batches: lots('ACTIVE') }),
    };
    expect(confirmed.reservations.map((r) => r.batchId)).toEqual(['OLD']);
    const facts = { stock: new Map([['p1', stock]]), batches: lots('QUARANTINED') };
    const error = catchApiError(() => decidePick(confirmed, undefined, facts, 't1'));
    expect(error.message).toBe(
      'Lot LOT-OLD reserved for line 1 (FLOUR) is QUARANTINED; pick the line from an ACTIVE lot (batchId)',
    );
    const { deltas } = decidePick(
      confirmed,
      [{ soLineId: lineId, quantity: 2, batchId: 'NEW' }],
      facts,
      't1',
    );
    expect(deltas).toEqual([
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'OLD', onHandDelta: 0, reservedDelta: -2 },
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'NEW', onHandDelta: -2, reservedDelta: 0 },
    ]);
  });
});
