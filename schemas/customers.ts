import { ADDRESS_TYPES } from '../domain/customers/addresses.js';
import { CURRENCIES } from '../domain/currency.js';
import {
  emailOrEmpty,
  fraction,
  idRef,
  listOf,
  nullable,
  optStr,
  requiredObject,
  str,
  text,
  timestamp,
} from './common.js';

/** Optional text: null or "" means no value. */
const optional = (maxLength: number) => nullable(text(maxLength));

/** 1-20 characters A-Z a-z 0-9 _ - (customer and supplier codes). */
export const code = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' } as const;

export const CustomerContactInput = {
  $id: 'CustomerContactInput',
  type: 'object',
  required: ['name'],
  properties: {
    name: text(200, 1),
    role: optional(100),
    email: nullable(emailOrEmpty),
    phone: optional(50),
    mobile: optional(50),
    isPrimary: { type: 'boolean' },
  },
} as const;

export const CustomerAddressInput = {
  $id: 'CustomerAddressInput',
  type: 'object',
  properties: {
    label: optional(100),
    address: optional(500),
    city: optional(100),
    region: optional(100),
    suburb: optional(100),
    postcode: optional(20),
    country: optional(100),
    type: { enum: ADDRESS_TYPES },
    isDefaultShipping: { type: 'boolean' },
    isDefaultBilling: { type: 'boolean' },
  },
} as const;

const writable = {
  code,
  name: text(200, 1),
  // Only a valid email, "" or omission: explicit null is 400.
  email: emailOrEmpty,
  phone: optional(50),
  address: optional(500),
  region: optional(100),
  suburb: optional(100),
  postcode: optional(20),
  location: optional(100),
  taxNumber: optional(50),
  notes: optional(2000),
  currency: { enum: CURRENCIES },
  priceTierId: nullable(idRef),
  customerGroupId: nullable(idRef),
  salesRepId: nullable(idRef),
  parentCustomerId: nullable(idRef),
  paymentTermsDays: nullable({ type: 'integer', minimum: 0, maximum: 365 }),
  isHeadOffice: { type: 'boolean' },
  creditLimit: nullable({ type: 'number', minimum: 0, maximum: 1_000_000_000 }),
  creditHold: { type: 'boolean' },
  creditHoldReason: optional(500),
  discountPct: nullable(fraction),
  taxExempt: { type: 'boolean' },
  taxExemptReason: optional(500),
} as const;

export const CustomerCreate = {
  $id: 'CustomerCreate',
  type: 'object',
  required: ['code', 'name'],
  properties: {
    ...writable,
    contacts: { type: 'array', maxItems: 50, items: { $ref: 'CustomerContactInput' } },
    addresses: { type: 'array', maxItems: 50, items: { $ref: 'CustomerAddressInput' } },
  },
} as const;

/** Merge-patch; contacts and addresses keys are not listed, so they are stripped (ignored) on PUT. */
export const CustomerUpdate = {
  $id: 'CustomerUpdate',
  type: 'object',
  properties: { ...writable, isActive: { type: 'boolean' } },
} as const;

const contactFields = {
  id: str,
  name: str,
  role: optStr,
  email: optStr,
  phone: optStr,
  mobile: optStr,
  isPrimary: { type: 'boolean' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;
export const CustomerContact = {
  $id: 'CustomerContact',
  ...requiredObject(contactFields),
} as const;
export const CustomerContactList = listOf('CustomerContactList', { $ref: 'CustomerContact' });

const addressFields = {
  id: str,
  label: optStr,
  address: optStr,
  city: optStr,
  region: optStr,
  suburb: optStr,
  postcode: optStr,
  country: optStr,
  type: { enum: ADDRESS_TYPES },
  isDefaultShipping: { type: 'boolean' },
  isDefaultBilling: { type: 'boolean' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;
export const CustomerAddress = {
  $id: 'CustomerAddress',
  ...requiredObject(addressFields),
} as const;
export const CustomerAddressList = listOf('CustomerAddressList', { $ref: 'CustomerAddress' });

const customerFields = {
  id: str,
  code: str,
  name: str,
  email: optStr,
  phone: optStr,
  address: optStr,
  region: optStr,
  suburb: optStr,
  postcode: optStr,
  location: optStr,
  taxNumber: optStr,
  notes: optStr,
  currency: { enum: CURRENCIES },
  priceTierId: optStr,
  customerGroupId: optStr,
  salesRepId: optStr,
  parentCustomerId: optStr,
  paymentTermsDays: nullable({ type: 'integer' }),
  isHeadOffice: { type: 'boolean' },
  creditLimit: nullable({ type: 'number' }),
  creditHold: { type: 'boolean' },
  creditHoldReason: optStr,
  discountPct: nullable({ type: 'number' }),
  taxExempt: { type: 'boolean' },
  taxExemptReason: optStr,
  isActive: { type: 'boolean' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const Customer = {
  $id: 'Customer',
  ...requiredObject(customerFields),
} as const;

const detailFields = {
  ...customerFields,
  contacts: { type: 'array', items: { $ref: 'CustomerContact' } },
  addresses: { type: 'array', items: { $ref: 'CustomerAddress' } },
  parentCustomer: nullable({
    type: 'object',
    required: ['id', 'code', 'name'],
    properties: { id: str, code: str, name: str },
  }),
  outstandingBalance: { type: 'number' },
  availableCredit: nullable({ type: 'number' }),
} as const;

export const CustomerDetail = {
  $id: 'CustomerDetail',
  ...requiredObject(detailFields),
} as const;

export const CustomerList = listOf('CustomerList', { $ref: 'Customer' });

export const CUSTOMER_SCHEMAS = {
  CustomerContactInput,
  CustomerAddressInput,
  CustomerCreate,
  CustomerUpdate,
  CustomerContact,
  CustomerContactList,
  CustomerAddress,
  CustomerAddressList,
  Customer,
  CustomerDetail,
  CustomerList,
} as const;

export const CUSTOMER_VALIDATED = [
  'CustomerCreate',
  'CustomerUpdate',
  'CustomerContactInput',
  'CustomerAddressInput',
] as const;
