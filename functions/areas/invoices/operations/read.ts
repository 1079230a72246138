import { notFound } from '../../../../domain/errors.js';
import type { InvoiceStatus } from '../../../../domain/invoices/status.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import { paginate, pageWindow } from '../../../../domain/listing/pagination.js';
import { documentFilterOf } from '../../../platform/http/document-filter.js';
import type { Operation } from '../../../platform/http/types.js';
import type { InvoiceSort } from '../endpoints.js';
import { getInvoice } from '../store/invoices.js';
import { listInvoices } from '../store/list.js';
import { invoiceDetail, invoiceSummary } from '../view.js';

export const getInvoiceOp: Operation = async ({ auth, params }) => {
  const invoice = await getInvoice(auth.orgId, params.id!);
  if (!invoice) throw notFound(INVOICE_RESOURCE);
  return { body: invoiceDetail(invoice) };
};

export const listInvoicesOp: Operation = async ({ auth, query }) => {
  const page = pageWindow(query.page as number, query.pageSize as number);
  const { items, total } = await listInvoices(
    auth.orgId,
    documentFilterOf<InvoiceStatus>(query),
    { by: (query.sortBy as InvoiceSort | undefined) ?? 'createdAt', ascending: query.sortDir === 'asc' },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(invoiceSummary), total, page) };
};
