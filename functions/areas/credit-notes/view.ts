import type { CreditNote } from '../../../domain/credit-notes/credit-note.js';

/** The list row: the header with customer, invoice and order summaries and a line count. */
export function creditNoteSummary(note: CreditNote) {
  return {
    id: note.id,
    creditNoteNumber: note.creditNoteNumber,
    status: note.status,
    customer: note.customer,
    invoice: note.invoice,
    salesOrder: note.salesOrder,
    returnStock: note.returnStock,
    warehouseId: note.warehouseId,
    creditDate: note.creditDate,
    subtotal: note.subtotal,
    taxTotal: note.taxTotal,
    totalAmount: note.totalAmount,
    approvedAt: note.approvedAt,
    voidedAt: note.voidedAt,
    voidReason: note.voidReason,
    lineCount: note.lines.length,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
  };
}

/** The detail: the header and its lines. */
export const creditNoteDetail = (note: CreditNote) => ({ ...creditNoteSummary(note), lines: note.lines });
