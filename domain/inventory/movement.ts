/**
 * The one way stock moves. Every document that touches stock (adjustment, confirm, pick, receipt,
 * dispatch, transfer) states its effect as StockChanges and lets planStockMovement decide, against the
 * stock read at one version, whether the invariants still hold and what to write.
 */
import { unprocessable } from '../errors.js';
import type { ProductType } from '../products/product.js';
import type { BatchStatus } from './batch.js';
import { locationKey, roundQuantity, stockTotals, type StockLevel, type StockLevels } from './stock.js';
import { weightedAverageCost } from './weighted-cost.js';

/**
 * One signed change at one location. An adjustment moves on hand only; a reservation moves reserved only;
 * a pick moves both down by the picked quantity.
 */
export interface StockChange {
  productId: string;
  warehouseId: string;
  binId: string | null;
  batchId: string | null;
  onHandDelta: number;
  reservedDelta: number;
  /** Cost of each unit received; only positive on-hand changes with a cost move the weighted average. */
  unitCost?: number | null;
}

/** What the changes reference, as read from the organisation (absent = not in the organisation). */
export interface StockFacts {
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

/** A net on-hand movement at one location: a ledger entry. */
export interface Movement {
  productId: string;
  warehouseId: string;
  binId: string | null;
  batchId: string | null;
  quantity: number;
}

export interface StockPlan {
  /** The next levels of every product the changes touch. */
  levels: Map<string, StockLevels>;
  /** Net on-hand movement per location (changes hitting the same stock merged), the ledger entries. */
  movements: Movement[];
  /** Product x warehouse pairs whose on hand or reserved changed, with the warehouse totals after. */
  changed: { productId: string; warehouseId: string; onHand: number; reserved: number }[];
  batchStatus: Map<string, BatchStatus>;
  costPrices: Map<string, number>;
  /** Net change per bin with a capacity, and the bin on-hand limit before it (capacity - change). */
  binChanges: Map<string, { delta: number; limit: number | null }>;
}

interface NetChange {
  productId: string;
  warehouseId: string;
  binId: string | null;
  batchId: string | null;
  onHand: number;
  reserved: number;
}

/**
 * Applies changes to the stock read at one version. Every location's net change is checked: on hand and
 * reserved may not go below zero, nor reserved above on hand; a bin may not exceed its capacity. Batches
 * are locations of their own, so a lot can never go negative either. Batches emptied by the changes flip
 * ACTIVE -> CONSUMED; a consumed batch receiving stock is ACTIVE again.
 */
export function planStockMovement(
  changes: StockChange[],
  current: Map<string, StockLevels>,
  facts: StockFacts,
  now: string,
): StockPlan {
  const nets = netChanges(changes);
  const levels = new Map<string, StockLevels>();
  const binChanges = new Map<string, { delta: number; limit: number | null }>();
  for (const n of nets) {
    const productLevels = levels.get(n.productId) ?? { ...(current.get(n.productId) ?? {}) };
    levels.set(n.productId, productLevels);
    const key = locationKey(n.warehouseId, n.binId, n.batchId);
    const before = productLevels[key] ?? {
      warehouseId: n.warehouseId,
      binId: n.binId,
      batchId: n.batchId,
      onHand: 0,
      reserved: 0,
      updatedAt: now,
    };
    const after = checkedLevel(n, before);
    if (n.onHand !== 0 || n.reserved !== 0) productLevels[key] = { ...before, ...after, updatedAt: now };
    if (n.binId !== null && n.onHand !== 0) {
      const bin = facts.bins.get(n.binId);
      if (bin?.capacity !== null && bin?.capacity !== undefined) {
        const change = binChanges.get(n.binId) ?? { delta: 0, limit: null };
        change.delta = roundQuantity(change.delta + n.onHand);
        binChanges.set(n.binId, change);
      }
    }
  }
  checkBinCapacity(binChanges, facts);
  return {
    levels,
    movements: nets
      .filter((n) => n.onHand !== 0)
      .map((n) => ({
        productId: n.productId,
        warehouseId: n.warehouseId,
        binId: n.binId,
        batchId: n.batchId,
        quantity: n.onHand,
      })),
    changed: changedWarehouses(nets, levels),
    batchStatus: batchFlips(nets, levels, facts),
    costPrices: costChanges(changes, current, facts),
    binChanges,
  };
}

/** Changes on the same location are merged first, so the checks see the document's net effect. */
function netChanges(changes: StockChange[]): NetChange[] {
  const nets = new Map<string, NetChange>();
  for (const c of changes) {
    const key = `${c.productId}#${locationKey(c.warehouseId, c.binId, c.batchId)}`;
    const net = nets.get(key) ?? {
      productId: c.productId,
      warehouseId: c.warehouseId,
      binId: c.binId,
      batchId: c.batchId,
      onHand: 0,
      reserved: 0,
    };
    net.onHand = roundQuantity(net.onHand + c.onHandDelta);
    net.reserved = roundQuantity(net.reserved + c.reservedDelta);
    nets.set(key, net);
  }
  return [...nets.values()];
}

function checkedLevel(n: NetChange, before: StockLevel): { onHand: number; reserved: number } {
  const onHand = roundQuantity(before.onHand + n.onHand);
  const reserved = roundQuantity(before.reserved + n.reserved);
  const where = `product ${n.productId} in warehouse ${n.warehouseId}${n.binId ? ` bin ${n.binId}` : ''}${n.batchId ? ` batch ${n.batchId}` : ''}`;
  if (onHand < 0) {
    throw unprocessable(`Insufficient stock for ${where}: on hand ${before.onHand}, change ${n.onHand}`);
  }
  if (reserved < 0) {
    throw unprocessable(
      `The change would take the reserved quantity below zero for ${where}: reserved ${before.reserved}, change ${n.reserved}`,
    );
  }
  if (onHand < reserved) {
    // Reserving more than is free is a shortage of available stock; taking on hand away from under a
    // reservation is the reserved-quantity invariant.
    if (n.reserved > 0) {
      throw unprocessable(
        `Insufficient available stock for ${where}: available ${roundQuantity(onHand - before.reserved)}, required ${n.reserved}`,
      );
    }
    throw unprocessable(
      `The change would leave on hand (${onHand}) below the reserved quantity (${reserved}) for ${where}`,
    );
  }
  return { onHand, reserved };
}

function checkBinCapacity(
  binChanges: Map<string, { delta: number; limit: number | null }>,
  facts: StockFacts,
): void {
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
}

function changedWarehouses(nets: NetChange[], levels: Map<string, StockLevels>): StockPlan['changed'] {
  const changed: StockPlan['changed'] = [];
  const seen = new Set<string>();
  for (const n of nets) {
    const pair = `${n.productId}|${n.warehouseId}`;
    if ((n.onHand === 0 && n.reserved === 0) || seen.has(pair)) continue;
    seen.add(pair);
    const inWarehouse = Object.values(levels.get(n.productId)!).filter(
      (l) => l.warehouseId === n.warehouseId,
    );
    changed.push({
      productId: n.productId,
      warehouseId: n.warehouseId,
      onHand: roundQuantity(inWarehouse.reduce((s, l) => s + l.onHand, 0)),
      reserved: roundQuantity(inWarehouse.reduce((s, l) => s + l.reserved, 0)),
    });
  }
  return changed;
}

function batchFlips(
  nets: NetChange[],
  levels: Map<string, StockLevels>,
  facts: StockFacts,
): Map<string, BatchStatus> {
  const batchStatus = new Map<string, BatchStatus>();
  for (const n of nets) {
    if (n.batchId === null || batchStatus.has(n.batchId)) continue;
    const batch = facts.batches.get(n.batchId)!;
    const remaining = Object.values(levels.get(n.productId)!)
      .filter((l) => l.batchId === n.batchId)
      .reduce((s, l) => s + l.onHand, 0);
    if (roundQuantity(remaining) === 0 && batch.status === 'ACTIVE') batchStatus.set(n.batchId, 'CONSUMED');
    if (remaining > 0 && batch.status === 'CONSUMED') batchStatus.set(n.batchId, 'ACTIVE');
  }
  return batchStatus;
}

/** Weighted average over the stock on hand before the changes and every costed receipt among them. */
function costChanges(
  changes: StockChange[],
  current: Map<string, StockLevels>,
  facts: StockFacts,
): Map<string, number> {
  const costPrices = new Map<string, number>();
  for (const [productId, product] of facts.products) {
    const receipts = changes
      .filter(
        (c) =>
          c.productId === productId && c.onHandDelta > 0 && c.unitCost !== null && c.unitCost !== undefined,
      )
      .map((c) => ({ quantity: c.onHandDelta, unitCost: c.unitCost! }));
    if (receipts.length === 0) continue;
    const onHandBefore = stockTotals(current.get(productId) ?? {}).onHand;
    const next = weightedAverageCost(onHandBefore, product.costPrice, receipts);
    if (next !== product.costPrice) costPrices.set(productId, next);
  }
  return costPrices;
}
