/**
 * The production-order entity: one item per order (header and its lines: at most 999 INPUT lines and the
 * OUTPUT line). Four index projections give each cheap list its own key range, newest first:
 *   GSI1 createdAt (default list)          GSI2 updatedAt (modifiedSince reads only changed orders)
 *   GSI3 status + createdAt (status)       GSI4 product + createdAt (productId)
 * List totals come from counters moved in the same transaction as the order: the organisation's counts
 * item (all, per status) and one count item per product.
 */
import { statusCountItems } from '../../../platform/dynamo/status-counts.js';
import {
  PRODUCTION_ORDER_RESOURCE,
  PRODUCTION_ORDER_TRANSITIONS,
  type ProductionOrder,
  type ProductionOrderAction,
  type ProductionOrderStatus,
} from '../../../../domain/production-orders/production-order.js';
import { documentProjection } from '../../../platform/dynamo/document-projection.js';
import { entity } from '../../../platform/dynamo/entity.js';
import { keys, sortKey, type Key } from '../../../platform/dynamo/keys.js';
import { guard, type GuardedItem, type TransactItem } from '../../../platform/dynamo/transact.js';
import { transitionUpdate } from '../../../platform/dynamo/transition.js';

export const PRODUCTION_ORDER_SEQUENCE = 'PRODUCTION_ORDER';

const PRODUCTION_ORDER_FIELDS = [
  'id',
  'orderNumber',
  'status',
  'productId',
  'product',
  'plannedQuantity',
  'actualQuantity',
  'warehouseId',
  'warehouse',
  'plannedStartDate',
  'priority',
  'salesOrderId',
  'salesOrder',
  'lines',
  'startedAt',
  'completedAt',
  'cancelledAt',
  'cancelReason',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof ProductionOrder)[];

const collection = (orgId: string) => `${keys.organisation(orgId).PK}#PRODUCTION_ORDER`;
export const productionOrderPartitions = {
  all: collection,
  status: (orgId: string, status: ProductionOrderStatus) => `${collection(orgId)}#STATUS#${status}`,
  product: (orgId: string, productId: string) => `${collection(orgId)}#PRODUCT#${productId}`,
};

export const productionOrderKey = (orgId: string, id: string): Key => ({
  PK: `${collection(orgId)}#${id}`,
  SK: 'PRODUCTION_ORDER',
});

// Lists search the order number and the product's SKU and name (as they were at create).
const searchTextOf = (order: ProductionOrder) =>
  `${order.orderNumber}\n${order.product.sku}\n${order.product.name}`.toLowerCase();

/**
 * The order's slim row (GSI5): what GET /production-orders filters (status, product, plannedStartDate,
 * updatedAt, search) and sorts on (createdAt). docs/architecture.md "Search and filtered lists".
 */
export const productionOrderProjection = documentProjection<ProductionOrder>({
  collection,
  key: productionOrderKey,
  row: (order) => ({
    id: order.id,
    s: order.status,
    p: order.productId,
    d: order.plannedStartDate,
    c: order.createdAt,
    u: order.updatedAt,
    t: searchTextOf(order),
  }),
  sorts: { createdAt: 'c' },
});

export const productionOrders = entity<ProductionOrder>({
  name: 'ProductionOrder',
  fields: PRODUCTION_ORDER_FIELDS,
  key: (orgId, order) => productionOrderKey(orgId, order.id),
  indexes: (orgId, order) => ({
    GSI1PK: productionOrderPartitions.all(orgId),
    GSI1SK: sortKey(order.createdAt, order.id),
    GSI2PK: productionOrderPartitions.all(orgId),
    GSI2SK: sortKey(order.updatedAt, order.id),
    GSI3PK: productionOrderPartitions.status(orgId, order.status),
    GSI3SK: sortKey(order.createdAt, order.id),
    GSI4PK: productionOrderPartitions.product(orgId, order.productId),
    GSI4SK: sortKey(order.createdAt, order.id),
    searchText: searchTextOf(order),
    ...productionOrderProjection.attributes(orgId, order),
  }),
});

export const getProductionOrder = (orgId: string, id: string): Promise<ProductionOrder | null> =>
  productionOrders.getByKey(productionOrderKey(orgId, id));

/** Puts a new order; the id is fresh, so only a duplicate id (never expected) fails. */
export function productionOrderCreateItem(orgId: string, order: ProductionOrder): GuardedItem {
  return guard(productionOrders.createItem(orgId, order), () => 'retry');
}

/** The attributes a transition rewrites: every field but the key, id, status and version, and the index keys. */
function transitionAttributes(orgId: string, next: ProductionOrder): Record<string, unknown> {
  const {
    PK: _pk,
    SK: _sk,
    id: _id,
    status: _s,
    version: _v,
    entity: _e,
    orgId: _o,
    ...rest
  } = productionOrders.toItem(orgId, next);
  return rest;
}

/**
 * The order's move along its state machine (transitionUpdate): conditioned on the status the action may
 * start from and the version read, so a transition lost to another writer is the 422 naming the status
 * the order now has, and a version-only race is re-read.
 */
export const productionOrderTransitionItem = (
  orgId: string,
  read: ProductionOrder,
  next: ProductionOrder,
  action: ProductionOrderAction,
): GuardedItem =>
  transitionUpdate({
    key: productionOrderKey(orgId, read.id),
    resource: PRODUCTION_ORDER_RESOURCE,
    action,
    transition: PRODUCTION_ORDER_TRANSITIONS[action],
    version: read.version,
    set: transitionAttributes(orgId, next),
  });

/** Rough size of the stored item (DynamoDB's limit is 400 KB): a completion with very many lots is refused. */
export const itemSize = (orgId: string, order: ProductionOrder): number =>
  Buffer.byteLength(JSON.stringify(productionOrders.toItem(orgId, order)));

/** The organisation's production-order counts (all, per status), behind list totals. */
export const productionOrderCountsKey = (orgId: string): Key => ({
  PK: `${keys.organisation(orgId).PK}#COUNTS`,
  SK: 'PRODUCTION_ORDER',
});
/** One product's production-order count, behind the productId filter's total. */
export const productOrderCountKey = (orgId: string, productId: string): Key => ({
  PK: `${keys.organisation(orgId).PK}#COUNTS`,
  SK: `PRODUCTION_ORDER#PRODUCT#${productId}`,
});

/** Moves the counters for a create (from null) or a status change, in the write's own transaction. */
export function productionOrderCountItems(
  orgId: string,
  order: Pick<ProductionOrder, 'productId' | 'status'>,
  from: ProductionOrderStatus | null,
): TransactItem[] {
  return statusCountItems({
    countsKey: productionOrderCountsKey(orgId),
    status: order.status,
    from,
    owner: { key: productOrderCountKey(orgId, order.productId), attribute: 'count' },
  });
}
