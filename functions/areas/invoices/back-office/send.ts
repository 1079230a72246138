/**
 * `invoice send` (design.md section 5): DRAFT -> SENT. The invoice becomes receivable, so the customer's
 * outstandingBalance rises by its balanceDue in the same transaction.
 */
import { notFound } from '../../../../domain/errors.js';
import { accountDelta } from '../../../../domain/invoices/customer-account.js';
import { decideSend } from '../../../../domain/invoices/lifecycle.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { getInvoice, invoiceReplaceItem, outstandingBalanceItem } from '../store/invoices.js';
import { invoiceDetail } from '../view.js';

export async function sendInvoice(input: { orgId: string; id: string }) {
  const { orgId } = input;
  const now = new Date();
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const invoice = await getInvoice(orgId, input.id);
      if (!invoice) throw notFound(INVOICE_RESOURCE);
      const next = decideSend(invoice, at);
      await transact([
        invoiceReplaceItem(orgId, next, invoice),
        outstandingBalanceItem(orgId, next.customerId, accountDelta(invoice, next)),
        ...backOfficeJournal(orgId, now).items({
          audit: [
            { resourceType: 'invoice', resourceId: next.id, action: 'send', changedFields: ['status'] },
          ],
        }),
      ]);
      return invoiceDetail(next);
    },
    onExhausted: () =>
      new BackOfficeError('The invoice kept changing while it was sent; run the command again'),
  });
}
