import { fraction, listOf, nullable, text } from './common.js';

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

const repEmail = { type: 'string', format: 'email', maxLength: 254 } as const;

/** POST /sales-reps (design.md section 7): the read names of a rep; role defaults to `sales`. */
export const SalesRepCreate = {
  $id: 'SalesRepCreate',
  type: 'object',
  required: ['name', 'email'],
  properties: { name: text(200, 1), email: repEmail, role: nullable(text(50, 1)) },
} as const;

/** PUT /sales-reps/{id} (design.md section 7): a merge-patch of name, email and isActive. */
export const SalesRepUpdate = {
  $id: 'SalesRepUpdate',
  type: 'object',
  properties: { name: text(200, 1), email: repEmail, isActive: { type: 'boolean' } },
} as const;

/**
 * A rep as the writes answer it: the read fields and isActive, since a rep set inactive leaves the list
 * (which shows active reps only) and the answer is where the caller sees that it did.
 */
export const SalesRepDetail = {
  $id: 'SalesRepDetail',
  type: 'object',
  required: ['id', 'name', 'email', 'role', 'isActive'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    isActive: { type: 'boolean' },
  },
} as const;

/**
 * PUT /customers/{id}/product-discounts/{productId} (design.md section 7): a merge-patch of the customer's
 * discount on the product, a fraction (0.15 is 15%) as the resolver reports it in appliedLineDiscountPct;
 * null removes it, an omitted discountPct keeps it.
 */
export const CustomerProductDiscountUpdate = {
  $id: 'CustomerProductDiscountUpdate',
  type: 'object',
  properties: { discountPct: nullable(fraction) },
} as const;

/** The customer's discount row for one product (id is `<customerId>:<productId>`). */
export const CustomerProductDiscount = {
  $id: 'CustomerProductDiscount',
  type: 'object',
  required: ['id', 'customerId', 'productId', 'discountPct'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    customerId: { type: 'string' },
    productId: { type: 'string' },
    discountPct: nullable({ type: 'number' }),
  },
} as const;

export const SALES_REFERENCE_SCHEMAS = {
  CustomerGroup,
  CustomerGroupList,
  SalesRep,
  SalesRepList,
  CustomerGroupCreate,
  SalesRepCreate,
  SalesRepUpdate,
  SalesRepDetail,
  CustomerProductDiscountUpdate,
  CustomerProductDiscount,
} as const;

/** Schemas of this area validated at run time (request bodies). */
export const SALES_REFERENCE_VALIDATED = [
  'CustomerGroupCreate',
  'SalesRepCreate',
  'SalesRepUpdate',
  'CustomerProductDiscountUpdate',
] as const;
