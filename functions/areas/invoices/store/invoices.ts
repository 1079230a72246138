/**
 * The invoice entity. One item per invoice holds its header, lines, charges and payments (lines at most
 * the order's 100, payments a few hundred at most, far below the 400 KB item limit), so a detail read and
 * every write (send, payment) touch one item, conditioned on its version.
 *   GSI1 createdAt (default sort, dates)   GSI2 updatedAt (the sync recipe)
 *   GSI3 status + createdAt                GSI4 customer + createdAt
 */
import type { Invoice } from '../../../../domain/invoices/invoice.js';
import type { InvoiceStatus } from '../../../../domain/invoices/status.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import { notFound } from '../../../../domain/errors.js';
import { documentProjection } from '../../../platform/dynamo/document-projection.js';
import { entity } from '../../../platform/dynamo/entity.js';
import { keys, sortKey, type Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type GuardedItem, type TransactItem } from '../../../platform/dynamo/transact.js';
import { customerAccountKey } from '../../customers/public.js';

export const INVOICE_SEQUENCE = 'INVOICE';

const INVOICE_FIELDS = [
  'id',
  'invoiceNumber',
  'status',
  'customerId',
  'customer',
  'salesOrder',
  'currency',
  'invoiceDate',
  'dueDate',
  'lines',
  'charges',
  'subtotal',
  'discountTotal',
  'chargesTotal',
  'taxTotal',
  'totalAmount',
  'paidAmount',
  'creditedAmount',
  'balanceDue',
  'payments',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof Invoice)[];

const collection = (orgId: string) => `${keys.organisation(orgId).PK}#INVOICE`;
export const invoicePartitions = {
  all: collection,
  status: (orgId: string, status: InvoiceStatus) => `${collection(orgId)}#STATUS#${status}`,
  customer: (orgId: string, customerId: string) => `${collection(orgId)}#CUSTOMER#${customerId}`,
};

export const invoiceKey = (orgId: string, id: string): Key => ({
  PK: `${collection(orgId)}#${id}`,
  SK: 'INVOICE',
});

// Lists search the invoice number and the customer's name, case-insensitively.
const searchTextOf = (invoice: Invoice) => `${invoice.invoiceNumber} ${invoice.customer.name}`.toLowerCase();

/**
 * The invoice's slim row (GSI5): what GET /invoices filters (status, customer, invoiceDate, updatedAt,
 * search) and sorts on (invoiceNumber, createdAt, updatedAt). docs/architecture.md "Search and filtered
 * lists".
 */
export const invoiceProjection = documentProjection<Invoice>({
  collection,
  key: invoiceKey,
  row: (invoice) => ({
    id: invoice.id,
    s: invoice.status,
    p: invoice.customerId,
    d: invoice.invoiceDate,
    c: invoice.createdAt,
    u: invoice.updatedAt,
    n: invoice.invoiceNumber,
    t: searchTextOf(invoice),
  }),
  sorts: { invoiceNumber: 'n', createdAt: 'c', updatedAt: 'u' },
});

export const invoices = entity<Invoice>({
  name: 'Invoice',
  fields: INVOICE_FIELDS,
  key: (orgId, invoice) => invoiceKey(orgId, invoice.id),
  indexes: (orgId, invoice) => ({
    GSI1PK: invoicePartitions.all(orgId),
    GSI1SK: sortKey(invoice.createdAt, invoice.id),
    GSI2PK: invoicePartitions.all(orgId),
    GSI2SK: sortKey(invoice.updatedAt, invoice.id),
    GSI3PK: invoicePartitions.status(orgId, invoice.status),
    GSI3SK: sortKey(invoice.createdAt, invoice.id),
    GSI4PK: invoicePartitions.customer(orgId, invoice.customerId),
    GSI4SK: sortKey(invoice.createdAt, invoice.id),
    searchText: searchTextOf(invoice),
    ...invoiceProjection.attributes(orgId, invoice),
  }),
});

export const getInvoice = (orgId: string, id: string): Promise<Invoice | null> =>
  invoices.getByKey(invoiceKey(orgId, id));

/**
 * Replaces the invoice item with `next`, conditioned on the version it was read at: a missing invoice is
 * 404, anything else a race to re-read and decide again (the domain then names a status that moved on).
 */
export function invoiceReplaceItem(
  orgId: string,
  next: Invoice,
  read: Pick<Invoice, 'version'>,
): GuardedItem {
  return guard(
    {
      Put: {
        TableName: tableName(),
        Item: invoices.toItem(orgId, next),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': read.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => (old ? 'retry' : notFound(INVOICE_RESOURCE)),
  );
}

/** Moves the customer's outstandingBalance (receivable invoices only) in the invoice write's transaction. */
export function outstandingBalanceItem(orgId: string, customerId: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: customerAccountKey(orgId, customerId),
      UpdateExpression: 'ADD outstandingBalance :delta',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}
