import { newId } from '../../platform/ids.js';
import { conflict, invalidParameter, notFound } from '../../../domain/errors.js';
import {
  adjustmentChanges,
  adjustmentLines,
  checkLines,
  newAdjustment,
} from '../../../domain/inventory/adjustment.js';
import { byText, listInMemory } from '../../../domain/listing/in-memory.js';
import { looksLikeCuid } from '../../../domain/listing/list-filters.js';
import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import type { JournalEntry } from '../../platform/journal/journal.js';
import type { OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import type { INVENTORY_ENDPOINTS } from './endpoints.js';
import { adjustmentPutItems, getAdjustment, listAdjustments } from './store/stock-adjustments.js';
import { numberDrawer } from '../../platform/dynamo/sequence.js';
import { transact, type TransactItem } from '../../platform/dynamo/transact.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { listBinsOf, listWarehouseRecords, listZoneRecords } from './store/warehouses.js';
import { assertFitsOneTransaction, completionWrites } from './adjustment-writes.js';
import { loadStockFacts } from './stock-facts.js';
import { adjustmentView, warehouseView } from './view.js';
import { listStockOnHandOp } from './stock-on-hand.js';
import { requestContext } from '../../platform/journal/write-context.js';
import { completeAdjustment, voidAdjustment } from './steps/adjustments.js';
import { createStockTransferOp, getStockTransferOp, listStockTransfersOp } from './transfer-operations.js';
import { getBatchOp, getSerialNumberOp, listBatchesOp, listSerialNumbersOp } from './traceability.js';
import {
  createBatchOp,
  expireBatchOp,
  quarantineBatchOp,
  recallBatchOp,
  releaseBatchOp,
  setSerialNumberStatusOp,
} from './traceability-operations.js';
import {
  addWarehouseBinOp,
  addWarehouseZoneOp,
  createWarehouseOp,
  getWarehouseOp,
  updateWarehouseOp,
} from './warehouse-operations.js';

const listWarehousesOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'listWarehouses'> = async (input) => {
  const orgId = input.auth.orgId;
  const [warehouses, zones] = await Promise.all([listWarehouseRecords(orgId), listZoneRecords(orgId)]);
  const page = listInMemory(
    input.query.includeInactive === true ? warehouses : warehouses.filter((w) => w.isActive),
    {
      search: input.query.search,
      searchable: (w) => [w.code, w.name],
      compare: (a, b) => byText(a.code.toLowerCase(), b.code.toLowerCase()) || byText(a.id, b.id),
      window: pageOf(input.query),
    },
  );
  // Bins are read for the page's warehouses only, in parallel.
  const bins = await Promise.all(page.data.map((w) => listBinsOf(orgId, w.id)));
  return {
    body: { ...page, data: page.data.map((w, i) => warehouseView(w, zones, bins[i] ?? [])) },
  };
};

const listStockAdjustmentsOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'listStockAdjustments'> = async (
  input,
) => {
  const q = input.query;
  const warehouseId = q.warehouseId;
  if (warehouseId !== undefined && !looksLikeCuid(warehouseId))
    throw invalidParameter('warehouseId', 'must be a cuid');
  const page = pageOf(input.query);
  const { items, total } = await listAdjustments(
    input.auth.orgId,
    {
      // The pipeline parsed these by their declared kinds (endpoints.ts): canonical values, ISO instants.
      statuses: q.status,
      reasons: q.reason,
      warehouseId,
      search: q.search,
      from: q.dateFrom,
      to: q.dateTo,
      modifiedSince: q.modifiedSince,
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(adjustmentView), total, page) };
};

const getStockAdjustmentOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'getStockAdjustment'> = async ({
  auth,
  params,
}) => {
  const adjustment = await getAdjustment(auth.orgId, params.id);
  if (!adjustment) throw notFound('Stock adjustment');
  return { body: adjustmentView(adjustment) };
};

const createStockAdjustmentOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'createStockAdjustment'> = async ({
  auth,
  body: input,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const at = now.toISOString();
  const id = newId();
  const lines = adjustmentLines(input);
  const changes = adjustmentChanges(lines);
  // Drawn beside the first read and kept for the retries: only the stock is decided again.
  const nextNumber = numberDrawer(orgId, 'ADJUSTMENT');
  const attemptOnce = async () => {
    const [loaded, number] = await Promise.all([loadStockFacts(orgId, changes), nextNumber()]);
    checkLines(lines, loaded.facts);
    const adjustment = newAdjustment(input, { id, sequence: number, now: at });
    const response = { status: 201, body: adjustmentView(adjustment) };
    const items: TransactItem[] = adjustmentPutItems(orgId, adjustment);
    // DRAFT records the header and lines only; stock moves when an adjustment is completed.
    const completion =
      adjustment.status === 'COMPLETED' ? completionWrites(orgId, adjustment, loaded, at) : null;
    const events: NonNullable<JournalEntry['events']> = completion?.events ?? [];
    items.push(...(completion?.items ?? []));
    items.push(
      ...journal.items({
        events,
        audit: [
          {
            resourceType: 'stock_adjustment',
            resourceId: id,
            action: 'create',
            changedFields: Object.keys(input),
          },
        ],
        response,
      }),
    );
    assertFitsOneTransaction(items);
    await transact(items);
    return response;
  };
  return writeOptimistically({
    run: attemptOnce,
    onExhausted: () =>
      conflict('The stock changed repeatedly while the adjustment was being applied; retry it'),
  });
};

/** POST /stock-adjustments/{id}/complete: the back office's `stock-adjustment complete`, over the API. */
const completeStockAdjustmentOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'completeStockAdjustment'> = async ({
  auth,
  params,
  now,
  journal,
}) => ({
  status: 200,
  body: await completeAdjustment({ orgId: auth.orgId, id: params.id }, requestContext({ now, journal })),
});

/** POST /stock-adjustments/{id}/void: the back office's `stock-adjustment void`, over the API. */
const voidStockAdjustmentOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'voidStockAdjustment'> = async ({
  auth,
  params,
  now,
  journal,
}) => ({
  status: 200,
  body: await voidAdjustment({ orgId: auth.orgId, id: params.id }, requestContext({ now, journal })),
});

export const inventoryOperations = operationsFor<typeof INVENTORY_ENDPOINTS>({
  listWarehouses: listWarehousesOp,
  createWarehouse: createWarehouseOp,
  getWarehouse: getWarehouseOp,
  updateWarehouse: updateWarehouseOp,
  addWarehouseZone: addWarehouseZoneOp,
  addWarehouseBin: addWarehouseBinOp,
  listStockOnHand: listStockOnHandOp,
  listStockAdjustments: listStockAdjustmentsOp,
  getStockAdjustment: getStockAdjustmentOp,
  createStockAdjustment: createStockAdjustmentOp,
  completeStockAdjustment: completeStockAdjustmentOp,
  voidStockAdjustment: voidStockAdjustmentOp,
  listStockTransfers: listStockTransfersOp,
  getStockTransfer: getStockTransferOp,
  createStockTransfer: createStockTransferOp,
  listBatches: listBatchesOp,
  getBatch: getBatchOp,
  createBatch: createBatchOp,
  quarantineBatch: quarantineBatchOp,
  releaseBatch: releaseBatchOp,
  recallBatch: recallBatchOp,
  expireBatch: expireBatchOp,
  listSerialNumbers: listSerialNumbersOp,
  getSerialNumber: getSerialNumberOp,
  setSerialNumberStatus: setSerialNumberStatusOp,
});
