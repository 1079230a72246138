import { createId } from '@paralleldrive/cuid2';
import { conflict, invalidParameter, notFound, unprocessable } from '../../../domain/errors.js';
import {
  adjustmentLines,
  checkLines,
  newAdjustment,
  type AdjustmentInput,
  type AdjustmentReason,
  type AdjustmentStatus,
} from '../../../domain/inventory/adjustment.js';
import { byText, listInMemory } from '../../../domain/listing/in-memory.js';
import { looksLikeCuid } from '../../../domain/listing/list-filters.js';
import { paginate, pageWindow } from '../../../domain/listing/pagination.js';
import type { JournalEntry } from '../../platform/journal/journal.js';
import type { Operation, OperationInput, OperationsOf } from '../../platform/http/types.js';
import type { INVENTORY_ENDPOINTS } from './endpoints.js';
import { adjustmentPut, getAdjustment, listAdjustments, sequenceNext } from './store/stock-adjustments.js';
import { isTransactionConflict, transact, type TransactItem } from '../../platform/dynamo/transact.js';
import { listBinsOf, listWarehouseRecords, listZoneRecords } from './store/warehouses.js';
import { completionWrites } from './adjustment-writes.js';
import { loadLineFacts } from './line-facts.js';
import { adjustmentView, warehouseView } from './view.js';
import { listStockOnHandOp } from './stock-on-hand.js';

const window = (input: OperationInput) =>
  pageWindow(input.query.page as number, input.query.pageSize as number);

const listWarehousesOp: Operation = async (input) => {
  const orgId = input.auth.orgId;
  const [warehouses, zones] = await Promise.all([listWarehouseRecords(orgId), listZoneRecords(orgId)]);
  const page = listInMemory(
    input.query.includeInactive === true ? warehouses : warehouses.filter((w) => w.isActive),
    {
      search: input.query.search as string | undefined,
      searchable: (w) => [w.code, w.name],
      compare: (a, b) => byText(a.code.toLowerCase(), b.code.toLowerCase()) || byText(a.id, b.id),
      window: window(input),
    },
  );
  // Bins are read for the page's warehouses only, in parallel.
  const bins = await Promise.all(page.data.map((w) => listBinsOf(orgId, w.id)));
  return {
    body: { ...page, data: page.data.map((w, i) => warehouseView(w, zones, bins[i] ?? [])) },
  };
};

const listStockAdjustmentsOp: Operation = async (input) => {
  const q = input.query;
  const warehouseId = q.warehouseId as string | undefined;
  if (warehouseId !== undefined && !looksLikeCuid(warehouseId))
    throw invalidParameter('warehouseId', 'must be a cuid');
  const page = window(input);
  const { items, total } = await listAdjustments(
    input.auth.orgId,
    {
      // The pipeline parsed these by their declared kinds (endpoints.ts): canonical values, ISO instants.
      statuses: q.status as AdjustmentStatus[] | undefined,
      reasons: q.reason as AdjustmentReason[] | undefined,
      warehouseId,
      search: q.search as string | undefined,
      from: q.dateFrom as string | undefined,
      to: q.dateTo as string | undefined,
      modifiedSince: q.modifiedSince as Date | undefined,
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(adjustmentView), total, page) };
};

const getStockAdjustmentOp: Operation = async ({ auth, params }) => {
  const adjustment = await getAdjustment(auth.orgId, params.id!);
  if (!adjustment) throw notFound('Stock adjustment');
  return { body: adjustmentView(adjustment) };
};

/** DynamoDB's TransactWriteItems limit. */
const MAX_TRANSACTION_ITEMS = 100;
/** Racing writers on the same stock or sequence re-read and re-decide; each retry waits a little longer. */
const WRITE_ATTEMPTS = 15;
const pause = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.random() * Math.min(400, 20 * 2 ** Math.min(attempt, 5))),
  );

const createStockAdjustmentOp: Operation = async ({ auth, body, now, journal }) => {
  const { orgId } = auth;
  const input = body as AdjustmentInput;
  const at = now.toISOString();
  const id = createId();
  const lines = adjustmentLines(input);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await pause(attempt);
    const loaded = await loadLineFacts(orgId, lines, 'ADJUSTMENT');
    checkLines(lines, loaded.facts);
    const adjustment = newAdjustment(input, { id, sequence: loaded.sequence + 1, now: at });
    const response = { status: 201, body: adjustmentView(adjustment) };
    const items: TransactItem[] = [
      adjustmentPut(orgId, adjustment),
      sequenceNext(orgId, 'ADJUSTMENT', loaded.sequence),
    ];
    // DRAFT records the header and lines only; stock moves when an adjustment is completed.
    const completion =
      adjustment.status === 'COMPLETED' ? completionWrites(orgId, adjustment, lines, loaded) : null;
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
    if (items.length > MAX_TRANSACTION_ITEMS) {
      throw unprocessable(
        `The adjustment touches too many records (${items.length}) to apply atomically; split it into smaller adjustments`,
      );
    }
    try {
      const result = await transact(items);
      if (result.ok) return response;
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
    }
  }
  throw conflict('The stock changed repeatedly while the adjustment was being applied; retry it');
};

export const inventoryOperations: OperationsOf<typeof INVENTORY_ENDPOINTS> = {
  listWarehouses: listWarehousesOp,
  listStockOnHand: listStockOnHandOp,
  listStockAdjustments: listStockAdjustmentsOp,
  getStockAdjustment: getStockAdjustmentOp,
  createStockAdjustment: createStockAdjustmentOp,
};
