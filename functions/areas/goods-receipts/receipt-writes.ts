/**
 * What a goods receipt writes beside the order: its stock (planStockMovement / stockMovementWrites: stock
 * puts, the ledger entry, lot flips, weighted-average cost, capacity-bin counters), the lots and serial
 * numbers it creates, and how those split into transactions when they do not fit in one.
 */
import { conflict } from '../../../domain/errors.js';
import type { Batch } from '../../../domain/inventory/batch.js';
import { planStockMovement, type StockChange } from '../../../domain/inventory/movement.js';
import { receivedSerial, type SerialNumber } from '../../../domain/inventory/serial.js';
import { CLOSED_BATCH_STATUSES, type GoodsReceipt } from '../../../domain/goods-receipts/receipt.js';
import { tableName } from '../../platform/dynamo/table-definition.js';
import {
  guard,
  isGuardedItem,
  MAX_TRANSACTION_ITEMS,
  type TransactItem,
  type WriteItem,
} from '../../platform/dynamo/transact.js';
import { batchCountAdd, batchKey, batchNumberGuardPut, batchRecordPut } from '../inventory/public.js';
import { serialCountAdd, serialCountMoves, serialCreateItems } from '../inventory/public.js';
import { rememberLot, type LoadedStockFacts } from '../inventory/public.js';
import { stockMovementWrites, type StockSource } from '../inventory/public.js';

export const receiptSource = (receipt: GoodsReceipt): StockSource => ({
  type: 'goods_receipt',
  id: receipt.id,
  number: receipt.reference,
});

/**
 * The serial records of a receipt, rebuilt from its lines and their ids: received AVAILABLE where the
 * line put them, linked to the order line (the same records the decision made, for a receipt in parts
 * whose plan keeps only the ids).
 */
export function receiptSerials(receipt: GoodsReceipt, serialIds: string[][], now: string): SerialNumber[] {
  return receipt.lines.flatMap((line, i) =>
    line.serialNumbers.map((serialNumber, j) =>
      receivedSerial(
        {
          serialNumber,
          productId: line.productId,
          batchId: line.batchId,
          warehouseId: receipt.warehouseId,
          binId: line.binId,
          purchaseOrderId: receipt.purchaseOrderId,
          poLineId: line.poLineId,
          receiptId: receipt.id,
          receivedAt: receipt.receivedAt,
        },
        { id: serialIds[i]![j]!, now },
      ),
    ),
  );
}

/** The serial ids of each receipt line, in line order (what a plan stores). */
export function serialIdsByLine(receipt: GoodsReceipt, serials: SerialNumber[]): string[][] {
  let next = 0;
  return receipt.lines.map((line) => line.serialNumbers.map(() => serials[next++]!.id));
}

/**
 * A lot's record and number guard. The guard failing is the 409: another request created the number at
 * the same time (spec rule 1). With `pendingReceiptId` the lot is written hidden (a receipt in parts).
 * The organisation's lot count is moved once per transaction (batchCountAdd), not per lot.
 */
export function batchUnits(orgId: string, batches: Batch[], pendingReceiptId?: string): WriteItem[][] {
  return batches.map((batch) => [
    batchRecordPut(orgId, batch, pendingReceiptId),
    guard(batchNumberGuardPut(orgId, batch), () =>
      conflict(
        `Batch ${batch.batchNumber} was created by another request at the same time; retry the receipt`,
      ),
    ),
  ]);
}

/**
 * Everything a receipt in one transaction creates: the lots (with one count item), and the serial numbers
 * (a guard failing is the 409: the product has the serial already) with the organisation's count and one
 * count item per product.
 */
export const createItems = (
  orgId: string,
  created: { batches: Batch[]; serials: SerialNumber[] },
  skuOf: (productId: string) => string,
): WriteItem[] => [
  ...batchUnits(orgId, created.batches).flat(),
  ...(created.batches.length > 0 ? [batchCountAdd(orgId, created.batches.length)] : []),
  ...created.serials.flatMap((serial) => serialCreateItems(orgId, serial, skuOf(serial.productId))),
  ...(created.serials.length > 0 ? [serialCountAdd(orgId, created.serials.length)] : []),
  ...serialCountMoves(orgId, created.serials),
];

/**
 * The stock writes of `changes` on the stock read in `loaded`. Lots the receipt creates are not in the
 * facts (they do not exist yet when the receipt is one transaction): they are ACTIVE. `at` is the ledger
 * entry's instant (each part of a receipt in parts has its own: the ledger key holds it).
 */
