/** The events of a credit note, one builder per type so approve and void emit the same shape. */
import { event, type CreditNoteEventData, type Event } from '../events.js';
import type { Invoice } from '../invoices/invoice.js';
import type { CreditNote } from './credit-note.js';

/** The note after the transition; the linked invoice after the credit was applied or taken off, if any. */
function creditNoteData(
  note: CreditNote,
  invoice: Pick<Invoice, 'status' | 'balanceDue'> | null,
): CreditNoteEventData {
  const data = {
    id: note.id,
    creditNoteNumber: note.creditNoteNumber,
    customerId: note.customerId,
    invoiceId: note.invoice?.id ?? null,
    totalAmount: note.totalAmount,
    returnStock: note.returnStock,
    warehouseId: note.warehouseId,
  };
  return invoice ? { ...data, invoiceStatus: invoice.status, invoiceBalanceDue: invoice.balanceDue } : data;
}

export const creditNoteApproved = (
  note: CreditNote,
  invoice: Pick<Invoice, 'status' | 'balanceDue'> | null,
): Event<'credit_note.approved'> => event('credit_note.approved', creditNoteData(note, invoice));

export const creditNoteVoided = (
  note: CreditNote,
  invoice: Pick<Invoice, 'status' | 'balanceDue'> | null,
): Event<'credit_note.voided'> => event('credit_note.voided', creditNoteData(note, invoice));
