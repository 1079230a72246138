/**
 * `invoice send` (design.md section 5): DRAFT -> SENT. The invoice becomes receivable, so the customer's
 * outstandingBalance rises by its balanceDue in the same transaction.
 */
import { accountDelta } from '../../../../domain/invoices/customer-account.js';
import { decideSend } from '../../../../domain/invoices/lifecycle.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { outstandingBalanceItem } from '../store/invoices.js';
import { invoiceTransitions } from '../transition.js';

export async function sendInvoice(input: { orgId: string; id: string }) {
  const { orgId } = input;
  const now = new Date();
  const at = now.toISOString();
  const { response } = await invoiceTransitions.run({
    orgId,
    id: input.id,
    action: 'send',
    decide: (invoice) => ({ next: decideSend(invoice, at) }),
    extra: ({ next }, invoice) => ({
      items: [outstandingBalanceItem(orgId, next.customerId, accountDelta(invoice, next))],
    }),
    journal: backOfficeJournal(orgId, now),
    audit: { changedFields: ['status'] },
    onExhausted: () =>
      new BackOfficeError('The invoice kept changing while it was sent; run the command again'),
  });
  return response.body;
}
