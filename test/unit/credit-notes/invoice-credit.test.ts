import { describe, expect, it } from 'vitest';
import { creditInvoice, uncreditInvoice } from '../../../domain/credit-notes/invoice-credit.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { NOW, sentInvoice } from '../invoices/fixtures.js';

const LATER = '2026-11-24T08:00:00.000Z';
const TOTAL = 189.54;

describe('credit on an invoice', () => {
  it('a credit settling the invoice makes it PAID and lowers the balance by the whole balance due', () => {
    const invoice = sentInvoice();
    expect(invoice.totalAmount).toBe(TOTAL);
    const { invoice: next, balanceDelta } = creditInvoice(invoice, TOTAL, LATER);
    expect(next).toMatchObject({ status: 'PAID', creditedAmount: TOTAL, balanceDue: 0 });
    expect(balanceDelta).toBe(-TOTAL);
  });

  it('a partial credit keeps the status; DRAFT and VOID invoices and over-credits are refused', () => {
    const { invoice: next, balanceDelta } = creditInvoice(sentInvoice(), 50, LATER);
    expect(next).toMatchObject({ status: 'SENT', creditedAmount: 50, balanceDue: 139.54 });
    expect(balanceDelta).toBe(-50);
    expect(catchApiError(() => creditInvoice(sentInvoice({ status: 'DRAFT' }), 1, LATER)).status).toBe(422);
    expect(catchApiError(() => creditInvoice(sentInvoice({ status: 'VOID' }), 1, LATER)).status).toBe(422);
    expect(catchApiError(() => creditInvoice(sentInvoice(), TOTAL + 1, LATER)).status).toBe(422);
  });

  it('taking a credit off reopens a PAID invoice as SENT, PARTIALLY_PAID or OVERDUE', () => {
    const credited = creditInvoice(sentInvoice(), TOTAL, LATER).invoice;
    const back = uncreditInvoice(credited, TOTAL, LATER)!;
    expect(back.invoice).toMatchObject({ status: 'SENT', creditedAmount: 0, balanceDue: TOTAL });
    expect(back.balanceDelta).toBe(TOTAL);
    const paidSome = creditInvoice(
      sentInvoice({ paidAmount: 10, balanceDue: 179.54 }),
      179.54,
      LATER,
    ).invoice;
    expect(uncreditInvoice(paidSome, 179.54, LATER)!.invoice.status).toBe('PARTIALLY_PAID');
    const late = uncreditInvoice(credited, TOTAL, '2099-01-01T00:00:00.000Z')!;
    expect(late.invoice.status).toBe('OVERDUE');
    expect(uncreditInvoice(sentInvoice({ status: 'VOID' }), 1, NOW)).toBeNull();
  });
});
