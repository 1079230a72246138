import { numberFlag, type Commands } from '../../platform/back-office/command.js';
import { setCustomerProductDiscount } from './back-office/product-discounts.js';
import { createCustomerGroup, createSalesRep, deactivateSalesRep } from './back-office/sales-reference.js';

/** The customers area's back-office commands, merged into the admin CLI (infra/admin). */
export const CUSTOMER_COMMANDS: Commands = {
  'customer-group create': {
    usage: 'customer-group create --org <orgId> --name <n>',
    flags: ['org', 'name'],
    required: ['org', 'name'],
    run: (v) => createCustomerGroup({ orgId: v.org!, name: v.name! }),
  },
  'sales-rep create': {
    usage: 'sales-rep create --org <orgId> --name <n> --email <e> [--role <r>]',
    flags: ['org', 'name', 'email', 'role'],
    required: ['org', 'name', 'email'],
    run: (v) => createSalesRep({ orgId: v.org!, name: v.name!, email: v.email!, role: v.role }),
  },
  'sales-rep deactivate': {
    usage: 'sales-rep deactivate --org <orgId> --id <userId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => deactivateSalesRep({ orgId: v.org!, id: v.id! }),
  },
};

/**
 * A customer's per-product discounts: listed after the price-tier commands (the admin CLI's order), and
 * kept here because the discount is the customer's, so pricing needs nothing of customers.
 */
export const CUSTOMER_DISCOUNT_COMMANDS: Commands = {
  'customer set-product-discount': {
    usage: 'customer set-product-discount --org <orgId> --customer <id> --product <id> --pct <0-1>',
    flags: ['org', 'customer', 'product', 'pct'],
    required: ['org', 'customer', 'product', 'pct'],
    run: (v) =>
      setCustomerProductDiscount({
        orgId: v.org!,
        customerId: v.customer!,
        productId: v.product!,
        discountPct: numberFlag('pct', v.pct)!,
      }),
  },
};
