import { conflict, unprocessable } from '../errors.js';
import type { Allergen } from './allergens.js';

export type ProductType = 'STOCKED' | 'NON_STOCKED' | 'ASSEMBLED';
export type AllocationPolicy = 'FEFO' | 'MANUAL';
export type StorageCondition = 'AMBIENT' | 'CHILLED' | 'FROZEN';

/** The writable fields of a product, after defaults. */
export interface ProductFields {
  sku: string;
  name: string;
  description: string | null;
  categoryId: string | null;
  unitOfMeasureId: string | null;
  purchaseUomId: string | null;
  saleUomId: string | null;
  preferredSupplierId: string | null;
  unitsPerPurchaseUom: number | null;
  unitsPerSaleUom: number | null;
  productType: ProductType;
  isBomProduct: boolean;
  isBatchTracked: boolean;
  requiresSerialTracking: boolean;
  requiresInspection: boolean;
  defaultPrice: number;
  costPrice: number;
  taxRate: number;
  weight: number | null;
  barcode: string | null;
  minStockLevel: number | null;
  maxStockLevel: number | null;
  reorderQuantity: number | null;
  notes: string | null;
  imageUrl: string | null;
  allocationPolicy: AllocationPolicy;
  containsAllergens: Allergen[];
  mayContainAllergens: Allergen[];
  allergenReviewed: boolean;
  requiresAllergenCheck: boolean;
  requiresFinalQC: boolean;
  requiresLineClearance: boolean;
  expiryRequired: boolean;
  shelfLifeDays: number | null;
}

