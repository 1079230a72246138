/**
 * The journal of a confirm too large for one transaction (docs/architecture.md, "Transactions beyond 100
 * items"): `pendingConfirm` on the order item holds the reservations already applied to stock, so whoever
 * finds it can undo them exactly. Every write of the marker is conditioned on its token and step, so the
 * confirm applying it and a request rolling it back can never both act on the same step.
 */
import type { Reservation } from '../../../../domain/sales-orders/confirm.js';
import type { SalesOrder } from '../../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE } from '../../../../domain/sales-orders/status.js';
import { notFound } from '../../../../domain/errors.js';
import { transitionRefused } from '../../../../domain/workflow/transitions.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type GuardedItem, type OnFail } from '../../../platform/dynamo/transact.js';
import type { PendingCancel } from './pending-cancel.js';
import { markerConflict, salesOrderKey, salesOrders } from './sales-orders.js';

export interface PendingConfirm {
  token: string;
  startedAt: string;
  /** Moves on with every write of the marker (each applied or rolled-back part). */
  step: number;
  /** Reservations applied to stock so far (what a rollback releases). */
  reservations: Reservation[];
}

/**
 * The order as stored with its markers: `pending` if a confirm in parts is under way, `cancelling` if a
 * cancel in parts is (store/pending-cancel.ts).
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
    pending: (Item.pendingConfirm as PendingConfirm | undefined) ?? null,
    cancelling: (Item.pendingCancel as PendingCancel | undefined) ?? null,
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

const names = { '#p': 'pendingConfirm', '#version': 'version' };

/** The first part: sets the marker on a DRAFT order read at `order.version`. */
export function markerStartItem(orgId: string, order: SalesOrder, marker: PendingConfirm): GuardedItem {
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: salesOrderKey(orgId, order.id),
        UpdateExpression: 'SET #p = :marker, #version = :next',
        ConditionExpression:
          '#status = :draft AND #version = :version AND attribute_not_exists(#p) AND ' +
          'attribute_not_exists(pendingCancel)',
        ExpressionAttributeNames: { ...names, '#status': 'status' },
        ExpressionAttributeValues: {
          ':marker': marker,
          ':draft': 'DRAFT',
          ':version': order.version,
          ':next': order.version + 1,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => {
      if (!old) return notFound(SALES_ORDER_RESOURCE);
      if (old.status !== 'DRAFT')
        return transitionRefused(SALES_ORDER_RESOURCE, old.status as string, 'confirm', ['DRAFT']);
      return 'retry';
    },
  );
}

/**
 * The condition every later write of a marker carries: still this confirm (or cancel, with the
 * `pendingCancel` attribute), still at this step.
 */
export const markerCondition = (
  marker: { token: string; step: number },
  attribute: 'pendingConfirm' | 'pendingCancel' = 'pendingConfirm',
) => ({
  expression: '#p.#token = :token AND #p.#step = :step',
  names: { '#p': attribute, '#token': 'token', '#step': 'step' },
  values: { ':token': marker.token, ':step': marker.step },
});

/**
 * A middle part (or a rollback part): records the reservations now applied and moves the step on; with
 * none left applied the marker is removed.
 */
export function markerStepItem(
  orgId: string,
  orderId: string,
  marker: PendingConfirm,
  reservations: Reservation[],
  onFail: OnFail,
): GuardedItem {
  const condition = markerCondition(marker);
  const clear = reservations.length === 0;
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: salesOrderKey(orgId, orderId),
        UpdateExpression: clear
          ? 'REMOVE #p ADD #version :one'
          : 'SET #p.#step = :next, #p.#reservations = :reservations ADD #version :one',
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: {
          ...condition.names,
          '#version': 'version',
          ...(clear ? {} : { '#reservations': 'reservations' }),
        },
        ExpressionAttributeValues: {
          ...condition.values,
          ':one': 1,
          ...(clear ? {} : { ':next': marker.step + 1, ':reservations': reservations }),
        },
      },
    },
    onFail,
  );
}

/** The last part: the confirmed (or cancelled) order replaces the item (the marker goes with it). */
export function markerFinishItem(
  orgId: string,
  next: SalesOrder,
  marker: { token: string; step: number },
  onFail: OnFail,
  attribute: 'pendingConfirm' | 'pendingCancel' = 'pendingConfirm',
): GuardedItem {
  const condition = markerCondition(marker, attribute);
  return guard(
    {
      Put: {
        TableName: tableName(),
        Item: salesOrders.toItem(orgId, next),
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: condition.names,
        ExpressionAttributeValues: condition.values,
      },
    },
    onFail,
  );
}
