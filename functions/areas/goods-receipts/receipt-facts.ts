import { uniqueBatchNumber } from '../../../domain/inventory/batch.js';
import type { StockChange } from '../../../domain/inventory/movement.js';
import { CURRENCIES } from '../../../domain/currency.js';
import type { ReceiptBatchFact, ReceiptFacts, ReceiptInput } from '../../../domain/goods-receipts/receipt.js';
import { rawItem, readBatch } from '../../platform/dynamo/read-batch.js';
import { batchFromItem, batchKey, batchNumberGuardKey, isPendingBatchItem } from '../inventory/public.js';
import { forgetLot, loadStockFacts, rememberLot, type LoadedStockFacts } from '../inventory/public.js';
import { exchangeRateKey, exchangeRateOf, organisationKey } from '../organisations/public.js';
import { purchaseOrders } from '../purchase-orders/public.js';
import { orderKeyForReceipt, pendingReceiptOf, type OrderForReceipt } from './store/goods-receipts.js';

/** The organisation's goods-receipt numbers: GR-000001 ... */
export const GOODS_RECEIPT_SEQUENCE = 'GOODS_RECEIPT';

export interface LoadedReceiptFacts {
  /** The order as read, with its marker; null when it is not in the organisation. */
  found: OrderForReceipt | null;
  facts: ReceiptFacts;
  /** The stock of the received products (and the warehouse, bins and named lots), for the stock plan. */
  loaded: LoadedStockFacts;
}

/**
 * Everything a receipt decides on, in one batch read: the order (with any marker), the received products
 * and their stock, the warehouse and bins, the lots named by id, the organisation (base currency), the
 * exchange rates of the currencies an order can be in (the order's is among them: reading them all saves
 * waiting for the order) and the guards of the lot numbers named; a second read only
 * when a named number already exists (its lot). Lots another receipt is still creating (pending) are
 * unknown by id and `pending` by number. The supplier is not read: the receipt's write checks it active.
 */
export async function loadReceiptFacts(
  orgId: string,
  orderId: string,
  input: ReceiptInput,
): Promise<LoadedReceiptFacts> {
  const probe: StockChange[] = input.lines.map((l) => ({
    productId: l.productId,
    warehouseId: input.warehouseId,
    binId: l.binId ?? null,
    batchId: l.batchId ?? null,
    onHandDelta: 0,
    reservedDelta: 0,
  }));
  const numbers = [
    ...new Set(input.lines.flatMap((l) => (l.batchNumber?.trim() ? [uniqueBatchNumber(l.batchNumber)] : []))),
  ];
  const order = orderKeyForReceipt(orgId, orderId);
  const organisation = organisationKey(orgId);
  const rates = CURRENCIES.map((currency) => exchangeRateKey(orgId, currency));
  const guards = numbers.map((n) => batchNumberGuardKey(orgId, n));
  const loaded = await loadStockFacts(orgId, probe, [order, organisation, ...rates, ...guards]);
  const get = loaded.alongside;
  const orderItem = get(order);
  const found = orderItem
    ? { order: purchaseOrders.fromItem(orderItem), pending: pendingReceiptOf(orderItem) }
    : null;

  const batchesById: ReceiptFacts['batchesById'] = new Map();
  for (const id of new Set(input.lines.flatMap((l) => (l.batchId ? [l.batchId] : [])))) {
    const item = get(batchKey(orgId, id));
    if (!item || isPendingBatchItem(item)) {
      forgetLot(loaded, id);
      continue;
    }
    batchesById.set(id, lotFact(item));
  }

  const batchesByNumber: ReceiptFacts['batchesByNumber'] = new Map();
  const guarded = numbers.flatMap((n) => {
    const batchId = get(batchNumberGuardKey(orgId, n))?.batchId;
    return typeof batchId === 'string' ? [{ number: n, batchId }] : [];
  });
  if (guarded.length > 0) {
    // Raw items: a pending lot is told by an attribute its record does not carry.
    const lots = readBatch();
    for (const g of guarded) lots.get(rawItem, batchKey(orgId, g.batchId));
    await lots.run();
    for (const { number, batchId } of guarded) {
      const item = lots.item(batchKey(orgId, batchId));
      // A guard without its lot is a lot being created or undone right now: pending as well.
      if (!item || isPendingBatchItem(item)) {
        batchesByNumber.set(number, {
          id: batchId,
          batchNumber: number,
          productId: '',
          status: 'ACTIVE',
          pending: true,
        });
        continue;
      }
      batchesByNumber.set(number, { ...lotFact(item), pending: false });
      rememberLot(loaded, batchFromItem(item));
    }
  }

  const products: ReceiptFacts['products'] = new Map();
  for (const [id, record] of loaded.records) {
    products.set(id, {
      sku: record.sku,
      productType: record.productType,
      isBatchTracked: record.isBatchTracked,
      requiresSerialTracking: record.requiresSerialTracking,
      uomType: record.unitOfMeasure?.type ?? null,
      expiryRequired: record.expiryRequired,
      shelfLifeDays: record.shelfLifeDays,
    });
  }
  const bins: ReceiptFacts['bins'] = new Map(
    [...loaded.facts.bins].map(([id, bin]) => [id, { warehouseId: bin.warehouseId }]),
  );
  const currency = found?.order.currency;
  return {
    found,
    loaded,
    facts: {
      baseCurrency: (get(organisation)?.baseCurrency as string | undefined) ?? 'NZD',
      exchangeRate: currency ? (exchangeRateOf(get(exchangeRateKey(orgId, currency)))?.rate ?? null) : null,
      warehouse: loaded.facts.warehouses.get(input.warehouseId) ?? null,
      bins,
      products,
      batchesById,
      batchesByNumber,
    },
  };
}

const lotFact = (item: Record<string, unknown>): ReceiptBatchFact => {
  const batch = batchFromItem(item);
  return { id: batch.id, batchNumber: batch.batchNumber, productId: batch.productId, status: batch.status };
};
