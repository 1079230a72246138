import { ADDRESS_TYPES } from '../domain/customers/addresses.js';
import { CURRENCIES } from '../domain/currency.js';
import {
  emailOrEmpty,
  listOf,
  money,
  nullable,
  optStr,
  requiredObject,
  str,
  text,
  timestamp,
} from './common.js';
import { code } from './customers.js';

const optional = (maxLength: number) => nullable(text(maxLength));

const writable = {
  code,
  name: text(200, 1),
  // email and salesContactEmail accept null, coerced to "".
  email: nullable(emailOrEmpty),
  salesContactEmail: nullable(emailOrEmpty),
  phone: optional(50),
  address: optional(500),
  postcode: optional(20),
  department: optional(100),
  taxNumber: optional(50),
  salesContactName: optional(200),
  salesContactPhone: optional(50),
  notes: optional(2000),
  currency: { enum: CURRENCIES },
} as const;

export const SupplierCreate = {
  $id: 'SupplierCreate',
  type: 'object',
  required: ['code', 'name'],
  properties: writable,
} as const;

export const SupplierUpdate = {
  $id: 'SupplierUpdate',
  type: 'object',
  properties: { ...writable, isActive: { type: 'boolean' } },
} as const;

const supplierFields = {
  id: str,
  code: str,
  name: str,
  email: str,
  phone: optStr,
  currency: { enum: CURRENCIES },
  address: optStr,
  postcode: optStr,
  department: optStr,
  taxNumber: optStr,
  salesContactName: optStr,
  salesContactEmail: str,
  salesContactPhone: optStr,
  notes: optStr,
  isActive: { type: 'boolean' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const Supplier = {
  $id: 'Supplier',
  ...requiredObject(supplierFields),
} as const;
export const SupplierList = listOf('SupplierList', { $ref: 'Supplier' });

const locationFields = {
  id: str,
  name: str,
  type: { enum: ADDRESS_TYPES },
  contactName: optStr,
  contactEmail: optStr,
  contactPhone: optStr,
  address: optStr,
  city: optStr,
  region: optStr,
  postcode: optStr,
  country: optStr,
  isDefaultShipping: { type: 'boolean' },
  isDefaultBilling: { type: 'boolean' },
  createdAt: timestamp,
} as const;
export const SupplierLocation = {
  $id: 'SupplierLocation',
  ...requiredObject(locationFields),
} as const;
export const SupplierLocationList = listOf('SupplierLocationList', { $ref: 'SupplierLocation' });

const priceRowFields = {
  productId: str,
  sku: optStr,
  productName: optStr,
  supplierSku: optStr,
  supplierPrice: { type: 'number' },
  leadTimeDays: nullable({ type: 'integer' }),
  minOrderQty: nullable({ type: 'number' }),
  isPreferred: { type: 'boolean' },
} as const;

const detailFields = {
  ...supplierFields,
  locations: { type: 'array', items: { $ref: 'SupplierLocation' } },
  priceList: {
    type: 'array',
    maxItems: 500,
    items: requiredObject(priceRowFields),
  },
  priceListTruncated: { type: 'boolean' },
  priceListTotal: { type: 'integer' },
} as const;

export const SupplierDetail = {
  $id: 'SupplierDetail',
  ...requiredObject(detailFields),
} as const;

/** Request bodies of the supplier writes design.md section 7 adds, in the names the detail shows. */
export const SupplierLocationCreate = {
  $id: 'SupplierLocationCreate',
  type: 'object',
  required: ['name'],
  properties: {
    name: text(200, 1),
    type: { enum: ADDRESS_TYPES, description: 'Default BOTH.' },
    contactName: optional(200),
    contactEmail: nullable(emailOrEmpty),
    contactPhone: optional(50),
    address: optional(500),
    city: optional(100),
    region: optional(100),
    postcode: optional(20),
    country: optional(100),
    isDefaultShipping: { type: 'boolean', description: "Claimed from the supplier's other locations." },
    isDefaultBilling: { type: 'boolean', description: "Claimed from the supplier's other locations." },
  },
} as const;

export const SupplierPriceUpdate = {
  $id: 'SupplierPriceUpdate',
  type: 'object',
  properties: {
    supplierPrice: {
      ...money(99_999_999),
      description: "Required for a product not yet on the supplier's price list.",
    },
    supplierSku: optional(100),
    leadTimeDays: nullable({ type: 'integer', minimum: 0, maximum: 3650 }),
    minOrderQty: nullable({ type: 'number', exclusiveMinimum: 0, maximum: 999_999 }),
    isPreferred: {
      type: 'boolean',
      description:
        "true makes the supplier the product's preferredSupplierId; false on the preferred supplier clears it.",
    },
  },
} as const;

export const SUPPLIER_SCHEMAS = {
  SupplierLocationCreate,
  SupplierPriceUpdate,
  SupplierCreate,
  SupplierUpdate,
  Supplier,
  SupplierList,
  SupplierLocation,
  SupplierLocationList,
  SupplierDetail,
} as const;

export const SUPPLIER_VALIDATED = [
  'SupplierCreate',
  'SupplierUpdate',
  'SupplierLocationCreate',
  'SupplierPriceUpdate',
] as const;
