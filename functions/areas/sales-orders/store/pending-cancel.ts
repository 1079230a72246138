/**
 * The journal of a cancel too large for one transaction (docs/architecture.md, "Transactions beyond 100
 * items"): `pendingCancel` on the order item holds the stock deltas not yet applied and the events of the
 * parts already written, so whoever finds it can finish the cancel (a cancel only rolls forward: releasing
 * reservations and returning picked stock needs no stock to be there). Every write of the marker after the
 * first is conditioned on its token and step, so two requests finishing it can never apply a part twice.
 */
import type { StockDelta } from '../../../../domain/sales-orders/fulfilment.js';
import type { SalesOrder } from '../../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../../domain/sales-orders/status.js';
import { notFound } from '../../../../domain/errors.js';
import { transitionRefused } from '../../../../domain/workflow/transitions.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type GuardedItem, type OnFail } from '../../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import { markerCondition } from './pending-confirm.js';
import { salesOrderKey } from './sales-orders.js';

export const PENDING_CANCEL = 'pendingCancel';

export interface PendingCancel {
  token: string;
  /** When the cancel was asked for: the order's cancelledAt. */
  startedAt: string;
  /** Moves on with every part written. */
  step: number;
  reason: string | null;
  /** The stock deltas no part has applied yet (the last part applies what is left). */
  remaining: StockDelta[];
  /** The events of the parts written so far, for the last part's outbox item. */
  events: NonNullable<JournalEntry['events']>;
  /** The instant of the last part: each part's ledger entry needs its own (its key holds the instant). */
  lastAt: string;
}

/** A delta as stored in the marker (no undefined attributes). */
export const storedDelta = (d: StockDelta): StockDelta => ({
  productId: d.productId,
  warehouseId: d.warehouseId,
  binId: d.binId,
  batchId: d.batchId,
  onHandDelta: d.onHandDelta,
  reservedDelta: d.reservedDelta,
});

/**
 * The first part: sets the marker on an order read at `order.version`, still in a status cancel starts
 * from and with no marker of either kind (a confirm in parts or another cancel).
 */
export function cancelStartItem(orgId: string, order: SalesOrder, marker: PendingCancel): GuardedItem {
  const from = SALES_ORDER_TRANSITIONS.cancel.from as readonly string[];
  const statuses = Object.fromEntries(from.map((s, i) => [`:s${i}`, s]));
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: salesOrderKey(orgId, order.id),
        UpdateExpression: 'SET #p = :marker, #version = :next',
        ConditionExpression:
          `#status IN (${Object.keys(statuses).join(', ')}) AND #version = :version AND ` +
          'attribute_not_exists(#p) AND attribute_not_exists(pendingConfirm)',
        ExpressionAttributeNames: { '#p': PENDING_CANCEL, '#version': 'version', '#status': 'status' },
        ExpressionAttributeValues: {
          ...statuses,
          ':marker': marker,
          ':version': order.version,
          ':next': order.version + 1,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => {
      if (!old) return notFound(SALES_ORDER_RESOURCE);
      const actual = old.status as string;
      if (!from.includes(actual)) return transitionRefused(SALES_ORDER_RESOURCE, actual, 'cancel', from);
      return 'retry';
    },
  );
}

/** A middle part: records what is left to apply and the events so far, and moves the step on. */
export function cancelStepItem(
  orgId: string,
  orderId: string,
  marker: PendingCancel,
  next: Pick<PendingCancel, 'remaining' | 'events' | 'lastAt'>,
  onFail: OnFail,
): GuardedItem {
  const condition = markerCondition(marker, PENDING_CANCEL);
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: salesOrderKey(orgId, orderId),
        UpdateExpression:
          'SET #p.#step = :next, #p.#remaining = :remaining, #p.#events = :events, #p.#lastAt = :lastAt ' +
          'ADD #version :one',
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: {
          ...condition.names,
          '#version': 'version',
          '#remaining': 'remaining',
          '#events': 'events',
          '#lastAt': 'lastAt',
        },
        ExpressionAttributeValues: {
          ...condition.values,
          ':one': 1,
          ':next': marker.step + 1,
          ':remaining': next.remaining.map(storedDelta),
          ':events': next.events,
          ':lastAt': next.lastAt,
        },
      },
    },
    onFail,
  );
}
