import { describe, expect, it } from 'vitest';
import { decideConfirm } from '../../../domain/sales-orders/confirm.js';
import { decideDispatch } from '../../../domain/sales-orders/dispatch.js';
import { decideCancel, decidePack, decidePick } from '../../../domain/sales-orders/fulfilment.js';
import { newSalesOrder, type SalesOrder } from '../../../domain/sales-orders/order.js';
import type { StockLevels } from '../../../domain/inventory/stock.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { customerFacts } from '../../support/customer-facts.js';

let n = 0;
const products = new Map([
  ['p1', { sku: 'FLOUR', name: 'Flour', isActive: true, productType: 'STOCKED' as const }],
  ['svc', { sku: 'DEL', name: 'Delivery', isActive: true, productType: 'NON_STOCKED' as const }],
]);
const draft = (lines: { productId: string; quantity: number }[]) =>
  newSalesOrder(
    { customerId: 'c', warehouseId: 'w', lines: lines.map((l) => ({ ...l, unitPrice: 1 })) },
    {
      customer: customerFacts({ id: 'c', code: 'C', name: 'C' }),
      warehouse: { isActive: true },
      products,
    },
    { id: 'so', sequence: 1, now: 't0', newId: () => `l${++n}` },
  );
const stock: StockLevels = {
  'w||A': { warehouseId: 'w', binId: null, batchId: 'A', onHand: 5, reserved: 0, updatedAt: 't' },
  'w||B': { warehouseId: 'w', binId: null, batchId: 'B', onHand: 10, reserved: 0, updatedAt: 't' },
};
const batches = new Map([
  ['A', { batchNumber: 'LOT-A', productId: 'p1', status: 'ACTIVE', expiryDate: '2026-12-01' }],
  ['B', { batchNumber: 'LOT-B', productId: 'p1', status: 'ACTIVE', expiryDate: '2027-01-01' }],
]);

function confirmed(lines: { productId: string; quantity: number }[]): SalesOrder {
  const order = draft(lines);
  const { reservations } = decideConfirm(
    order,
    {
      customer: { name: 'C', creditHold: false, creditLimit: null },
      outstandingBalance: 0,
      creditLimitMode: 'WARN',
      stock: new Map([['p1', stock]]),
      batches,
    },
    '2024-01-01T00:00:00.000Z',
  );
  return { ...order, status: 'CONFIRMED', reservations };
}
const facts = { stock: new Map([['p1', stock]]), batches };

describe('pick', () => {
  it('by default picks every reserved balance where it is reserved: out of on hand and reserved', () => {
    const { order, deltas } = decidePick(
      confirmed([
        { productId: 'p1', quantity: 7 },
        { productId: 'svc', quantity: 1 },
      ]),
      undefined,
      facts,
      't1',
    );
    expect(deltas).toEqual([
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'A', onHandDelta: -5, reservedDelta: -5 },
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'B', onHandDelta: -2, reservedDelta: -2 },
    ]);
    expect(order.status).toBe('PICKING');
    expect(order.lines.map((l) => l.pickedQty)).toEqual([7, 1]);
    expect(order.reservations).toEqual([]);
    expect(order.picks.map((p) => [p.batchNumber, p.quantity])).toEqual([
      ['LOT-A', 5],
      ['LOT-B', 2],
    ]);
  });

  it('a named lot is picked from that lot while the line reservation is released FEFO', () => {
    const o = confirmed([{ productId: 'p1', quantity: 4 }]);
    const { order, deltas } = decidePick(
      o,
      [{ soLineId: o.lines[0]!.id, quantity: 3, batchId: 'B' }],
      facts,
      't1',
    );
    expect(deltas).toEqual([
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'A', onHandDelta: 0, reservedDelta: -3 },
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'B', onHandDelta: -3, reservedDelta: 0 },
    ]);
    expect(order.lines[0]!.pickedQty).toBe(3);
    expect(order.reservations.map((r) => [r.batchId, r.quantity])).toEqual([['A', 1]]);
  });

  it('a MANUAL-allocation product is never picked FEFO: the lot must be named', () => {
    const o = confirmed([{ productId: 'p1', quantity: 2 }]);
    const manual = { ...facts, manualAllocation: new Set(['p1']) };
    expect(catchApiError(() => decidePick(o, undefined, manual, 't')).message).toBe(
      'Line 1 (FLOUR) is allocated MANUAL: name the lot to pick (batchId)',
    );
    const named = decidePick(o, [{ soLineId: o.lines[0]!.id, quantity: 2, batchId: 'B' }], manual, 't');
    expect(named.order.picks.map((p) => [p.batchId, p.quantity])).toEqual([['B', 2]]);
  });

  it('refuses more than the unpicked balance and lines of other orders', () => {
    const o = confirmed([{ productId: 'p1', quantity: 2 }]);
    expect(
      catchApiError(() => decidePick(o, [{ soLineId: o.lines[0]!.id, quantity: 3 }], facts, 't')).message,
    ).toContain('has 2 left to pick');
    expect(catchApiError(() => decidePick(o, [{ soLineId: 'other', quantity: 1 }], facts, 't')).code).toBe(
      'invalid_reference',
    );
  });
});

