import { describe, expect, it } from 'vitest';
import type { StockFacts } from '../../../domain/inventory/movement.js';
import { planStockMovement } from '../../../domain/inventory/movement.js';
import { locationKey, type StockLevels } from '../../../domain/inventory/stock.js';
import {
  checkTransfer,
  checkTransferLines,
  checkTransferShape,
  formatTransferNumber,
  sameLocation,
  transferChanges,
  type Transfer,
} from '../../../domain/inventory/transfer.js';
import { catchApiError } from '../../support/catch-api-error.js';

const facts = (over: Partial<StockFacts> = {}): StockFacts => ({
  products: new Map([
    ['p', { productType: 'STOCKED', isBatchTracked: true, uomType: 'UNIT', costPrice: 2 }],
    ['plain', { productType: 'STOCKED', isBatchTracked: false, uomType: null, costPrice: 1 }],
    ['svc', { productType: 'NON_STOCKED', isBatchTracked: false, uomType: null, costPrice: 0 }],
  ]),
  warehouses: new Map([
    ['w1', { isActive: true }],
    ['w2', { isActive: true }],
    ['closed', { isActive: false }],
  ]),
  bins: new Map([
    ['b1', { warehouseId: 'w1', capacity: null, onHand: 0 }],
    ['b2', { warehouseId: 'w2', capacity: 5, onHand: 0 }],
  ]),
  batches: new Map([
    ['L', { productId: 'p', status: 'QUARANTINED' }],
    ['X', { productId: 'plain', status: 'ACTIVE' }],
  ]),
  ...over,
});
const levels: StockLevels = {
  [locationKey('w1', 'b1', 'L')]: {
    warehouseId: 'w1',
    binId: 'b1',
    batchId: 'L',
    onHand: 10,
    reserved: 4,
    updatedAt: 't',
  },
};
const transfer = (over: Partial<Transfer> = {}): Transfer => ({
  productId: 'p',
  fromWarehouseId: 'w1',
  toWarehouseId: 'w2',
  fromBinId: 'b1',
  toBinId: 'b2',
  batchId: 'L',
  quantity: 5,
  ...over,
});

describe('a transfer', () => {
  it('is two changes, out at the source and in at the destination, planned as one movement', () => {
    const changes = transferChanges(transfer());
    expect(changes).toEqual([
      { productId: 'p', warehouseId: 'w1', binId: 'b1', batchId: 'L', onHandDelta: -5, reservedDelta: 0 },
      { productId: 'p', warehouseId: 'w2', binId: 'b2', batchId: 'L', onHandDelta: 5, reservedDelta: 0 },
    ]);
    checkTransfer(transfer(), facts(), levels);
    const plan = planStockMovement(changes, new Map([['p', levels]]), facts(), 'now');
    expect(plan.movements.map((m) => m.quantity)).toEqual([-5, 5]);
    expect(plan.changed.map((c) => [c.warehouseId, c.onHand, c.reserved])).toEqual([
      ['w1', 5, 4],
      ['w2', 5, 0],
    ]);
    // The lot moved, it did not empty: no status flip, whatever its status.
    expect(plan.batchStatus.size).toBe(0);
    expect(formatTransferNumber(12)).toBe('TR-000012');
  });

  it('moves only available stock: what is reserved stays where it is', () => {
    const error = catchApiError(() => checkTransfer(transfer({ quantity: 7 }), facts(), levels));
    expect(error.code).toBe('unprocessable');
    expect(error.message).toContain('available 6 (on hand 10, reserved 4), requested 7');
    expect(
      catchApiError(() => checkTransfer(transfer({ fromBinId: null }), facts(), levels)).message,
    ).toContain('available 0');
  });

  it.each([
    [{ productId: 'nope' }, 'invalid_reference', '--product nope'],
    [{ fromWarehouseId: 'nope' }, 'invalid_reference', '--from-warehouse nope'],
    [{ toWarehouseId: 'closed', toBinId: null }, 'invalid_reference', 'inactive warehouse'],
    [{ fromBinId: 'b2' }, 'invalid_reference', '--from-bin b2 does not reference a bin of warehouse w1'],
    [{ toBinId: 'b1' }, 'invalid_reference', '--to-bin b1'],
    [{ batchId: null }, 'invalid_reference', '--batch is required'],
    [{ batchId: 'X' }, 'invalid_reference', '--batch X does not reference a batch of product p'],
    [{ productId: 'plain', batchId: 'L' }, 'invalid_reference', '--batch L'],
    [{ productId: 'svc', batchId: null }, 'unprocessable', 'NON_STOCKED'],
    [{ quantity: 0 }, 'unprocessable', 'above zero'],
    [{ quantity: 1.5 }, 'validation_error', 'whole number'],
  ] as [Partial<Transfer>, string, string][])('refuses %o (%s)', (over, code, message) => {
    const error = catchApiError(() => checkTransfer(transfer(over), facts(), levels));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('a lot on a product that is not batch-tracked is refused', () => {
    const error = catchApiError(() =>
      checkTransfer(
        transfer({ productId: 'plain', batchId: 'X', fromBinId: null, toBinId: null }),
        facts(),
        {},
      ),
    );
    expect(error.message).toContain('not batch-tracked');
  });

  it('knows when source and destination are the same location', () => {
    expect(sameLocation(transfer({ toWarehouseId: 'w1', toBinId: 'b1' }))).toBe(true);
    expect(sameLocation(transfer({ toWarehouseId: 'w1', toBinId: null }))).toBe(false);
  });
});

describe('checkTransferLines and checkTransferShape (the transfer document)', () => {
  const request = (lines: { quantity: number; fromBinId?: string | null }[]) => ({
    fromWarehouseId: 'w1',
    toWarehouseId: 'w2',
    notes: null,
    lines: lines.map((l) => ({
      productId: 'p',
      batchId: 'L',
      fromBinId: l.fromBinId ?? 'b1',
      toBinId: null,
      quantity: l.quantity,
    })),
  });
  const stock = new Map([['p', levels]]);

  it('lines on one source location add up against its available stock; the refusal names the line', () => {
    expect(() =>
      checkTransferLines(request([{ quantity: 3 }, { quantity: 3 }]), facts(), stock),
    ).not.toThrow();
    const refused = catchApiError(() =>
      checkTransferLines(request([{ quantity: 3 }, { quantity: 3 }, { quantity: 1 }]), facts(), stock),
    );
    expect([refused.code, refused.message]).toEqual([
      'unprocessable',
      'Line 3: Insufficient available stock to transfer from warehouse w1 bin b1 batch L: available 0 (on hand 10, reserved 4, 6 of it taken by earlier lines), requested 1',
    ]);
  });

  it('names API fields in references, and a line moving to its own location is 400', () => {
    const foreign = catchApiError(() =>
      checkTransferLines(request([{ quantity: 1 }, { quantity: 1, fromBinId: 'b2' }]), facts(), stock),
    );
    expect([foreign.code, foreign.message]).toEqual([
      'invalid_reference',
      'Line 2: lines[1].fromBinId b2 does not reference a bin of warehouse w1',
    ]);
    const same = catchApiError(() =>
      checkTransferShape({
        ...request([{ quantity: 1 }]),
        toWarehouseId: 'w1',
        lines: [{ ...request([{ quantity: 1 }]).lines[0]!, toBinId: 'b1' }],
      }),
    );
    expect([same.status, same.details]).toEqual([
      400,
      [{ path: 'lines[0]', message: 'moves to its own source location (same warehouse and bin)' }],
    ]);
  });
});
