/**
 * `production-order complete` and `POST /production-orders/{id}/complete` (design.md sections 5 and 7):
 * IN_PROGRESS -> COMPLETED. The inputs are taken from
 * the order's warehouse FEFO (planConsumption, scaled to the quantity produced), the output is added there
 * at the rolled-up cost (its weighted-average cost moves through StockChange.unitCost), and a
 * batch-tracked output gets a lot minted for it. Everything commits in one transaction through
 * planStockMovement and stockMovementWrites: the order (status and version in the condition), its
 * counters, every stock item on the version read, the ledger entry (source production_order), lots
 * emptied flipping to CONSUMED, the new lot and its number guard, the audit entry. A completion that would
 * not fit in one transaction is refused (422) with nothing written; a lost race re-reads, so of two
 * racing completions one wins and the other finds the order COMPLETED (422): stock is consumed once.
 *
 * No stock.level_changed is raised: the spec's event catalogue names production completion among the
 * flows that do not emit it. A cost change is a product change (product.updated), as for any receipt.
 */
import { newId } from '../../../platform/ids.js';
import { conflict, notFound, unprocessable } from '../../../../domain/errors.js';
import type { Batch } from '../../../../domain/inventory/batch.js';
import { planStockMovement, type StockChange } from '../../../../domain/inventory/movement.js';
import { planConsumption, type ConsumptionFacts } from '../../../../domain/production-orders/consumption.js';
import { outputLot } from '../../../../domain/production-orders/output-lot.js';
import {
  assertCanComplete,
  checkQuantity,
  completeProductionOrder,
  inputLines,
  PRODUCTION_ORDER_RESOURCE,
  type ProductionOrder,
} from '../../../../domain/production-orders/production-order.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { readBatch } from '../../../platform/dynamo/read-batch.js';
import {
  fitsOneTransaction,
  guard,
  MAX_TRANSACTION_ITEMS,
  transact,
  type WriteItem,
} from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { loadStockFacts, rememberLot, type LoadedStockFacts } from '../../inventory/public.js';
import { stockMovementWrites } from '../../inventory/public.js';
import { batchCreateItems, batchKey, batches as lots } from '../../inventory/public.js';
import { binKey, bins } from '../../inventory/public.js';
import {
  getProductionOrder,
  itemSize,
  productionOrderCountItems,
  productionOrderTransitionItem,
} from '../store/production-orders.js';
import { productionOrderDetail } from '../view.js';

export const PRODUCTION_SOURCE_TYPE = 'production_order';
/** Below DynamoDB's 400 KB item limit, with room for the attribute names it also counts. */
const MAX_ORDER_BYTES = 380_000;
export interface ProductionOrderCompleteInput {
  orgId: string;
  id: string;
  /** The quantity produced; the planned quantity when absent. */
  quantity?: number;
  /** The output lot's number (batch-tracked output only); the order number when absent. */
  batchNumber?: string;
}

/**
 * The stock of the output and every input in the order's warehouse, with the lots and bins their levels
 * name there (FEFO needs each lot's status, expiry and cost; the stock plan needs lots and capacity bins).
 */
async function loadProductionStock(orgId: string, order: ProductionOrder) {
  const productIds = [...new Set([order.productId, ...inputLines(order).map((l) => l.productId)])];
  const loaded = await loadStockFacts(
    orgId,
    productIds.map((productId) => ({
      productId,
      warehouseId: order.warehouseId,
      binId: null,
      batchId: null,
      onHandDelta: 0,
      reservedDelta: 0,
    })),
  );
  const batchIds = new Set<string>();
  const binIds = new Set<string>();
  for (const levels of loaded.levels.values()) {
    for (const level of Object.values(levels)) {
      if (level.warehouseId !== order.warehouseId) continue;
      if (level.batchId) batchIds.add(level.batchId);
      if (level.binId) binIds.add(level.binId);
    }
  }
  const b = readBatch();
  const lotReads = [...batchIds].map((id) => [id, b.get(lots, batchKey(orgId, id))] as const);
  const binReads = [...binIds].map((id) => b.get(bins, binKey(orgId, order.warehouseId, id)));
  await b.run();
  const batches: ConsumptionFacts['batches'] = new Map();
  for (const [id, { value: batch }] of lotReads) {
    if (!batch) continue;
    batches.set(id, {
      batchNumber: batch.batchNumber,
      status: batch.status,
      expiryDate: batch.expiryDate,
      unitCost: batch.unitCost ?? null,
    });
    rememberLot(loaded, batch);
  }
  for (const { value: bin } of binReads) {
    if (!bin) continue;
    loaded.facts.bins.set(bin.id, {
      warehouseId: bin.warehouseId,
      capacity: bin.capacity,
      onHand: bin.onHand,
    });
  }
  return { loaded, batches };
}

