import type { SalesOrder } from '../../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE } from '../../../../domain/sales-orders/status.js';
import { notFound } from '../../../../domain/errors.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { PENDING_CANCEL, type PendingCancel } from './pending-cancel.js';
import { PENDING_CONFIRM, type PendingConfirm } from './pending-confirm.js';
import { markerConflict, salesOrderKey, salesOrders } from './sales-orders.js';

/**
 * The order as stored with its markers: `pending` if a confirm in parts is under way, `cancelling` if a
 * cancel in parts is (store/pending-confirm.ts, store/pending-cancel.ts).
 */
export async function loadSalesOrder(
  orgId: string,
  id: string,
): Promise<{ order: SalesOrder; pending: PendingConfirm | null; cancelling: PendingCancel | null } | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: salesOrderKey(orgId, id), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    order: salesOrders.fromItem(Item),
    pending: (Item[PENDING_CONFIRM] as PendingConfirm | undefined) ?? null,
    cancelling: (Item[PENDING_CANCEL] as PendingCancel | undefined) ?? null,
  };
}

/**
 * The order for a transition other than confirm and cancel (pick, pack, dispatch): 404 when missing, 409
 * while a confirm or cancel in parts is under way (its stock is half-applied, the order's lists are not).
 */
export async function readOrderToTransition(orgId: string, id: string): Promise<SalesOrder> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: salesOrderKey(orgId, id), ConsistentRead: true }),
  );
  if (!Item) throw notFound(SALES_ORDER_RESOURCE);
  const refused = markerConflict(Item);
  if (refused) throw refused;
  return salesOrders.fromItem(Item);
}
