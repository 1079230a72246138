import { describe, expect, it } from 'vitest';
import {
  BATCH_STATUSES,
  BATCH_TRANSITIONS,
  changeBatchStatus,
  compareFefo,
  expiryWindow,
  fefoKey,
  isAllocatable,
  isPastExpiry,
  isReceivable,
  matchesBatchFilter,
  newBatch,
  type Batch,
  type BatchAction,
  type BatchStatus,
} from '../../../domain/inventory/batch.js';
import { batchStatusChanged } from '../../../domain/inventory/events.js';
import { catchApiError } from '../../support/catch-api-error.js';

const lot = (over: Partial<Batch> = {}): Batch => ({
  ...newBatch(
    { batchNumber: 'LOT-7', productId: 'p1', expiryDate: '2027-01-31' },
    { id: 'b1', now: '2026-11-23T10:00:00.000Z' },
  ),
  ...over,
});

describe('batch status actions', () => {
  const legal: [BatchAction, BatchStatus, BatchStatus][] = [
    ['quarantine', 'ACTIVE', 'QUARANTINED'],
    ['release', 'QUARANTINED', 'ACTIVE'],
    ['recall', 'ACTIVE', 'RECALLED'],
    ['recall', 'QUARANTINED', 'RECALLED'],
    ['recall', 'EXPIRED', 'RECALLED'],
    ['recall', 'CONSUMED', 'RECALLED'],
    ['expire', 'ACTIVE', 'EXPIRED'],
    ['expire', 'QUARANTINED', 'EXPIRED'],
  ];

  it.each(legal)('%s moves %s to %s, stamping updatedAt and the next version', (action, from, to) => {
    const next = changeBatchStatus(lot({ status: from }), action, '2026-12-01T00:00:00.000Z');
    expect(next).toEqual({ ...lot({ status: to }), updatedAt: '2026-12-01T00:00:00.000Z', version: 2 });
  });

  it('every other action and status is 422 naming the actual status; CONSUMED is entered by no action', () => {
    const allowed = new Set(legal.map(([a, f]) => `${a}:${f}`));
    for (const action of Object.keys(BATCH_TRANSITIONS) as BatchAction[]) {
      for (const status of BATCH_STATUSES) {
        if (allowed.has(`${action}:${status}`)) continue;
        const error = catchApiError(() => changeBatchStatus(lot({ status }), action, 'now'));
        expect(error.status).toBe(422);
        expect(error.message).toContain(`Batch is ${status}; ${action} needs`);
      }
    }
    expect(Object.values(BATCH_TRANSITIONS).map((t) => t.to)).not.toContain('CONSUMED');
  });

  it('the event data names the lot, both statuses and its product', () => {
    expect(batchStatusChanged(lot(), 'ACTIVE', 'QUARANTINED').data).toEqual({
      id: 'b1',
      batchNumber: 'LOT-7',
      previousStatus: 'ACTIVE',
      newStatus: 'QUARANTINED',
      productIds: ['p1'],
    });
  });

  it('only ACTIVE lots are allocatable; ACTIVE and CONSUMED lots are receivable', () => {
    expect(BATCH_STATUSES.filter(isAllocatable)).toEqual(['ACTIVE']);
    expect(BATCH_STATUSES.filter(isReceivable)).toEqual(['ACTIVE', 'CONSUMED']);
  });
});

describe('FEFO order', () => {
  it('earliest expiry first, same expiry by id, no expiry last', () => {
    const lots = [
      { id: 'c', expiryDate: null },
      { id: 'b', expiryDate: '2027-01-01' },
      { id: 'a', expiryDate: '2027-01-01' },
      { id: 'd', expiryDate: '2026-06-30' },
      { id: 'a0', expiryDate: null },
    ];
    expect([...lots].sort(compareFefo).map((l) => l.id)).toEqual(['d', 'a', 'b', 'a0', 'c']);
    expect(fefoKey({ id: 'x', expiryDate: null })).toBe('9999-12-31\u0001x');
  });
});

describe('expiry', () => {
  it('a lot is good through its expiry date (UTC): past expiry from the next day on', () => {
    expect(isPastExpiry('2027-01-10', '2027-01-10T23:59:59.999Z')).toBe(false);
    expect(isPastExpiry('2027-01-10', '2027-01-11T00:00:00.000Z')).toBe(true);
    expect(isPastExpiry(null, '9999-01-01T00:00:00.000Z')).toBe(false);
  });

  it('the list window takes the calendar dates of its bounds, inclusive', () => {
    expect(expiryWindow('2027-01-10T00:00:00.000Z', '2027-01-20T23:59:59.999Z')).toEqual({
      fromDate: '2027-01-10',
      toDate: '2027-01-20',
    });
    expect(expiryWindow(undefined, undefined)).toEqual({});
  });

  it('matchesBatchFilter applies every filter; an expiry bound excludes lots without expiry', () => {
    const base = { expiry: {} };
    const b = lot({ batchNumber: 'Lot-Alpha', status: 'QUARANTINED', updatedAt: '2026-11-24T00:00:00.000Z' });
    expect(matchesBatchFilter(b, base)).toBe(true);
    expect(matchesBatchFilter(b, { ...base, status: 'QUARANTINED' })).toBe(true);
    expect(matchesBatchFilter(b, { ...base, status: 'ACTIVE' })).toBe(false);
    expect(matchesBatchFilter(b, { ...base, productId: 'p2' })).toBe(false);
    expect(matchesBatchFilter(b, { ...base, search: 'ALPH' })).toBe(true);
    expect(matchesBatchFilter(b, { ...base, search: 'beta' })).toBe(false);
    expect(matchesBatchFilter(b, { expiry: { fromDate: '2027-01-31', toDate: '2027-01-31' } })).toBe(true);
    expect(matchesBatchFilter(b, { expiry: { fromDate: '2027-02-01' } })).toBe(false);
    expect(matchesBatchFilter(b, { expiry: { toDate: '2027-01-30' } })).toBe(false);
    expect(matchesBatchFilter(lot({ expiryDate: null }), { expiry: { toDate: '9999-12-31' } })).toBe(false);
    expect(matchesBatchFilter(b, { ...base, modifiedSince: '2026-11-24T00:00:00.000Z' })).toBe(true);
    expect(matchesBatchFilter(b, { ...base, modifiedSince: '2026-11-24T00:00:00.001Z' })).toBe(false);
  });
});
