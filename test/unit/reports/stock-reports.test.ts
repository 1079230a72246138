import { describe, expect, it } from 'vitest';
import type { StockLevel, StockLevels } from '../../../domain/inventory/stock.js';
import { batchLocations } from '../../../domain/reports/expiry.js';
import { lowStockFigures, lowStockOrder } from '../../../domain/reports/low-stock.js';
import { stockAtDate } from '../../../domain/reports/stock-at-date.js';
import { valuationOrder, valuationTotal, valueProduct } from '../../../domain/reports/valuation.js';

const level = (
  warehouseId: string,
  onHand: number,
  extra: Partial<StockLevel> = {},
): [string, StockLevel] => {
  const l: StockLevel = {
    warehouseId,
    binId: null,
    batchId: null,
    onHand,
    reserved: 0,
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...extra,
  };
  return [`${warehouseId}|${l.binId ?? ''}|${l.batchId ?? ''}`, l];
};
const levels = (...entries: [string, StockLevel][]): StockLevels => Object.fromEntries(entries);
const move = (productId: string, warehouseId: string, quantity: number) => ({
  productId,
  warehouseId,
  binId: null,
  batchId: null,
  quantity,
});

describe('stockAtDate', () => {
  const current = [
    { productId: 'p1', levels: levels(level('w1', 7, { binId: 'b1' }), level('w1', 3), level('w2', 5)) },
    { productId: 'p2', levels: levels(level('w1', 0)) },
  ];

  it('sums bins and lots per product and warehouse and subtracts every later movement', () => {
    const rows = stockAtDate(current, [move('p1', 'w1', 4), move('p1', 'w2', -2), move('p2', 'w1', -6)]);
    expect(rows).toEqual([
      { productId: 'p1', warehouseId: 'w1', onHand: 6 },
      { productId: 'p1', warehouseId: 'w2', onHand: 7 },
      { productId: 'p2', warehouseId: 'w1', onHand: 6 },
    ]);
  });

  it('drops rows netting to 0 or less, and a product absent now comes back from its movements', () => {
    const rows = stockAtDate(current, [move('p1', 'w2', 5), move('p1', 'w1', 11), move('p3', 'w1', -2)]);
    expect(rows).toEqual([{ productId: 'p3', warehouseId: 'w1', onHand: 2 }]);
  });

  it('keeps one warehouse only when asked, float noise rounded away', () => {
    const rows = stockAtDate(
      [{ productId: 'p1', levels: levels(level('w1', 0.3), level('w2', 1)) }],
      [move('p1', 'w1', 0.1), move('p1', 'w2', 1)],
      'w1',
    );
    expect(rows).toEqual([{ productId: 'p1', warehouseId: 'w1', onHand: 0.2 }]);
  });
});

describe('valueProduct', () => {
  it('values an untracked product at its average cost price, across warehouses or in one', () => {
    const product = {
      productId: 'p',
      isBatchTracked: false,
      costPrice: 2.5,
      levels: levels(level('w1', 4), level('w2', 6)),
    };
    expect(valueProduct(product, new Map())).toEqual({
      productId: 'p',
      costingMethod: 'AVERAGE',
      onHand: 10,
      unitCost: 2.5,
      value: 25,
      lots: null,
    });
    expect(valueProduct(product, new Map(), 'w2')?.value).toBe(15);
    expect(valueProduct(product, new Map(), 'w3')).toBeNull();
  });

  it('values lots at their own cost, the product cost where a lot has none, and says which', () => {
    const product = {
      productId: 'p',
      isBatchTracked: true,
      costPrice: 3,
      levels: levels(
        level('w1', 4, { batchId: 'lotB' }),
        level('w2', 1, { batchId: 'lotB' }),
        level('w1', 2, { batchId: 'lotA' }),
        level('w1', 0, { batchId: 'lotC' }),
      ),
    };
    const value = valueProduct(
      product,
      new Map([
        ['lotA', 1.25],
        ['lotB', null],
      ]),
    );
    expect(value).toEqual({
      productId: 'p',
      costingMethod: 'FIFO',
      onHand: 7,
      unitCost: 2.5,
      value: 17.5,
      lots: [
        { batchId: 'lotA', onHand: 2, unitCost: 1.25, costSource: 'LOT', value: 2.5 },
        { batchId: 'lotB', onHand: 5, unitCost: 3, costSource: 'PRODUCT', value: 15 },
      ],
    });
  });

  it('orders by value descending then the tiebreak, and totals to 2 dp', () => {
    const items = [
      { sku: 'B', value: 1.005 },
      { sku: 'A', value: 1.005 },
      { sku: 'C', value: 9 },
    ];
    expect(valuationOrder(items, (i) => i.sku).map((i) => i.sku)).toEqual(['C', 'A', 'B']);
    expect(valuationTotal(items)).toBe(11.01);
  });
});

describe('lowStockFigures', () => {
  const facts = { minStockLevel: 10, maxStockLevel: 50, costPrice: 2, onHand: 12, reserved: 4 };

  it('suggests reaching the maximum from what is available, with its cost', () => {
    expect(lowStockFigures(facts)).toEqual({
      available: 8,
      shortfall: 2,
      suggestedReorderQty: 42,
      estimatedCost: 84,
    });
  });

  it('falls back to the minimum without a maximum; at the minimum exactly is low, above is not', () => {
    expect(lowStockFigures({ ...facts, maxStockLevel: null, onHand: 0, reserved: 0 })).toMatchObject({
      available: 0,
      suggestedReorderQty: 10,
      estimatedCost: 20,
    });
    expect(lowStockFigures({ ...facts, onHand: 14 })).toMatchObject({ available: 10, shortfall: 0 });
    expect(lowStockFigures({ ...facts, onHand: 15 })).toBeNull();
    expect(lowStockFigures({ ...facts, minStockLevel: null })).toBeNull();
  });

  it('never suggests a negative quantity when the maximum sits below the minimum', () => {
    expect(lowStockFigures({ ...facts, maxStockLevel: 5 })?.suggestedReorderQty).toBe(0);
  });

  it('orders the largest shortfall first, then SKU', () => {
    const rows = [
      { sku: 'B', shortfall: 1 },
      { sku: 'A', shortfall: 1 },
      { sku: 'C', shortfall: 7 },
    ];
    expect(lowStockOrder(rows, (r) => r.sku).map((r) => r.sku)).toEqual(['C', 'A', 'B']);
  });
});

describe('batchLocations', () => {
  const stock = levels(
    level('w2', 3, { batchId: 'lot', binId: 'b2' }),
    level('w1', 2, { batchId: 'lot' }),
    level('w1', 0, { batchId: 'lot', binId: 'b9' }),
    level('w1', 8, { batchId: 'other' }),
  );

  it('lists the lot’s locations holding more than 0, by warehouse and bin', () => {
    expect(batchLocations(stock, 'lot')).toEqual([
      { warehouseId: 'w1', binId: null, onHand: 2 },
      { warehouseId: 'w2', binId: 'b2', onHand: 3 },
    ]);
    expect(batchLocations(stock, 'lot', 'w2')).toEqual([{ warehouseId: 'w2', binId: 'b2', onHand: 3 }]);
    expect(batchLocations(stock, 'missing')).toEqual([]);
  });
});
