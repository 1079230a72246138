import { describe, expect, it } from 'vitest';
import type { StockLevel, StockLevels } from '../../../domain/inventory/stock.js';
import { planConsumption, type ConsumptionFacts } from '../../../domain/production-orders/consumption.js';
import { inputLines } from '../../../domain/production-orders/production-order.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { exploded, order } from './fixtures.js';

const level = (
  warehouseId: string,
  batchId: string | null,
  onHand: number,
  extra: Partial<StockLevel> = {},
): StockLevel => ({
  warehouseId,
  binId: null,
  batchId,
  onHand,
  reserved: 0,
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...extra,
});

const levels = (...all: StockLevel[]): StockLevels =>
  Object.fromEntries(all.map((l) => [`${l.warehouseId}|${l.binId ?? ''}|${l.batchId ?? ''}`, l]));

type Product = { productType?: 'STOCKED' | 'NON_STOCKED'; isBatchTracked?: boolean; costPrice?: number };

function facts(
  products: Record<string, Product>,
  stock: Record<string, StockLevels>,
  batches: Record<
    string,
    { expiryDate?: string | null; unitCost?: number | null; status?: 'ACTIVE' | 'QUARANTINED' }
  > = {},
): ConsumptionFacts {
  return {
    warehouseId: 'w1',
    warehouseLabel: 'MAIN',
    products: new Map(
      Object.entries(products).map(([id, p]) => [
        id,
        {
          productType: p.productType ?? 'STOCKED',
          isBatchTracked: p.isBatchTracked ?? false,
          costPrice: p.costPrice ?? 0,
        },
      ]),
    ),
    stock: new Map(Object.entries(stock)),
    batches: new Map(
      Object.entries(batches).map(([id, b]) => [
        id,
        {
          batchNumber: `LOT-${id}`,
          status: b.status ?? 'ACTIVE',
          expiryDate: b.expiryDate ?? null,
          unitCost: b.unitCost ?? null,
        },
      ]),
    ),
  };
}

