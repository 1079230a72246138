/**
 * A goods receipt too large for one transaction (docs/design/transactions-in-parts.md, "Goods receipts
 * beyond 100 items"):
 *
 * 1. start: the `pendingReceipt` marker on the order (conditioned on a receivable status, the version read
 *    and no marker) and the receipt's plan, in one write (its number is drawn before, outside it);
 * 2. prepare: the lots it creates written hidden (pending, no list index) in transactions, and its
 *    serial numbers claimed one by one (their guards), many at once. A duplicate serial or a lot-number
 *    race (409) gives them back and removes the marker;
 * 3. commit: the first stock part (products into capacity-limited bins first) with the marker moved to
 *    COMMITTED. A full bin (422) or a lost race here still undoes the receipt; from here on it only rolls
 *    forward;
 * 4. the lots revealed and the serial records written (each only if absent), the remaining stock parts
 *    (each re-read and re-planned, each with a step of the marker), and the last write: the received
 *    order replacing the item (marker gone), the receipt, the status counters, the outbox (every part's
 *    events), the audit entries and the idempotency record.
 *
 * Whoever meets the marker once it is older than `staleAfterMs` (its request died) finishes a COMMITTED
 * receipt or undoes a PREPARE one; before that, other receipts of the order answer 409.
 */
import { newId } from '../../platform/ids.js';
import { ApiError, conflict } from '../../../domain/errors.js';
import type { StockChange } from '../../../domain/inventory/movement.js';
import type { ReceiptDecision } from '../../../domain/goods-receipts/receipt.js';
import type { PurchaseOrder } from '../../../domain/purchase-orders/purchase-order.js';
import {
  PURCHASE_ORDER_RESOURCE,
  PURCHASE_ORDER_TRANSITIONS,
  supplierNotActive,
} from '../../../domain/purchase-orders/status.js';
import { ConditionalCheckFailedException, DeleteCommand } from '../../platform/dynamo/commands.js';
import { db } from '../../platform/dynamo/client.js';
import { isRace, retryPart, settle, STALE_MARKER_MS } from '../../platform/dynamo/parts.js';
import {
  MAX_TRANSACTION_ITEMS,
  transact,
  WriteRace,
  type TransactItem,
  type WriteItem,
} from '../../platform/dynamo/transact.js';
import type { Journal } from '../../platform/journal/journal.js';
import type { SerialNumber } from '../../../domain/inventory/serial.js';
import { batchCountAdd, batchDeleteItems, batchRevealItem } from '../inventory/public.js';
import { claimSerialNumber, putSerialIfAbsent, releaseSerialNumber } from '../inventory/public.js';
import { loadStockFacts, type LoadedStockFacts } from '../inventory/public.js';
import {
  batchUnits,
  eachLimited,
  packUnits,
  receiptSerials,
  lotsStillOpen,
  receiptStockWrites,
  serialIdsByLine,
  stockParts,
} from './receipt-writes.js';
import { purchaseOrderStatusCountItems } from '../purchase-orders/public.js';
import { supplierStillActive } from '../purchase-orders/public.js';
import { receiptClosing } from './receipt-closing.js';
import { purchaseOrders } from '../purchase-orders/public.js';
import {
  getPlan,
  planDelete,
  planPut,
  type PendingReceipt,
  receiptMarker,
  type ReceiptPlan,
} from './store/goods-receipts.js';

/**
 * Knobs of the receipt in parts. Production uses the defaults; tests shrink the transaction budget to
 * reach the parts with a few records, and use `afterStep` to interrupt or race a receipt between writes.
 */
export const receiptChunking: {
  maxItems: number;
  /** A marker older than this was left by a receipt whose request died (longer than any Lambda timeout). */
  staleAfterMs: number;
  /** Transactions of lots (and of their reveal or undoing) written at once. */
  concurrency: number;
  /** Serial guards claimed (records written, guards given back) at once, one request each. */
  serialConcurrency: number;
  afterStep?: (step: 'start' | 'prepare' | 'commit' | 'reveal' | 'part') => Promise<void>;
} = {
  maxItems: MAX_TRANSACTION_ITEMS,
  staleAfterMs: STALE_MARKER_MS,
  concurrency: 4,
  serialConcurrency: 32,
};

const lost = () => conflict('The goods receipt was interrupted by another request; read the order and retry');

export interface PartsWrite {
  read: PurchaseOrder;
  decision: ReceiptDecision<PurchaseOrder>;
  /** The stock as the decision read it (the commit part's first attempt plans on it). */
  loaded: LoadedStockFacts;
  skuOf: (productId: string) => string;
  journal: Journal;
  response: { status: number; body: unknown };
}

