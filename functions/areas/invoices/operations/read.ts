import { notFound } from '../../../../domain/errors.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import { documentListOperation } from '../../../platform/http/document-list.js';
import type { Operation } from '../../../platform/http/types.js';
import { getInvoice } from '../store/invoices.js';
import { listInvoices } from '../store/list.js';
import { invoiceDetail, invoiceSummary } from '../view.js';

export const getInvoiceOp: Operation = async ({ auth, params }) => {
  const invoice = await getInvoice(auth.orgId, params.id!);
  if (!invoice) throw notFound(INVOICE_RESOURCE);
  return { body: invoiceDetail(invoice) };
};

export const listInvoicesOp = documentListOperation({
  list: listInvoices,
  view: invoiceSummary,
  defaultSort: 'createdAt',
});