describe('planConsumption', () => {
  it('takes a batch-tracked input FEFO: earliest expiry first, a lot without expiry last', () => {
    const o = order([exploded('flour', 1)], 10);
    const result = planConsumption(
      inputLines(o),
      10,
      10,
      facts(
        { flour: { isBatchTracked: true, costPrice: 2 } },
        { flour: levels(level('w1', 'none', 50), level('w1', 'late', 6), level('w1', 'early', 3)) },
        {
          none: { expiryDate: null },
          late: { expiryDate: '2030-06-01' },
          early: { expiryDate: '2030-02-01' },
        },
      ),
    );
    expect(result.takes.map((t) => [t.batchId, t.quantity])).toEqual([
      ['early', 3],
      ['late', 6],
      ['none', 1],
    ]);
    expect(result.lines[0]!.lots).toEqual([
      { batchId: 'early', batchNumber: 'LOT-early', quantity: 3 },
      { batchId: 'late', batchNumber: 'LOT-late', quantity: 6 },
      { batchId: 'none', batchNumber: 'LOT-none', quantity: 1 },
    ]);
  });

  it('takes only available stock of ACTIVE lots in the order warehouse (reservations stay whole)', () => {
    const o = order([exploded('flour', 1)], 5);
    const result = planConsumption(
      inputLines(o),
      5,
      5,
      facts(
        { flour: { isBatchTracked: true } },
        {
          flour: levels(
            level('w1', 'held', 10, { reserved: 8 }),
            level('w1', 'quarantined', 100),
            level('w2', 'elsewhere', 100),
            level('w1', 'fresh', 10),
          ),
        },
        {
          held: { expiryDate: '2030-01-20' },
          quarantined: { expiryDate: '2030-01-16', status: 'QUARANTINED' },
          elsewhere: { expiryDate: '2030-01-16' },
          fresh: { expiryDate: '2030-03-01' },
        },
      ),
    );
    expect(result.takes.map((t) => [t.warehouseId, t.batchId, t.quantity])).toEqual([
      ['w1', 'held', 2],
      ['w1', 'fresh', 3],
    ]);
  });

  it('takes a non-batch-tracked input from unbatched stock only, across bins', () => {
    const o = order([exploded('salt', 0.4)], 10);
    const result = planConsumption(
      inputLines(o),
      10,
      10,
      facts(
        { salt: { costPrice: 1.5 } },
        {
          salt: levels(
            level('w1', null, 1, { binId: 'b2' }),
            level('w1', null, 3, { binId: 'b1' }),
            level('w1', 'lot', 9),
          ),
        },
        { lot: {} },
      ),
    );
    expect(result.takes).toEqual([
      { productId: 'salt', warehouseId: 'w1', binId: 'b1', batchId: null, quantity: 3 },
      { productId: 'salt', warehouseId: 'w1', binId: 'b2', batchId: null, quantity: 1 },
    ]);
    expect(result.lines[0]).toMatchObject({ quantity: 4, lots: [], unitCost: 1.5, totalCost: 6 });
  });

  it('refuses when any input is short, adding up the lines of one product (nothing is taken)', () => {
    const o = order([exploded('flour', 1), exploded('sugar', 0.5), exploded('flour', 0.5, 10)], 4);
    const error = catchApiError(() =>
      planConsumption(
        inputLines(o),
        4,
        4,
        facts(
          { flour: {}, sugar: {} },
          { flour: levels(level('w1', null, 6)), sugar: levels(level('w1', null, 2)) },
        ),
      ),
    );
    expect(error.status).toBe(422);
    // 4 + 4 x 0.5 x 1.1 = 6.2 flour needed.
    expect(error.message).toBe(
      'Insufficient stock for FLOUR (Product flour) in warehouse MAIN: available 6, required 6.2',
    );
  });

  it('lines of one product take from one pool in line order', () => {
    const o = order([exploded('flour', 1), exploded('flour', 0.5)], 4);
    const result = planConsumption(
      inputLines(o),
      4,
      4,
      facts(
        { flour: { isBatchTracked: true } },
        { flour: levels(level('w1', 'a', 5), level('w1', 'b', 5)) },
        { a: { expiryDate: '2030-02-01' }, b: { expiryDate: '2030-03-01' } },
      ),
    );
    expect(result.lines.map((l) => l.lots.map((lot) => [lot.batchId, lot.quantity]))).toEqual([
      [['a', 4]],
      [
        ['a', 1],
        ['b', 1],
      ],
    ]);
  });

  it('rolls the cost up exactly: lot unitCost when set, else costPrice; NON_STOCKED inputs costed, not taken', () => {
    const o = order([exploded('flour', 1), exploded('sugar', 0.5), exploded('labour', 0.1)], 10);
    const result = planConsumption(
      inputLines(o),
      10,
      10,
      facts(
        {
          flour: { isBatchTracked: true, costPrice: 9 },
          sugar: { costPrice: 1.2 },
          labour: { productType: 'NON_STOCKED', costPrice: 30 },
        },
        {
          flour: levels(level('w1', 'costed', 4), level('w1', 'uncosted', 10)),
          sugar: levels(level('w1', null, 5)),
        },
        { costed: { expiryDate: '2030-02-01', unitCost: 2.5 }, uncosted: { expiryDate: '2030-03-01' } },
      ),
    );
    // flour 4 x 2.50 + 6 x 9.00 = 64; sugar 5 x 1.20 = 6; labour 1 x 30 = 30: 100 for 10 units.
    expect(result.lines.map((l) => [l.quantity, l.unitCost, l.totalCost])).toEqual([
      [10, 6.4, 64],
      [5, 1.2, 6],
      [1, 30, 30],
    ]);
    expect(result.totalCost).toBe(100);
    expect(result.outputUnitCost).toBe(10);
    expect(result.takes.map((t) => t.productId)).not.toContain('labour');
  });

  it('rounds unit costs to 4 places', () => {
    const o = order([exploded('flour', 1)], 3);
    const result = planConsumption(
      inputLines(o),
      3,
      3,
      facts({ flour: { costPrice: 1 } }, { flour: levels(level('w1', null, 3)) }),
    );
    expect(result.lines[0]!.unitCost).toBe(1);
    const seven = order([exploded('flour', 1 / 3)], 7);
    const odd = planConsumption(
      inputLines(seven),
      7,
      7,
      facts({ flour: { costPrice: 0.7 } }, { flour: levels(level('w1', null, 10)) }),
    );
    // 7 / 3 = 2.333333 flour at 0.7 = 1.6333331, over 7 units = 0.23333...
    expect(odd.lines[0]!.quantity).toBe(2.333333);
    expect(odd.outputUnitCost).toBe(0.2333);
  });

  it('scales every input to the quantity actually produced', () => {
    const o = order([exploded('flour', 0.5, 10)], 10);
    const result = planConsumption(
      inputLines(o),
      4,
      10,
      facts({ flour: { costPrice: 2 } }, { flour: levels(level('w1', null, 100)) }),
    );
    // Planned 10 x 0.5 x 1.1 = 5.5; 4 of 10 produced: 2.2.
    expect(result.lines[0]).toMatchObject({ quantity: 2.2, totalCost: 4.4 });
    expect(result.outputUnitCost).toBe(1.1);
  });

  it('refuses an input product that no longer exists', () => {
    const o = order([exploded('flour', 1)], 1);
    expect(catchApiError(() => planConsumption(inputLines(o), 1, 1, facts({}, {}))).message).toBe(
      'Input FLOUR (Product flour) no longer exists',
    );
  });
});
