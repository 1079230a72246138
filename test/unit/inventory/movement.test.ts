import { describe, expect, it } from 'vitest';
import { planStockMovement, type StockChange, type StockFacts } from '../../../domain/inventory/movement.js';
import type { StockLevels } from '../../../domain/inventory/stock.js';

const NOW = '2026-11-22T10:00:00.000Z';
const facts: StockFacts = {
  products: new Map([['p1', { productType: 'STOCKED', isBatchTracked: false, uomType: null, costPrice: 2 }]]),
  warehouses: new Map([['w1', { isActive: true }]]),
  bins: new Map(),
  batches: new Map(),
};
const change = (
  onHandDelta: number,
  reservedDelta: number,
  over: Partial<StockChange> = {},
): StockChange => ({
  productId: 'p1',
  warehouseId: 'w1',
  binId: null,
  batchId: null,
  onHandDelta,
  reservedDelta,
  ...over,
});
/** p1 in w1: 10 on hand, 4 of them reserved. */
const stock = (onHand = 10, reserved = 4) =>
  new Map<string, StockLevels>([
    [
      'p1',
      { 'w1||': { warehouseId: 'w1', binId: null, batchId: null, onHand, reserved, updatedAt: 'then' } },
    ],
  ]);
const plan = (changes: StockChange[], current = stock()) => planStockMovement(changes, current, facts, NOW);
const levelAfter = (changes: StockChange[], current = stock()) =>
  plan(changes, current).levels.get('p1')!['w1||'];

describe('planStockMovement: reservations and picks', () => {
  it('a reservation within available raises reserved and leaves on hand; nothing reaches the ledger', () => {
    const result = plan([change(0, 6)]);
    expect(result.levels.get('p1')!['w1||']).toMatchObject({ onHand: 10, reserved: 10, updatedAt: NOW });
    expect(result.movements).toEqual([]);
    expect(result.changed).toEqual([{ productId: 'p1', warehouseId: 'w1', onHand: 10, reserved: 10 }]);
    expect(result.binChanges.size).toBe(0);
    expect(result.costPrices.size).toBe(0);
  });

  it('a reservation beyond available is 422 naming the product, what is available and what is required', () => {
    expect(() => plan([change(0, 7)])).toThrow(
      expect.objectContaining({
        code: 'unprocessable',
        message: 'Insufficient available stock for product p1 in warehouse w1: available 6, required 7',
      }),
    );
    expect(() => plan([change(0, 1)], new Map())).toThrow(
      'Insufficient available stock for product p1 in warehouse w1: available 0, required 1',
    );
  });

  it('a release lowers reserved, never below zero', () => {
    expect(levelAfter([change(0, -4)])).toMatchObject({ onHand: 10, reserved: 0 });
    expect(() => plan([change(0, -5)])).toThrow(
      'The change would take the reserved quantity below zero for product p1 in warehouse w1: reserved 4, change -5',
    );
  });

  it('a pick moves the picked quantity out of on hand and out of reserved, and is a ledger movement', () => {
    const result = plan([change(-3, -3)]);
    expect(result.levels.get('p1')!['w1||']).toMatchObject({ onHand: 7, reserved: 1 });
    expect(result.movements).toEqual([
      { productId: 'p1', warehouseId: 'w1', binId: null, batchId: null, quantity: -3 },
    ]);
    expect(result.changed).toEqual([{ productId: 'p1', warehouseId: 'w1', onHand: 7, reserved: 1 }]);
    expect(() => plan([change(-11, -4)])).toThrow(
      'Insufficient stock for product p1 in warehouse w1: on hand 10, change -11',
    );
  });

  it('reserved never exceeds on hand: taking stock from under a reservation is refused', () => {
    expect(() => plan([change(-7, 0)])).toThrow(
      'The change would leave on hand (3) below the reserved quantity (4) for product p1 in warehouse w1',
    );
    expect(() => plan([change(-8, -1)])).toThrow(
      'The change would leave on hand (2) below the reserved quantity (3) for product p1 in warehouse w1',
    );
    // Confirm then cancel on one document nets to nothing.
    expect(levelAfter([change(0, 6), change(0, -6)])).toMatchObject({ onHand: 10, reserved: 4 });
  });

  it('receiving and reserving the receipt in one document checks the net effect', () => {
    expect(levelAfter([change(5, 0, { unitCost: 2 }), change(0, 11)])).toMatchObject({
      onHand: 15,
      reserved: 15,
    });
  });

  it('a batch location cannot go negative even when the product has stock elsewhere', () => {
    const current = new Map<string, StockLevels>([
      [
        'p1',
        {
          'w1||': {
            warehouseId: 'w1',
            binId: null,
            batchId: null,
            onHand: 10,
            reserved: 0,
            updatedAt: 'then',
          },
          'w1||l1': {
            warehouseId: 'w1',
            binId: null,
            batchId: 'l1',
            onHand: 1,
            reserved: 0,
            updatedAt: 'then',
          },
        },
      ],
    ]);
    const batched = { ...facts, batches: new Map([['l1', { productId: 'p1', status: 'ACTIVE' as const }]]) };
    expect(() => planStockMovement([change(-2, 0, { batchId: 'l1' })], current, batched, NOW)).toThrow(
      'Insufficient stock for product p1 in warehouse w1 batch l1: on hand 1, change -2',
    );
  });
});
