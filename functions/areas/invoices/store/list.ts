/**
 * GET /invoices: selected, counted, sorted and paged on the slim projection, then the page's invoices read
 * by key (listDocuments). A collection too large for the projection reads the narrowest index range
 * (customer GSI4, one status GSI3, else createdAt GSI1 or updatedAt GSI2), other filters as filter
 * expressions, counting the matching range.
 */
import type { Invoice } from '../../../../domain/invoices/invoice.js';
import type { InvoiceStatus } from '../../../../domain/invoices/status.js';
import { listDocuments } from '../../../platform/dynamo/document-query.js';
import type { InvoiceSort } from '../endpoints.js';
import { invoicePartitions, invoiceProjection, invoices } from './invoices.js';

export interface InvoiceFilter {
  statuses?: InvoiceStatus[];
  customerId?: string;
  /** ISO instants bounding invoiceDate (a date-only upper bound already extended to its day's end). */
  from?: string;
  to?: string;
  modifiedSince?: Date;
  search?: string;
}

export const listInvoices = (
  orgId: string,
  filter: InvoiceFilter,
  sort: { by: InvoiceSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: Invoice[]; total: number }> =>
  listDocuments<Invoice, InvoiceStatus>({
    orgId,
    partitions: invoicePartitions,
    filter,
    sort,
    window,
    dateAttribute: 'invoiceDate',
    indexSort: 'createdAt',
    fromItem: invoices.fromItem,
    projection: invoiceProjection,
  });
