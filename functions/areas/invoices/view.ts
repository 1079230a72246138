import type { Invoice } from '../../../domain/invoices/invoice.js';

/** The detail caps embedded payments (most recent first) at this many; paymentsTruncated says so. */
export const MAX_RENDERED_PAYMENTS = 500;

/** The list row: the header with customer and order summaries and a line count. */
export function invoiceSummary(invoice: Invoice) {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    customer: invoice.customer,
    salesOrder: invoice.salesOrder,
    currency: invoice.currency,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    subtotal: invoice.subtotal,
    discountTotal: invoice.discountTotal,
    chargesTotal: invoice.chargesTotal,
    taxTotal: invoice.taxTotal,
    totalAmount: invoice.totalAmount,
    paidAmount: invoice.paidAmount,
    creditedAmount: invoice.creditedAmount,
    balanceDue: invoice.balanceDue,
    lineCount: invoice.lines.length,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
}

/** The detail: lines, charges and payments (most recent paymentDate first, at most 500). */
export function invoiceDetail(invoice: Invoice) {
  const payments = [...invoice.payments].sort((a, b) => b.paymentDate.localeCompare(a.paymentDate));
  return {
    ...invoiceSummary(invoice),
    lines: invoice.lines.map(({ orderDiscount: _d, ...line }) => line),
    charges: invoice.charges,
    payments: payments.slice(0, MAX_RENDERED_PAYMENTS),
    paymentsTotal: payments.length,
    paymentsTruncated: payments.length > MAX_RENDERED_PAYMENTS,
  };
}
