import { listOf, requiredObject, timestamp } from './common.js';

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

export const PRICING_SCHEMAS = { PriceTier, PriceTierList, PriceTierDetail } as const;
