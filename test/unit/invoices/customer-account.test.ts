import { describe, expect, it } from 'vitest';
import { creditInvoice, uncreditInvoice } from '../../../domain/credit-notes/invoice-credit.js';
import { accountBalanceOf, accountDelta, owedOnAccount } from '../../../domain/invoices/customer-account.js';
import type { Invoice } from '../../../domain/invoices/invoice.js';
import { decideSend, decideVoid } from '../../../domain/invoices/lifecycle.js';
import { decidePayment } from '../../../domain/invoices/payment.js';
import { header2 } from '../../../domain/money.js';
import { NOW, sentInvoice } from './fixtures.js';

/** A SENT invoice of 10.00 (issue 25's example). */
const tenDue = (extra: Partial<Invoice> = {}): Invoice =>
  sentInvoice({ totalAmount: 10, balanceDue: 10, paidAmount: 0, creditedAmount: 0, ...extra });

const pay = (invoice: Invoice, amount: number) =>
  decidePayment(invoice, { amount }, { id: `pay${amount}`, now: NOW }).invoice;

describe('owedOnAccount', () => {
  it('is the balanceDue of a receivable invoice and 0 for DRAFT and VOID', () => {
    expect(owedOnAccount(tenDue())).toBe(10);
    expect(owedOnAccount(tenDue({ status: 'OVERDUE', balanceDue: 4.5 }))).toBe(4.5);
    expect(owedOnAccount(tenDue({ status: 'DRAFT' }))).toBe(0);
    expect(owedOnAccount(tenDue({ status: 'VOID' }))).toBe(0);
  });
});

describe('accountDelta: the account moves by the change in balanceDue, never by the money received', () => {
  it('three payments of 3.3333, 3.3333 and 3.33 take a 10.00 account to exactly 0', () => {
    let invoice = tenDue();
    let account = owedOnAccount(invoice);
    const seen = [];
    for (const amount of [3.3333, 3.3333, 3.33]) {
      const next = pay(invoice, amount);
      account = header2(account + accountDelta(invoice, next));
      seen.push([next.balanceDue, accountDelta(invoice, next), account]);
      invoice = next;
    }
    expect(seen).toEqual([
      [6.67, -3.33, 6.67],
      [3.33, -3.34, 3.33],
      [0, -3.33, 0],
    ]);
    expect(invoice).toMatchObject({ status: 'PAID', paidAmount: 9.9966 });
  });

  it('a payment of 10.0049 on 10.00 moves the account by -10, not -10.0049', () => {
    const invoice = tenDue();
    expect(accountDelta(invoice, pay(invoice, 10.0049))).toBe(-10);
  });

  it('send raises it by the balance due, void of a receivable invoice lowers it by the same', () => {
    const draft = tenDue({ status: 'DRAFT' });
    const sent = decideSend(draft, NOW);
    expect(accountDelta(draft, sent)).toBe(10);
    expect(accountDelta(sent, decideVoid(sent, NOW).invoice)).toBe(-10);
    expect(accountDelta(draft, decideVoid(draft, NOW).invoice)).toBe(0);
  });

  it('credits move it by the cents the balance moved (approval, then void of the note)', () => {
    const half = pay(tenDue(), 5.0049);
    expect(half.balanceDue).toBe(5);
    const credited = creditInvoice(half, 4.9951, NOW);
    expect([credited.invoice.status, credited.invoice.balanceDue]).toEqual(['PAID', 0]);
    expect(credited.balanceDelta).toBe(accountDelta(half, credited.invoice));
    expect(credited.balanceDelta).toBe(-5);
    const back = uncreditInvoice(credited.invoice, 4.9951, NOW)!;
    expect([back.invoice.balanceDue, back.balanceDelta]).toEqual([5, 5]);
  });
});

describe('accountBalanceOf', () => {
  it('sums the open balances to the cent, leaving DRAFT and VOID out', () => {
    expect(
      accountBalanceOf([
        { status: 'SENT', balanceDue: 0.1 },
        { status: 'PARTIALLY_PAID', balanceDue: 0.2 },
        { status: 'OVERDUE', balanceDue: 1.05 },
        { status: 'PAID', balanceDue: 0 },
        { status: 'DRAFT', balanceDue: 99 },
        { status: 'VOID', balanceDue: 42 },
      ]),
    ).toBe(1.35);
    expect(accountBalanceOf([])).toBe(0);
  });
});
