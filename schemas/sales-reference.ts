import { listOf, text } from './common.js';

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

/** POST /customer-groups (design.md section 7): the read name of a group; it starts active. */
export const CustomerGroupCreate = {
  $id: 'CustomerGroupCreate',
  type: 'object',
  required: ['name'],
  properties: { name: text(200, 1) },
} as const;

export const SALES_REFERENCE_SCHEMAS = {
  CustomerGroup,
  CustomerGroupList,
  SalesRep,
  SalesRepList,
  CustomerGroupCreate,
} as const;

/** Schemas of this area validated at run time (request bodies). */
export const SALES_REFERENCE_VALIDATED = ['CustomerGroupCreate'] as const;
