/**
 * `production-order create` and `POST /production-orders` (design.md sections 5 and 7): a PLANNED order to make a quantity of a product in a
 * warehouse, its INPUT lines snapshotted from the product's bill of materials (phantoms exploded). Every
 * reference is checked here; nothing moves until completion.
 */
import { newId } from '../../../platform/ids.js';
import { invalidReference, unprocessable } from '../../../../domain/errors.js';
import { explodeBom } from '../../../../domain/production-orders/bom-explosion.js';
import { createProductionOrder } from '../../../../domain/production-orders/production-order.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { readBatch } from '../../../platform/dynamo/read-batch.js';
import { drawNumber } from '../../../platform/dynamo/sequence.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { warehouseKey, warehouses } from '../../inventory/public.js';
import { getSalesOrder } from '../../sales-orders/public.js';
import {
  PRODUCTION_ORDER_SEQUENCE,
  productionOrderCountItems,
  productionOrderCreateItem,
} from '../store/production-orders.js';
import { productionOrderDetail } from '../view.js';
import { loadRecipes } from '../recipe.js';

/**
 * Completion writes one stock item per distinct stocked input and the output in one transaction, beside
 * the order, its counter, the output lot and its number guard, the ledger, the outbox, the audit entry and
 * any lots emptied or costs moved: a recipe of more stocked ingredients could never complete.
 */
export const MAX_STOCKED_INPUTS = 80;
export interface ProductionOrderCreateInput {
  orgId: string;
  productId: string;
  quantity: number;
  warehouseId: string;
  plannedStart?: string;
  priority?: number;
  salesOrderId?: string;
}

async function references(input: ProductionOrderCreateInput) {
  const { orgId } = input;
  const b = readBatch();
  const read = b.get(warehouses, warehouseKey(orgId, input.warehouseId));
  const [recipes, , salesOrder] = await Promise.all([
    loadRecipes(orgId, input.productId),
    b.run(),
    input.salesOrderId ? getSalesOrder(orgId, input.salesOrderId) : null,
  ]);
  const product = recipes.record(input.productId);
  if (!product) throw invalidReference('productId', 'Product');
  if (!product.isActive) throw unprocessable(`Product ${product.sku} is inactive`);
  if (product.productType === 'NON_STOCKED') {
    throw unprocessable(`Product ${product.sku} is NON_STOCKED; it cannot be produced into stock`);
  }
  if (product.requiresSerialTracking) {
    throw unprocessable(
      `Product ${product.sku} is serial tracked; production orders do not mint serial numbers`,
    );
  }
  const warehouse = read.value;
  if (!warehouse) throw invalidReference('warehouseId', 'Warehouse');
  if (!warehouse.isActive) throw unprocessable(`Warehouse ${warehouse.code} is inactive`);
  if (input.salesOrderId && !salesOrder) throw invalidReference('salesOrderId', 'Sales order');
  const inputs = explodeBom(product.id, recipes);
  const stocked = new Set<string>();
  for (const line of inputs) {
    const record = recipes.record(line.product.id)!;
    if (record.requiresSerialTracking) {
      throw unprocessable(
        `Ingredient ${record.sku} is serial tracked; production orders do not consume serial numbers`,
      );
    }
    if (record.productType !== 'NON_STOCKED') stocked.add(record.id);
  }
  if (stocked.size > MAX_STOCKED_INPUTS) {
    throw unprocessable(
      `The bill of materials of ${product.sku} has ${stocked.size} stocked ingredients; a production order takes at most ${MAX_STOCKED_INPUTS}`,
    );
  }
  return {
    product: { id: product.id, sku: product.sku, name: product.name },
    warehouse: { id: warehouse.id, code: warehouse.code },
    salesOrder: salesOrder ? { id: salesOrder.id, orderNumber: salesOrder.orderNumber } : null,
    inputs,
  };
}

export async function createProductionOrderCommand(
  input: ProductionOrderCreateInput,
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const refs = await references(input);
  const id = newId();
  const lineIds = [newId(), ...refs.inputs.map(() => newId())];
  const at = context.now.toISOString();
  // Drawn once, outside the write: the order's write then has no condition another create can fail.
  const number = await drawNumber(orgId, PRODUCTION_ORDER_SEQUENCE);
  return writeOptimistically({
    run: async () => {
      const order = createProductionOrder(
        {
          ...refs,
          plannedQuantity: input.quantity,
          plannedStartDate: input.plannedStart ?? null,
          priority: input.priority ?? null,
        },
        { id, sequence: number, now: at, lineIds },
      );
      const response = { status: 201, body: productionOrderDetail(order) };
      await transact([
        productionOrderCreateItem(orgId, order),
        ...productionOrderCountItems(orgId, order, null),
        ...context.journal.items({
          audit: [
            {
              resourceType: 'production_order',
              resourceId: order.id,
              action: 'create',
              changedFields: ['status', 'plannedQuantity', 'lines'],
            },
          ],
          response,
        }),
      ]);
      return response.body;
    },
    onExhausted: () => context.exhausted('The production-order counters kept changing'),
  });
}
