import { ApiError, invalidReference, unprocessable, validationError, type ErrorDetail } from '../errors.js';
import { documentNumber } from '../document-number.js';
import { assertCan, type Transitions } from '../workflow/transitions.js';
import type { StockChange, StockFacts } from './movement.js';

export const ADJUSTMENT_REASONS = [
  'DAMAGED',
  'EXPIRED',
  'LOST',
  'FOUND',
  'TRANSFER',
  'PRODUCTION',
  'CORRECTION',
  'RETURN',
  'STOCK_REQUISITION',
  'JOB_USE',
  'OTHER',
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
/** Requisitions and job use are raised by other flows, never through POST (400). */
export const CREATABLE_REASONS = ADJUSTMENT_REASONS.filter(
  (r) => r !== 'STOCK_REQUISITION' && r !== 'JOB_USE',
);

export const ADJUSTMENT_STATUSES = ['DRAFT', 'COMPLETED', 'VOIDED'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const ADJUSTMENT_RESOURCE = 'Stock adjustment';

/** The back office's moves (spec: DRAFT to COMPLETED, COMPLETED to VOIDED); VOIDED is final. */
export const ADJUSTMENT_TRANSITIONS = {
  complete: { from: ['DRAFT'], to: 'COMPLETED' },
  void: { from: ['COMPLETED'], to: 'VOIDED' },
} as const satisfies Transitions<AdjustmentStatus>;
export type AdjustmentAction = keyof typeof ADJUSTMENT_TRANSITIONS;

export const MAX_ADJUSTMENT_LINES = 50;

export interface AdjustmentLine {
  productId: string;
  warehouseId: string;
  binId: string | null;
  batchId: string | null;
  quantityChange: number;
  costPerUnit: number | null;
}

export interface StockAdjustment {
  id: string;
  adjustmentNumber: string;
  reason: AdjustmentReason;
  status: AdjustmentStatus;
  notes: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  lines: AdjustmentLine[];
}

export interface AdjustmentInput {
  reason: AdjustmentReason;
  notes?: string | null;
  status?: 'DRAFT' | 'COMPLETED';
  lines: {
    productId: string;
    warehouseId: string;
    binId?: string | null;
    batchId?: string | null;
    quantityChange: number;
    costPerUnit?: number;
  }[];
}

export const formatAdjustmentNumber = (sequence: number): string => documentNumber('ADJ', sequence);

export function newAdjustment(
  input: AdjustmentInput,
  meta: { id: string; sequence: number; now: string },
): StockAdjustment {
  const status = input.status ?? 'COMPLETED';
  return {
    id: meta.id,
    adjustmentNumber: formatAdjustmentNumber(meta.sequence),
    reason: input.reason,
    status,
    notes: input.notes ?? null,
    completedAt: status === 'COMPLETED' ? meta.now : null,
    createdAt: meta.now,
    updatedAt: meta.now,
    lines: adjustmentLines(input),
  };
}

/** A completed adjustment moves on hand only; a line's cost per unit is a receipt's unit cost. */
export const adjustmentChanges = (lines: AdjustmentLine[]): StockChange[] =>
  lines.map((l) => ({
    productId: l.productId,
    warehouseId: l.warehouseId,
    binId: l.binId,
    batchId: l.batchId,
    onHandDelta: l.quantityChange,
    reservedDelta: 0,
    unitCost: l.costPerUnit,
  }));

/**
 * A status move of the back office: 422 naming the status when not allowed. Completing stamps
 * completedAt (the stock moves then, as a COMPLETED create moves it); voiding keeps it.
 */
export function moveAdjustment(
  adjustment: StockAdjustment,
  action: AdjustmentAction,
  now: string,
): StockAdjustment {
  const status = assertCan(ADJUSTMENT_TRANSITIONS, ADJUSTMENT_RESOURCE, adjustment.status, action);
  return {
    ...adjustment,
    status,
    completedAt: action === 'complete' ? now : adjustment.completedAt,
    updatedAt: now,
  };
}

/**
 * What voiding a completed adjustment moves: every line taken back exactly (a receipt's cost is not
 * unwound: the weighted average only moves on costed receipts).
 */
export const reversalChanges = (lines: AdjustmentLine[]): StockChange[] =>
  adjustmentChanges(lines).map((c) => ({ ...c, onHandDelta: -c.onHandDelta, unitCost: null }));

/** The lines as stored: optional ids and costs made explicit nulls. */
export const adjustmentLines = (input: AdjustmentInput): AdjustmentLine[] =>
  input.lines.map((l) => ({
    productId: l.productId,
    warehouseId: l.warehouseId,
    binId: l.binId ?? null,
    batchId: l.batchId ?? null,
    quantityChange: l.quantityChange,
    costPerUnit: l.costPerUnit ?? null,
  }));

/**
 * Rules that need the referenced records but not the stock: 400 for a fractional quantity of a product
 * counted in whole units, 422 invalid_reference for ids, 422 unprocessable for lines no stock can take.
 */
export function checkLines(lines: AdjustmentLine[], facts: StockFacts): void {
  const fractional: ErrorDetail[] = [];
  lines.forEach((line, i) => {
    const product = facts.products.get(line.productId);
    if (product?.uomType === 'UNIT' && !Number.isInteger(line.quantityChange)) {
      fractional.push({
        path: `lines[${i}].quantityChange`,
        message: 'must be a whole number for a product measured in units',
      });
    }
  });
  if (fractional.length > 0) throw validationError(fractional);
  lines.forEach((line, i) => {
    const at = `lines[${i}]`;
    const product = facts.products.get(line.productId);
    if (!product) throw invalidReference(`${at}.productId`, 'product');
    const warehouse = facts.warehouses.get(line.warehouseId);
    if (!warehouse) throw invalidReference(`${at}.warehouseId`, 'warehouse');
    if (!warehouse.isActive) throw invalidReferenceWith(`${at}.warehouseId references an inactive warehouse`);
    if (line.binId !== null) {
      const bin = facts.bins.get(line.binId);
      if (!bin || bin.warehouseId !== line.warehouseId) {
        throw invalidReferenceWith(`${at}.binId does not reference a bin of warehouse ${line.warehouseId}`);
      }
    }
    if (product.isBatchTracked && line.batchId === null) {
      throw invalidReferenceWith(`${at}.batchId is required: the product is batch-tracked`);
    }
    if (line.batchId !== null) {
      const batch = facts.batches.get(line.batchId);
      if (!batch || batch.productId !== line.productId) {
        throw invalidReferenceWith(`${at}.batchId does not reference a batch of product ${line.productId}`);
      }
      if (!product.isBatchTracked)
        throw unprocessable(`${at}.batchId is set but the product is not batch-tracked`);
    }
    if (product.productType === 'NON_STOCKED') {
      throw unprocessable(`${at}.productId is a NON_STOCKED product, which holds no stock`);
    }
  });
}

const invalidReferenceWith = (message: string) => new ApiError('invalid_reference', message);
