/** Reading what confirm decides on: the customer and its account, the credit mode, stock and lots. */
import type { ConfirmFacts } from '../../../domain/sales-orders/confirm.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import { rawItem, readBatch } from '../../platform/dynamo/read-batch.js';
import { getCustomerAccount } from '../customers/public.js';
import { getCustomer } from '../customers/public.js';
import { batchFromItem, batchKey } from '../inventory/public.js';
import { loadStockFacts, rememberLot, type LoadedStockFacts } from '../inventory/public.js';
import { getCreditLimitMode } from '../organisations/public.js';

/**
 * The stock of the given products in the order's warehouse and the batches their levels name (FEFO needs
 * status and expiry; the stock plan needs them too), in two batch reads.
 */
export async function loadReservableStock(
  orgId: string,
  order: SalesOrder,
  productIds: string[],
): Promise<{ loaded: LoadedStockFacts; batches: ConfirmFacts['batches'] }> {
  const loaded = await loadStockFacts(
    orgId,
    productIds.map((productId) => ({
      productId,
      warehouseId: order.warehouseId!,
      binId: null,
      batchId: null,
      onHandDelta: 0,
      reservedDelta: 0,
    })),
  );
  const batchIds = new Set<string>();
  for (const levels of loaded.levels.values()) {
    for (const level of Object.values(levels)) if (level.batchId) batchIds.add(level.batchId);
  }
  const found = readBatch();
  for (const id of batchIds) found.get(rawItem, batchKey(orgId, id));
  await found.run();
  const batches: ConfirmFacts['batches'] = new Map();
  for (const id of batchIds) {
    const item = found.item(batchKey(orgId, id));
    if (!item) continue;
    const batch = batchFromItem(item);
    batches.set(id, { batchNumber: batch.batchNumber, status: batch.status, expiryDate: batch.expiryDate });
    rememberLot(loaded, batch);
  }
  return { loaded, batches };
}

/** Everything decideConfirm needs: customer, account, the organisation's credit mode, stock and lots. */
export async function loadConfirmFacts(
  orgId: string,
  order: SalesOrder,
  productIds: string[],
): Promise<{ facts: ConfirmFacts; loaded: LoadedStockFacts }> {
  const [customer, account, creditLimitMode, stock] = await Promise.all([
    getCustomer(orgId, order.customerId),
    getCustomerAccount(orgId, order.customerId),
    getCreditLimitMode(orgId),
    order.warehouseId ? loadReservableStock(orgId, order, productIds) : null,
  ]);
  const state = customer?.state;
  return {
    loaded: stock?.loaded ?? (await loadStockFacts(orgId, [])),
    facts: {
      customer: {
        name: state?.name ?? order.customer.name,
        creditHold: state?.creditHold ?? false,
        creditLimit: state?.creditLimit ?? null,
      },
      outstandingBalance: account.outstandingBalance,
      creditLimitMode,
      stock: stock?.loaded.levels ?? new Map(),
      batches: stock?.batches ?? new Map(),
    },
  };
}