/** A stock change as stored in the plan (no undefined attributes). */
const storedChange = (c: StockChange): StockChange => ({
  productId: c.productId,
  warehouseId: c.warehouseId,
  binId: c.binId,
  batchId: c.batchId,
  onHandDelta: c.onHandDelta,
  reservedDelta: c.reservedDelta,
  unitCost: c.unitCost ?? null,
});

export async function receiveInParts(orgId: string, write: PartsWrite): Promise<void> {
  const { read, decision } = write;
  const receipt = decision.receipt;
  const capacityBins = new Set(
    [...write.loaded.facts.bins].filter(([, bin]) => bin.capacity !== null).map(([id]) => id),
  );
  const plan: ReceiptPlan = {
    receipt,
    // The marker's first write moves the version on; the last write replaces the order at the next one.
    order: { ...decision.order, version: read.version + 2 },
    fromStatus: read.status,
    changes: decision.changes.map(storedChange),
    parts: stockParts(decision.changes, capacityBins, receiptChunking.maxItems - 2),
    batches: decision.batches,
    serialIds: serialIdsByLine(receipt, decision.serials),
    warnings: decision.warnings,
    now: receipt.createdAt,
  };
  const start: PendingReceipt = {
    token: newId(),
    receiptId: receipt.id,
    startedAt: receipt.createdAt,
    step: 0,
    phase: 'PREPARE',
    events: [],
  };
  await transact([
    receiptMarker(orgId, read.id).start(start, {
      version: read.version,
      from: PURCHASE_ORDER_TRANSITIONS.receive.from,
      resource: PURCHASE_ORDER_RESOURCE,
      action: 'receive',
    }),
    planPut(orgId, plan),
    supplierStillActive(orgId, read.supplierId, supplierNotActive(read, 'receive')),
  ]);
  await receiptChunking.afterStep?.('start');
  const chunks = packUnits(batchUnits(orgId, plan.batches, receipt.id), receiptChunking.maxItems);
  const written: number[] = [];
  const claimed: SerialNumber[] = [];
  let committed: PendingReceipt;
  try {
    const prepared = await Promise.allSettled([
      eachLimited(
        chunks.map((_, i) => i),
        receiptChunking.concurrency,
        async (i) => {
          await transact(chunks[i]!);
          written.push(i);
        },
      ),
      eachLimited(decision.serials, receiptChunking.serialConcurrency, async (serial) => {
        await claimSerialNumber(orgId, serial, write.skuOf(serial.productId));
        claimed.push(serial);
      }),
    ]);
    const failed = prepared.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    await receiptChunking.afterStep?.('prepare');
    committed = await applyStockPart(orgId, plan, start, 0, write.loaded);
  } catch (error) {
    await undoPrepared(orgId, plan, start, { batchChunks: written, serials: claimed });
    if (error instanceof ApiError) throw error;
    if (isRace(error)) throw conflict('Other requests kept changing the stock this receipt moves; retry it');
    throw error;
  }
  await receiptChunking.afterStep?.('commit');
  await finishCommitted(orgId, plan, committed, write.journal, write.response);
}

/**
 * A marker met by another request: 409 while its receipt may still be running; once stale, a COMMITTED
 * receipt is finished and a PREPARE one undone, and the caller reads the order again.
 */
export function settlePendingReceipt(
  orgId: string,
  order: PurchaseOrder,
  marker: PendingReceipt,
  now: Date,
  journal: Journal,
): Promise<never> {
  const planned = () => getPlan(orgId, order.id, marker.receiptId);
  const how = {
    now,
    staleAfterMs: receiptChunking.staleAfterMs,
    busy: () =>
      conflict(`A goods receipt of purchase order ${order.orderNumber} is being recorded; retry shortly`),
  };
  if (marker.phase === 'COMMITTED') {
    return settle(marker, {
      ...how,
      finish: async () => {
        const plan = await planned();
        if (plan) await finishCommitted(orgId, plan, marker, journal);
      },
    });
  }
  return settle(marker, {
    ...how,
    undo: async () => {
      const plan = await planned();
      if (plan) await undoPrepared(orgId, plan, marker, null);
    },
  });
}

/**
 * One stock part: its products' stock read (the commit part's first attempt uses the decision's read),
 * planned and written with the marker's next step (COMMITTED). A lost race re-reads; a rule the fresh
 * read breaks (a full bin) is thrown.
 */
