/**
 * Lots (design.md section 7): `batch create` and `batch quarantine|release|recall|expire` on the CLI,
 * `POST /batches` and `POST /batches/{id}/quarantine|release|recall|expire` over the API. Batch numbers
 * are unique per organisation through the guard written in the create's transaction.
 */
import { newId } from '../../../platform/ids.js';
import { conflict, invalidReference, notFound, validationError } from '../../../../domain/errors.js';
import {
  BATCH_RESOURCE,
  changeBatchStatus,
  newBatch,
  type Batch,
  type BatchAction,
  type BatchStatus,
} from '../../../../domain/inventory/batch.js';
import { batchStatusChanged } from '../../../../domain/inventory/events.js';
import { parseInstant } from '../../../../domain/listing/query-params.js';
import { readBatch } from '../../../platform/dynamo/read-batch.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { guard, transact, type WriteItem } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { getProduct, productKey, products } from '../../products/public.js';
import { batchCreateItems, batchTransitionItem, getBatch } from '../store/batches.js';
import {
  copyOf,
  emptyStock,
  productStockKey,
  productStocks,
  stockVersionBump,
  type ProductStock,
} from '../store/stock.js';
import { batchDetail } from '../traceability.js';

export interface BatchInput {
  orgId: string;
  productId: string;
  batchNumber: string;
  manufactureDate?: string | null;
  expiryDate?: string | null;
  storageCondition?: Batch['storageCondition'];
  unitCost?: number | null;
  notes?: string | null;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseInstant(value) !== undefined;

/** A lot import: an empty ACTIVE batch of a product, ready to receive stock; answers its detail. */
export async function createBatch(input: BatchInput, context: WriteContext = backOfficeContext(input.orgId)) {
  const product = await getProduct(input.orgId, input.productId);
  if (!product) throw invalidReference('productId', 'product');
  const batchNumber = input.batchNumber.trim();
  if (batchNumber.length === 0 || batchNumber.length > 100) {
    throw validationError([{ path: 'batchNumber', message: 'must be 1-100 characters' }]);
  }
  for (const field of ['manufactureDate', 'expiryDate'] as const) {
    const value = input[field];
    if (value != null && !isDate(value)) {
      throw validationError([{ path: field, message: 'must be a date (YYYY-MM-DD)' }]);
    }
  }
  const now = context.now.toISOString();
  const batch = newBatch({ ...input, batchNumber, productId: product.id }, { id: newId(), now });
  const body = await batchDetail(input.orgId, batch, null);
  const [put, numberGuard, ...rest] = batchCreateItems(input.orgId, batch);
  const items: WriteItem[] = [
    put!,
    guard(numberGuard!, () => conflict(`A batch numbered '${batchNumber}' already exists`)),
    ...rest,
    ...context.journal.items({
      audit: [
        {
          resourceType: 'batch',
          resourceId: batch.id,
          action: 'create',
          changedFields: Object.keys(input).filter((k) => k !== 'orgId'),
        },
      ],
      response: { status: 201, body },
    }),
  ];
  await transact(items);
  return body;
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
 * again), `batch.status_changed` and the audit entry. A wrong status is 422 naming it. `when` lets
 * expire-due skip a lot that no longer qualifies on the fresh read (returns null) instead of failing.
 */
export async function applyBatchAction(
  input: { orgId: string; id: string; action: BatchAction },
  context: WriteContext = backOfficeContext(input.orgId),
  when?: (status: BatchStatus, expiryDate: string | null) => boolean,
) {
  const { orgId, id, action } = input;
  const at = context.now.toISOString();
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
        ...context.journal.items({
          events: [batchStatusChanged(batch, batch.status, next.status)],
          audit: [{ resourceType: 'batch', resourceId: id, action, changedFields: ['status'] }],
        }),
      ]);
      return { previousStatus: batch.status, batch: next, stock };
    },
    onExhausted: () => context.exhausted(`Batch ${id} kept changing`),
  });
}

/** `batch quarantine|release|recall|expire` and their endpoints: the batch detail as GET shows it. */
export async function setBatchStatus(
  input: { orgId: string; id: string; action: BatchAction },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const done = (await applyBatchAction(input, context))!;
  return batchDetail(input.orgId, done.batch, done.stock);
}
