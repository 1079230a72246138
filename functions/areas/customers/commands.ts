import { type Commands } from '../../platform/back-office/command.js';
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
