/**
 * The purchase-order entity. One item per order holds its header and lines (at most 100), so a detail
 * read and every transition touch one item. Its goods receipts live in the order's partition
 * (`RECEIPT#<receivedAt>#<receiptId>`, written by the receipts use case), read newest first for the
 * detail's summary. Four index projections give each cheap list its own key range:
 *   GSI1 orderDate (default sort, date ranges)   GSI2 updatedAt (the sync recipe)
 *   GSI3 status + orderDate (status filter)      GSI4 supplier + orderDate (supplierId filter)
 * List totals come from maintained counters (per organisation and status, per supplier) moved in the
 * same transaction as the order. Layout: docs/architecture.md (table layout, "Purchase orders").
 */
import { statusCountItems } from '../../../platform/dynamo/status-counts.js';
import { conflict, notFound } from '../../../../domain/errors.js';
import {
  isOpenPurchaseOrderStatus,
  productIdsOf,
  type GoodsReceiptSummary,
  type PurchaseOrder,
  type PurchaseOrderStatus,
} from '../../../../domain/purchase-orders/purchase-order.js';
import {
  PURCHASE_ORDER_RESOURCE,
  PURCHASE_ORDER_TRANSITIONS,
  type PurchaseOrderAction,
} from '../../../../domain/purchase-orders/status.js';
import type { Transition } from '../../../../domain/workflow/transitions.js';
import { db } from '../../../platform/dynamo/client.js';
import { GetCommand, QueryCommand } from '../../../platform/dynamo/commands.js';
import { documentProjection } from '../../../platform/dynamo/document-projection.js';
import { entity } from '../../../platform/dynamo/entity.js';
import { keys, sortKey, type Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type TransactItem, type WriteItem } from '../../../platform/dynamo/transact.js';
import { transitionUpdate } from '../../../platform/dynamo/transition.js';
import { openOrderItems } from './open-orders.js';

export const PURCHASE_ORDER_SEQUENCE = 'PURCHASE_ORDER';

const PURCHASE_ORDER_FIELDS = [
  'id',
  'orderNumber',
  'status',
  'supplierId',
  'supplier',
  'warehouseId',
  'shipToLocationId',
  'orderDate',
  'expectedDate',
  'receivedDate',
  'currency',
  'notes',
  'lines',
  'subtotal',
  'taxTotal',
  'totalAmount',
  'receiptCount',
  'submittedAt',
  'approvedAt',
  'cancelledAt',
  'completedAt',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof PurchaseOrder)[];

const collection = (orgId: string) => `${keys.organisation(orgId).PK}#PURCHASE_ORDER`;
export const purchaseOrderPartitions = {
  all: collection,
  status: (orgId: string, status: PurchaseOrderStatus) => `${collection(orgId)}#STATUS#${status}`,
  // The document lists' party partition (GSI4): a supplier's orders.
  customer: (orgId: string, supplierId: string) => `${collection(orgId)}#SUPPLIER#${supplierId}`,
};

export const purchaseOrderKey = (orgId: string, id: string): Key => ({
  PK: `${collection(orgId)}#${id}`,
  SK: 'PURCHASE_ORDER',
});

/**
 * A goods receipt of the order, in the order's partition: the receivedAt in the sort key lists them
 * newest first with one query. The receipt item carries at least the GoodsReceiptSummary fields.
 */
export const RECEIPT_SK_PREFIX = 'RECEIPT#';
export const goodsReceiptKey = (
  orgId: string,
  orderId: string,
  receivedAt: string,
  receiptId: string,
): Key => ({
  PK: purchaseOrderKey(orgId, orderId).PK,
  SK: `${RECEIPT_SK_PREFIX}${receivedAt}#${receiptId}`,
});

// Lists search the order number and the supplier's name, case-insensitively.
const searchTextOf = (order: PurchaseOrder) => `${order.orderNumber} ${order.supplier.name}`.toLowerCase();

/**
 * The order's slim row (GSI5): what GET /purchase-orders filters and sorts on, for the lists the counters
 * cannot answer (docs/architecture.md "Search and filtered lists"). The list sorts createdAt as orderDate.
 */
export const purchaseOrderProjection = documentProjection<PurchaseOrder>({
  collection,
  key: purchaseOrderKey,
  row: (order) => ({
    id: order.id,
    s: order.status,
    p: order.supplierId,
    d: order.orderDate,
    u: order.updatedAt,
    n: order.orderNumber,
    a: order.totalAmount,
    t: searchTextOf(order),
  }),
  sorts: { orderDate: 'd', orderNumber: 'n', totalAmount: 'a', updatedAt: 'u' },
});

