import { invalidParameter, notFound } from '../../../../domain/errors.js';
import { canBeId } from '../../../../domain/ids.js';
import type { InvoiceStatus } from '../../../../domain/invoices/status.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import { paginate, pageWindow } from '../../../../domain/listing/pagination.js';
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
  const customerId = query.customerId as string | undefined;
  if (customerId !== undefined && !canBeId(customerId)) throw invalidParameter('customerId', 'is not an id');
  const page = pageWindow(query.page as number, query.pageSize as number);
  const { items, total } = await listInvoices(
    auth.orgId,
    {
      statuses: query.status as InvoiceStatus[] | undefined,
      customerId,
      from: query.dateFrom as string | undefined,
      to: query.dateTo as string | undefined,
      modifiedSince: query.modifiedSince as Date | undefined,
      search: query.search as string | undefined,
    },
    { by: (query.sortBy as InvoiceSort | undefined) ?? 'createdAt', ascending: query.sortDir === 'asc' },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(invoiceSummary), total, page) };
};
