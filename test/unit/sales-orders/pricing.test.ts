import { describe, expect, it } from 'vitest';
import { orderTotals, priceCharge, priceLine } from '../../../domain/sales-orders/pricing.js';
import { catchApiError } from '../../support/catch-api-error.js';

describe('sales-order line pricing', () => {
  it('applies a line percentage, then the order discount, then tax on the net after both', () => {
    const line = priceLine(
      { quantity: 3, unitPrice: 9.99, taxRate: 0.15, discountPct: 0.1 },
      0.05,
      false,
      'lines[0]',
    );
    // gross 29.97, net after 10% = 26.973, order 5% = 1.34865 -> 1.3487 (4 dp), tax on 25.6243 = 3.8436
    expect(line).toEqual({
      taxRate: 0.15,
      discountPct: 0.1,
      discountAmount: null,
      lineTotal: 26.973,
      orderDiscount: 1.3487,
      taxAmount: 3.8436,
    });
  });

  it('a discount amount wins over the percentage, which is derived to ten places', () => {
    const line = priceLine(
      { quantity: 3, unitPrice: 10, taxRate: 0, discountPct: 0.5, discountAmount: 1 },
      0,
      false,
      'l',
    );
    expect(line.discountAmount).toBe(1);
    expect(line.discountPct).toBe(0.0333333333);
    expect(line.lineTotal).toBe(29);
  });

  it('an amount larger than the line is 422 naming the line', () => {
    const error = catchApiError(() =>
      priceLine({ quantity: 1, unitPrice: 5, taxRate: 0, discountAmount: 5.01 }, 0, false, 'lines[2]'),
    );
    expect(error.code).toBe('unprocessable');
    expect(error.message).toContain('lines[2].discountAmount');
  });

  it('an amount equal to the line zeroes it', () => {
    expect(
      priceLine({ quantity: 2, unitPrice: 2.5, taxRate: 0.1, discountAmount: 5 }, 0, false, 'l').lineTotal,
    ).toBe(0);
  });

  it('a tax-exempt customer forces line and charge tax rates to 0', () => {
    expect(priceLine({ quantity: 1, unitPrice: 10, taxRate: 0.15 }, 0, true, 'l')).toMatchObject({
      taxRate: 0,
      taxAmount: 0,
    });
    expect(priceCharge({ amount: 10, taxRate: 0.15 }, true)).toEqual({ taxRate: 0, taxAmount: 0 });
  });
});

describe('sales-order totals', () => {
  it('subtotal - discountTotal + chargesTotal + taxTotal, each to 2 places; charges are not discounted', () => {
    const lines = [
      priceLine({ quantity: 3, unitPrice: 9.99, taxRate: 0.15, discountPct: 0.1 }, 0.05, false, 'a'),
      priceLine({ quantity: 1, unitPrice: 0.005, taxRate: 0 }, 0.05, false, 'b'),
    ];
    const charges = [{ amount: 12.5, ...priceCharge({ amount: 12.5, taxRate: 0.15 }, false) }];
    const totals = orderTotals(lines, charges);
    // lineTotals 26.973 + 0.005 = 26.978 -> 26.98; order discounts 1.3487 + 0.0003 -> 1.35 (rounded once);
    // tax 3.8436 + 0 + 1.875 = 5.7186 -> 5.72; total 26.98 - 1.35 + 12.5 + 5.72
    expect(totals).toEqual({
      subtotal: 26.98,
      discountTotal: 1.35,
      chargesTotal: 12.5,
      taxTotal: 5.72,
      totalAmount: 43.85,
    });
  });

  it('an order with nothing in it totals 0', () => {
    expect(orderTotals([], [])).toEqual({
      subtotal: 0,
      discountTotal: 0,
      chargesTotal: 0,
      taxTotal: 0,
      totalAmount: 0,
    });
  });
});
