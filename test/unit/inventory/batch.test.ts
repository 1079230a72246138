import { describe, expect, it } from 'vitest';
import { newBatch, uniqueBatchNumber } from '../../../domain/inventory/batch.js';

describe('newBatch', () => {
  it('mints an empty ACTIVE lot at version 1 with the given id and instant, number trimmed', () => {
    const batch = newBatch(
      { batchNumber: '  LOT-7 ', productId: 'p1', expiryDate: '2027-01-31' },
      { id: 'b1', now: '2026-11-23T10:00:00.000Z' },
    );
    expect(batch).toEqual({
      id: 'b1',
      batchNumber: 'LOT-7',
      status: 'ACTIVE',
      productId: 'p1',
      manufactureDate: null,
      expiryDate: '2027-01-31',
      storageCondition: null,
      unitCost: null,
      notes: null,
      createdAt: '2026-11-23T10:00:00.000Z',
      updatedAt: '2026-11-23T10:00:00.000Z',
      version: 1,
    });
  });

  it('keeps optional receipt fields when given', () => {
    const batch = newBatch(
      { batchNumber: 'L', productId: 'p', manufactureDate: '2026-11-01', unitCost: 2.5, notes: 'n' },
      { id: 'b', now: '2026-11-23T00:00:00.000Z' },
    );
    expect([batch.manufactureDate, batch.unitCost, batch.notes]).toEqual(['2026-11-01', 2.5, 'n']);
  });

  it('batch numbers are unique case-insensitively after trimming', () => {
    expect(uniqueBatchNumber(' Lot-A ')).toBe(uniqueBatchNumber('LOT-a'));
  });
});
