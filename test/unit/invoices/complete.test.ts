import { describe, expect, it } from 'vitest';
import { decideComplete } from '../../../domain/sales-orders/complete.js';
import { SALES_ORDER_TRANSITIONS } from '../../../domain/sales-orders/status.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { NOW, order } from './fixtures.js';

const invoiced = (o: SalesOrder, qty: Record<string, number> = {}): SalesOrder => ({
  ...o,
  lines: o.lines.map((l) => ({
    ...l,
    dispatchedQty: l.quantity,
    invoicedQty: qty[l.productId] ?? l.quantity,
  })),
});

describe('decideComplete', () => {
  it('has its transition entry', () => {
    expect(SALES_ORDER_TRANSITIONS.complete).toEqual({ from: ['DISPATCHED'], to: 'COMPLETED' });
  });

  it('completes a DISPATCHED order whose every line is fully invoiced', () => {
    const o = invoiced(order({ status: 'DISPATCHED' }));
    expect(decideComplete(o, NOW)).toMatchObject({
      status: 'COMPLETED',
      updatedAt: NOW,
      version: o.version + 1,
    });
  });

  it('refuses an under-invoiced line naming the product with invoiced vs ordered', () => {
    const error = catchApiError(() =>
      decideComplete(invoiced(order({ status: 'DISPATCHED' }), { p2: 2 }), NOW),
    );
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'unprocessable',
      'Sugar (SUGAR) is not fully invoiced: invoiced 2 of 3 ordered',
    ]);
  });

  it.each(['CONFIRMED', 'PARTIALLY_DISPATCHED', 'COMPLETED', 'CANCELLED'] as const)(
    'refuses %s naming it',
    (status) => {
      const error = catchApiError(() => decideComplete(invoiced(order({ status })), NOW));
      expect([error.status, error.message]).toEqual([
        422,
        `Sales order is ${status}; complete needs DISPATCHED`,
      ]);
    },
  );
});
