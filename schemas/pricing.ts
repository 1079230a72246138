import { idRef, listOf, money, requiredObject, text, timestamp } from './common.js';

const tierFields = {
  id: { type: 'string' },
  tierIndex: { type: 'integer' },
  name: { type: 'string' },
  isActive: { type: 'boolean' },
  productPriceCount: { type: 'integer' },
  customerCount: { type: 'integer' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const PriceTier = {
  $id: 'PriceTier',
  ...requiredObject(tierFields),
} as const;
export const PriceTierList = listOf('PriceTierList', { $ref: 'PriceTier' });

const detailFields = {
  ...tierFields,
  productPrices: {
    type: 'array',
    maxItems: 1000,
    items: {
      type: 'object',
      required: ['productId', 'sku', 'productName', 'price'],
      properties: {
        productId: { type: 'string' },
        sku: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        productName: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        price: { type: 'number' },
      },
    },
  },
  productPricesTruncated: { type: 'boolean' },
  productPricesTotal: { type: 'integer' },
  quantityBreaks: {
    type: 'array',
    items: {
      type: 'object',
      required: ['productId', 'minQuantity', 'unitPrice'],
      properties: {
        productId: { type: 'string' },
        minQuantity: { type: 'number' },
        unitPrice: { type: 'number' },
      },
    },
  },
} as const;

export const PriceTierDetail = {
  $id: 'PriceTierDetail',
  ...requiredObject(detailFields),
} as const;

/** Request bodies of the tier writes design.md section 7 adds, in the names the detail shows. */
export const PriceTierCreate = {
  $id: 'PriceTierCreate',
  type: 'object',
  required: ['name'],
  properties: {
    name: text(100, 1),
    tierIndex: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000,
      description: 'Omitted: after the highest existing tierIndex. Equal indexes are allowed.',
    },
  },
} as const;

export const TierPriceUpdate = {
  $id: 'TierPriceUpdate',
  type: 'object',
  properties: {
    price: {
      ...money(99_999_999),
      description: 'Omitted keeps the price; a product not yet priced needs one.',
    },
  },
} as const;

export const TierBreakCreate = {
  $id: 'TierBreakCreate',
  type: 'object',
  required: ['productId', 'minQuantity', 'unitPrice'],
  properties: {
    productId: idRef,
    minQuantity: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 999_999,
      description: 'A break at the same minQuantity of the product is replaced.',
    },
    unitPrice: money(99_999_999),
  },
} as const;

export const PRICING_SCHEMAS = {
  PriceTier,
  PriceTierList,
  PriceTierDetail,
  PriceTierCreate,
  TierPriceUpdate,
  TierBreakCreate,
} as const;

export const PRICING_VALIDATED = ['PriceTierCreate', 'TierPriceUpdate', 'TierBreakCreate'] as const;