export interface ProductState extends ProductFields {
  id: string;
  isActive: boolean;
  storageCondition: StorageCondition | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type ProductCreateInput = Partial<ProductFields> & Pick<ProductFields, 'sku' | 'name'>;
export type ProductPatch = Partial<ProductFields> & { isActive?: boolean };

export const PRODUCT_DEFAULTS: Omit<ProductFields, 'sku' | 'name'> = {
  description: null,
  categoryId: null,
  unitOfMeasureId: null,
  purchaseUomId: null,
  saleUomId: null,
  preferredSupplierId: null,
  unitsPerPurchaseUom: null,
  unitsPerSaleUom: null,
  productType: 'STOCKED',
  isBomProduct: false,
  isBatchTracked: false,
  requiresSerialTracking: false,
  requiresInspection: false,
  defaultPrice: 0,
  costPrice: 0,
  taxRate: 0,
  weight: null,
  barcode: null,
  minStockLevel: null,
  maxStockLevel: null,
  reorderQuantity: null,
  notes: null,
  imageUrl: null,
  allocationPolicy: 'FEFO',
  containsAllergens: [],
  mayContainAllergens: [],
  allergenReviewed: false,
  requiresAllergenCheck: false,
  requiresFinalQC: false,
  requiresLineClearance: false,
  expiryRequired: false,
  shelfLifeDays: null,
};

/** Fields that hold ids of other records, with the record each must reference. */
export const PRODUCT_REFERENCES = {
  categoryId: 'category',
  unitOfMeasureId: 'unit of measure',
  purchaseUomId: 'unit of measure',
  saleUomId: 'unit of measure',
  preferredSupplierId: 'supplier',
} as const;
export type ProductReferenceField = keyof typeof PRODUCT_REFERENCES;

/**
 * What other areas know about a product that limits how it may change. Stock, lots and orders arrive
 * with later areas; the store answers for what exists so far.
 */
export interface ProductUsage {
  stockOnHand: number;
  reservedQuantity: number;
  lotQuantity: number;
  openSalesOrderLines: number;
  openPurchaseOrderLines: number;
  stockReturningCredits: number;
}

const dedupe = <T>(values: T[]): T[] => [...new Set(values)];

function normalise(fields: ProductFields): ProductFields {
  return {
    ...fields,
    containsAllergens: dedupe(fields.containsAllergens),
    mayContainAllergens: dedupe(fields.mayContainAllergens),
    // A product without batch tracking always stores FEFO (Product section, later-added fields).
    allocationPolicy: fields.isBatchTracked ? fields.allocationPolicy : 'FEFO',
  };
}

export function createProduct(input: ProductCreateInput, meta: { id: string; now: string }): ProductState {
  const fields = normalise({ ...PRODUCT_DEFAULTS, ...stripUndefined(input) });
  checkShape(fields);
  return {
    ...fields,
    id: meta.id,
    isActive: true,
    storageCondition: null,
    version: 1,
    createdAt: meta.now,
    updatedAt: meta.now,
  };
}

/** Merge-patch: only keys present change; null clears nullable fields (the schema admits null only there). */
export function patchProduct(current: ProductState, patch: ProductPatch, now: string): ProductState {
  const merged = { ...current, ...stripUndefined(patch) };
  const next: ProductState = {
    ...merged,
    ...normalise(merged),
    version: current.version + 1,
    updatedAt: now,
  };
  checkShape(next);
  return next;
}

/** Rules that need only the product itself (Product rules 2 and 4). */
function checkShape(fields: ProductFields): void {
  for (const [uomField, factorField] of [
    ['purchaseUomId', 'unitsPerPurchaseUom'],
    ['saleUomId', 'unitsPerSaleUom'],
  ] as const) {
    const uomId = fields[uomField];
    if (uomId === null) continue;
    if (fields[factorField] === null) {
      throw unprocessable(`${factorField} is required when ${uomField} is set`);
    }
    if (uomId === fields.unitOfMeasureId) {
      throw unprocessable(`${uomField} must differ from unitOfMeasureId`);
    }
  }
  if (fields.productType === 'NON_STOCKED') {
    for (const flag of ['isBatchTracked', 'requiresSerialTracking', 'isBomProduct'] as const) {
      if (fields[flag]) throw unprocessable(`A NON_STOCKED product cannot have ${flag} set`);
    }
  }
}

/** Which usage facts a change needs checked; none for most edits, so the store can skip the look-up. */
export function usageChecksFor(current: ProductState, next: ProductState): boolean {
  return (
    (current.productType === 'NON_STOCKED') !== (next.productType === 'NON_STOCKED') ||
    current.isBatchTracked !== next.isBatchTracked ||
    (current.isActive && !next.isActive)
  );
}

/** Rules that depend on stock, lots and orders (Product rules 3 and 5, and deactivation). */
export function checkUsageRules(current: ProductState, next: ProductState, usage: ProductUsage): void {
  const typeCrossesNonStocked =
    (current.productType === 'NON_STOCKED') !== (next.productType === 'NON_STOCKED');
  if (typeCrossesNonStocked) {
    const blockers = [
      usage.stockOnHand !== 0 && 'stock on hand',
      usage.reservedQuantity !== 0 && 'reservations',
      usage.lotQuantity !== 0 && 'lot quantities',
      usage.openSalesOrderLines > 0 && 'open sales orders',
      usage.stockReturningCredits > 0 && 'stock-returning credits or returns',
    ].filter(Boolean);
    if (blockers.length > 0) {
      throw unprocessable(
        `productType cannot change from ${current.productType} to ${next.productType} while the product has ${blockers.join(', ')}`,
      );
    }
  }
  if (
    current.isBatchTracked !== next.isBatchTracked &&
    (usage.stockOnHand !== 0 || usage.lotQuantity !== 0)
  ) {
    throw unprocessable('isBatchTracked cannot change while the product has stock on hand or lot quantities');
  }
  if (current.isActive && !next.isActive && usage.openSalesOrderLines + usage.openPurchaseOrderLines > 0) {
    throw conflict('The product is on lines of open sales or purchase orders and cannot be deactivated');
  }
}

/** The case-insensitive forms that uniqueness is guarded on. */
export const uniqueSku = (sku: string): string => sku.toLowerCase();
export const uniqueName = (name: string): string => name.toLowerCase();

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
