import { describe, expect, it } from 'vitest';
import { billedDiscountAmount, dueDateOf, newInvoiceFromOrder } from '../../../domain/invoices/invoice.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { ctx, lineId, NOW, order } from './fixtures.js';

const withLines = (o: SalesOrder, patch: Record<string, Partial<SalesOrder['lines'][number]>>) => ({
  ...o,
  lines: o.lines.map((l) => ({ ...l, ...(patch[l.productId] ?? {}) })),
});

describe('newInvoiceFromOrder: the whole order', () => {
  const o = order();
  const { invoice, order: after, invoicedQty } = newInvoiceFromOrder(o, undefined, ctx());

  it('numbers, dates and snapshots the order', () => {
    expect(invoice).toMatchObject({
      id: 'inv1',
      invoiceNumber: 'INV-000007',
      status: 'DRAFT',
      customerId: 'c',
      customer: { id: 'c', code: 'CAFE', name: 'Corner Cafe' },
      salesOrder: { id: 'so1', orderNumber: 'SO-000012' },
      currency: 'NZD',
      invoiceDate: NOW,
      dueDate: '2026-12-23T10:00:00.000Z',
      payments: [],
      paidAmount: 0,
      creditedAmount: 0,
      createdAt: NOW,
      updatedAt: NOW,
      version: 1,
    });
  });

  it('prices every line at its full balance with line and order discounts (4 dp)', () => {
    expect(invoice.lines).toEqual([
      {
        soLineId: lineId(o, 'p1'),
        productId: 'p1',
        product: { sku: 'FLOUR', name: 'Flour' },
        quantity: 10,
        unitPrice: 12.5,
        taxRate: 0.15,
        discountPct: 0.056,
        discountAmount: 7,
        saleUomFactor: null,
        saleUomAbbrev: null,
        lineTotal: 118,
        orderDiscount: 11.8,
        taxAmount: 15.93,
      },
      {
        soLineId: lineId(o, 'p2'),
        productId: 'p2',
        product: { sku: 'SUGAR', name: 'Sugar' },
        quantity: 3,
        unitPrice: 9.99,
        taxRate: 0.15,
        discountPct: 0.05,
        discountAmount: null,
        saleUomFactor: 25,
        saleUomAbbrev: 'bag',
        lineTotal: 28.4715,
        orderDiscount: 2.8472,
        taxAmount: 3.8436,
      },
      expect.objectContaining({
        productId: 'svc',
        quantity: 1,
        lineTotal: 20,
        orderDiscount: 2,
        taxAmount: 2.7,
      }),
    ]);
  });

  it('bills the charges on the first invoice and totals to the cent', () => {
    expect(invoice.charges).toEqual([
      {
        id: o.charges[0]!.id,
        chargeType: 'FREIGHT',
        description: 'Courier',
        amount: 15,
        taxRate: 0.15,
        taxAmount: 2.25,
      },
    ]);
    expect(invoice).toMatchObject({
      subtotal: 166.47,
      discountTotal: 16.65,
      chargesTotal: 15,
      taxTotal: 24.72,
      totalAmount: 189.54,
      balanceDue: 189.54,
    });
    // The same figures as the order: billing everything at once reproduces its totals.
    expect(invoice.totalAmount).toBe(o.totalAmount);
  });

  it("advances every line's invoicedQty on the order", () => {
    expect(invoicedQty).toEqual([
      { lineId: lineId(o, 'p1'), invoicedQty: 10 },
      { lineId: lineId(o, 'p2'), invoicedQty: 3 },
      { lineId: lineId(o, 'svc'), invoicedQty: 1 },
    ]);
    expect(after.lines.map((l) => l.invoicedQty)).toEqual([10, 3, 1]);
    expect(after).toMatchObject({ status: 'CONFIRMED', version: o.version + 1, updatedAt: NOW });
  });
});

describe('newInvoiceFromOrder: due date', () => {
  it('is the invoice date plus the customer terms, 30 days when none', () => {
    expect(dueDateOf('2026-01-31T08:00:00.000Z', 14)).toBe('2026-02-14T08:00:00.000Z');
    expect(dueDateOf('2026-01-31T08:00:00.000Z', 0)).toBe('2026-01-31T08:00:00.000Z');
    expect(dueDateOf('2026-01-31T08:00:00.000Z', null)).toBe('2026-03-02T08:00:00.000Z');
    const { invoice } = newInvoiceFromOrder(order(), undefined, ctx({ paymentTermsDays: 7 }));
    expect(invoice.dueDate).toBe('2026-11-30T10:00:00.000Z');
  });
});

