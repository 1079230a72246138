import { describe, expect, it } from 'vitest';
import { assertCan, transitionRefused, type Transitions } from '../../../domain/workflow/transitions.js';
import { catchApiError } from '../../support/catch-api-error.js';

type OrderStatus = 'DRAFT' | 'CONFIRMED' | 'DISPATCHED' | 'CANCELLED';
const ORDER = {
  confirm: { from: ['DRAFT'], to: 'CONFIRMED' },
  dispatch: { from: ['CONFIRMED'], to: 'DISPATCHED' },
  cancel: { from: ['DRAFT', 'CONFIRMED'], to: 'CANCELLED' },
} as const satisfies Transitions<OrderStatus>;

describe('assertCan', () => {
  it('returns the status the action leads to when the current status allows it', () => {
    expect(assertCan(ORDER, 'Sales order', 'DRAFT', 'confirm')).toBe('CONFIRMED');
    expect(assertCan(ORDER, 'Sales order', 'CONFIRMED', 'cancel')).toBe('CANCELLED');
  });

  it('throws 422 unprocessable naming the actual status and the statuses the action needs', () => {
    const error = catchApiError(() => assertCan(ORDER, 'Sales order', 'CONFIRMED', 'confirm'));
    expect(error.status).toBe(422);
    expect(error.code).toBe('unprocessable');
    expect(error.message).toBe('Sales order is CONFIRMED; confirm needs DRAFT');
  });

  it('lists every allowed starting status', () => {
    expect(catchApiError(() => assertCan(ORDER, 'Sales order', 'DISPATCHED', 'cancel')).message).toBe(
      'Sales order is DISPATCHED; cancel needs DRAFT or CONFIRMED',
    );
  });
});

describe('transitionRefused', () => {
  it('is the same 422 the store reports for a transition lost to another writer', () => {
    const error = transitionRefused('Invoice', 'PAID', 'void', ['ISSUED']);
    expect([error.code, error.message]).toEqual(['unprocessable', 'Invoice is PAID; void needs ISSUED']);
  });
});
