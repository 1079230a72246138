import { describe, expect, it } from 'vitest';
import { decideSend, decideVoid, rollOverdue } from '../../../domain/invoices/lifecycle.js';
import { decidePayment } from '../../../domain/invoices/payment.js';
import { INVOICE_STATUSES, INVOICE_TRANSITIONS, isReceivable } from '../../../domain/invoices/status.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { NOW, sentInvoice } from './fixtures.js';

const LATER = '2026-11-24T08:00:00.000Z';

describe('invoice status table', () => {
  it('lists the six statuses and the actions', () => {
    expect(INVOICE_STATUSES).toEqual(['DRAFT', 'SENT', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'VOID']);
    expect(Object.keys(INVOICE_TRANSITIONS)).toEqual(['send', 'pay', 'void', 'rollOverdue']);
    expect(INVOICE_STATUSES.filter(isReceivable)).toEqual(['SENT', 'PARTIALLY_PAID', 'PAID', 'OVERDUE']);
  });
});

describe('decideSend', () => {
  it('DRAFT -> SENT', () => {
    expect(decideSend(sentInvoice({ status: 'DRAFT' }), LATER)).toMatchObject({
      status: 'SENT',
      updatedAt: LATER,
      version: 2,
    });
  });

  it.each(['SENT', 'PAID', 'VOID'] as const)('refuses %s naming it', (status) => {
    const error = catchApiError(() => decideSend(sentInvoice({ status }), LATER));
    expect([error.status, error.message]).toEqual([422, `Invoice is ${status}; send needs DRAFT`]);
  });
});

describe('decideVoid', () => {
  it.each(['DRAFT', 'SENT', 'OVERDUE'] as const)(
    'voids a %s invoice without payments and gives quantities back',
    (status) => {
      const { invoice, released } = decideVoid(sentInvoice({ status }), LATER);
      expect(invoice).toMatchObject({ status: 'VOID', version: 2, updatedAt: LATER });
      expect(released.map((r) => r.quantity)).toEqual([10, 3, 1]);
    },
  );

  it('refuses an invoice with payments', () => {
    const paid = decidePayment(sentInvoice(), { amount: 10 }, { id: 'p', now: NOW }).invoice;
    const error = catchApiError(() => decideVoid(paid, LATER));
    expect([error.status, error.message]).toEqual([
      422,
      'Invoice INV-000007 has 1 payment(s) and cannot be voided',
    ]);
  });

  it.each(['PAID', 'VOID'] as const)('refuses %s naming it', (status) => {
    expect(catchApiError(() => decideVoid(sentInvoice({ status }), LATER)).message).toBe(
      `Invoice is ${status}; void needs DRAFT or SENT or PARTIALLY_PAID or OVERDUE`,
    );
  });
});

describe('rollOverdue', () => {
  const due = sentInvoice().dueDate; // 2026-12-23T10:00:00.000Z
  it('SENT and PARTIALLY_PAID past the due date become OVERDUE', () => {
    expect(due).toBe('2026-12-23T10:00:00.000Z');
    expect(rollOverdue(sentInvoice(), '2026-12-23T10:00:00.001Z')).toMatchObject({
      status: 'OVERDUE',
      version: 2,
    });
    expect(rollOverdue(sentInvoice({ status: 'PARTIALLY_PAID' }), '2027-01-01T00:00:00.000Z')?.status).toBe(
      'OVERDUE',
    );
  });

  it('leaves invoices not yet past due, and other statuses', () => {
    expect(rollOverdue(sentInvoice(), due)).toBeNull();
    for (const status of ['DRAFT', 'PAID', 'OVERDUE', 'VOID'] as const) {
      expect(rollOverdue(sentInvoice({ status }), '2027-06-01T00:00:00.000Z')).toBeNull();
    }
  });
});
