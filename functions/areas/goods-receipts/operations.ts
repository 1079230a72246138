import { newId } from '../../platform/ids.js';
import { conflict, notFound } from '../../../domain/errors.js';
import { decideReceipt, GOODS_RECEIPT_RESOURCE } from '../../../domain/goods-receipts/receipt.js';
import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import {
  PURCHASE_ORDER_RESOURCE,
  PURCHASE_ORDER_TRANSITIONS,
  supplierNotActive,
} from '../../../domain/purchase-orders/status.js';
import { assertCan } from '../../../domain/workflow/transitions.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { numberDrawer } from '../../platform/dynamo/sequence.js';
import { transact } from '../../platform/dynamo/transact.js';
import type { OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import { keyId } from '../../platform/dynamo/batch-get.js';
import { batches, batchKey, serialsOfReceipt } from '../inventory/public.js';
import {
  purchaseOrderKey,
  purchaseOrders,
  purchaseOrderTransitionItems,
  supplierStillActive,
} from '../purchase-orders/public.js';
import type { GOODS_RECEIPT_ENDPOINTS } from './endpoints.js';
import { GOODS_RECEIPT_SEQUENCE, loadReceiptFacts } from './receipt-facts.js';
import { receiptClosing } from './receipt-closing.js';
import { receiptChunking, receiveInParts, settlePendingReceipt } from './receipt-parts.js';
import { createItems, lotsStillOpen, receiptStockWrites } from './receipt-writes.js';
import { getReceipt, listReceipts } from './store/goods-receipts.js';
import { receiptDetailView, receiptSummaryView, receiptView, serialsByLine } from './view.js';

type Op<Id extends 'listGoodsReceipts' | 'getGoodsReceipt'> = OperationOf<typeof GOODS_RECEIPT_ENDPOINTS, Id>;

/**
 * POST /purchase-orders/{id}/receipts: decided on the order, its stock and facts as read in one batch
 * read (receipt-facts.ts; domain goods-receipts/receipt.ts) and written in one transaction with the order's transition (status and
 * version conditioned), the stock, ledger, lot and cost changes, the lots and serials created, the
 * receipt, its number, the outbox, the audit entries and the idempotency record. A receipt that does not
 * fit in one transaction is written in parts (receipt-parts.ts). A lost race re-reads and decides again.
 */
const receivePurchaseOrderOp: OperationOf<typeof GOODS_RECEIPT_ENDPOINTS, 'receivePurchaseOrder'> = async ({
  auth,
  params,
  body: input,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const at = now.toISOString();
  const receiptId = newId();
  // Drawn beside the first read and kept for the retries: only the order and its stock are decided again.
  const nextNumber = numberDrawer(orgId, GOODS_RECEIPT_SEQUENCE);
  return writeOptimistically({
    onExhausted: () => conflict('Other requests kept changing this order or its stock; retry the receipt'),
    run: async () => {
      const [{ found, facts, loaded }, number] = await Promise.all([
        loadReceiptFacts(orgId, params.id, input),
        nextNumber(),
      ]);
      if (!found) throw notFound(PURCHASE_ORDER_RESOURCE);
      if (found.pending) await settlePendingReceipt(orgId, found.order, found.pending, now, journal);
      const read = found.order;
      assertCan(PURCHASE_ORDER_TRANSITIONS, PURCHASE_ORDER_RESOURCE, read.status, 'receive');
      const decision = decideReceipt(read, input, facts, {
        receiptId,
        sequence: number,
        now: at,
        newId,
      });
      const skuOf = (productId: string) => facts.products.get(productId)?.sku ?? productId;
      const response = { status: 201, body: receiptView(decision.receipt, decision.order) };
      const stock = receiptStockWrites(
        orgId,
        decision.receipt,
        decision.changes,
        loaded,
        decision.batches,
        at,
        at,
      );
      const items = [
        ...purchaseOrderTransitionItems(orgId, read, decision.order, 'receive'),
        ...stock.items,
        ...lotsStillOpen(orgId, decision.changes, decision.batches, stock.items),
        ...createItems(orgId, decision, skuOf),
        supplierStillActive(orgId, read.supplierId, supplierNotActive(read, 'receive')),
        ...receiptClosing(orgId, journal, {
          receipt: decision.receipt,
          order: decision.order,
          warnings: decision.warnings,
          stockEvents: stock.events,
          response,
        }),
      ];
      if (items.length <= receiptChunking.maxItems) {
        await transact(items);
      } else {
        await receiveInParts(orgId, { read, decision, loaded, skuOf, journal, response });
      }
      return response;
    },
  });
};

/** GET /goods-receipts (beyond the spec): newest first, an order's receipts with purchaseOrderId. */
const listGoodsReceiptsOp: Op<'listGoodsReceipts'> = async ({ auth, query }) => {
  const page = pageOf(query);
  const { items, total } = await listReceipts(
    auth.orgId,
    { purchaseOrderId: query.purchaseOrderId },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(receiptSummaryView), total, page) };
};

/**
 * GET /goods-receipts/{id} (beyond the spec): the receipt by its index entry, then in parallel its order,
 * its lots (expiry dates, one batch read) and, per product received with serial numbers, the serials it
 * created (one query of that instant each).
 */
const getGoodsReceiptOp: Op<'getGoodsReceipt'> = async ({ auth, params }) => {
  const { orgId } = auth;
  const receipt = await getReceipt(orgId, params.id);
  if (!receipt) throw notFound(GOODS_RECEIPT_RESOURCE);
  const lotIds = [...new Set(receipt.lines.flatMap((l) => (l.batchId ? [l.batchId] : [])))];
  const serialProducts = [...new Set(receipt.lines.filter((l) => l.serialCount > 0).map((l) => l.productId))];
  const [order, lots, serials] = await Promise.all([
    purchaseOrders.getByKey(purchaseOrderKey(orgId, receipt.purchaseOrderId)),
    batches.batchGetByKeys(lotIds.map((id) => batchKey(orgId, id))),
    Promise.all(serialProducts.map((productId) => serialsOfReceipt(orgId, receipt, productId))),
  ]);
  // A receipt's order is never deleted; one missing would be a broken partition, not a caller's mistake.
  if (!order) throw new Error(`Goods receipt ${receipt.id} has no purchase order ${receipt.purchaseOrderId}`);
  const expiryOf = (batchId: string) => lots.get(keyId(batchKey(orgId, batchId)))?.expiryDate ?? null;
  return { body: receiptDetailView(receipt, order, expiryOf, serialsByLine(receipt.lines, serials.flat())) };
};

export const goodsReceiptOperations = operationsFor<typeof GOODS_RECEIPT_ENDPOINTS>({
  receivePurchaseOrder: receivePurchaseOrderOp,
  listGoodsReceipts: listGoodsReceiptsOp,
  getGoodsReceipt: getGoodsReceiptOp,
});
