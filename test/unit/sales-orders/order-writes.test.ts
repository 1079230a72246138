import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../domain/errors.js';
import type { StockLevels } from '../../../domain/inventory/stock.js';
import type { StockDelta } from '../../../domain/sales-orders/fulfilment.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import type { LoadedStockFacts } from '../../../functions/areas/inventory/stock-facts.js';
import { emptyStock } from '../../../functions/areas/inventory/store/stock.js';
import {
  orderTransitionItems,
  orderTransitionPut,
} from '../../../functions/areas/sales-orders/store/order-writes.js';

const order = {
  id: 'so1',
  orderNumber: 'SO-000007',
  status: 'CONFIRMED',
  customerId: 'c1',
  customer: { id: 'c1', code: 'C', name: 'Customer' },
  orderDate: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lines: [],
  reservations: [],
  picks: [],
  version: 3,
} as unknown as SalesOrder;
const picking: SalesOrder = { ...order, status: 'PICKING', version: 4 };

/** `products` products with one unit reserved each, and the pick deltas taking it. */
function stockOf(products: number): { deltas: StockDelta[]; stock: LoadedStockFacts } {
  const ids = Array.from({ length: products }, (_, i) => `p${i}`);
  const levels = new Map<string, StockLevels>(
    ids.map((id) => [
      id,
      { 'w||': { warehouseId: 'w', binId: null, batchId: null, onHand: 1, reserved: 1, updatedAt: 't' } },
    ]),
  );
  const copy = {
    productName: 'P',
    productSku: 'P',
    productActive: true,
    productType: 'STOCKED' as const,
    isBatchTracked: false,
  };
  return {
    deltas: ids.map((productId) => ({
      productId,
      warehouseId: 'w',
      binId: null,
      batchId: null,
      onHandDelta: -1,
      reservedDelta: -1,
    })),
    stock: {
      facts: {
        products: new Map(
          ids.map((id) => [
            id,
            { productType: 'STOCKED', isBatchTracked: false, uomType: null, costPrice: 0 },
          ]),
        ),
        warehouses: new Map([['w', { isActive: true }]]),
        bins: new Map(),
        batches: new Map(),
      },
      records: new Map(),
      stocks: new Map(
        ids.map((id) => [id, { ...emptyStock(id, copy), levels: levels.get(id)!, version: 2 }]),
      ),
      levels,
      lots: new Map(),
      alongside: () => undefined,
    },
  };
}

const write = (products: number) => ({
  orgId: 'org1',
  read: order,
  next: picking,
  action: 'pick' as const,
  at: '2026-01-02T00:00:00.000Z',
  ...stockOf(products),
  journal: () => [
    { Put: { TableName: 't', Item: { PK: 'outbox', SK: '1' } } },
    { Put: { TableName: 't', Item: { PK: 'audit', SK: '1' } } },
  ],
});

describe('orderTransitionItems', () => {
  it('writes the order, the counter move, one stock item per product, one ledger entry and the journal', () => {
    const items = orderTransitionItems(write(3));
    const puts = items.map((i) => ('onFail' in i ? i.item : i));
    expect(puts).toHaveLength(1 + 1 + 3 + 1 + 2);
    const ledger = puts.find((i) => i.Put?.Item?.entity === 'LedgerEntry')!.Put!.Item!;
    expect(ledger).toMatchObject({ sourceType: 'sales_order', sourceId: 'so1', sourceNumber: 'SO-000007' });
    const orderPut = puts[0]!.Put!;
    // Conditioned on the status and version read (so a racing transition loses), and on no confirm in parts.
    expect(orderPut.ConditionExpression).toBe(
      '#status = :status AND #version = :version AND attribute_not_exists(pendingConfirm) AND ' +
        'attribute_not_exists(pendingCancel)',
    );
    expect(orderPut.ExpressionAttributeValues).toEqual({ ':status': 'CONFIRMED', ':version': 3 });
    expect(orderPut.Item).toMatchObject({
      status: 'PICKING',
      version: 4,
      GSI3PK: expect.stringMatching(/#STATUS#PICKING$/),
    });
  });

  it('moves no counter when the status stays, and writes no stock without deltas', () => {
    const items = orderTransitionItems({ ...write(0), read: picking, next: { ...picking, version: 5 } });
    expect(items).toHaveLength(1 + 2);
  });

  it('refuses (422) a transition that would not fit in one 100-item transaction', () => {
    // order + counters + 94 stock items + ledger + outbox + audit = 99: fits; one product more does not.
    expect(orderTransitionItems(write(94))).toHaveLength(99);
    expect(orderTransitionItems(write(95))).toHaveLength(100);
    let error: unknown;
    try {
      orderTransitionItems(write(96));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe(
      'Sales order SO-000007: pick would write 101 records, more than one transaction holds (100); pick fewer lines at a time',
    );
  });
});

describe('orderTransitionPut failure meaning', () => {
  const { onFail } = orderTransitionPut('org1', order, picking, 'pick');
  it('another status is the 422 naming it; the same status is a race; no item is 404', () => {
    const lost = onFail({ status: 'CANCELLED', version: 4 }) as ApiError;
    expect([lost.status, lost.message]).toEqual([
      422,
      'Sales order is CANCELLED; pick needs CONFIRMED or PICKING or PARTIALLY_DISPATCHED',
    ]);
    expect(onFail({ status: 'CONFIRMED', version: 4 })).toBe('retry');
    expect((onFail(undefined) as ApiError).status).toBe(404);
  });
});
