import { describe, expect, it } from 'vitest';
import {
  adjustmentChanges,
  checkLines,
  formatAdjustmentNumber,
  type AdjustmentLine,
} from '../../../domain/inventory/adjustment.js';
import { planStockMovement as planChanges, type StockFacts } from '../../../domain/inventory/movement.js';
import {
  locationKey,
  stockByWarehouse,
  stockRows,
  stockTotals,
  type StockLevels,
} from '../../../domain/inventory/stock.js';
import { weightedAverageCost } from '../../../domain/inventory/weighted-cost.js';

const NOW = '2026-11-22T10:00:00.000Z';
const line = (over: Partial<AdjustmentLine>): AdjustmentLine => ({
  productId: 'p1',
  warehouseId: 'w1',
  binId: null,
  batchId: null,
  quantityChange: 1,
  costPerUnit: null,
  ...over,
});
const facts = (over: Partial<StockFacts> = {}): StockFacts => ({
  products: new Map([['p1', { productType: 'STOCKED', isBatchTracked: false, uomType: null, costPrice: 0 }]]),
  warehouses: new Map([['w1', { isActive: true }]]),
  bins: new Map(),
  batches: new Map(),
  ...over,
});
const level = (onHand: number, reserved = 0, over: Partial<StockLevels[string]> = {}) => ({
  warehouseId: 'w1',
  binId: null,
  batchId: null,
  onHand,
  reserved,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** The adjustment's lines, planned as its stock changes. */
const planStockMovement = (
  lines: AdjustmentLine[],
  current: Map<string, StockLevels>,
  lineFacts: StockFacts,
  now: string,
) => planChanges(adjustmentChanges(lines), current, lineFacts, now);

describe('planStockMovement (adjustment lines)', () => {
  it('refuses to take on hand below the reserved quantity, and below zero', () => {
    const current = new Map([['p1', { [locationKey('w1', null, null)]: level(10, 8) }]]);
    expect(() => planStockMovement([line({ quantityChange: -3 })], current, facts(), NOW)).toThrow(
      'The change would leave on hand (7) below the reserved quantity (8) for product p1 in warehouse w1',
    );
    expect(() => planStockMovement([line({ quantityChange: -11 })], current, facts(), NOW)).toThrow(
      'Insufficient stock for product p1 in warehouse w1: on hand 10, change -11',
    );
    const plan = planStockMovement([line({ quantityChange: -2 })], current, facts(), NOW);
    expect(plan.levels.get('p1')).toEqual({ 'w1||': { ...level(8, 8), updatedAt: NOW } });
    expect(plan.changed).toEqual([{ productId: 'p1', warehouseId: 'w1', onHand: 8, reserved: 8 }]);
  });

  it('nets lines on the same location before checking, and rounds float noise away', () => {
    const plan = planStockMovement(
      [
        line({ quantityChange: 0.1 }),
        line({ quantityChange: 0.2 }),
        line({ quantityChange: -0.3 }),
        line({ binId: 'b1', quantityChange: 1 }),
      ],
      new Map(),
      facts(),
      NOW,
    );
    expect(plan.movements).toEqual([
      { productId: 'p1', warehouseId: 'w1', binId: 'b1', batchId: null, quantity: 1 },
    ]);
  });

  it('checks bin capacity against what the bin holds across products', () => {
    const bins = new Map([['b1', { warehouseId: 'w1', capacity: 10, onHand: 7 }]]);
    expect(() =>
      planStockMovement([line({ binId: 'b1', quantityChange: 4 })], new Map(), facts({ bins }), NOW),
    ).toThrow('Bin b1 would exceed its capacity of 10: holds 7, change 4');
    const plan = planStockMovement(
      [line({ binId: 'b1', quantityChange: 3 })],
      new Map(),
      facts({ bins }),
      NOW,
    );
    expect(plan.binChanges.get('b1')).toEqual({ delta: 3, limit: 7 });
  });

  it('flips an emptied ACTIVE batch to CONSUMED and a refilled CONSUMED one to ACTIVE', () => {
    const batched = facts({
      products: new Map([
        ['p1', { productType: 'STOCKED', isBatchTracked: true, uomType: null, costPrice: 0 }],
      ]),
      batches: new Map([
        ['l1', { productId: 'p1', status: 'ACTIVE' }],
        ['l2', { productId: 'p1', status: 'CONSUMED' }],
      ]),
    });
    const current = new Map([['p1', { [locationKey('w1', null, 'l1')]: level(4, 0, { batchId: 'l1' }) }]]);
    const plan = planStockMovement(
      [line({ batchId: 'l1', quantityChange: -4 }), line({ batchId: 'l2', quantityChange: 1 })],
      current,
      batched,
      NOW,
    );
    expect([...plan.batchStatus]).toEqual([
      ['l1', 'CONSUMED'],
      ['l2', 'ACTIVE'],
    ]);
  });

  it('updates the cost price only from positive lines with a unit cost', () => {
    const current = new Map([['p1', { 'w1||': level(10) }]]);
    const priced = facts({
      products: new Map([
        ['p1', { productType: 'STOCKED', isBatchTracked: false, uomType: null, costPrice: 2 }],
      ]),
    });
    const plan = planStockMovement(
      [line({ quantityChange: 10, costPerUnit: 4 }), line({ quantityChange: -1, costPerUnit: 50 })],
      current,
      priced,
      NOW,
    );
    expect(plan.costPrices.get('p1')).toBe(3);
  });
});

describe('checkLines', () => {
  it('reports every fractional quantity of a UNIT product as a 400 detail', () => {
    const units = facts({
      products: new Map([
        ['p1', { productType: 'STOCKED', isBatchTracked: false, uomType: 'UNIT', costPrice: 0 }],
      ]),
    });
    expect(() => checkLines([line({ quantityChange: 1.5 }), line({ quantityChange: -0.5 })], units)).toThrow(
      expect.objectContaining({
        code: 'validation_error',
        details: [
          {
            path: 'lines[0].quantityChange',
            message: 'must be a whole number for a product measured in units',
          },
          {
            path: 'lines[1].quantityChange',
            message: 'must be a whole number for a product measured in units',
          },
        ],
      }),
    );
  });

  it('a batch on a product that is not batch-tracked is 422 unprocessable', () => {
    const withBatch = facts({ batches: new Map([['l1', { productId: 'p1', status: 'ACTIVE' }]]) });
    expect(() => checkLines([line({ batchId: 'l1' })], withBatch)).toThrow(
      expect.objectContaining({ code: 'unprocessable' }),
    );
  });
});

describe('stock arithmetic', () => {
  it('weighted average cost ignores non-positive stock and rounds to 4 places', () => {
    expect(weightedAverageCost(0, 99, [{ quantity: 3, unitCost: 1 }])).toBe(1);
    expect(weightedAverageCost(-5, 99, [{ quantity: 3, unitCost: 1 }])).toBe(1);
    expect(
      weightedAverageCost(3, 1, [
        { quantity: 3, unitCost: 2 },
        { quantity: 3, unitCost: 2 },
      ]),
    ).toBe(1.6667);
  });

  it('rows fold batches per product x warehouse x bin; totals count lots; per-warehouse sums skip empty warehouses', () => {
    const levels: StockLevels = {
      'w1|b1|l1': level(2, 1, { binId: 'b1', batchId: 'l1', updatedAt: '2026-02-01T00:00:00.000Z' }),
      'w1|b1|l2': level(3, 0, { binId: 'b1', batchId: 'l2' }),
      'w2||': level(0, 0, { warehouseId: 'w2' }),
    };
    expect(stockRows('p1', levels)).toEqual([
      {
        productId: 'p1',
        warehouseId: 'w1',
        binId: 'b1',
        onHand: 5,
        reserved: 1,
        available: 4,
        updatedAt: '2026-02-01T00:00:00.000Z',
        batches: [
          { batchId: 'l1', onHand: 2, reserved: 1, available: 1 },
          { batchId: 'l2', onHand: 3, reserved: 0, available: 3 },
        ],
      },
      {
        productId: 'p1',
        warehouseId: 'w2',
        binId: null,
        onHand: 0,
        reserved: 0,
        available: 0,
        updatedAt: '2026-01-01T00:00:00.000Z',
        batches: [],
      },
    ]);
    expect(stockTotals(levels)).toEqual({ onHand: 5, reserved: 1, lotQuantity: 5 });
    expect(stockByWarehouse(levels)).toEqual([
      { warehouseId: 'w1', quantityOnHand: 5, quantityReserved: 1, quantityAvailable: 4 },
    ]);
    expect(formatAdjustmentNumber(42)).toBe('ADJ-000042');
  });
});
