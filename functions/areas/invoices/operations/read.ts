import { invalidParameter, notFound } from '../../../../domain/errors.js';
import { looksLikeCuid } from '../../../../domain/listing/list-filters.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { INVOICE_ENDPOINTS } from '../endpoints.js';
import { paginate, pageOf } from '../../../../domain/listing/pagination.js';
import { documentFilterOf } from '../../../platform/http/document-filter.js';
import { documentListOperation } from '../../../platform/http/document-list.js';
import { getInvoice } from '../store/invoices.js';
import { listInvoices, listOrderInvoices } from '../store/list.js';
import { invoiceDetail, invoiceSummary } from '../view.js';

export const getInvoiceOp: OperationOf<typeof INVOICE_ENDPOINTS, 'getInvoice'> = async ({ auth, params }) => {
  const invoice = await getInvoice(auth.orgId, params.id);
  if (!invoice) throw notFound(INVOICE_RESOURCE);
  return { body: invoiceDetail(invoice) };
};

const listEveryInvoice = documentListOperation({
  list: listInvoices,
  view: invoiceSummary,
  defaultSort: 'createdAt',
});

/** GET /invoices: one order's invoices read from its customer's range (listOrderInvoices), else the list. */
export const listInvoicesOp: OperationOf<typeof INVOICE_ENDPOINTS, 'listInvoices'> = async (input) => {
  const { auth, query } = input;
  if (query.salesOrderId === undefined) return listEveryInvoice(input);
  // As GET /shipments takes it: the cuid format, else 400; an unknown order simply has no invoices.
  if (!looksLikeCuid(query.salesOrderId)) throw invalidParameter('salesOrderId', 'must be a cuid');
  const page = pageOf(query);
  const { items, total } = await listOrderInvoices(
    auth.orgId,
    query.salesOrderId,
    documentFilterOf(query),
    { by: query.sortBy, ascending: query.sortDir === 'asc' },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(invoiceSummary), total, page) };
};
