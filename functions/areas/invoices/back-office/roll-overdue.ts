/**
 * `invoice roll-overdue` (design.md section 5): SENT and PARTIALLY_PAID invoices due before `asOf` become
 * OVERDUE. They are found by key (their GSI3 status partitions, the due date as a filter), and each moves
 * in its own write conditioned on the version read (a race re-reads it and decides again: a payment that
 * settled it in between leaves it alone). An `asOf` in the future is refused (domain/as-of.ts).
 */
import { sweepInstant } from '../../../../domain/as-of.js';
import type { Invoice } from '../../../../domain/invoices/invoice.js';
import { rollOverdue } from '../../../../domain/invoices/lifecycle.js';
import { INVOICE_TRANSITIONS } from '../../../../domain/invoices/status.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { getInvoice, invoicePartitions, invoiceReplaceItem, invoices } from '../store/invoices.js';
import { invoiceDetail } from '../view.js';

async function pastDue(orgId: string, asOf: string): Promise<Invoice[]> {
  const found = await Promise.all(
    INVOICE_TRANSITIONS.rollOverdue.from.map((status) =>
      queryAll({
        TableName: tableName(),
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        FilterExpression: 'dueDate < :asOf',
        ExpressionAttributeValues: { ':pk': invoicePartitions.status(orgId, status), ':asOf': asOf },
      }),
    ),
  );
  return found.flat().map(invoices.fromItem);
}

async function rollOne(orgId: string, id: string, asOf: string, now: Date) {
  return writeOptimistically({
    run: async () => {
      const invoice = await getInvoice(orgId, id);
      const next = invoice && rollOverdue(invoice, asOf);
      if (!invoice || !next) return null;
      const rolled: Invoice = { ...next, updatedAt: now.toISOString() };
      await transact([
        invoiceReplaceItem(orgId, rolled, invoice),
        ...backOfficeJournal(orgId, now).items({
          audit: [
            { resourceType: 'invoice', resourceId: id, action: 'roll_overdue', changedFields: ['status'] },
          ],
        }),
      ]);
      return rolled;
    },
    onExhausted: () =>
      new BackOfficeError(`Invoice ${id} kept changing while it was rolled overdue; run the command again`),
  });
}

/**
 * `now` is the clock (a test stands at a later date through it); `asOf` may not be after it. `limit` bounds
 * one run (the scheduled job's cap): the rest stay past due for the next.
 */
export async function rollInvoicesOverdue(input: {
  orgId: string;
  asOf?: string;
  now?: Date;
  limit?: number;
}) {
  const now = input.now ?? new Date();
  const asOf = sweepInstant(input.asOf, now);
  const candidates = await pastDue(input.orgId, asOf);
  const data = [];
  for (const candidate of candidates.slice(0, input.limit)) {
    const rolled = await rollOne(input.orgId, candidate.id, asOf, now);
    if (rolled) data.push(invoiceDetail(rolled));
  }
  return { data };
}