export const purchaseOrders = entity<PurchaseOrder>({
  name: 'PurchaseOrder',
  fields: PURCHASE_ORDER_FIELDS,
  key: (orgId, order) => purchaseOrderKey(orgId, order.id),
  indexes: (orgId, order) => ({
    GSI1PK: purchaseOrderPartitions.all(orgId),
    GSI1SK: sortKey(order.orderDate, order.id),
    GSI2PK: purchaseOrderPartitions.all(orgId),
    GSI2SK: sortKey(order.updatedAt, order.id),
    GSI3PK: purchaseOrderPartitions.status(orgId, order.status),
    GSI3SK: sortKey(order.orderDate, order.id),
    GSI4PK: purchaseOrderPartitions.customer(orgId, order.supplierId),
    GSI4SK: sortKey(order.orderDate, order.id),
    searchText: searchTextOf(order),
    ...purchaseOrderProjection.attributes(orgId, order),
  }),
});

export const getPurchaseOrder = (orgId: string, id: string): Promise<PurchaseOrder | null> =>
  purchaseOrders.getByKey(purchaseOrderKey(orgId, id));

/** The order and its newest `cap` receipt summaries, read in parallel (one round trip). */
export async function getPurchaseOrderWithReceipts(
  orgId: string,
  id: string,
  cap: number,
): Promise<{ order: PurchaseOrder; receipts: GoodsReceiptSummary[] } | null> {
  const [order, receipts] = await Promise.all([
    getPurchaseOrder(orgId, id),
    receiptSummaries(orgId, id, cap),
  ]);
  return order ? { order, receipts } : null;
}

const RECEIPT_SUMMARY_FIELDS = [
  'id',
  'reference',
  'receivedAt',
  'warehouseId',
  'notes',
  'lineCount',
  'totalQuantity',
] as const satisfies readonly (keyof GoodsReceiptSummary)[];

async function receiptSummaries(orgId: string, id: string, cap: number): Promise<GoodsReceiptSummary[]> {
  const found: GoodsReceiptSummary[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :receipt)',
        ExpressionAttributeValues: { ':pk': purchaseOrderKey(orgId, id).PK, ':receipt': RECEIPT_SK_PREFIX },
        ExpressionAttributeNames: Object.fromEntries(RECEIPT_SUMMARY_FIELDS.map((f, i) => [`#f${i}`, f])),
        ProjectionExpression: RECEIPT_SUMMARY_FIELDS.map((_, i) => `#f${i}`).join(', '),
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: cap - found.length,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      found.push(
        Object.fromEntries(RECEIPT_SUMMARY_FIELDS.map((f) => [f, item[f] ?? null])) as GoodsReceiptSummary,
      );
    }
    start = page.LastEvaluatedKey;
  } while (start && found.length < cap);
  return found;
}

/** Per-organisation counts (all, and per status) behind list totals. */
export const purchaseOrderCountsKey = (orgId: string): Key => ({
  PK: `${keys.organisation(orgId).PK}#COUNTS`,
  SK: 'PURCHASE_ORDER',
});
/** A supplier's order count (every status), behind the supplierId filter's total. */
export const supplierOrderCountKey = (orgId: string, supplierId: string): Key => ({
  PK: `${keys.organisation(orgId).PK}#COUNTS`,
  SK: `PURCHASE_ORDER_SUPPLIER#${supplierId}`,
});
export { statusCounter } from '../../../platform/dynamo/status-counts.js';

/** Moves the counters for a create (from null) or a status change, in the write's own transaction. */
function countItems(
  orgId: string,
  order: Pick<PurchaseOrder, 'supplierId' | 'status'>,
  from: PurchaseOrderStatus | null,
): TransactItem[] {
  return statusCountItems({
    countsKey: purchaseOrderCountsKey(orgId),
    status: order.status,
    from,
    owner: { key: supplierOrderCountKey(orgId, order.supplierId), attribute: 'count' },
  });
}

/** Reads the maintained totals of the list: all and per status, and one supplier's. */
export async function purchaseOrderCounts(
  orgId: string,
): Promise<{ all: number; byStatus: Partial<Record<PurchaseOrderStatus, number>> }> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: purchaseOrderCountsKey(orgId) }),
  );
  const byStatus = Object.fromEntries(
    Object.entries(Item ?? {})
      .filter(([name]) => name.startsWith('status_'))
      .map(([name, value]) => [name.slice('status_'.length), value as number]),
  ) as Partial<Record<PurchaseOrderStatus, number>>;
  return { all: (Item?.all as number | undefined) ?? 0, byStatus };
}

