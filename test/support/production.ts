import { createId } from '@paralleldrive/cuid2';
import { batchCreateItems } from '../../functions/areas/inventory/store/batches.js';
import { setBom } from '../../functions/areas/products/steps/bom.js';
import { transact } from '../../functions/platform/dynamo/transact.js';
import { newBatch } from '../../domain/inventory/batch.js';
import type { Tenant } from './api.js';
import { adjust, unique } from './inventory.js';

/** A recipe: `bom set` with lines `{ componentProductId, quantity, ... }`. */
export const recipe = (t: Tenant, productId: string, lines: Record<string, unknown>[]) =>
  setBom({ orgId: t.orgId, productId, lines });

/** A lot with a unit cost (as a receipt would leave it), holding `quantity` in the warehouse. */
export async function costedLot(
  t: Tenant,
  input: { productId: string; warehouseId: string; quantity: number; expiryDate?: string; unitCost?: number },
) {
  const batch = newBatch(
    {
      batchNumber: `LOT-${unique()}`,
      productId: input.productId,
      expiryDate: input.expiryDate ?? null,
      unitCost: input.unitCost ?? null,
    },
    { id: createId(), now: new Date().toISOString() },
  );
  await transact(batchCreateItems(t.orgId, batch));
  const res = await adjust(t, [
    {
      productId: input.productId,
      warehouseId: input.warehouseId,
      batchId: batch.id,
      quantityChange: input.quantity,
    },
  ]);
  if (res.status !== 201) throw new Error(`lot stock failed: ${res.raw}`);
  return batch;
}