export function receiptStockWrites(
  orgId: string,
  receipt: GoodsReceipt,
  changes: StockChange[],
  loaded: LoadedStockFacts,
  created: Batch[],
  now: string,
  at: string,
) {
  for (const batch of created) {
    if (!loaded.facts.batches.has(batch.id)) rememberLot(loaded, { ...batch, status: 'ACTIVE' });
  }
  const plan = planStockMovement(changes, loaded.levels, loaded.facts, now);
  return stockMovementWrites(orgId, plan, loaded, receiptSource(receipt), at);
}

/** The key attributes of the item a write touches. */
const writtenKey = (item: WriteItem) => {
  const raw = isGuardedItem(item) ? item.item : item;
  return raw.Put?.Item ?? raw.Update?.Key ?? raw.Delete?.Key ?? raw.ConditionCheck?.Key;
};

/**
 * The existing lots the receipt books stock into, checked still open (not EXPIRED or RECALLED, the
 * decision's rule) in the receipt's own transaction: a lot recalled between the read and the write makes
 * the receipt decide again (and refuse). Lots the stock writes already flip (CONSUMED -> ACTIVE, itself
 * conditioned on the status read) and lots the receipt creates need no check (one item per key).
 */
export function lotsStillOpen(
  orgId: string,
  changes: StockChange[],
  created: Batch[],
  stockItems: WriteItem[],
): TransactItem[] {
  const written = stockItems.map(writtenKey);
  const isWritten = (key: { PK: string; SK: string }) =>
    written.some((k) => k?.PK === key.PK && k.SK === key.SK);
  const createdIds = new Set(created.map((b) => b.id));
  const lots = new Set(changes.flatMap((c) => (c.batchId && !createdIds.has(c.batchId) ? [c.batchId] : [])));
  return [...lots]
    .filter((id) => !isWritten(batchKey(orgId, id)))
    .map((id) => ({
      ConditionCheck: {
        TableName: tableName(),
        Key: batchKey(orgId, id),
        ConditionExpression: `attribute_exists(PK) AND NOT (#status IN (${CLOSED_BATCH_STATUSES.map((_, i) => `:closed${i}`).join(', ')}))`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: Object.fromEntries(
          CLOSED_BATCH_STATUSES.map((s, i) => [`:closed${i}`, s]),
        ),
      },
    }));
}

/**
 * The receipt's products split into stock parts whose writes fit beside the marker: at most this many
 * items each, counted from above (a product's stock put and cost update, one flip per lot it touches, one
 * counter per bin it touches) so that a part planned again on a later read still fits. Products that
 * touch a capacity-limited bin come first: the first part commits the receipt and is the only one whose
 * refusal (a full bin) can still undo it.
 */
export function stockParts(
  changes: StockChange[],
  capacityBins: ReadonlySet<string>,
  budget = MAX_TRANSACTION_ITEMS - 2,
): string[][] {
  const cost = new Map<string, { lots: Set<string>; bins: Set<string>; capacity: boolean }>();
  for (const c of changes) {
    const entry = cost.get(c.productId) ?? { lots: new Set(), bins: new Set(), capacity: false };
    if (c.batchId) entry.lots.add(c.batchId);
    if (c.binId) entry.bins.add(c.binId);
    if (c.binId && capacityBins.has(c.binId)) entry.capacity = true;
    cost.set(c.productId, entry);
  }
  const ordered = [...cost].sort(([, a], [, b]) => Number(b.capacity) - Number(a.capacity));
  const parts: string[][] = [];
  let part: string[] = [];
  let used = 1; // the ledger entry
  for (const [productId, entry] of ordered) {
    const items = 2 + entry.lots.size + entry.bins.size;
    if (part.length > 0 && used + items > budget) {
      parts.push(part);
      part = [];
      used = 1;
    }
    part.push(productId);
    used += items;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** Runs `task` over `items` with at most `limit` running at once; rejects with the first failure. */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const worker = async () => {
    while (failed === null && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed !== null) throw failed;
}

/** Consecutive units packed into transactions of at most `size` items. */
export function packUnits(units: WriteItem[][], size = MAX_TRANSACTION_ITEMS): WriteItem[][] {
  const chunks: WriteItem[][] = [];
  let chunk: WriteItem[] = [];
  for (const unit of units) {
    if (chunk.length + unit.length > size) {
      chunks.push(chunk);
      chunk = [];
    }
    chunk.push(...unit);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