function consumptionFacts(
  order: ProductionOrder,
  loaded: LoadedStockFacts,
  batches: ConsumptionFacts['batches'],
): ConsumptionFacts {
  const warehouse = loaded.facts.warehouses.get(order.warehouseId);
  if (!warehouse) throw unprocessable(`Warehouse ${order.warehouse.code} no longer exists`);
  if (!warehouse.isActive) throw unprocessable(`Warehouse ${order.warehouse.code} is inactive`);
  return {
    warehouseId: order.warehouseId,
    warehouseLabel: order.warehouse.code,
    products: loaded.facts.products,
    stock: loaded.levels,
    batches,
  };
}

/** The new lot's items; its number guard failing means the number is taken (409), not a race. */
function lotItems(orgId: string, lot: Batch): WriteItem[] {
  const [batchPut, numberGuard] = batchCreateItems(orgId, lot);
  return [
    batchPut!,
    guard(numberGuard!, () =>
      conflict(
        `A batch numbered ${lot.batchNumber} already exists; give the output lot another batch number`,
      ),
    ),
  ];
}

export async function completeProductionOrderCommand(
  input: ProductionOrderCompleteInput,
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  const lotId = newId();
  return writeOptimistically({
    run: async () => {
      const order = await getProductionOrder(orgId, input.id);
      if (!order) throw notFound(PRODUCTION_ORDER_RESOURCE);
      assertCanComplete(order);
      const produced = input.quantity ?? order.plannedQuantity;
      checkQuantity('quantity', produced);
      const { loaded, batches } = await loadProductionStock(orgId, order);
      const output = loaded.records.get(order.productId);
      if (!output) throw unprocessable(`Product ${order.product.sku} no longer exists`);
      if (output.productType === 'NON_STOCKED') {
        throw unprocessable(`Product ${output.sku} is NON_STOCKED; it cannot be produced into stock`);
      }
      const consumption = planConsumption(
        inputLines(order),
        produced,
        order.plannedQuantity,
        consumptionFacts(order, loaded, batches),
      );
      if (!output.isBatchTracked && input.batchNumber !== undefined) {
        throw unprocessable(`Product ${output.sku} is not batch tracked; a batch number is not taken`);
      }
      const lot = output.isBatchTracked
        ? outputLot(
            order,
            output,
            { batchNumber: input.batchNumber, unitCost: consumption.outputUnitCost },
            { id: lotId, now: at },
          )
        : null;
      if (lot) rememberLot(loaded, lot);
      const changes: StockChange[] = [
        ...consumption.takes.map((t) => ({ ...t, onHandDelta: -t.quantity, reservedDelta: 0 })),
        {
          productId: order.productId,
          warehouseId: order.warehouseId,
          binId: null,
          batchId: lot?.id ?? null,
          onHandDelta: produced,
          reservedDelta: 0,
          unitCost: consumption.outputUnitCost,
        },
      ];
      const next = completeProductionOrder(
        order,
        consumption,
        { quantity: produced, lot: lot ? { batchId: lot.id, batchNumber: lot.batchNumber } : null },
        at,
      );
      if (itemSize(orgId, next) > MAX_ORDER_BYTES) {
        throw unprocessable(
          `Production order ${order.orderNumber} would record too many consumed lots to store; consume fewer lots (merge them) and complete it again`,
        );
      }
      const plan = planStockMovement(changes, loaded.levels, loaded.facts, at);
      const movement = stockMovementWrites(
        orgId,
        plan,
        loaded,
        { type: PRODUCTION_SOURCE_TYPE, id: order.id, number: order.orderNumber },
        at,
      );
      const response = { status: 200, body: productionOrderDetail(next) };
      const items: WriteItem[] = [
        productionOrderTransitionItem(orgId, order, next, 'complete'),
        ...productionOrderCountItems(orgId, next, order.status),
        ...movement.items,
        ...(lot ? lotItems(orgId, lot) : []),
        ...context.journal.items({
          events: movement.events.filter((e) => e.event !== 'stock.level_changed'),
          audit: [
            {
              resourceType: 'production_order',
              resourceId: order.id,
              action: 'complete',
              changedFields: ['status', 'actualQuantity', 'completedAt', 'lines'],
            },
          ],
          response,
        }),
      ];
      if (!fitsOneTransaction(items)) {
        throw unprocessable(
          `Production order ${order.orderNumber}: completing it would write ${items.length} records, more than one transaction holds (${MAX_TRANSACTION_ITEMS})`,
        );
      }
      await transact(items);
      return response.body;
    },
    onExhausted: () => context.exhausted('The production order or its stock kept changing'),
  });
}
