import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { call, type Tenant } from './api.js';
import { product } from './inventory.js';
import { confirmOrder, customer, draftOrder, orderSetup } from './sales.js';

export interface BilledOrder {
  id: string;
  orderNumber: string;
  lines: { id: string }[];
  customer: { id: string; name: string };
}

/**
 * A CONFIRMED order of a fresh customer: one stocked line (3 x 10) and one service line (1 x 20), with a
 * 5.00 freight charge. `customerBody` adds to the customer's create body (paymentTermsDays, ...).
 */
export async function confirmedOrder(t: Tenant, customerBody: Record<string, unknown> = {}) {
  const [s, c, service] = await Promise.all([
    orderSetup(t, 50),
    customer(t, customerBody),
    product(t, { productType: 'NON_STOCKED' }),
  ]);
  const order = await draftOrder(
    t,
    [
      { productId: s.product.id, quantity: 3 },
      { productId: service.id, quantity: 1, unitPrice: 20 } as { productId: string; quantity: number },
    ],
    {
      customerId: c.id,
      warehouseId: s.warehouse.id,
      charges: [{ chargeType: 'FREIGHT', description: 'Courier', amount: 5 }],
    },
  );
  await confirmOrder(t, order.id);
  return { ...order, customer: c } as BilledOrder;
}

export const invoiceOrder = (
  t: Tenant,
  orderId: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => call('POST', `/sales-orders/${orderId}/invoice`, { key: t.key, body, headers });

/** Invoices the whole order; fails the test when refused. */
export async function invoiced(t: Tenant, orderId: string, body?: unknown) {
  const res = await invoiceOrder(t, orderId, body);
  if (res.status !== 201) throw new Error(`invoice failed: ${res.raw}`);
  return res.body as { id: string; invoiceNumber: string; totalAmount: number; balanceDue: number };
}

/**
 * A SENT invoice of exactly `amount` (one untaxed service line) for `customerId`, billed from a confirmed
 * order in `warehouseId`: the smallest receivable an account test needs.
 */
export async function sentInvoiceOf(
  t: Tenant,
  input: { customerId: string; warehouseId: string; productId: string; amount: number },
) {
  const order = await draftOrder(
    t,
    [
      { productId: input.productId, quantity: 1, unitPrice: input.amount } as {
        productId: string;
        quantity: number;
      },
    ],
    { customerId: input.customerId, warehouseId: input.warehouseId },
  );
  await confirmOrder(t, order.id);
  const invoice = await invoiced(t, order.id);
  await sendInvoice({ orgId: t.orgId, id: invoice.id });
  return { ...invoice, orderId: order.id };
}
