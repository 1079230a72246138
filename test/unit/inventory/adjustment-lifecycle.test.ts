import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_STATUSES,
  moveAdjustment,
  newAdjustment,
  reversalChanges,
  type AdjustmentAction,
  type AdjustmentStatus,
} from '../../../domain/inventory/adjustment.js';
import { catchApiError } from '../../support/catch-api-error.js';

const draft = newAdjustment(
  {
    reason: 'FOUND',
    status: 'DRAFT',
    lines: [
      { productId: 'p', warehouseId: 'w', batchId: 'L', quantityChange: 10, costPerUnit: 3 },
      { productId: 'q', warehouseId: 'w', binId: 'b', quantityChange: -2 },
    ],
  },
  { id: 'a', sequence: 4, now: '2026-11-01T00:00:00.000Z' },
);

describe('adjustment lifecycle', () => {
  it('complete: DRAFT -> COMPLETED, completedAt and updatedAt stamped', () => {
    expect(moveAdjustment(draft, 'complete', '2026-11-02T00:00:00.000Z')).toEqual({
      ...draft,
      status: 'COMPLETED',
      completedAt: '2026-11-02T00:00:00.000Z',
      updatedAt: '2026-11-02T00:00:00.000Z',
    });
  });

  it('void: COMPLETED -> VOIDED, completedAt kept', () => {
    const completed = moveAdjustment(draft, 'complete', '2026-11-02T00:00:00.000Z');
    expect(moveAdjustment(completed, 'void', '2026-11-03T00:00:00.000Z')).toMatchObject({
      status: 'VOIDED',
      completedAt: '2026-11-02T00:00:00.000Z',
      updatedAt: '2026-11-03T00:00:00.000Z',
    });
  });

  it('any other move is 422 naming the actual status', () => {
    const legal = new Set(['complete:DRAFT', 'void:COMPLETED']);
    for (const action of ['complete', 'void'] as AdjustmentAction[]) {
      for (const status of ADJUSTMENT_STATUSES as readonly AdjustmentStatus[]) {
        if (legal.has(`${action}:${status}`)) continue;
        const error = catchApiError(() => moveAdjustment({ ...draft, status }, action, 'now'));
        expect([error.status, error.message]).toEqual([
          422,
          `Stock adjustment is ${status}; ${action} needs ${action === 'complete' ? 'DRAFT' : 'COMPLETED'}`,
        ]);
      }
    }
  });

  it('a void takes every line back exactly, without a receipt cost', () => {
    expect(reversalChanges(draft.lines)).toEqual([
      {
        productId: 'p',
        warehouseId: 'w',
        binId: null,
        batchId: 'L',
        onHandDelta: -10,
        reservedDelta: 0,
        unitCost: null,
      },
      {
        productId: 'q',
        warehouseId: 'w',
        binId: 'b',
        batchId: null,
        onHandDelta: 2,
        reservedDelta: 0,
        unitCost: null,
      },
    ]);
  });
});
