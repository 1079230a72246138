import { describe, expect, it } from 'vitest';
import { planStockMovement, type StockFacts } from '../../../domain/inventory/movement.js';
import { incrementGuard, levelDeltas } from '../../../domain/inventory/stock-increment.js';
import type { StockLevel, StockLevels } from '../../../domain/inventory/stock.js';

const level = (onHand: number, reserved: number, warehouseId = 'w1'): StockLevel => ({
  warehouseId,
  binId: null,
  batchId: null,
  onHand,
  reserved,
  updatedAt: 'then',
});
const facts: StockFacts = {
  products: new Map([['p1', { productType: 'STOCKED', isBatchTracked: false, uomType: null, costPrice: 2 }]]),
  warehouses: new Map([['w1', { isActive: true }]]),
  bins: new Map(),
  batches: new Map(),
};

/** Whether the guard lets the change land on a location holding onHand/reserved. */
const guardPasses = (onHand: number, reserved: number, dOn: number, dRes: number) => {
  const guard = incrementGuard(dOn, dRes);
  return (
    (guard.minReserved === null || reserved >= guard.minReserved) &&
    (guard.minAvailable === null || onHand - reserved >= guard.minAvailable)
  );
};
/** Whether planStockMovement accepts the change on that location (what a version-conditioned put decides). */
const planAccepts = (onHand: number, reserved: number, dOn: number, dRes: number) => {
  const current = new Map([['p1', { 'w1||': level(onHand, reserved) }]]);
  const change = { productId: 'p1', warehouseId: 'w1', binId: null, batchId: null };
  try {
    planStockMovement([{ ...change, onHandDelta: dOn, reservedDelta: dRes }], current, facts, 'now');
    return true;
  } catch {
    return false;
  }
};

describe('incrementGuard: the stock rule as a condition on the quantities a write meets', () => {
  it('a reservation needs that much available; a release needs that much reserved; a receipt needs nothing', () => {
    expect(incrementGuard(0, 3)).toEqual({ minReserved: null, minAvailable: 3 });
    expect(incrementGuard(0, -3)).toEqual({ minReserved: 3, minAvailable: null });
    expect(incrementGuard(5, 0)).toEqual({ minReserved: null, minAvailable: null });
    // A pick moves both down: reserved must hold it, available is untouched.
    expect(incrementGuard(-2, -2)).toEqual({ minReserved: 2, minAvailable: null });
    expect(incrementGuard(-0.3, 0)).toEqual({ minReserved: null, minAvailable: 0.3 });
  });

  it('on every valid location, lets a change land exactly when planStockMovement would accept it', () => {
    const quantities = [0, 1, 2, 3, 5];
    const deltas = [-4, -2, -1, 0, 1, 3];
    let checked = 0;
    for (const onHand of quantities)
      for (const reserved of quantities.filter((r) => r <= onHand))
        for (const dOn of deltas)
          for (const dRes of deltas) {
            expect([onHand, reserved, dOn, dRes, guardPasses(onHand, reserved, dOn, dRes)]).toEqual([
              onHand,
              reserved,
              dOn,
              dRes,
              planAccepts(onHand, reserved, dOn, dRes),
            ]);
            checked += 1;
          }
    expect(checked).toBe(15 * 36);
  });
});

describe('levelDeltas: what an increment adds', () => {
  it('the changed locations with their signed changes; unchanged ones left out', () => {
    const before: StockLevels = { 'w1||': level(10, 4), 'w2||': level(3, 0, 'w2') };
    const next: StockLevels = { 'w1||': level(8, 6), 'w2||': level(3, 0, 'w2') };
    expect(levelDeltas(before, next)).toEqual([
      { key: 'w1||', before: level(10, 4), onHandDelta: -2, reservedDelta: 2 },
    ]);
  });

  it('decimal changes are rounded to the ledger precision', () => {
    expect(levelDeltas({ 'w1||': level(0.1, 0) }, { 'w1||': level(0.3, 0.2) })).toEqual([
      { key: 'w1||', before: level(0.1, 0), onHandDelta: 0.2, reservedDelta: 0.2 },
    ]);
  });

  it('null when the plan adds a location the stock did not hold: there is nothing to add to', () => {
    expect(
      levelDeltas({ 'w1||': level(1, 0) }, { 'w1||': level(1, 0), 'w2||': level(2, 0, 'w2') }),
    ).toBeNull();
  });
});
