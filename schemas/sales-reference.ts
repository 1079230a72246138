import { listOf } from './common.js';

export const CustomerGroup = {
  $id: 'CustomerGroup',
  type: 'object',
  required: ['id', 'name', 'isActive'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, isActive: { type: 'boolean' } },
} as const;
export const CustomerGroupList = listOf('CustomerGroupList', { $ref: 'CustomerGroup' });

/** Exactly id (the user id), name, email and role: nothing else is returned. */
export const SalesRep = {
  $id: 'SalesRep',
  type: 'object',
  required: ['id', 'name', 'email', 'role'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
  },
} as const;
export const SalesRepList = listOf('SalesRepList', { $ref: 'SalesRep' });

export const SALES_REFERENCE_SCHEMAS = { CustomerGroup, CustomerGroupList, SalesRep, SalesRepList } as const;
