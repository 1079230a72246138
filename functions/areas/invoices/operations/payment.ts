import { newId } from '../../../platform/ids.js';
import { conflict, notFound } from '../../../../domain/errors.js';
import { accountDelta } from '../../../../domain/invoices/customer-account.js';
import { invoicePaymentRecorded } from '../../../../domain/invoices/events.js';
import { decidePayment } from '../../../../domain/invoices/payment.js';
import { INVOICE_RESOURCE } from '../../../../domain/invoices/status.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { INVOICE_ENDPOINTS } from '../endpoints.js';
import { getInvoice, invoiceReplaceItem, outstandingBalanceItem } from '../store/invoices.js';

/**
 * Concurrent payments on one invoice each re-read and decide again after a lost race. Twice the default
 * budget (WRITE_ATTEMPTS): every payment of an invoice, and of all of a customer's invoices, races on the
 * customer's one balance item, and a payment refused for contention is money the caller must send again.
 */
const PAYMENT_ATTEMPTS = 30;

/**
 * POST /invoices/{id}/payments: the invoice put conditioned on the version read (the "row lock": a payment
 * decided on a stale balance loses the race, re-reads and is decided again, so concurrent payments never
 * overpay), the customer's outstandingBalance lowered by the change in balanceDue (not the amount: see
 * domain/invoices/customer-account.ts), the event, the audit entry and the
 * idempotency record, in one transaction.
 */
export const recordInvoicePaymentOp: OperationOf<typeof INVOICE_ENDPOINTS, 'recordInvoicePayment'> = async ({
  auth,
  params,
  body: request,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const id = newId();
  const at = now.toISOString();
  return writeOptimistically({
    attempts: PAYMENT_ATTEMPTS,
    run: async () => {
      const invoice = await getInvoice(orgId, params.id);
      if (!invoice) throw notFound(INVOICE_RESOURCE);
      const decision = decidePayment(invoice, request, { id, now: at });
      const next = decision.invoice;
      const response = { status: 201, body: decision.response };
      await transact([
        invoiceReplaceItem(orgId, next, invoice),
        outstandingBalanceItem(orgId, next.customerId, accountDelta(invoice, next)),
        ...journal.items({
          events: [invoicePaymentRecorded(next, decision.payment)],
          audit: [
            {
              resourceType: 'invoice',
              resourceId: invoice.id,
              action: 'payment',
              changedFields: ['payments', 'paidAmount', 'balanceDue', 'status'],
            },
          ],
          response,
        }),
      ]);
      return response;
    },
    onExhausted: () => conflict('Other payments kept changing the invoice; retry the request'),
  });
};
