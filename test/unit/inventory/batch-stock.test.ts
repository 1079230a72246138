import { describe, expect, it } from 'vitest';
import {
  batchItems,
  lotHasHeldStock,
  lotsInWarehouse,
  MAX_BATCH_ITEMS,
} from '../../../domain/inventory/batch-stock.js';
import { locationKey, type StockLevels } from '../../../domain/inventory/stock.js';

const levels = (entries: [string, string | null, string | null, number, number][]): StockLevels =>
  Object.fromEntries(
    entries.map(([warehouseId, binId, batchId, onHand, reserved]) => [
      locationKey(warehouseId, binId, batchId),
      { warehouseId, binId, batchId, onHand, reserved, updatedAt: 't' },
    ]),
  );

describe('batchItems', () => {
  it('lists the locations holding the lot by warehouse then bin, with available and the total', () => {
    const stock = levels([
      ['w2', null, 'L', 4, 0],
      ['w1', 'b2', 'L', 3, 1],
      ['w1', null, 'L', 2.5, 2.5],
      ['w1', 'b1', 'L', 0, 0],
      ['w1', null, 'OTHER', 9, 0],
      ['w1', null, null, 7, 0],
    ]);
    expect(batchItems(stock, 'L')).toEqual({
      items: [
        { warehouseId: 'w1', binId: null, quantity: 2.5, availableQuantity: 0 },
        { warehouseId: 'w1', binId: 'b2', quantity: 3, availableQuantity: 2 },
        { warehouseId: 'w2', binId: null, quantity: 4, availableQuantity: 4 },
      ],
      itemsTotal: 3,
      itemsTruncated: false,
      totalQuantity: 9.5,
    });
  });

  it('caps the items and sums only those returned', () => {
    const many = levels(
      Array.from({ length: MAX_BATCH_ITEMS + 5 }, (_, i) => [
        'w',
        `b${String(i).padStart(5, '0')}`,
        'L',
        1,
        0,
      ]),
    );
    const placed = batchItems(many, 'L');
    expect(placed.items).toHaveLength(MAX_BATCH_ITEMS);
    expect(placed).toMatchObject({ itemsTotal: 1005, itemsTruncated: true, totalQuantity: 1000 });
  });
});

describe('lot presence', () => {
  const stock = levels([
    ['w1', null, 'EMPTIED', 0, 0],
    ['w1', 'b', 'HELD', 2, 0],
    ['w2', null, 'HELD', 1, 0],
  ]);

  it('a lot emptied to zero has held stock; a lot never stocked has not', () => {
    expect(lotHasHeldStock(stock, 'EMPTIED')).toBe(true);
    expect(lotHasHeldStock(stock, 'NEVER')).toBe(false);
  });

  it('lots in a warehouse are those with stock on hand there', () => {
    expect([...lotsInWarehouse(stock, 'w1')]).toEqual(['HELD']);
    expect([...lotsInWarehouse(stock, 'w2')]).toEqual(['HELD']);
    expect([...lotsInWarehouse(stock, 'w3')]).toEqual([]);
  });
});