describe('pack and dispatch', () => {
  const picked = () =>
    decidePick(
      confirmed([
        { productId: 'p1', quantity: 7 },
        { productId: 'svc', quantity: 1 },
      ]),
      undefined,
      facts,
      't1',
    ).order;

  it('pack packs everything picked', () => {
    const packed = decidePack(picked(), 't2');
    expect(packed.status).toBe('PACKED');
    expect(packed.lines.map((l) => l.packedQty)).toEqual([7, 1]);
  });

  it('a partial dispatch clamps to the packed balance, stamps shippedDate once, ships service lines whole', () => {
    const packed = decidePack(picked(), 't2');
    const first = decideDispatch(
      packed,
      {
        lines: [
          { soLineId: packed.lines[0]!.id, quantity: 3 },
          { soLineId: packed.lines[1]!.id, quantity: 0 },
        ],
      },
      't3',
    );
    expect(first.order.status).toBe('PARTIALLY_DISPATCHED');
    expect(first.order.lines.map((l) => l.dispatchedQty)).toEqual([3, 1]);
    expect(first.order.shippedDate).toBe('t3');
    const second = decideDispatch(
      { ...first.order, status: 'PARTIALLY_DISPATCHED' },
      { lines: [{ soLineId: packed.lines[0]!.id, quantity: 999 }] },
      't4',
    );
    expect(second.order.status).toBe('DISPATCHED');
    expect(second.order.lines[0]!.dispatchedQty).toBe(7);
    expect(second.order.shippedDate).toBe('t3');
  });

  it('negative quantities count as 0; nothing dispatchable is 422; a foreign line is invalid_reference', () => {
    const packed = decidePack(picked(), 't2');
    const shipped = decideDispatch(packed, {}, 't3').order;
    expect(catchApiError(() => decideDispatch(shipped, {}, 't4')).code).toBe('unprocessable');
    expect(
      catchApiError(() => decideDispatch(packed, { lines: [{ soLineId: 'x', quantity: 1 }] }, 't')).code,
    ).toBe('invalid_reference');
    const onlyService = decideDispatch(
      packed,
      { lines: [{ soLineId: packed.lines[0]!.id, quantity: -5 }] },
      't',
    );
    expect(onlyService.dispatched.map((d) => d.quantity)).toEqual([1]);
  });
});

describe('cancel', () => {
  it('returns picked stock to its lots and releases what is still reserved', () => {
    const o = confirmed([{ productId: 'p1', quantity: 7 }]);
    const partly = decidePick(o, [{ soLineId: o.lines[0]!.id, quantity: 2 }], facts, 't1').order;
    const { order, deltas } = decideCancel(partly, 'customer changed mind', 't2');
    expect(deltas).toEqual([
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'A', onHandDelta: 0, reservedDelta: -3 },
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'B', onHandDelta: 0, reservedDelta: -2 },
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'A', onHandDelta: 2, reservedDelta: 0 },
    ]);
    expect(order).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'customer changed mind',
      cancelledAt: 't2',
      reservations: [],
      picks: [],
    });
    expect(order.lines[0]!.pickedQty).toBe(0);
  });

  it('refuses once units were shipped', () => {
    const o = confirmed([{ productId: 'p1', quantity: 1 }]);
    const shipped = { ...o, lines: o.lines.map((l) => ({ ...l, dispatchedQty: 1 })) };
    expect(catchApiError(() => decideCancel(shipped, null, 't')).message).toContain('shipped units');
  });
});
