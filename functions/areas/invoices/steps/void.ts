/**
 * `invoice void` and `POST /invoices/{id}/void` (design.md sections 5 and 7): refused while the invoice carries payments (decideVoid). In one
 * transaction: the invoice put (version-conditioned), the order's invoicedQty lowered by the released
 * quantities and its activeInvoiceCount decremented (conditioned on its version: a race re-reads both),
 * and, when the invoice was receivable, the customer's outstandingBalance lowered by its balanceDue.
 */
import { notFound } from '../../../../domain/errors.js';
import { decideVoid } from '../../../../domain/invoices/lifecycle.js';
import { accountDelta } from '../../../../domain/invoices/customer-account.js';
import { roundQuantity } from '../../../../domain/inventory/stock.js';
import type { SalesOrder } from '../../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE } from '../../../../domain/sales-orders/status.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { getSalesOrder } from '../../sales-orders/public.js';
import { orderInvoicedItem } from '../operations/invoice-order.js';
import { outstandingBalanceItem } from '../store/invoices.js';
import { invoiceTransitions } from '../transition.js';

export async function voidInvoice(
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  const { response } = await invoiceTransitions.run({
    orgId,
    id: input.id,
    action: 'void',
    decide: (invoice) => {
      const { invoice: next, released } = decideVoid(invoice, at);
      return { next, released };
    },
    extra: async ({ next, released }, invoice) => {
      const order = await getSalesOrder(orgId, invoice.salesOrder.id);
      if (!order) throw notFound(SALES_ORDER_RESOURCE);
      const back = new Map<string, number>();
      for (const r of released) back.set(r.lineId, (back.get(r.lineId) ?? 0) + r.quantity);
      const nextOrder: SalesOrder = {
        ...order,
        lines: order.lines.map((l) =>
          back.has(l.id)
            ? { ...l, invoicedQty: Math.max(0, roundQuantity(l.invoicedQty - back.get(l.id)!)) }
            : l,
        ),
        activeInvoiceCount: Math.max(0, (order.activeInvoiceCount ?? 0) - 1),
        updatedAt: at,
        version: order.version + 1,
      };
      const owed = accountDelta(invoice, next);
      return {
        items: [
          orderInvoicedItem(orgId, nextOrder, order),
          ...(owed !== 0 ? [outstandingBalanceItem(orgId, invoice.customerId, owed)] : []),
        ],
      };
    },
    journal: context.journal,
    audit: { changedFields: ['status'] },
    onExhausted: () => context.exhausted('The invoice or its order kept changing while it was voided'),
  });
  return response.body;
}
