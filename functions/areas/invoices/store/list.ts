/**
 * GET /invoices: selected, counted, sorted and paged on the slim projection, then the page's invoices read
 * by key (listDocuments). A collection too large for the projection reads the narrowest index range
 * (customer GSI4, one status GSI3, else createdAt GSI1 or updatedAt GSI2), other filters as filter
 * expressions, counting the matching range.
 */
import type { Invoice } from '../../../../domain/invoices/invoice.js';
import type { InvoiceStatus } from '../../../../domain/invoices/status.js';
import { documentQuery, listDocuments, sortedWindow } from '../../../platform/dynamo/document-query.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import type { InvoiceSort } from '../endpoints.js';
import { getSalesOrder } from '../../sales-orders/public.js';
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

/**
 * An invoice's create writes its order with updatedAt = the invoice's createdAt, and every later write of
 * the order moves updatedAt on, so no invoice of an order is newer than the order's updatedAt; this margin
 * covers clocks of two containers that disagree by less than a minute.
 */
export const ORDER_CLOCK_MARGIN_MS = 60_000;

/**
 * GET /invoices?salesOrderId=: the order is read in the caller's organisation (unknown there, another
 * organisation's included: an empty page), then its invoices are those of its customer's partition (GSI4)
 * created while the order could be invoiced: from its createdAt (invoicing needs the order, so none is
 * older) to its updatedAt (ORDER_CLOCK_MARGIN_MS). A key range of one customer's invoices over the order's
 * life, so the read no longer grows with the customer's later invoices; the order and the other filters
 * are filter expressions. An order has a few invoices, so they are sorted and windowed in memory.
 */
export async function listOrderInvoices(
  orgId: string,
  salesOrderId: string,
  filter: InvoiceFilter,
  sort: { by: InvoiceSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: Invoice[]; total: number }> {
  const order = await getSalesOrder(orgId, salesOrderId);
  if (!order || (filter.customerId !== undefined && filter.customerId !== order.customerId)) {
    return { items: [], total: 0 };
  }
  const query = documentQuery(
    'GSI4',
    invoicePartitions.customer(orgId, order.customerId),
    sort.ascending,
    filter,
    {
      dateAttribute: 'invoiceDate',
      skip: { customer: true },
    },
  );
  const input = {
    ...query,
    KeyConditionExpression: `${query.KeyConditionExpression} AND #sk BETWEEN :orderCreatedAt AND :orderSettled`,
    FilterExpression: [query.FilterExpression, '#salesOrder.#salesOrderId = :salesOrderId']
      .filter(Boolean)
      .join(' AND '),
    ExpressionAttributeNames: {
      ...query.ExpressionAttributeNames,
      '#sk': 'GSI4SK',
      '#salesOrder': 'salesOrder',
      '#salesOrderId': 'id',
    },
    ExpressionAttributeValues: {
      ...query.ExpressionAttributeValues,
      ':orderCreatedAt': order.createdAt,
      // GSI4SK is `createdAt\u0001id`, so the bare instant sorts before every key of that instant.
      ':orderSettled': new Date(Date.parse(order.updatedAt) + ORDER_CLOCK_MARGIN_MS).toISOString(),
      ':salesOrderId': salesOrderId,
    },
  };
  return sortedWindow((await queryAll(input)).map(invoices.fromItem), sort, window);
}
