/**
 * `invoice send` and `POST /invoices/{id}/send` (design.md sections 5 and 7): DRAFT -> SENT. The invoice becomes receivable, so the customer's
 * outstandingBalance rises by its balanceDue in the same transaction.
 */
import { accountDelta } from '../../../../domain/invoices/customer-account.js';
import { decideSend } from '../../../../domain/invoices/lifecycle.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { outstandingBalanceItem } from '../store/invoices.js';
import { invoiceTransitions } from '../transition.js';

export async function sendInvoice(
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  const { response } = await invoiceTransitions.run({
    orgId,
    id: input.id,
    action: 'send',
    decide: (invoice) => ({ next: decideSend(invoice, at) }),
    extra: ({ next }, invoice) => ({
      items: [outstandingBalanceItem(orgId, next.customerId, accountDelta(invoice, next))],
    }),
    journal: context.journal,
    audit: { changedFields: ['status'] },
    onExhausted: () => context.exhausted('The invoice kept changing while it was sent'),
  });
  return response.body;
}
