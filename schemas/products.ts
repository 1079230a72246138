import { ALLERGENS } from '../domain/products/allergens.js';
import { fraction, idRef, listOf, money, nullable, requiredObject, text, timestamp } from './common.js';

const factor = nullable({ type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 });
const level = nullable({ type: 'number', minimum: 0, maximum: 99_999_999 });
const allergenList = { type: 'array', maxItems: 14, items: { enum: ALLERGENS } } as const;

/** Keys writable on create; update accepts the same keys, all optional, plus isActive. */
const writable = {
  sku: text(50, 1),
  name: text(255, 1),
  description: nullable(text(5000)),
  categoryId: nullable(idRef),
  unitOfMeasureId: nullable(idRef),
  purchaseUomId: nullable(idRef),
  saleUomId: nullable(idRef),
  preferredSupplierId: nullable(idRef),
  unitsPerPurchaseUom: factor,
  unitsPerSaleUom: factor,
  productType: { enum: ['STOCKED', 'NON_STOCKED', 'ASSEMBLED'] },
  isBomProduct: { type: 'boolean' },
  isBatchTracked: { type: 'boolean' },
  requiresSerialTracking: { type: 'boolean' },
  requiresInspection: { type: 'boolean' },
  defaultPrice: money(99_999_999.9999),
  costPrice: money(99_999_999.9999),
  taxRate: fraction,
  weight: level,
  barcode: nullable(text(100)),
  minStockLevel: level,
  maxStockLevel: level,
  reorderQuantity: nullable({ type: 'integer', minimum: 0, maximum: 99_999_999 }),
  notes: nullable(text(2000)),
  imageUrl: nullable(text(2048)),
  allocationPolicy: { enum: ['FEFO', 'MANUAL'] },
  containsAllergens: allergenList,
  mayContainAllergens: allergenList,
  allergenReviewed: { type: 'boolean' },
  requiresAllergenCheck: { type: 'boolean' },
  requiresFinalQC: { type: 'boolean' },
  requiresLineClearance: { type: 'boolean' },
  expiryRequired: { type: 'boolean' },
  shelfLifeDays: nullable({ type: 'integer', minimum: 0, maximum: 36_500 }),
  // Rule 1 of the Product section: a raw metadata key is rejected, never stored. `not: {}` rather than the
  // equivalent `false`, so the reference page can show the property with its reason.
  metadata: {
    not: {},
    description: 'Not accepted: a `metadata` key in the body is 400 validation_error (never stored).',
  },
} as const;

export const ProductCreate = {
  $id: 'ProductCreate',
  type: 'object',
  required: ['sku', 'name'],
  properties: writable,
} as const;

export const ProductUpdate = {
  $id: 'ProductUpdate',
  type: 'object',
  properties: { ...writable, isActive: { type: 'boolean' } },
} as const;

export const UOM_TYPES = ['WEIGHT', 'VOLUME', 'LENGTH', 'AREA', 'UNIT', 'TIME'] as const;
/** A unit's type as every representation shows it (typed string: generators type a bare enum as unknown). */
const uomType = { type: 'string', enum: UOM_TYPES } as const;

const ref = (extra: Record<string, object>) =>
  nullable({
    type: 'object',
    required: ['id', ...Object.keys(extra)],
    properties: { id: { type: 'string' }, ...extra },
  });

