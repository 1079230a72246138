import { describe, expect, it } from 'vitest';
import { balanceDueOf, remainingBalance, settled } from '../../../domain/invoices/invoice.js';
import { header2, line4 } from '../../../domain/money.js';

describe('settlement arithmetic', () => {
  it('float residue of paying to the cent rounds to 0, not NaN (exponent-form numbers)', () => {
    expect(189.54 - 100 - 89.54).not.toBe(0);
    expect(line4(189.54 - 100 - 89.54)).toBe(0);
    expect(header2(1e-7)).toBe(0);
    expect(line4(-3e-9)).toBe(0);
    expect(line4(5e-5)).toBe(0.0001);
    expect(header2(1e21)).toBe(1e21);
    expect(remainingBalance({ totalAmount: 189.54, paidAmount: 100, creditedAmount: 89.54 })).toBe(0);
  });

  it('fully settled means a balance of 0.005 or less', () => {
    expect([settled(0.005), settled(0.0051), settled(0), settled(-0.004)]).toEqual([true, false, true, true]);
  });

  it('balanceDue is total less payments and credits, to the cent', () => {
    expect(balanceDueOf({ totalAmount: 100, paidAmount: 33.3333, creditedAmount: 10 })).toBe(56.67);
    expect(balanceDueOf({ totalAmount: 100, paidAmount: 100.004, creditedAmount: 0 })).toBe(0);
    // Settled shows 0; a hair above the half cent shows the cent.
    expect(balanceDueOf({ totalAmount: 100, paidAmount: 99.995, creditedAmount: 0 })).toBe(0);
    expect(balanceDueOf({ totalAmount: 100, paidAmount: 99.9949, creditedAmount: 0 })).toBe(0.01);
  });
});
