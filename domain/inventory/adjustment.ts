import { ApiError, invalidReference, unprocessable, validationError, type ErrorDetail } from '../errors.js';
import type { ProductType } from '../products/product.js';
import type { BatchStatus } from './batch.js';
import { locationKey, roundQuantity, stockTotals, type StockLevels } from './stock.js';
import { weightedAverageCost } from './weighted-cost.js';

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

export const formatAdjustmentNumber = (sequence: number): string =>
  `ADJ-${String(sequence).padStart(6, '0')}`;

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

/** What the lines reference, as read from the organisation (absent = not in the organisation). */
export interface LineFacts {
  products: Map<
    string,
    {
      productType: ProductType;
      isBatchTracked: boolean;
      uomType: string | null;
      costPrice: number;
    }
  >;
  warehouses: Map<string, { isActive: boolean }>;
  /** Bins keyed by id, each with the warehouse it belongs to. */
  bins: Map<string, { warehouseId: string; capacity: number | null; onHand: number }>;
  batches: Map<string, { productId: string; status: BatchStatus }>;
}

/**
 * Rules that need the referenced records but not the stock: 400 for a fractional quantity of a product
 * counted in whole units, 422 invalid_reference for ids, 422 unprocessable for lines no stock can take.
 */
export function checkLines(lines: AdjustmentLine[], facts: LineFacts): void {
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

export interface Movement {
  productId: string;
  warehouseId: string;
  binId: string | null;
  batchId: string | null;
  quantity: number;
}

export interface StockPlan {
  /** The next levels of every product the adjustment touches. */
  levels: Map<string, StockLevels>;
  /** Net movement per location (lines hitting the same stock merged), the ledger entries. */
  movements: Movement[];
  /** Product x warehouse pairs whose on hand or reserved changed, with the warehouse totals after. */
  changed: { productId: string; warehouseId: string; onHand: number; reserved: number }[];
  batchStatus: Map<string, BatchStatus>;
  costPrices: Map<string, number>;
  /** Net change per bin with a capacity, and the bin on-hand limit before it (capacity - change). */
  binChanges: Map<string, { delta: number; limit: number | null }>;
}

/**
 * Applies completed lines to the stock read at one version. Every location's net change is checked: on
 * hand may not go below zero, nor below what is reserved there; a bin may not exceed its capacity. Batches
 * emptied by the adjustment flip ACTIVE -> CONSUMED; a consumed batch receiving stock is ACTIVE again.
 */
export function planStockMovement(
  lines: AdjustmentLine[],
  current: Map<string, StockLevels>,
  facts: LineFacts,
  now: string,
): StockPlan {
  const movements = new Map<string, Movement>();
  for (const line of lines) {
    const key = `${line.productId}#${locationKey(line.warehouseId, line.binId, line.batchId)}`;
    const movement = movements.get(key) ?? {
      productId: line.productId,
      warehouseId: line.warehouseId,
      binId: line.binId,
      batchId: line.batchId,
      quantity: 0,
    };
    movement.quantity = roundQuantity(movement.quantity + line.quantityChange);
    movements.set(key, movement);
  }
  const levels = new Map<string, StockLevels>();
  const binChanges = new Map<string, { delta: number; limit: number | null }>();
  for (const m of movements.values()) {
    const productLevels = levels.get(m.productId) ?? { ...(current.get(m.productId) ?? {}) };
    levels.set(m.productId, productLevels);
    const key = locationKey(m.warehouseId, m.binId, m.batchId);
    const before = productLevels[key] ?? {
      warehouseId: m.warehouseId,
      binId: m.binId,
      batchId: m.batchId,
      onHand: 0,
      reserved: 0,
      updatedAt: now,
    };
    const onHand = roundQuantity(before.onHand + m.quantity);
    const where = `product ${m.productId} in warehouse ${m.warehouseId}${m.binId ? ` bin ${m.binId}` : ''}${m.batchId ? ` batch ${m.batchId}` : ''}`;
    if (onHand < 0) {
      throw unprocessable(`Insufficient stock for ${where}: on hand ${before.onHand}, change ${m.quantity}`);
    }
    if (onHand < before.reserved) {
      throw unprocessable(
        `The change would leave on hand (${onHand}) below the reserved quantity (${before.reserved}) for ${where}`,
      );
    }
    if (m.quantity !== 0) productLevels[key] = { ...before, onHand, updatedAt: now };
    if (m.binId !== null && m.quantity !== 0) {
      const bin = facts.bins.get(m.binId);
      if (bin?.capacity !== null && bin?.capacity !== undefined) {
        const change = binChanges.get(m.binId) ?? { delta: 0, limit: null };
        change.delta = roundQuantity(change.delta + m.quantity);
        binChanges.set(m.binId, change);
      }
    }
  }
  for (const [binId, change] of binChanges) {
    const bin = facts.bins.get(binId)!;
    if (change.delta <= 0) continue;
    change.limit = roundQuantity(bin.capacity! - change.delta);
    if (bin.onHand > change.limit) {
      throw unprocessable(
        `Bin ${binId} would exceed its capacity of ${bin.capacity}: holds ${bin.onHand}, change ${change.delta}`,
      );
    }
  }
  const changed: StockPlan['changed'] = [];
  const seen = new Set<string>();
  for (const m of movements.values()) {
    const pair = `${m.productId}|${m.warehouseId}`;
    if (m.quantity === 0 || seen.has(pair)) continue;
    seen.add(pair);
    const inWarehouse = Object.values(levels.get(m.productId)!).filter(
      (l) => l.warehouseId === m.warehouseId,
    );
    changed.push({
      productId: m.productId,
      warehouseId: m.warehouseId,
      onHand: roundQuantity(inWarehouse.reduce((s, l) => s + l.onHand, 0)),
      reserved: roundQuantity(inWarehouse.reduce((s, l) => s + l.reserved, 0)),
    });
  }
  const batchStatus = new Map<string, BatchStatus>();
  for (const m of movements.values()) {
    if (m.batchId === null || batchStatus.has(m.batchId)) continue;
    const batch = facts.batches.get(m.batchId)!;
    const remaining = Object.values(levels.get(m.productId)!)
      .filter((l) => l.batchId === m.batchId)
      .reduce((s, l) => s + l.onHand, 0);
    if (roundQuantity(remaining) === 0 && batch.status === 'ACTIVE') batchStatus.set(m.batchId, 'CONSUMED');
    if (remaining > 0 && batch.status === 'CONSUMED') batchStatus.set(m.batchId, 'ACTIVE');
  }
  const costPrices = new Map<string, number>();
  for (const [productId, product] of facts.products) {
    const receipts = lines
      .filter((l) => l.productId === productId && l.quantityChange > 0 && l.costPerUnit !== null)
      .map((l) => ({ quantity: l.quantityChange, unitCost: l.costPerUnit! }));
    if (receipts.length === 0) continue;
    const onHandBefore = stockTotals(current.get(productId) ?? {}).onHand;
    const next = weightedAverageCost(onHandBefore, product.costPrice, receipts);
    if (next !== product.costPrice) costPrices.set(productId, next);
  }
  return {
    levels,
    movements: [...movements.values()].filter((m) => m.quantity !== 0),
    changed,
    batchStatus,
    costPrices,
    binChanges,
  };
}
