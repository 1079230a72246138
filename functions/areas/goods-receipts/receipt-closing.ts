import type { GoodsReceipt } from '../../../domain/goods-receipts/receipt.js';
import { purchaseOrderReceived } from '../../../domain/purchase-orders/events.js';
import type { PurchaseOrder } from '../../../domain/purchase-orders/purchase-order.js';
import type { TransactItem } from '../../platform/dynamo/transact.js';
import type { Journal, JournalEntry } from '../../platform/journal/journal.js';
import { receiptPutItems } from './store/goods-receipts.js';

/**
 * What the receipt's last write holds beside the order and the stock: the receipt item, one outbox item
 * (purchase_order.received with the receipt's id, every stock.level_changed and product.updated), the
 * audit entries (the order's, carrying the OVER_RECEIPT warnings, and the receipt's) and, for the request
 * that recorded it, the idempotency record with its response.
 */
export function receiptClosing(
  orgId: string,
  journal: Journal,
  closing: {
    receipt: GoodsReceipt;
    order: PurchaseOrder;
    warnings: string[];
    stockEvents: NonNullable<JournalEntry['events']>;
    response?: { status: number; body: unknown };
  },
): TransactItem[] {
  const { receipt, order, warnings } = closing;
  return [
    ...receiptPutItems(orgId, receipt),
    ...journal.items({
      events: [purchaseOrderReceived(order, receipt), ...closing.stockEvents],
      audit: [
        {
          resourceType: 'purchase_order',
          resourceId: order.id,
          action: 'receive',
          changedFields: ['lines', 'status', 'receivedDate', 'receiptCount'],
          ...(warnings.length > 0 ? { warnings } : {}),
        },
        {
          resourceType: 'goods_receipt',
          resourceId: receipt.id,
          action: 'create',
          changedFields: ['warehouseId', 'receivedAt', 'notes', 'lines'],
        },
      ],
      response: closing.response,
    }),
  ];
}
