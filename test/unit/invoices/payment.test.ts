import { describe, expect, it } from 'vitest';
import { applyCredit, decidePayment } from '../../../domain/invoices/payment.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { NOW, sentInvoice } from './fixtures.js';

const pay = (
  invoice = sentInvoice(),
  body: Parameters<typeof decidePayment>[1] = { amount: 100 },
  id = 'pay1',
) => decidePayment(invoice, body, { id, now: NOW });

describe('decidePayment: state table', () => {
  it('a partial payment of a SENT invoice makes it PARTIALLY_PAID and answers the 201 body', () => {
    const { invoice, payment, response } = pay(sentInvoice(), { amount: 100, reference: 'DD 4471' });
    expect(response).toEqual({
      id: 'pay1',
      amount: 100,
      paymentDate: NOW,
      method: 'BANK_TRANSFER',
      reference: 'DD 4471',
      notes: null,
      invoice: { id: 'inv1', paidAmount: 100, status: 'PARTIALLY_PAID', balanceDue: 89.54 },
    });
    expect(payment).toEqual({ ...response, invoice: undefined, createdAt: NOW });
    expect(invoice).toMatchObject({
      status: 'PARTIALLY_PAID',
      paidAmount: 100,
      balanceDue: 89.54,
      version: 2,
      updatedAt: NOW,
    });
    expect(invoice.payments).toEqual([payment]);
  });

  it('the payment that settles the balance makes it PAID', () => {
    const first = pay().invoice;
    const { invoice, response } = pay(first, { amount: 89.54, method: 'CHEQUE', notes: 'final' }, 'pay2');
    expect(response).toMatchObject({
      method: 'CHEQUE',
      notes: 'final',
      invoice: { paidAmount: 189.54, status: 'PAID', balanceDue: 0 },
    });
    expect(invoice.payments.map((p) => p.id)).toEqual(['pay2', 'pay1']);
  });

  it('pays in full from SENT in one go', () => {
    expect(pay(sentInvoice(), { amount: 189.54 }).invoice).toMatchObject({ status: 'PAID', balanceDue: 0 });
  });

  it('half-cent tolerance: 0.005 left is settled, 0.01 left is not', () => {
    const first = pay().invoice;
    expect(pay(first, { amount: 89.535 }).response.invoice).toEqual({
      id: 'inv1',
      paidAmount: 189.535,
      status: 'PAID',
      balanceDue: 0,
    });
    expect(pay(first, { amount: 89.53 }).response.invoice).toEqual({
      id: 'inv1',
      paidAmount: 189.53,
      status: 'PARTIALLY_PAID',
      balanceDue: 0.01,
    });
  });

  it('4-decimal payments add up to 4 dp; balanceDue is shown to the cent', () => {
    let invoice = sentInvoice({ totalAmount: 100, balanceDue: 100 });
    for (const id of ['a', 'b']) invoice = pay(invoice, { amount: 33.3333 }, id).invoice;
    expect(invoice).toMatchObject({ status: 'PARTIALLY_PAID', paidAmount: 66.6666, balanceDue: 33.33 });
    invoice = pay(invoice, { amount: 33.3333 }, 'c').invoice;
    // 0.0001 left: settled.
    expect(invoice).toMatchObject({ status: 'PAID', paidAmount: 99.9999, balanceDue: 0 });
  });

  it('an OVERDUE invoice stays OVERDUE until settled, then PAID', () => {
    const overdue = sentInvoice({ status: 'OVERDUE' });
    const partly = pay(overdue, { amount: 0.01 }).invoice;
    expect(partly).toMatchObject({ status: 'OVERDUE', balanceDue: 189.53 });
    expect(pay(partly, { amount: 189.53 }).invoice.status).toBe('PAID');
  });

  it('a PARTIALLY_PAID invoice takes further payments', () => {
    const partly = pay().invoice;
    expect(pay(partly, { amount: 9.54 }).invoice).toMatchObject({ status: 'PARTIALLY_PAID', balanceDue: 80 });
  });

  it('keeps payments most recent paymentDate first', () => {
    const first = pay(sentInvoice(), { amount: 10 }, 'today').invoice;
    const second = pay(first, { amount: 10, paidAt: '2026-11-23T10:00:00.000Z' }, 'same').invoice;
    const third = pay(second, { amount: 10, paidAt: '2026-11-23T10:02:00.000Z' }, 'later').invoice;
    expect(third.payments.map((p) => p.id)).toEqual(['later', 'same', 'today']);
  });
});

