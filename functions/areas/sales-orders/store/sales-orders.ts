/**
 * The sales-order entity. One item per order holds its header, lines and charges (at most 100 lines and
 * 20 charges, far below the 400 KB item limit), so a detail read and every transition touch one item.
 * Four index projections give each cheap list its own key range:
 *   GSI1 orderDate (default sort, date ranges)   GSI2 updatedAt (the sync recipe)
 *   GSI3 status + orderDate (status filter)      GSI4 customer + orderDate (customerId filter)
 * List totals come from maintained counters (per organisation and status, per customer), moved in the
 * same transaction as the order, so no list counts rows.
 */
import type { SalesOrder, SalesOrderStatus } from '../../../../domain/sales-orders/order.js';
import { customerAccountKey } from '../../customers/store/account.js';
import { entity } from '../../../platform/dynamo/entity.js';
import { keys, sortKey, type Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

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
    // Lists search the order number and the customer's name, case-insensitively.
    searchText: `${order.orderNumber} ${order.customer.name}`.toLowerCase(),
  }),
});

export const getSalesOrder = (orgId: string, id: string): Promise<SalesOrder | null> =>
  salesOrders.getByKey(salesOrderKey(orgId, id));

/** Per-organisation counts (all, and per status) behind list totals. */
export const salesOrderCountsKey = (orgId: string): Key => ({
  PK: `${keys.organisation(orgId).PK}#COUNTS`,
  SK: 'SALES_ORDER',
});
/** The customer's running account holds its order count, behind the customerId filter's total. */
export const customerOrderCountKey = customerAccountKey;

export const statusCounter = (status: SalesOrderStatus): string => `status_${status}`;

/** Moves the counters for a create (from null) or a status change, in the write's own transaction. */
export function orderCountItems(
  orgId: string,
  order: Pick<SalesOrder, 'customerId' | 'status'>,
  from: SalesOrderStatus | null,
): TransactItem[] {
  const names: Record<string, string> = { '#to': statusCounter(order.status) };
  const values: Record<string, number> = { ':one': 1 };
  let update = 'ADD #to :one';
  if (from === null) {
    names['#all'] = 'all';
    update += ', #all :one';
  } else {
    names['#from'] = statusCounter(from);
    values[':minus'] = -1;
    update += ', #from :minus';
  }
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: salesOrderCountsKey(orgId),
        UpdateExpression: update,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
  if (from === null) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: customerOrderCountKey(orgId, order.customerId),
        UpdateExpression: 'ADD orderCount :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    });
  }
  return items;
}