export async function supplierOrderCount(orgId: string, supplierId: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: supplierOrderCountKey(orgId, supplierId) }),
  );
  return (Item?.count as number | undefined) ?? 0;
}

/**
 * A new order: the item (a fresh id, so only a duplicate id, never expected, fails), the counters and one
 * open-order count per distinct product (open-orders.ts), for the create's own transaction.
 */
export function purchaseOrderCreateItems(orgId: string, order: PurchaseOrder): WriteItem[] {
  return [
    guard(purchaseOrders.createItem(orgId, order), () => 'retry'),
    ...countItems(orgId, order, null),
    ...openOrderItems(orgId, productIdsOf(order), 1),
  ];
}

const NOT_SET = new Set(['PK', 'SK', 'entity', 'orgId', 'status', 'version']);

/**
 * The marker a goods receipt too large for one transaction keeps on the order item while it is written
 * (goods-receipts/store/goods-receipts.ts); every transition is refused (409) while it is there.
 */
export const PENDING_RECEIPT_ATTRIBUTE = 'pendingReceipt';

/** The status counters of a change from `from` to `next.status` (none when the status stays). */
export const purchaseOrderStatusCountItems = (
  orgId: string,
  next: PurchaseOrder,
  from: PurchaseOrderStatus,
): TransactItem[] => (next.status === from ? [] : countItems(orgId, next, from));

/**
 * Everything one transition of an order writes besides its journal: the order, updated from `read` to
 * `next` with `transitionUpdate` (conditioned on the status `transition` starts from and the version read,
 * so a transition lost to another writer is the 422 naming the actual status and a version-only race is a
 * retry), every other attribute of `next` (lines, dates, receiptCount, index keys) set with it; the status
 * counters when the status changes; the products' open-order counts when the order closes (COMPLETED,
 * CANCELLED). `next` is the domain's decision: its version must be `read.version + 1`.
 */
export function purchaseOrderWriteItems(
  orgId: string,
  read: PurchaseOrder,
  next: PurchaseOrder,
  transition: { action: string; from: readonly PurchaseOrderStatus[] },
): WriteItem[] {
  if (next.version !== read.version + 1 || next.id !== read.id) {
    throw new Error('purchaseOrderWriteItems: next must be the read order at the next version');
  }
  const item = purchaseOrders.toItem(orgId, next);
  const set = Object.fromEntries(Object.entries(item).filter(([name]) => !NOT_SET.has(name)));
  const move: Transition<PurchaseOrderStatus> = { from: transition.from, to: next.status };
  const items: WriteItem[] = [
    transitionUpdate({
      key: purchaseOrderKey(orgId, read.id),
      resource: PURCHASE_ORDER_RESOURCE,
      action: transition.action,
      transition: move,
      version: read.version,
      set,
      blockedBy: {
        attribute: PENDING_RECEIPT_ATTRIBUTE,
        error: () =>
          conflict(`A goods receipt of purchase order ${read.orderNumber} is being recorded; retry shortly`),
      },
    }),
  ];
  if (next.status !== read.status) items.push(...countItems(orgId, next, read.status));
  if (isOpenPurchaseOrderStatus(read.status) && !isOpenPurchaseOrderStatus(next.status)) {
    items.push(...openOrderItems(orgId, productIdsOf(read), -1));
  }
  return items;
}

/**
 * The write of one of the order's actions (submit, approve, cancel, receive, complete): see
 * purchaseOrderWriteItems. Goods receipts call it with action 'receive' and the order they decided (lines'
 * receivedQty, PARTIALLY_RECEIVED or RECEIVED with receivedDate, receiptCount + 1).
 */
export const purchaseOrderTransitionItems = (
  orgId: string,
  read: PurchaseOrder,
  next: PurchaseOrder,
  action: PurchaseOrderAction,
): WriteItem[] =>
  purchaseOrderWriteItems(orgId, read, next, { action, from: PURCHASE_ORDER_TRANSITIONS[action].from });

/** 404 for an order that is not in the organisation. */
export async function requirePurchaseOrder(orgId: string, id: string): Promise<PurchaseOrder> {
  const order = await getPurchaseOrder(orgId, id);
  if (!order) throw notFound(PURCHASE_ORDER_RESOURCE);
  return order;
}
