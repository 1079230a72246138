/**
 * The lot a completion mints for a batch-tracked output (design.md section 5: only then). Its number is
 * the one the operator gives, else the order's number (MO-000042): one output lot per order, traceable
 * back to the run. It is made at the completion instant, costs the rolled-up unit cost, and expires
 * shelfLifeDays after it when the product has a shelf life. A product with expiryRequired and no shelf life
 * is refused: its lot would carry no expiry (docs/decisions.md, issue 25 item 12).
 */
import { unprocessable } from '../errors.js';
import { newBatch, type Batch } from '../inventory/batch.js';
import type { StorageCondition } from '../products/product.js';
import type { ProductionOrder } from './production-order.js';

export const MAX_BATCH_NUMBER_LENGTH = 100;
const DAY_MS = 86_400_000;

export function outputLot(
  order: Pick<ProductionOrder, 'orderNumber' | 'productId'>,
  product: {
    sku: string;
    expiryRequired: boolean;
    shelfLifeDays: number | null;
    storageCondition: StorageCondition | null;
  },
  input: { batchNumber?: string; unitCost: number },
  ctx: { id: string; now: string },
): Batch {
  const batchNumber = (input.batchNumber ?? order.orderNumber).trim();
  if (batchNumber.length === 0 || batchNumber.length > MAX_BATCH_NUMBER_LENGTH) {
    throw unprocessable(`The batch number must be 1-${MAX_BATCH_NUMBER_LENGTH} characters`);
  }
  if (product.expiryRequired && (product.shelfLifeDays === null || product.shelfLifeDays === undefined)) {
    throw unprocessable(
      `Product ${product.sku} requires an expiry date on its lots but has no shelfLifeDays to derive it from; set the product's shelfLifeDays`,
    );
  }
  const expiryDate =
    product.shelfLifeDays === null || product.shelfLifeDays === undefined
      ? null
      : new Date(Date.parse(ctx.now) + product.shelfLifeDays * DAY_MS).toISOString();
  return newBatch(
    {
      batchNumber,
      productId: order.productId,
      manufactureDate: ctx.now,
      expiryDate,
      storageCondition: product.storageCondition ?? null,
      unitCost: input.unitCost,
      notes: `Produced by ${order.orderNumber}`,
    },
    ctx,
  );
}
