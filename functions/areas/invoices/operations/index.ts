import type { OperationsOf } from '../../../platform/http/types.js';
import type { INVOICE_ENDPOINTS } from '../endpoints.js';
import { recordInvoicePaymentOp } from './payment.js';
import { getInvoiceOp, listInvoicesOp } from './read.js';

export const invoiceOperations: OperationsOf<typeof INVOICE_ENDPOINTS> = {
  listInvoices: listInvoicesOp,
  getInvoice: getInvoiceOp,
  recordInvoicePayment: recordInvoicePaymentOp,
};
