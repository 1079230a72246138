/**
 * The sales-order entity. One item per order holds its header, lines and charges (at most 100 lines and
 * 20 charges, far below the 400 KB item limit), so a detail read and every transition touch one item.
 * Four index projections give each cheap list its own key range:
 *   GSI1 orderDate (default sort, date ranges)   GSI2 updatedAt (the sync recipe)
 *   GSI3 status + orderDate (status filter)      GSI4 customer + orderDate (customerId filter)
 * List totals come from maintained counters (per organisation and status, per customer), moved in the
 * same transaction as the order, so no list counts rows.
 */
import { statusCountItems } from '../../../platform/dynamo/status-counts.js';
import {
  OPEN_ORDER_STATUSES,
  type SalesOrder,
  type SalesOrderStatus,
} from '../../../../domain/sales-orders/order.js';
import { customerAccountKey } from '../../customers/public.js';
import { documentProjection } from '../../../platform/dynamo/document-projection.js';
import { entity } from '../../../platform/dynamo/entity.js';
import { keys, sortKey, type Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { GetCommand, QueryCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import {
  guard,
  type GuardedItem,
  type TransactItem,
  type WriteItem,
} from '../../../platform/dynamo/transact.js';
import { conflict, notFound } from '../../../../domain/errors.js';
import {
  SALES_ORDER_RESOURCE,
  SALES_ORDER_TRANSITIONS,
  type SalesOrderAction,
} from '../../../../domain/sales-orders/status.js';
import { transitionRefused } from '../../../../domain/workflow/transitions.js';

const SALES_ORDER_FIELDS = [
  'id',
  'orderNumber',
  'status',
  'customerId',
  'customer',
  'currency',
  'orderDate',
  'requiredDate',
  'shippedDate',
  'notes',
  'warehouseId',
  'assignedToId',
  'shipToAddress',
  'billToAddress',
  'discountPct',
  'taxExempt',
  'lines',
  'charges',
  'reservations',
  'picks',
  'subtotal',
  'discountTotal',
  'chargesTotal',
  'taxTotal',
  'totalAmount',
  'cancelReason',
  'cancelledAt',
  'confirmedAt',
  'activeInvoiceCount',
  'openShipments',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof SalesOrder)[];

const collection = (orgId: string) => `${keys.organisation(orgId).PK}#SALES_ORDER`;
export const salesOrderPartitions = {
  all: collection,
  status: (orgId: string, status: SalesOrderStatus) => `${collection(orgId)}#STATUS#${status}`,
  customer: (orgId: string, customerId: string) => `${collection(orgId)}#CUSTOMER#${customerId}`,
};

export const salesOrderKey = (orgId: string, id: string): Key => ({
  PK: `${collection(orgId)}#${id}`,
  SK: 'SALES_ORDER',
});

// Lists search the order number and the customer's name, case-insensitively.
const searchTextOf = (order: SalesOrder) => `${order.orderNumber} ${order.customer.name}`.toLowerCase();

/**
 * The order's slim row (GSI5): what GET /sales-orders filters and sorts on, for the lists the counters
 * cannot answer (docs/architecture.md "Search and filtered lists"). createdAt sorts as orderDate (the
 * same instant), as the index lists do.
 */
export const salesOrderProjection = documentProjection<SalesOrder>({
  collection,
  key: salesOrderKey,
  row: (order) => ({
    id: order.id,
    s: order.status,
    p: order.customerId,
    d: order.orderDate,
    u: order.updatedAt,
    n: order.orderNumber,
    a: order.totalAmount,
    t: searchTextOf(order),
  }),
  sorts: { orderDate: 'd', createdAt: 'd', orderNumber: 'n', totalAmount: 'a', updatedAt: 'u' },
});

export const salesOrders = entity<SalesOrder>({
  name: 'SalesOrder',
  fields: SALES_ORDER_FIELDS,
  key: (orgId, order) => salesOrderKey(orgId, order.id),
  indexes: (orgId, order) => ({
    GSI1PK: salesOrderPartitions.all(orgId),
    GSI1SK: sortKey(order.orderDate, order.id),
    GSI2PK: salesOrderPartitions.all(orgId),
    GSI2SK: sortKey(order.updatedAt, order.id),
    GSI3PK: salesOrderPartitions.status(orgId, order.status),
    GSI3SK: sortKey(order.orderDate, order.id),
    GSI4PK: salesOrderPartitions.customer(orgId, order.customerId),
    GSI4SK: sortKey(order.orderDate, order.id),
    searchText: searchTextOf(order),
    // Product deactivation finds the open orders holding a product with contains(productIds, :id).
    productIds: [...new Set(order.lines.map((l) => l.productId))],
    ...salesOrderProjection.attributes(orgId, order),
  }),
});

/**
 * The 409 for a writer meeting a confirm or cancel in parts on the stored order item: the order's stock is
 * half-way between two states, so no other transition may decide on it until that finishes.
 */
export function markerConflict(item: Record<string, unknown>) {
  if (item.pendingCancel) {
    return conflict('This sales order is being cancelled; cancel it again to finish an interrupted cancel');
  }
  if (item.pendingConfirm) return conflict('A confirm of this sales order is in progress; retry shortly');
  return null;
}

/**
 * Replaces the order item with `next` (indexes follow: GSI3PK is the status partition, GSI2SK the
 * updatedAt), conditioned on the status and version it was read at and on no confirm or cancel in parts
 * being under way (pendingConfirm, pendingCancel: pending-confirm.ts, pending-cancel.ts). A status that
 * moved on is the transition's 422 naming it; a marker is 409 (the confirm or cancel has to finish
 * first); anything else a race to re-read.
 */
export function orderReplaceItem(
  orgId: string,
  next: SalesOrder,
  read: Pick<SalesOrder, 'status' | 'version'>,
  action: SalesOrderAction,
): GuardedItem {
  const from = SALES_ORDER_TRANSITIONS[action].from as readonly string[];
  return guard(
    {
      Put: {
        TableName: tableName(),
        Item: salesOrders.toItem(orgId, next),
        ConditionExpression:
          '#status = :status AND #version = :version AND attribute_not_exists(pendingConfirm) AND ' +
          'attribute_not_exists(pendingCancel)',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: { ':status': read.status, ':version': read.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => {
      if (!old) return notFound(SALES_ORDER_RESOURCE);
      const actual = old.status as string;
      if (!from.includes(actual)) return transitionRefused(SALES_ORDER_RESOURCE, actual, action, from);
      if (old.pendingCancel) {
        return conflict(
          'This sales order is being cancelled; cancel it again to finish an interrupted cancel',
        );
      }
      if (old.pendingConfirm) return conflict('A confirm of this sales order is in progress; retry shortly');
      return 'retry';
    },
  );
}

export const getSalesOrder = (orgId: string, id: string): Promise<SalesOrder | null> =>
  salesOrders.getByKey(salesOrderKey(orgId, id));

/** Per-organisation counts (all, and per status) behind list totals. */
export const salesOrderCountsKey = (orgId: string): Key => ({
  PK: `${keys.organisation(orgId).PK}#COUNTS`,
  SK: 'SALES_ORDER',
});
/** The customer's running account holds its order count, behind the customerId filter's total. */
export const customerOrderCountKey = customerAccountKey;

export { statusCounter } from '../../../platform/dynamo/status-counts.js';

/** Moves the counters for a create (from null) or a status change, in the write's own transaction. */
export function orderCountItems(
  orgId: string,
  order: Pick<SalesOrder, 'customerId' | 'status'>,
  from: SalesOrderStatus | null,
): TransactItem[] {
  return statusCountItems({
    countsKey: salesOrderCountsKey(orgId),
    status: order.status,
    from,
    owner: { key: customerOrderCountKey(orgId, order.customerId), attribute: 'orderCount' },
  });
}

/**
 * Whether any open order holds the product (Product isActive: deactivation is 409 then), with the
 * transaction item that keeps the answer true until the caller's write commits. The counts item is read
 * first and its `all` is checked unchanged in the write: an order created after the read changes it, so
 * the write is retried and sees that order. (Orders never gain products after create; an open order
 * only leaves the open statuses.) The query reads the status partitions of GSI3, keeping only items
 * whose productIds contain the product.
 */
export async function openOrdersHolding(
  orgId: string,
  productId: string,
): Promise<{ holding: boolean; unchanged: WriteItem }> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: salesOrderCountsKey(orgId), ConsistentRead: true }),
  );
  const all = Item?.all as number | undefined;
  const unchanged: WriteItem = {
    ConditionCheck: {
      TableName: tableName(),
      Key: salesOrderCountsKey(orgId),
      ConditionExpression: all === undefined ? 'attribute_not_exists(#all)' : '#all = :all',
      ExpressionAttributeNames: { '#all': 'all' },
      ...(all === undefined ? {} : { ExpressionAttributeValues: { ':all': all } }),
    },
  };
  if (!all) return { holding: false, unchanged };
  const found = await Promise.all(
    OPEN_ORDER_STATUSES.map(async (status) => {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk',
            FilterExpression: 'contains(productIds, :product)',
            ExpressionAttributeValues: {
              ':pk': salesOrderPartitions.status(orgId, status),
              ':product': productId,
            },
            ProjectionExpression: 'PK',
            ExclusiveStartKey: start,
          }),
        );
        if ((page.Count ?? 0) > 0) return true;
        start = page.LastEvaluatedKey;
      } while (start);
      return false;
    }),
  );
  return { holding: found.includes(true), unchanged };
}
