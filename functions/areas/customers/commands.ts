import { BackOfficeError } from '../../platform/back-office/actor.js';
import { numberFlag, type Commands } from '../../platform/back-office/command.js';
import { requireOrganisation } from '../organisations/public.js';
import { setCustomerProductDiscount } from './steps/product-discounts.js';
import { createCustomerGroup, createSalesRep, deactivateSalesRep } from './steps/sales-reference.js';

/** The customers area's back-office commands, merged into the admin CLI (infra/admin). */
export const CUSTOMER_COMMANDS: Commands = {
  'customer-group create': {
    usage: 'customer-group create --org <orgId> --name <n>',
    flags: ['org', 'name'],
    required: ['org', 'name'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      return createCustomerGroup({ orgId: v.org!, name: v.name! });
    },
  },
  'sales-rep create': {
    usage: 'sales-rep create --org <orgId> --name <n> --email <e> [--role <r>]',
    flags: ['org', 'name', 'email', 'role'],
    required: ['org', 'name', 'email'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      return createSalesRep({ orgId: v.org!, name: v.name!, email: v.email!, role: v.role });
    },
  },
  'sales-rep deactivate': {
    usage: 'sales-rep deactivate --org <orgId> --id <userId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      return deactivateSalesRep({ orgId: v.org!, id: v.id! });
    },
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
    run: async (v) => {
      await requireOrganisation(v.org!);
      const discountPct = numberFlag('pct', v.pct)!;
      // The API's schema bounds the same field (0-1); the CLI says it in terms of its flag.
      if (!(discountPct >= 0 && discountPct <= 1)) {
        throw new BackOfficeError('--pct must be a fraction from 0 to 1 (0.15 means 15%)');
      }
      return setCustomerProductDiscount({
        orgId: v.org!,
        customerId: v.customer!,
        productId: v.product!,
        discountPct,
      });
    },
  },
};
