import { createId } from '@paralleldrive/cuid2';
import { sweepInstant } from '../../../../domain/as-of.js';
import {
  BATCH_RESOURCE,
  BATCH_TRANSITIONS,
  changeBatchStatus,
  compareFefo,
  isPastExpiry,
  newBatch,
  uniqueBatchNumber,
  type BatchAction,
  type BatchStatus,
} from '../../../../domain/inventory/batch.js';
import { batchStatusChanged } from '../../../../domain/inventory/events.js';
import { notFound } from '../../../../domain/errors.js';
import { parseInstant } from '../../../../domain/listing/query-params.js';
import { readBatch } from '../../../platform/dynamo/read-batch.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { batchCreateItems, batchesExpiringBefore, batchTransitionItem, getBatch } from '../store/batches.js';
import {
  copyOf,
  emptyStock,
  productStockKey,
  productStocks,
  stockVersionBump,
  type ProductStock,
} from '../store/stock.js';
import { getProduct, productKey, products } from '../../products/public.js';
import { backOfficeJournal, BackOfficeError, transactOrRefuse } from '../../../platform/back-office/actor.js';
import { batchDetail } from '../traceability.js';

/** A lot import: an empty ACTIVE batch of a product, ready to receive stock (adjustments, later receipts). */
export async function createBatch(input: {
  orgId: string;
  productId: string;
  batchNumber: string;
  expiryDate?: string;
}) {
  const product = await getProduct(input.orgId, input.productId);
  if (!product) throw new BackOfficeError(`product ${input.productId} not found`);
  const batchNumber = input.batchNumber.trim();
  if (batchNumber.length === 0 || batchNumber.length > 100)
    throw new BackOfficeError('--number must be 1-100 characters');
  let expiryDate: string | null = null;
  if (input.expiryDate !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expiryDate) || !parseInstant(input.expiryDate)) {
      throw new BackOfficeError('--expiry must be a date (YYYY-MM-DD)');
    }
    expiryDate = input.expiryDate;
  }
  const now = new Date().toISOString();
  const batch = newBatch({ batchNumber, productId: product.id, expiryDate }, { id: createId(), now });
  await transactOrRefuse(
    [
      ...batchCreateItems(input.orgId, batch),
      ...backOfficeJournal(input.orgId, new Date(now)).items({
        audit: [
          {
            resourceType: 'batch',
            resourceId: batch.id,
            action: 'create',
            changedFields: ['batchNumber', 'expiryDate'],
          },
        ],
      }),
    ],
    `a batch numbered '${uniqueBatchNumber(batchNumber)}' already exists`,
  );
  const { version: _v, ...view } = batch;
  return { ...view, product: { id: product.id, sku: product.sku, name: product.name } };
}

/** The lot's product stock as read (its empty item when none exists yet); null without the product. */
async function readLotStock(orgId: string, productId: string): Promise<ProductStock | null> {
  const b = readBatch();
  const product = b.get(products, productKey(orgId, productId));
  const stock = b.get(productStocks, productStockKey(orgId, productId));
  await b.run();
  if (stock.value) return stock.value;
  return product.value ? emptyStock(productId, copyOf(product.value)) : null;
}

/**
 * One status action in one transaction: the batch (conditioned on its status and version), its
 * product's stock item moved on a version (so reservations and picks decided on the old status decide
 * again), `batch.status_changed` and the audit entry. `when` lets expire-due skip a lot that no longer
 * qualifies on the fresh read (returns null) instead of failing.
 */
async function applyStatusAction(
  orgId: string,
  id: string,
  action: BatchAction,
  now: Date,
  when?: (status: BatchStatus, expiryDate: string | null) => boolean,
) {
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const batch = await getBatch(orgId, id);
      if (!batch) throw notFound(BATCH_RESOURCE);
      if (when && !when(batch.status, batch.expiryDate)) return null;
      const next = changeBatchStatus(batch, action, at);
      const stock = await readLotStock(orgId, batch.productId);
      await transact([
        batchTransitionItem(orgId, batch, action, next),
        ...(stock ? [stockVersionBump(orgId, stock)] : []),
        ...backOfficeJournal(orgId, now).items({
          events: [batchStatusChanged(batch, batch.status, next.status)],
          audit: [{ resourceType: 'batch', resourceId: id, action, changedFields: ['status'] }],
        }),
      ]);
      return { previousStatus: batch.status, batch: next, stock };
    },
    onExhausted: () => new BackOfficeError(`Batch ${id} kept changing; run the command again`),
  });
}

/** `batch quarantine|release|recall|expire --id`: prints the batch detail as GET /batches/{id} shows it. */
export async function changeBatchStatusCommand(input: { orgId: string; id: string; action: BatchAction }) {
  const done = (await applyStatusAction(input.orgId, input.id, input.action, new Date()))!;
  return batchDetail(input.orgId, done.batch, done.stock);
}

/**
 * `batch expire-due [--as-of ISO]`: the ACTIVE and QUARANTINED lots past expiry at as-of (default now)
 * become EXPIRED. They are found by key (each status's FEFO partition up to as-of's date, so only due
 * lots are read) and expired one transaction each, re-checked on a fresh read. An as-of in the future is
 * refused (domain/as-of.ts); `now` is the clock (a test stands at a later date through it). `limit` bounds
 * one run (the scheduled job's cap).
 */
export async function expireDueBatches(input: { orgId: string; asOf?: string; now?: Date; limit?: number }) {
  const now = input.now ?? new Date();
  const asOf = sweepInstant(input.asOf, now);
  const due = await Promise.all(
    BATCH_TRANSITIONS.expire.from.map((status) =>
      batchesExpiringBefore(input.orgId, status, asOf.slice(0, 10)),
    ),
  );
  const expired = [];
  // The scheduled job's cap: the earliest-expiring lots first, the rest stay due for its next run.
  for (const candidate of due.flat().sort(compareFefo).slice(0, input.limit)) {
    const done = await applyStatusAction(
      input.orgId,
      candidate.id,
      'expire',
      now,
      (status, expiryDate) =>
        (BATCH_TRANSITIONS.expire.from as readonly string[]).includes(status) &&
        isPastExpiry(expiryDate, asOf),
    );
    if (!done) continue;
    expired.push({
      id: done.batch.id,
      batchNumber: done.batch.batchNumber,
      expiryDate: done.batch.expiryDate,
      productId: done.batch.productId,
      previousStatus: done.previousStatus,
      status: done.batch.status,
    });
  }
  return { asOf, expiredCount: expired.length, expired };
}
