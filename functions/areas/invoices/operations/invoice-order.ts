import { newId } from '../../../platform/ids.js';
import { conflict, notFound } from '../../../../domain/errors.js';
import { invoiceCreated } from '../../../../domain/invoices/events.js';
import { newInvoiceFromOrder } from '../../../../domain/invoices/invoice.js';
import type { SalesOrder } from '../../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE } from '../../../../domain/sales-orders/status.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { readSequence, sequenceNext } from '../../../platform/dynamo/sequence.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, transact, type GuardedItem } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { INVOICE_ENDPOINTS } from '../endpoints.js';
import { getCustomer } from '../../customers/public.js';
import { readOrderToTransition } from '../../sales-orders/public.js';
import { markerConflict, salesOrders } from '../../sales-orders/public.js';
import { INVOICE_SEQUENCE, invoices } from '../store/invoices.js';
import { invoiceDetail } from '../view.js';

/**
 * The order put of an invoice: invoicedQty advanced and activeInvoiceCount + 1, conditioned on the version
 * read and on no confirm or cancel in parts under way (409). A status or version that moved on is a race:
 * the re-read order is decided again (a cancelled order is then the domain's 422 naming its status).
 */
export function orderInvoicedItem(orgId: string, next: SalesOrder, read: SalesOrder): GuardedItem {
  return guard(
    {
      Put: {
        TableName: tableName(),
        Item: salesOrders.toItem(orgId, next),
        ConditionExpression:
          '#version = :version AND attribute_not_exists(pendingConfirm) AND attribute_not_exists(pendingCancel)',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': read.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => (old ? (markerConflict(old) ?? 'retry') : notFound(SALES_ORDER_RESOURCE)),
  );
}

/**
 * POST /sales-orders/{id}/invoice: a DRAFT invoice billing the order's lines (newInvoiceFromOrder). The
 * invoice, its number, the order (invoicedQty, activeInvoiceCount), the event, the audit entry and the
 * idempotency record commit together. A DRAFT invoice does not move the customer's outstandingBalance.
 */
export const invoiceSalesOrderOp: OperationOf<typeof INVOICE_ENDPOINTS, 'invoiceSalesOrder'> = async ({
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
    run: async () => {
      const [order, lastNumber] = await Promise.all([
        readOrderToTransition(orgId, params.id),
        readSequence(orgId, INVOICE_SEQUENCE),
      ]);
      const customer = await getCustomer(orgId, order.customerId);
      const active = order.activeInvoiceCount ?? 0;
      const decision = newInvoiceFromOrder(order, request, {
        id,
        sequence: lastNumber + 1,
        now: at,
        paymentTermsDays: customer?.state.paymentTermsDays ?? null,
        firstInvoice: active === 0,
      });
      const { invoice } = decision;
      const nextOrder: SalesOrder = { ...decision.order, activeInvoiceCount: active + 1 };
      const response = { status: 201, body: invoiceDetail(invoice) };
      await transact([
        invoices.createItem(orgId, invoice),
        sequenceNext(orgId, INVOICE_SEQUENCE, lastNumber),
        orderInvoicedItem(orgId, nextOrder, order),
        ...journal.items({
          events: [invoiceCreated(invoice, order.id)],
          audit: [
            {
              resourceType: 'invoice',
              resourceId: invoice.id,
              action: 'create',
              changedFields: Object.keys(request),
            },
          ],
          response,
        }),
      ]);
      return response;
    },
    onExhausted: () => conflict('The order or the invoice numbers kept changing; retry the request'),
  });
};
