import { operationsFor } from '../../../platform/http/operations-for.js';
import type { INVOICE_ENDPOINTS } from '../endpoints.js';
import { invoiceSalesOrderOp } from './invoice-order.js';
import { recordInvoicePaymentOp } from './payment.js';
import { getInvoiceOp, listInvoicesOp } from './read.js';
import { sendInvoiceOp, voidInvoiceOp } from './transitions.js';

export const invoiceOperations = operationsFor<typeof INVOICE_ENDPOINTS>({
  listInvoices: listInvoicesOp,
  getInvoice: getInvoiceOp,
  recordInvoicePayment: recordInvoicePaymentOp,
  invoiceSalesOrder: invoiceSalesOrderOp,
  sendInvoice: sendInvoiceOp,
  voidInvoice: voidInvoiceOp,
});
