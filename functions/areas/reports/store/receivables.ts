/**
 * The receivable-aging report's read: only outstanding invoices, by key. Without a customer, the OVERDUE,
 * PARTIALLY_PAID and SENT GSI3 partitions in that order (oldest created first in each); with one, its GSI4
 * partition filtered to those statuses. At most MAX_AGING_INVOICES are returned; `truncated` says there
 * were more.
 */
import type { Invoice } from '../../../../domain/invoices/invoice.js';
import type { InvoiceStatus } from '../../../../domain/invoices/status.js';
import { readPage, type QueryInput } from '../../../platform/dynamo/query-window.js';
import { tableName, type IndexName } from '../../../platform/dynamo/table-definition.js';
import { invoicePartitions, invoices } from '../../invoices/public.js';

export const MAX_AGING_INVOICES = 1000;
export const OUTSTANDING_STATUSES = [
  'OVERDUE',
  'PARTIALLY_PAID',
  'SENT',
] as const satisfies readonly InvoiceStatus[];

type Item = Record<string, unknown>;

function read(index: IndexName, input: Omit<QueryInput, 'TableName' | 'IndexName'>, limit: number) {
  return readPage<Item>(
    { ...input, TableName: tableName(), IndexName: index, ScanIndexForward: true },
    {
      offset: 0,
      limit,
      cursorId: `receivable-aging:${index}:${String(input.ExpressionAttributeValues?.[':pk'])}`,
      keyOf: (item) => ({
        PK: item.PK,
        SK: item.SK,
        [`${index}PK`]: item[`${index}PK`],
        [`${index}SK`]: item[`${index}SK`],
      }),
    },
  );
}

export async function outstandingInvoices(
  orgId: string,
  customerId?: string,
): Promise<{ invoices: Invoice[]; truncated: boolean }> {
  const wanted = MAX_AGING_INVOICES + 1;
  const items: Item[] = [];
  if (customerId) {
    items.push(
      ...(await read(
        'GSI4',
        {
          KeyConditionExpression: 'GSI4PK = :pk',
          FilterExpression: '#status IN (:s0, :s1, :s2)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pk': invoicePartitions.customer(orgId, customerId),
            ...Object.fromEntries(OUTSTANDING_STATUSES.map((s, i) => [`:s${i}`, s])),
          },
        },
        wanted,
      )),
    );
  } else {
    for (const status of OUTSTANDING_STATUSES) {
      if (items.length >= wanted) break;
      items.push(
        ...(await read(
          'GSI3',
          {
            KeyConditionExpression: 'GSI3PK = :pk',
            ExpressionAttributeValues: { ':pk': invoicePartitions.status(orgId, status) },
          },
          wanted - items.length,
        )),
      );
    }
  }
  return {
    invoices: items.slice(0, MAX_AGING_INVOICES).map(invoices.fromItem),
    truncated: items.length > MAX_AGING_INVOICES,
  };
}
