/**
 * What completing a production order takes from stock and what it costs. Every input is taken from the
 * order's warehouse, scaled to the quantity actually produced (planned input x actual / planned output,
 * wastage included): a batch-tracked input from its ACTIVE lots, earliest expiry first and lots without
 * an expiry last (FEFO); any other stocked input from unbatched stock. Only available stock (on hand less
 * reserved) is taken, so sales-order reservations stay whole. A NON_STOCKED input (labour, a service) is
 * costed but takes nothing from stock. Any input short is a 422 and nothing is taken.
 *
 * Costs: a unit taken from a lot costs the lot's unitCost when it has one, else the product's costPrice
 * (as does every unit of an unbatched or NON_STOCKED input). The output's unit cost is the sum of the
 * consumed costs over the quantity produced, 4 dp.
 */
import { unprocessable } from '../errors.js';
import type { BatchStatus } from '../inventory/batch.js';
import { roundQuantity, type StockLevel, type StockLevels } from '../inventory/stock.js';
import { line4 } from '../money.js';
import type { ProductType } from '../products/product.js';
import type {
  ConsumedLine,
  Consumption,
  LotQuantity,
  ProductionOrderLine,
  Take,
} from './production-order.js';

export interface ConsumptionFacts {
  warehouseId: string;
  /** How the shortage message names the warehouse. */
  warehouseLabel: string;
  products: Map<string, { productType: ProductType; isBatchTracked: boolean; costPrice: number }>;
  stock: Map<string, StockLevels>;
  batches: Map<
    string,
    { batchNumber: string; status: BatchStatus; expiryDate: string | null; unitCost: number | null }
  >;
}

const NO_EXPIRY = '\uffff';

/** The levels an input may be taken from, in the order they are taken. */
function takeableLevels(
  levels: StockLevels,
  facts: ConsumptionFacts,
  isBatchTracked: boolean,
): { level: StockLevel; left: number }[] {
  return Object.values(levels)
    .filter((l) => l.warehouseId === facts.warehouseId && roundQuantity(l.onHand - l.reserved) > 0)
    .filter((l) =>
      isBatchTracked
        ? l.batchId !== null && facts.batches.get(l.batchId)?.status === 'ACTIVE'
        : l.batchId === null,
    )
    .map((level) => ({
      level,
      expiry: level.batchId ? (facts.batches.get(level.batchId)?.expiryDate ?? NO_EXPIRY) : NO_EXPIRY,
    }))
    .sort(
      (a, b) =>
        a.expiry.localeCompare(b.expiry) ||
        (a.level.batchId ?? '').localeCompare(b.level.batchId ?? '') ||
        (a.level.binId ?? '').localeCompare(b.level.binId ?? ''),
    )
    .map(({ level }) => ({ level, left: roundQuantity(level.onHand - level.reserved) }));
}

/** The quantity an INPUT line needs for `produced` units of output. */
export const requiredFor = (line: ProductionOrderLine, produced: number, planned: number): number =>
  roundQuantity((line.plannedQuantity * produced) / planned);

export function planConsumption(
  inputs: ProductionOrderLine[],
  produced: number,
  planned: number,
  facts: ConsumptionFacts,
): Consumption {
  const required = inputs.map((line) => ({ line, quantity: requiredFor(line, produced, planned) }));
  const pools = new Map<string, { level: StockLevel; left: number }[]>();
  const needed = new Map<string, number>();
  for (const { line, quantity } of required) {
    const product = facts.products.get(line.productId);
    if (!product) throw unprocessable(`Input ${line.product.sku} (${line.product.name}) no longer exists`);
    if (product.productType === 'NON_STOCKED') continue;
    needed.set(line.productId, roundQuantity((needed.get(line.productId) ?? 0) + quantity));
  }
  for (const [productId, quantity] of needed) {
    const product = facts.products.get(productId)!;
    const pool = takeableLevels(facts.stock.get(productId) ?? {}, facts, product.isBatchTracked);
    const available = roundQuantity(pool.reduce((s, p) => s + p.left, 0));
    if (available < quantity) {
      const { sku, name } = required.find((r) => r.line.productId === productId)!.line.product;
      throw unprocessable(
        `Insufficient stock for ${sku} (${name}) in warehouse ${facts.warehouseLabel}: available ${available}, required ${quantity}`,
      );
    }
    pools.set(productId, pool);
  }
  const takes: Take[] = [];
  const lines: ConsumedLine[] = [];
  let totalCost = 0;
  for (const { line, quantity } of required) {
    const product = facts.products.get(line.productId)!;
    let lineCost = 0;
    const lots = new Map<string, LotQuantity>();
    if (product.productType === 'NON_STOCKED') {
      lineCost = quantity * product.costPrice;
    } else {
      let remaining = quantity;
      for (const slot of pools.get(line.productId)!) {
        if (remaining <= 0) break;
        const take = roundQuantity(Math.min(remaining, slot.left));
        if (take <= 0) continue;
        slot.left = roundQuantity(slot.left - take);
        remaining = roundQuantity(remaining - take);
        const { warehouseId, binId, batchId } = slot.level;
        takes.push({ productId: line.productId, warehouseId, binId, batchId, quantity: take });
        const batch = batchId ? facts.batches.get(batchId) : undefined;
        lineCost += take * (batch?.unitCost ?? product.costPrice);
        if (batchId && batch) {
          const lot = lots.get(batchId) ?? { batchId, batchNumber: batch.batchNumber, quantity: 0 };
          lot.quantity = roundQuantity(lot.quantity + take);
          lots.set(batchId, lot);
        }
      }
    }
    totalCost += lineCost;
    lines.push({
      lineId: line.id,
      quantity,
      unitCost: quantity > 0 ? line4(lineCost / quantity) : null,
      totalCost: line4(lineCost),
      lots: [...lots.values()],
    });
  }
  return { lines, takes, totalCost, outputUnitCost: line4(totalCost / produced) };
}
