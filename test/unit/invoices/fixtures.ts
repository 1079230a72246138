import { newInvoiceFromOrder, type Invoice } from '../../../domain/invoices/invoice.js';
import { newSalesOrder, type SalesOrder, type SalesOrderInput } from '../../../domain/sales-orders/order.js';
import { customerFacts } from '../../support/customer-facts.js';

export const NOW = '2026-11-23T10:00:00.000Z';

let n = 0;

/**
 * NZD order, order discount 10 %, tax 15 %:
 * Flour 10 x 12.50 less 7.00 (money discount); Sugar 3 x 9.99 less 5 %; Delivery (service) 1 x 20;
 * freight 15.00.
 */
export function order(
  extra: Partial<SalesOrder> = {},
  input: Partial<SalesOrderInput> = {},
  customer: { taxExempt?: boolean } = {},
): SalesOrder {
  const created = newSalesOrder(
    {
      customerId: 'c',
      discountPct: 0.1,
      lines: [
        { productId: 'p1', quantity: 10, unitPrice: 12.5, taxRate: 0.15, discountAmount: 7 },
        {
          productId: 'p2',
          quantity: 3,
          unitPrice: 9.99,
          taxRate: 0.15,
          discountPct: 0.05,
          saleUomFactor: 25,
          saleUomAbbrev: 'bag',
        },
        { productId: 'svc', quantity: 1, unitPrice: 20, taxRate: 0.15 },
      ],
      charges: [{ chargeType: 'FREIGHT', description: 'Courier', amount: 15, taxRate: 0.15 }],
      ...input,
    },
    {
      customer: customerFacts({
        id: 'c',
        code: 'CAFE',
        name: 'Corner Cafe',
        taxExempt: customer.taxExempt ?? false,
      }),
      products: new Map([
        ['p1', { sku: 'FLOUR', name: 'Flour', isActive: true, productType: 'STOCKED' as const }],
        ['p2', { sku: 'SUGAR', name: 'Sugar', isActive: true, productType: 'STOCKED' as const }],
        ['svc', { sku: 'DEL', name: 'Delivery', isActive: true, productType: 'NON_STOCKED' as const }],
      ]),
    },
    { id: 'so1', sequence: 12, now: '2026-11-20T00:00:00.000Z', newId: () => `l${++n}` },
  );
  return { ...created, status: 'CONFIRMED', ...extra };
}

/** Line ids of an order by product id. */
export const lineId = (o: SalesOrder, productId: string): string =>
  o.lines.find((l) => l.productId === productId)!.id;

export const ctx = (extra: Partial<Parameters<typeof newInvoiceFromOrder>[2]> = {}) => ({
  id: 'inv1',
  sequence: 7,
  now: NOW,
  paymentTermsDays: null,
  firstInvoice: true,
  ...extra,
});

/** The whole order invoiced and sent: total 189.54 NZD. */
export const sentInvoice = (extra: Partial<Invoice> = {}): Invoice => ({
  ...newInvoiceFromOrder(order(), undefined, ctx()).invoice,
  status: 'SENT',
  ...extra,
});
