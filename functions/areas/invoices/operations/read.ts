import { notFound } from '../../../../domain/errors.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { INVOICE_ENDPOINTS } from '../endpoints.js';
import { documentListOperation } from '../../../platform/http/document-list.js';
import { getInvoice } from '../store/invoices.js';
import { listInvoices } from '../store/list.js';
import { invoiceDetail, invoiceSummary } from '../view.js';

export const getInvoiceOp: OperationOf<typeof INVOICE_ENDPOINTS, 'getInvoice'> = async ({ auth, params }) => {
  const invoice = await getInvoice(auth.orgId, params.id);
  if (!invoice) throw notFound(INVOICE_RESOURCE);
  return { body: invoiceDetail(invoice) };
};

export const listInvoicesOp: OperationOf<typeof INVOICE_ENDPOINTS, 'listInvoices'> = documentListOperation({
  list: listInvoices,
  view: invoiceSummary,
  defaultSort: 'createdAt',
});