const productFields = {
  id: { type: 'string' },
  sku: { type: 'string' },
  name: { type: 'string' },
  description: nullable({ type: 'string' }),
  barcode: nullable({ type: 'string' }),
  costPrice: { type: 'number' },
  defaultPrice: { type: 'number' },
  taxRate: { type: 'number' },
  imageUrl: nullable({ type: 'string' }),
  unitOfMeasureId: nullable({ type: 'string' }),
  unitOfMeasure: ref({
    name: { type: 'string' },
    abbreviation: { type: 'string' },
    type: uomType,
  }),
  categoryId: nullable({ type: 'string' }),
  category: ref({ name: { type: 'string' } }),
  productType: { enum: ['STOCKED', 'NON_STOCKED', 'ASSEMBLED'] },
  isBomProduct: { type: 'boolean' },
  isBatchTracked: { type: 'boolean' },
  requiresSerialTracking: { type: 'boolean' },
  requiresInspection: { type: 'boolean' },
  isActive: { type: 'boolean' },
  totalStockOnHand: { type: 'number' },
  weight: nullable({ type: 'number' }),
  minStockLevel: nullable({ type: 'number' }),
  maxStockLevel: nullable({ type: 'number' }),
  allocationPolicy: { enum: ['FEFO', 'MANUAL'] },
  containsAllergens: allergenList,
  mayContainAllergens: allergenList,
  allergenReviewed: { type: 'boolean' },
  requiresAllergenCheck: { type: 'boolean' },
  requiresFinalQC: { type: 'boolean' },
  requiresLineClearance: { type: 'boolean' },
  expiryRequired: { type: 'boolean' },
  shelfLifeDays: nullable({ type: 'integer' }),
  storageCondition: nullable({ enum: ['AMBIENT', 'CHILLED', 'FROZEN'] }),
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const Product = {
  $id: 'Product',
  ...requiredObject(productFields),
} as const;

const detailFields = {
  ...productFields,
  reorderQuantity: nullable({ type: 'integer' }),
  notes: nullable({ type: 'string' }),
  purchaseUomId: nullable({ type: 'string' }),
  purchaseUom: ref({ name: { type: 'string' }, abbreviation: { type: 'string' }, type: uomType }),
  unitsPerPurchaseUom: nullable({ type: 'number' }),
  saleUomId: nullable({ type: 'string' }),
  saleUom: ref({ name: { type: 'string' }, abbreviation: { type: 'string' }, type: uomType }),
  unitsPerSaleUom: nullable({ type: 'number' }),
  preferredSupplierId: nullable({ type: 'string' }),
  // Closed item schemas, so the response conformance of the API tests catches a member the view adds.
  variants: {
    type: 'array',
    const: [],
    description: 'Variants are not modelled: always empty.',
  },
  suppliers: {
    type: 'array',
    description: 'The supplier links of the product: preferred first, then cheapest.',
    items: {
      ...requiredObject({
        supplierId: { type: 'string' },
        supplierCode: nullable({ type: 'string' }),
        supplierName: nullable({ type: 'string' }),
        supplierSku: nullable({ type: 'string' }),
        supplierPrice: { type: 'number' },
        leadTimeDays: nullable({ type: 'integer' }),
        minOrderQty: nullable({ type: 'number' }),
        isPreferred: { type: 'boolean' },
      }),
      additionalProperties: false,
    },
  },
  stockLevels: {
    type: 'array',
    description:
      'Stock per warehouse (every bin and lot), warehouses with nothing on hand or reserved left out.',
    items: {
      ...requiredObject({
        warehouseId: { type: 'string' },
        quantityOnHand: { type: 'number' },
        quantityReserved: { type: 'number' },
        quantityAvailable: { type: 'number' },
      }),
      additionalProperties: false,
    },
  },
  effectiveAllergens: {
    type: 'object',
    required: ['contains', 'mayContain', 'reviewed', 'unreviewedIngredientCount'],
    properties: {
      contains: allergenList,
      mayContain: allergenList,
      reviewed: { type: 'boolean' },
      unreviewedIngredientCount: { type: 'integer' },
    },
  },
} as const;

export const ProductDetail = {
  $id: 'ProductDetail',
  ...requiredObject(detailFields),
} as const;

export const ProductList = listOf('ProductList', { $ref: 'Product' });

export const PriceResolution = {
  $id: 'PriceResolution',
  type: 'object',
  required: [
    'productId',
    'customerId',
    'quantity',
    'basePrice',
    'resolvedPrice',
    'source',
    'appliedTierId',
    'appliedDiscountPct',
    'appliedLineDiscountPct',
  ],
  properties: {
    productId: { type: 'string' },
    customerId: nullable({ type: 'string' }),
    quantity: { type: 'number' },
    basePrice: { type: 'number' },
    resolvedPrice: { type: 'number' },
    source: { enum: ['default', 'tier', 'quantity_break', 'customer_discount'] },
    appliedTierId: nullable({ type: 'string' }),
    appliedDiscountPct: { type: 'number' },
    appliedLineDiscountPct: nullable({ type: 'number' }),
  },
} as const;

/** A BOM line's own fields, the same through the CLI's file and the API's PUT. */
const bomLineFields = {
  quantity: { type: 'number', exclusiveMinimum: 0, maximum: 99_999_999 },
  wastagePercent: { type: 'number', minimum: 0, maximum: 100 },
  isPhantom: { type: 'boolean' },
  sortOrder: { type: 'integer', minimum: 0 },
  group: nullable(text(100)),
} as const;

const MAX_BOM_LINES = 1000;

export const BomLineInput = {
  $id: 'BomLineInput',
  type: 'array',
  maxItems: MAX_BOM_LINES,
  items: {
    type: 'object',
    required: ['componentProductId', 'quantity'],
    properties: { componentProductId: idRef, ...bomLineFields },
  },
} as const;

export const ProductBom = {
  $id: 'ProductBom',
  type: 'object',
  required: ['productId', 'isBomProduct', 'lines'],
  properties: {
    productId: { type: 'string' },
    isBomProduct: { type: 'boolean' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['componentProduct', 'quantity', 'wastagePercent', 'isPhantom', 'sortOrder', 'group'],
        properties: {
          componentProduct: ref({ sku: { type: 'string' }, name: { type: 'string' } }),
          quantity: { type: 'number' },
          wastagePercent: { type: 'number' },
          isPhantom: { type: 'boolean' },
          sortOrder: { type: 'integer' },
          group: nullable({ type: 'string' }),
        },
      },
    },
  },
} as const;

