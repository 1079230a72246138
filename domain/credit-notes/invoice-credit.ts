/**
 * A credit note's effect on its linked invoice. Approval applies the whole credit (applyCredit); voiding
 * an approved note takes it back off. Only a receivable invoice (not DRAFT, not VOID) moves the customer's
 * outstandingBalance, by the change in its balanceDue.
 */
import { unprocessable } from '../errors.js';
import { applyCredit } from '../invoices/payment.js';
import { balanceDueOf, remainingBalance, settled, type Invoice } from '../invoices/invoice.js';
import { accountDelta } from '../invoices/customer-account.js';
import type { InvoiceStatus } from '../invoices/status.js';
import { line4 } from '../money.js';

export interface InvoiceCreditChange {
  invoice: Invoice;
  /** What the customer's outstandingBalance moves by (negative at approval, positive at void). */
  balanceDelta: number;
}

/** Approval: a DRAFT invoice is refused (send it first), a VOID one by applyCredit. */
export function creditInvoice(invoice: Invoice, amount: number, now: string): InvoiceCreditChange {
  if (invoice.status === 'DRAFT') {
    throw unprocessable(`Invoice ${invoice.invoiceNumber} is DRAFT; send it before crediting it`);
  }
  const next = applyCredit(invoice, amount, now);
  return { invoice: next, balanceDelta: accountDelta(invoice, next) };
}

/**
 * Void of an approved note: the credit comes off the invoice. An invoice no longer settled leaves PAID for
 * OVERDUE (past its due date), PARTIALLY_PAID (with payments) or SENT; any other status stays. A VOID
 * invoice is left alone (null): its balance no longer counts.
 */
export function uncreditInvoice(invoice: Invoice, amount: number, now: string): InvoiceCreditChange | null {
  if (invoice.status === 'VOID') return null;
  const creditedAmount = Math.max(0, line4(invoice.creditedAmount - amount));
  const next = { ...invoice, creditedAmount };
  let status: InvoiceStatus = invoice.status;
  if (status === 'PAID' && !settled(remainingBalance(next))) {
    status =
      Date.parse(invoice.dueDate) < Date.parse(now)
        ? 'OVERDUE'
        : invoice.paidAmount > 0
          ? 'PARTIALLY_PAID'
          : 'SENT';
  }
  const after: Invoice = {
    ...next,
    status,
    balanceDue: balanceDueOf(next),
    updatedAt: now,
    version: invoice.version + 1,
  };
  return { invoice: after, balanceDelta: accountDelta(invoice, after) };
}