describe('newInvoiceFromOrder: part of an order', () => {
  it('prices a partial quantity of a money-discounted line and a percentage line, with the order discount', () => {
    const o = order();
    const { invoice, invoicedQty } = newInvoiceFromOrder(
      o,
      {
        lines: [
          { soLineId: lineId(o, 'p1'), quantity: 3 },
          { soLineId: lineId(o, 'p2'), quantity: 1 },
        ],
      },
      ctx({ firstInvoice: false }),
    );
    expect(
      invoice.lines.map((l) => [
        l.quantity,
        l.discountAmount,
        l.discountPct,
        l.lineTotal,
        l.orderDiscount,
        l.taxAmount,
      ]),
    ).toEqual([
      // 3 x 12.50 = 37.50 less 3/10 of 7.00; 10 % order discount; 15 % tax on 31.86
      [3, 2.1, 0.056, 35.4, 3.54, 4.779],
      // 9.99 less 5 % = 9.4905; order discount 0.94905 -> 0.9491; tax on 8.5414
      [1, null, 0.05, 9.4905, 0.9491, 1.2812],
    ]);
    expect(invoice.charges).toEqual([]);
    expect(invoice).toMatchObject({
      subtotal: 44.89,
      discountTotal: 4.49,
      chargesTotal: 0,
      taxTotal: 6.06,
      totalAmount: 46.46,
      balanceDue: 46.46,
    });
    expect(invoicedQty).toEqual([
      { lineId: lineId(o, 'p1'), invoicedQty: 3 },
      { lineId: lineId(o, 'p2'), invoicedQty: 1 },
    ]);
  });

  it('pro-rates a money discount cumulatively so the invoices add up to it exactly', () => {
    let o = order(
      {},
      {
        discountPct: null,
        charges: [],
        lines: [{ productId: 'p1', quantity: 3, unitPrice: 10, discountAmount: 1 }],
      },
    );
    const shares: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < 3; i++) {
      const decision = newInvoiceFromOrder(
        o,
        { lines: [{ soLineId: o.lines[0]!.id, quantity: 1 }] },
        ctx({ firstInvoice: i === 0 }),
      );
      shares.push(decision.invoice.lines[0]!.discountAmount!);
      totals.push(decision.invoice.totalAmount);
      o = decision.order;
    }
    expect(shares).toEqual([0.3333, 0.3334, 0.3333]);
    expect(totals).toEqual([9.67, 9.67, 9.67]);
    expect(billedDiscountAmount({ ...o.lines[0]!, invoicedQty: 0 }, 3)).toBe(1);
  });

  it('sums a line named twice', () => {
    const o = order();
    const { invoice } = newInvoiceFromOrder(
      o,
      {
        lines: [
          { soLineId: lineId(o, 'p1'), quantity: 2 },
          { soLineId: lineId(o, 'p1'), quantity: 1.5 },
        ],
      },
      ctx(),
    );
    expect(invoice.lines.map((l) => [l.productId, l.quantity])).toEqual([['p1', 3.5]]);
  });

  it('an empty lines array bills everything, like no lines', () => {
    const { invoice } = newInvoiceFromOrder(order(), { lines: [] }, ctx());
    expect(invoice.totalAmount).toBe(189.54);
  });

  it('bills the remaining balance after earlier invoices, without charges', () => {
    const o = withLines(order(), { p1: { invoicedQty: 4 }, p2: { invoicedQty: 3 } });
    const { invoice, invoicedQty } = newInvoiceFromOrder(o, undefined, ctx({ firstInvoice: false }));
    expect(invoice.lines.map((l) => [l.productId, l.quantity, l.discountAmount])).toEqual([
      ['p1', 6, 4.2],
      ['svc', 1, null],
    ]);
    expect(invoicedQty.map((x) => x.invoicedQty)).toEqual([10, 1]);
    expect(invoice.chargesTotal).toBe(0);
  });
});

describe('newInvoiceFromOrder: PARTIALLY_DISPATCHED', () => {
  const o = withLines(order({ status: 'PARTIALLY_DISPATCHED' }), {
    p1: { dispatchedQty: 4, invoicedQty: 1 },
    p2: { dispatchedQty: 0 },
    svc: { dispatchedQty: 0 },
  });

  it('bills dispatched less invoiced for stocked lines and service lines in full', () => {
    const { invoice } = newInvoiceFromOrder(o, undefined, ctx({ firstInvoice: false }));
    expect(invoice.lines.map((l) => [l.productId, l.quantity])).toEqual([
      ['p1', 3],
      ['svc', 1],
    ]);
  });

  it('named lines may bill up to the ordered quantity', () => {
    const { invoice } = newInvoiceFromOrder(
      o,
      { lines: [{ soLineId: lineId(o, 'p2'), quantity: 3 }] },
      ctx(),
    );
    expect(invoice.lines.map((l) => [l.productId, l.quantity])).toEqual([['p2', 3]]);
  });

  it('nothing dispatched and not invoiced is 422', () => {
    const done = withLines(o, { p1: { invoicedQty: 4 }, svc: { invoicedQty: 1 } });
    const error = catchApiError(() => newInvoiceFromOrder(done, undefined, ctx()));
    expect([error.status, error.code]).toEqual([422, 'unprocessable']);
    expect(error.message).toBe(
      'Nothing to invoice on sales order SO-000012: no dispatched quantity is waiting to be invoiced',
    );
  });
});