async function applyStockPart(
  orgId: string,
  plan: ReceiptPlan,
  marker: PendingReceipt,
  index: number,
  first?: LoadedStockFacts,
): Promise<PendingReceipt> {
  const products = new Set(plan.parts[index] ?? []);
  const changes = plan.changes.filter((c) => products.has(c.productId));
  // Each part's ledger entry needs its own instant: the ledger key holds it.
  const at = new Date(Date.parse(plan.now) + index).toISOString();
  return retryPart(async (attempt) => {
    const loaded = attempt === 1 && first ? first : await loadStockFacts(orgId, changes);
    const writes = receiptStockWrites(orgId, plan.receipt, changes, loaded, plan.batches, plan.now, at);
    // The commit part checks the lots it books into (stockParts counted one item per lot, a flip or this
    // check); only it can still refuse: once committed, the receipt rolls forward whatever the lots do.
    const committing = marker.phase !== 'COMMITTED';
    await transact([
      ...writes.items,
      ...(committing ? lotsStillOpen(orgId, changes, plan.batches, writes.items) : []),
      receiptMarker(orgId, plan.order.id).step(
        marker,
        { set: { phase: 'COMMITTED' }, append: { events: writes.events } },
        lost,
      ),
    ]);
    return {
      ...marker,
      step: marker.step + 1,
      phase: 'COMMITTED',
      events: [...marker.events, ...writes.events],
    };
  });
}

/** Rolls a committed receipt forward: reveals its records, applies the stock parts left, closes it. */
async function finishCommitted(
  orgId: string,
  plan: ReceiptPlan,
  marker: PendingReceipt,
  journal: Journal,
  response?: { status: number; body: unknown },
): Promise<void> {
  const serials = receiptSerials(plan.receipt, plan.serialIds, plan.now);
  await Promise.all([
    eachLimited(
      packUnits(
        plan.batches.map((b) => [batchRevealItem(orgId, b)]),
        receiptChunking.maxItems - 1,
      ),
      receiptChunking.concurrency,
      (chunk) => revealBatches(orgId, chunk),
    ),
    eachLimited(serials, receiptChunking.serialConcurrency, (serial) => putSerialIfAbsent(orgId, serial)),
  ]);
  await receiptChunking.afterStep?.('reveal');
  let current = marker;
  for (let index = current.step; index < plan.parts.length; index += 1) {
    current = await applyStockPart(orgId, plan, current, index);
    await receiptChunking.afterStep?.('part');
  }
  await transact([
    receiptMarker(orgId, plan.order.id).finish(purchaseOrders.toItem(orgId, plan.order), current, lost),
    ...purchaseOrderStatusCountItems(orgId, plan.order, plan.fromStatus),
    ...receiptClosing(orgId, journal, {
      receipt: plan.receipt,
      order: plan.order,
      warnings: plan.warnings,
      stockEvents: current.events,
      response,
    }),
    planDelete(orgId, plan.order.id, plan.receipt.id),
  ]);
}

/**
 * Undoes a receipt that never committed: its hidden lots deleted (each only while still pending for this
 * receipt) and its serial numbers given back, then the marker and the plan removed. `done` names what this
 * request knows it wrote; null (the request that wrote it died) tries everything.
 */
async function undoPrepared(
  orgId: string,
  plan: ReceiptPlan,
  marker: PendingReceipt,
  done: { batchChunks: number[]; serials: SerialNumber[] } | null,
): Promise<void> {
  const receiptId = plan.receipt.id;
  const chunks = packUnits(
    plan.batches.map((b) => batchDeleteItems(orgId, b, receiptId)),
    receiptChunking.maxItems,
  ) as TransactItem[][];
  await Promise.all([
    eachLimited(done?.batchChunks ?? chunks.map((_, i) => i), receiptChunking.concurrency, async (i) => {
      try {
        await transact(chunks[i]!);
      } catch {
        // Some of the chunk was never written (or is gone): delete what is there, one record at a time.
        await eachLimited(chunks[i]!, receiptChunking.concurrency, deleteIfStill);
      }
    }),
    eachLimited(
      done?.serials ?? receiptSerials(plan.receipt, plan.serialIds, plan.now),
      receiptChunking.serialConcurrency,
      (serial) => releaseSerialNumber(orgId, serial),
    ),
  ]);
  try {
    await transact([
      receiptMarker(orgId, plan.order.id).remove(marker, () => 'retry'),
      planDelete(orgId, plan.order.id, receiptId),
    ]);
  } catch (error) {
    // Someone else settled the marker meanwhile: nothing left to undo.
    if (!(error instanceof WriteRace)) throw error;
  }
}

/**
 * Reveals lots and counts them, exactly once: a chunk in one transaction; when some were revealed already
 * (a finisher repeating the work), one lot at a time, skipping those.
 */
async function revealBatches(orgId: string, reveals: WriteItem[]): Promise<void> {
  try {
    await transact([...reveals, batchCountAdd(orgId, reveals.length)]);
  } catch (error) {
    if (!(error instanceof WriteRace)) throw error;
    for (const reveal of reveals) {
      try {
        await transact([reveal, batchCountAdd(orgId, 1)]);
      } catch (again) {
        if (!(again instanceof WriteRace)) throw again;
      }
    }
  }
}

async function deleteIfStill(item: WriteItem): Promise<void> {
  const deletion = (item as TransactItem).Delete!;
  try {
    await db().send(new DeleteCommand(deletion));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
