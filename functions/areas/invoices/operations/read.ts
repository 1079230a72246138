import { notFound } from '../../../../domain/errors.js';
import type { InvoiceStatus } from '../../../../domain/invoices/status.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import { paginate, pageOf } from '../../../../domain/listing/pagination.js';
import { documentFilterOf } from '../../../platform/http/document-filter.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { INVOICE_ENDPOINTS } from '../endpoints.js';
import { getInvoice } from '../store/invoices.js';
import { listInvoices } from '../store/list.js';
import { invoiceDetail, invoiceSummary } from '../view.js';

export const getInvoiceOp: OperationOf<typeof INVOICE_ENDPOINTS, 'getInvoice'> = async ({ auth, params }) => {
  const invoice = await getInvoice(auth.orgId, params.id);
  if (!invoice) throw notFound(INVOICE_RESOURCE);
  return { body: invoiceDetail(invoice) };
};

export const listInvoicesOp: OperationOf<typeof INVOICE_ENDPOINTS, 'listInvoices'> = async ({
  auth,
  query,
}) => {
  const page = pageOf(query);
  const { items, total } = await listInvoices(
    auth.orgId,
    documentFilterOf<InvoiceStatus>(query),
    { by: query.sortBy ?? 'createdAt', ascending: query.sortDir === 'asc' },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(invoiceSummary), total, page) };
};
