/**
 * The back office's invoice transitions (design.md section 5): send (DRAFT to SENT), void (refused while
 * the invoice carries payments) and the overdue roll (SENT or PARTIALLY_PAID past the due date).
 */
import { unprocessable } from '../errors.js';
import { assertCan } from '../workflow/transitions.js';
import type { Invoice } from './invoice.js';
import { INVOICE_RESOURCE, INVOICE_TRANSITIONS, type InvoiceAction } from './status.js';

function move(invoice: Invoice, action: InvoiceAction, now: string): Invoice {
  const status = assertCan(INVOICE_TRANSITIONS, INVOICE_RESOURCE, invoice.status, action);
  return { ...invoice, status, updatedAt: now, version: invoice.version + 1 };
}

export const decideSend = (invoice: Invoice, now: string): Invoice => move(invoice, 'send', now);

/**
 * Voids an invoice without payments. Returns the quantities each order line gets back (the caller lowers
 * the order's invoicedQty by them; the order's charges are billed again by its next first invoice).
 */
export function decideVoid(
  invoice: Invoice,
  now: string,
): { invoice: Invoice; released: { lineId: string; quantity: number }[] } {
  const voided = move(invoice, 'void', now);
  if (invoice.payments.length > 0) {
    throw unprocessable(
      `Invoice ${invoice.invoiceNumber} has ${invoice.payments.length} payment(s) and cannot be voided`,
    );
  }
  return {
    invoice: voided,
    released: invoice.lines.map((l) => ({ lineId: l.soLineId, quantity: l.quantity })),
  };
}

/** SENT or PARTIALLY_PAID invoices whose due date is before `asOf` become OVERDUE; any other is left (null). */
export function rollOverdue(invoice: Invoice, asOf: string): Invoice | null {
  const { from } = INVOICE_TRANSITIONS.rollOverdue;
  if (!(from as readonly string[]).includes(invoice.status)) return null;
  if (Date.parse(invoice.dueDate) >= Date.parse(asOf)) return null;
  return move(invoice, 'rollOverdue', asOf);
}