describe('decidePayment: refusals (422)', () => {
  it.each(['DRAFT', 'PAID', 'VOID'] as const)('a %s invoice, naming the status', (status) => {
    const error = catchApiError(() => pay(sentInvoice({ status })));
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'unprocessable',
      `Invoice is ${status}; pay needs SENT or PARTIALLY_PAID or OVERDUE`,
    ]);
  });

  it('an amount above the balance beyond the half cent', () => {
    const first = pay().invoice;
    const error = catchApiError(() => pay(first, { amount: 89.5451 }));
    expect([error.status, error.message]).toEqual([
      422,
      'amount (89.5451) is above the remaining balance (89.54)',
    ]);
    // Within the half cent: accepted, and settles.
    expect(pay(first, { amount: 89.545 }).invoice).toMatchObject({
      status: 'PAID',
      paidAmount: 189.545,
      balanceDue: 0,
    });
  });

  it('more than 4 decimals, zero or negative', () => {
    expect(catchApiError(() => pay(sentInvoice(), { amount: 10.00001 })).message).toBe(
      'amount carries more than 4 decimal places',
    );
    expect(catchApiError(() => pay(sentInvoice(), { amount: 0 })).message).toBe(
      'amount must be greater than 0',
    );
    expect(catchApiError(() => pay(sentInvoice(), { amount: -5 })).status).toBe(422);
  });

  it('a currency other than the invoice currency', () => {
    const error = catchApiError(() => pay(sentInvoice(), { amount: 10, currency: 'AUD' }));
    expect([error.status, error.message]).toEqual([
      422,
      'currency (AUD) does not match the invoice currency (NZD)',
    ]);
    expect(pay(sentInvoice(), { amount: 10, currency: 'NZD' }).invoice.paidAmount).toBe(10);
  });

  it('paidAt before the invoice date or more than 5 minutes ahead', () => {
    const before = catchApiError(() =>
      pay(sentInvoice(), { amount: 10, paidAt: '2026-11-23T09:59:59.999Z' }),
    );
    expect([before.status, before.message]).toEqual([
      422,
      'paidAt (2026-11-23T09:59:59.999Z) is before the invoice date (2026-11-23T10:00:00.000Z)',
    ]);
    const ahead = catchApiError(() => pay(sentInvoice(), { amount: 10, paidAt: '2026-11-23T10:05:00.001Z' }));
    expect([ahead.status, ahead.message]).toEqual([
      422,
      'paidAt (2026-11-23T10:05:00.001Z) is more than 5 minutes in the future',
    ]);
    expect(pay(sentInvoice(), { amount: 10, paidAt: '2026-11-23T10:05:00.000Z' }).payment.paymentDate).toBe(
      '2026-11-23T10:05:00.000Z',
    );
    expect(catchApiError(() => pay(sentInvoice(), { amount: 10, paidAt: 'yesterday' })).message).toBe(
      'paidAt (yesterday) is not a date-time',
    );
  });
});

describe('applyCredit', () => {
  it('a partial credit lowers the balance and leaves the status', () => {
    const credited = applyCredit(sentInvoice(), 50.5, NOW);
    expect(credited).toMatchObject({
      status: 'SENT',
      creditedAmount: 50.5,
      paidAmount: 0,
      balanceDue: 139.04,
      version: 2,
    });
  });

  it('a credit that settles the invoice in full makes it PAID, also after payments', () => {
    expect(applyCredit(sentInvoice(), 189.54, NOW)).toMatchObject({ status: 'PAID', balanceDue: 0 });
    const partly = pay().invoice;
    expect(applyCredit(partly, 89.54, NOW)).toMatchObject({
      status: 'PAID',
      paidAmount: 100,
      creditedAmount: 89.54,
      balanceDue: 0,
    });
    expect(applyCredit(sentInvoice({ status: 'OVERDUE' }), 189.54, NOW).status).toBe('PAID');
  });

  it('payments see the credit in the remaining balance', () => {
    const credited = applyCredit(sentInvoice(), 89.54, NOW);
    expect(catchApiError(() => pay(credited, { amount: 100.01 })).status).toBe(422);
    expect(pay(credited, { amount: 100 }).invoice).toMatchObject({ status: 'PAID', balanceDue: 0 });
  });

  it('refuses a VOID invoice and a credit above the balance', () => {
    expect(catchApiError(() => applyCredit(sentInvoice({ status: 'VOID' }), 1, NOW)).message).toBe(
      'Invoice INV-000007 is VOID',
    );
    expect(catchApiError(() => applyCredit(sentInvoice(), 189.56, NOW)).message).toBe(
      'Credit amount (189.56) is above the remaining balance (189.54)',
    );
  });
});
