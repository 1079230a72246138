import type { OrderFacts } from '../../domain/sales-orders/order.js';

/** An order's customer as creation reads it (newSalesOrder's facts): active, NZD, no discount, no rep. */
export const customerFacts = (customer: {
  id: string;
  code: string;
  name: string;
  taxExempt?: boolean;
}): NonNullable<OrderFacts['customer']> => ({
  id: customer.id,
  code: customer.code,
  name: customer.name,
  isActive: true,
  currency: 'NZD',
  discountPct: null,
  taxExempt: customer.taxExempt ?? false,
  salesRepId: null,
  addresses: [],
});
