/**
 * GET /invoices: reads the narrowest index range (customer GSI4, one status GSI3, else createdAt GSI1 or
 * updatedAt GSI2), other filters as filter expressions, with the total counted over the matching range
 * (queryWindow). The invoiceNumber sort reads the matching range and sorts it.
 */
import type { Invoice } from '../../../../domain/invoices/invoice.js';
import type { InvoiceStatus } from '../../../../domain/invoices/status.js';
import { queryAll, queryWindow, type QueryInput } from '../../../platform/dynamo/query-window.js';
import { documentQuery } from '../../../platform/dynamo/document-query.js';
import type { IndexName } from '../../../platform/dynamo/table-definition.js';
import type { InvoiceSort } from '../endpoints.js';
import { invoicePartitions, invoices } from './invoices.js';

export interface InvoiceFilter {
  statuses?: InvoiceStatus[];
  customerId?: string;
  /** ISO instants bounding invoiceDate (a date-only upper bound already extended to its day's end). */
  from?: string;
  to?: string;
  modifiedSince?: Date;
  search?: string;
}

const query = (
  index: IndexName,
  partition: string,
  ascending: boolean,
  filter: InvoiceFilter,
  skip: { status?: boolean; customer?: boolean },
): QueryInput => documentQuery(index, partition, ascending, filter, { dateAttribute: 'invoiceDate', skip });

export async function listInvoices(
  orgId: string,
  filter: InvoiceFilter,
  sort: { by: InvoiceSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: Invoice[]; total: number }> {
  const { by, ascending } = sort;
  const statuses = filter.statuses;
  const input =
    by === 'updatedAt' && !filter.customerId && statuses?.length !== 1
      ? query('GSI2', invoicePartitions.all(orgId), ascending, filter, {})
      : filter.customerId
        ? query('GSI4', invoicePartitions.customer(orgId, filter.customerId), ascending, filter, {
            customer: true,
          })
        : statuses?.length === 1
          ? query('GSI3', invoicePartitions.status(orgId, statuses[0]!), ascending, filter, { status: true })
          : query('GSI1', invoicePartitions.all(orgId), ascending, filter, {});
  const indexOrder = by === 'createdAt' || (by === 'updatedAt' && input.IndexName === 'GSI2');
  if (indexOrder) {
    const { items, total } = await queryWindow(input, window.offset, window.limit);
    return { items: items.map(invoices.fromItem), total };
  }
  const all = (await queryAll(input)).map(invoices.fromItem).sort((a, b) => {
    const x = a[by];
    const y = b[by];
    const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return ascending ? order : -order;
  });
  return { items: all.slice(window.offset, window.offset + window.limit), total: all.length };
}