export const Category = {
  $id: 'Category',
  type: 'object',
  required: ['id', 'name', 'parentId', 'sortOrder'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    parentId: nullable({ type: 'string' }),
    sortOrder: { type: 'integer' },
  },
} as const;
export const CategoryList = listOf('CategoryList', { $ref: 'Category' });

export const UnitOfMeasure = {
  $id: 'UnitOfMeasure',
  type: 'object',
  required: ['id', 'name', 'abbreviation', 'type'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    abbreviation: { type: 'string' },
    type: uomType,
  },
} as const;
export const UnitOfMeasureList = listOf('UnitOfMeasureList', { $ref: 'UnitOfMeasure' });

/** POST /categories (design.md section 7): the read fields of a category. */
export const CategoryCreate = {
  $id: 'CategoryCreate',
  type: 'object',
  required: ['name'],
  properties: {
    name: text(200, 1),
    parentId: nullable(idRef),
    sortOrder: nullable({ type: 'integer', minimum: 0, maximum: 999_999 }),
  },
} as const;

/** POST /units-of-measure (design.md section 7): the read fields of a unit of measure. */
export const UnitOfMeasureCreate = {
  $id: 'UnitOfMeasureCreate',
  type: 'object',
  required: ['name', 'abbreviation', 'type'],
  properties: {
    name: text(100, 1),
    abbreviation: text(20, 1),
    type: uomType,
  },
} as const;

/**
 * PUT /products/{id}/bom (design.md section 7): the lines as GET shows them, each component named by
 * componentProduct.id (its sku and name, and the BOM's productId and isBomProduct, are ignored), so a read
 * BOM can be edited and sent back. It replaces the BOM; no lines empties it.
 */
export const ProductBomInput = {
  $id: 'ProductBomInput',
  type: 'object',
  required: ['lines'],
  properties: {
    lines: {
      type: 'array',
      maxItems: MAX_BOM_LINES,
      items: {
        type: 'object',
        required: ['componentProduct', 'quantity'],
        properties: {
          componentProduct: { type: 'object', required: ['id'], properties: { id: idRef } },
          ...bomLineFields,
        },
      },
    },
  },
} as const;

/** This area's named schemas, registered in schemas/index.ts. */
export const PRODUCT_SCHEMAS = {
  ProductCreate,
  ProductUpdate,
  Product,
  ProductDetail,
  ProductList,
  PriceResolution,
  ProductBom,
  BomLineInput,
  Category,
  CategoryList,
  UnitOfMeasure,
  UnitOfMeasureList,
  CategoryCreate,
  UnitOfMeasureCreate,
  ProductBomInput,
} as const;

/** Schemas of this area validated at run time (request bodies and back-office inputs). */
export const PRODUCT_VALIDATED = [
  'ProductCreate',
  'ProductUpdate',
  'BomLineInput',
  'CategoryCreate',
  'UnitOfMeasureCreate',
  'ProductBomInput',
] as const;