describe('newInvoiceFromOrder: refusals', () => {
  it.each(['DRAFT', 'CANCELLED'] as const)('a %s order is 422 naming the status', (status) => {
    const error = catchApiError(() => newInvoiceFromOrder(order({ status }), undefined, ctx()));
    expect([error.status, error.code]).toEqual([422, 'unprocessable']);
    expect(error.message).toBe(
      `Sales order is ${status}; invoice needs CONFIRMED or PICKING or PACKED or PARTIALLY_DISPATCHED or DISPATCHED or COMPLETED`,
    );
  });

  it.each(['CONFIRMED', 'PICKING', 'PACKED', 'DISPATCHED'] as const)(
    'a %s order can be invoiced',
    (status) => {
      expect(newInvoiceFromOrder(order({ status }), undefined, ctx()).invoice.totalAmount).toBe(189.54);
    },
  );

  it('a fully invoiced order is 422', () => {
    const o = withLines(order({ status: 'DISPATCHED' }), {
      p1: { invoicedQty: 10 },
      p2: { invoicedQty: 3 },
      svc: { invoicedQty: 1 },
    });
    const error = catchApiError(() => newInvoiceFromOrder(o, undefined, ctx()));
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'unprocessable',
      'Sales order SO-000012 is fully invoiced',
    ]);
    expect(
      catchApiError(() => newInvoiceFromOrder({ ...o, status: 'COMPLETED' }, undefined, ctx())).message,
    ).toBe('Sales order SO-000012 is fully invoiced');
  });

  it('cumulative over-invoicing is 422 unprocessable', () => {
    const o = withLines(order(), { p1: { invoicedQty: 8 } });
    const error = catchApiError(() =>
      newInvoiceFromOrder(o, { lines: [{ soLineId: lineId(o, 'p1'), quantity: 3 }] }, ctx()),
    );
    expect([error.status, error.code]).toEqual([422, 'unprocessable']);
    expect(error.message).toBe(
      'lines[0].quantity: invoicing 3 of Flour (FLOUR) would bring it to 11 invoiced of 10 ordered (8 already invoiced)',
    );
    // Exactly the balance is fine.
    expect(
      newInvoiceFromOrder(o, { lines: [{ soLineId: lineId(o, 'p1'), quantity: 2 }] }, ctx()).invoicedQty,
    ).toEqual([{ lineId: lineId(o, 'p1'), invoicedQty: 10 }]);
  });

  it('over-invoicing counts repeated lines together', () => {
    const o = order();
    const id = lineId(o, 'p2');
    const error = catchApiError(() =>
      newInvoiceFromOrder(
        o,
        {
          lines: [
            { soLineId: id, quantity: 2 },
            { soLineId: id, quantity: 2 },
          ],
        },
        ctx(),
      ),
    );
    expect(error.message).toMatch(
      /^lines\[1\]\.quantity: invoicing 4 of Sugar \(SUGAR\) would bring it to 4 invoiced of 3 ordered/,
    );
  });

  it('a line of another order is 422 invalid_reference', () => {
    const error = catchApiError(() =>
      newInvoiceFromOrder(order(), { lines: [{ soLineId: 'other', quantity: 1 }] }, ctx()),
    );
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'invalid_reference',
      'lines[0].soLineId does not reference an existing line of this sales order',
    ]);
  });

  it.each([0, -1])('a quantity of %s is 422', (quantity) => {
    const o = order();
    const error = catchApiError(() =>
      newInvoiceFromOrder(o, { lines: [{ soLineId: lineId(o, 'p1'), quantity }] }, ctx()),
    );
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'unprocessable',
      'lines[0].quantity must be greater than 0',
    ]);
  });
});

describe('newInvoiceFromOrder: tax-exempt customer', () => {
  it('carries the exemption: no tax on lines or charges', () => {
    const { invoice } = newInvoiceFromOrder(order({}, {}, { taxExempt: true }), undefined, ctx());
    expect(invoice.lines.map((l) => [l.taxRate, l.taxAmount])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(invoice.charges[0]).toMatchObject({ taxRate: 0, taxAmount: 0 });
    // 166.47 - 16.65 + 15
    expect(invoice).toMatchObject({ taxTotal: 0, totalAmount: 164.82 });
  });
});
