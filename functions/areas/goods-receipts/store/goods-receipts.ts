/**
 * Goods-receipt records, in the purchase order's partition:
 * - the receipt (`RECEIPT#<receivedAt>#<receiptId>`): the summary the order's detail lists (id, reference,
 *   receivedAt, warehouseId, notes, lineCount, totalQuantity) and the lines (lots, bins, serial counts,
 *   unit costs), the currency and rate used;
 * - while a receipt too large for one transaction is being written, its plan
 *   (`PENDING_RECEIPT#<receiptId>`, not under the RECEIPT# prefix, so the detail never lists it) and the
 *   `pendingReceipt` marker on the order item (docs/architecture.md, "Goods receipts beyond 100 items").
 */
import type { Batch } from '../../../../domain/inventory/batch.js';
import type { StockChange } from '../../../../domain/inventory/movement.js';
import type { GoodsReceipt } from '../../../../domain/goods-receipts/receipt.js';
import type { PurchaseOrder } from '../../../../domain/purchase-orders/purchase-order.js';
import {
  PURCHASE_ORDER_RESOURCE,
  PURCHASE_ORDER_TRANSITIONS,
} from '../../../../domain/purchase-orders/status.js';
import { notFound } from '../../../../domain/errors.js';
import { transitionRefused } from '../../../../domain/workflow/transitions.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import type { Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import {
  guard,
  type GuardedItem,
  type OnFail,
  type TransactItem,
} from '../../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import {
  goodsReceiptKey,
  PENDING_RECEIPT_ATTRIBUTE,
  purchaseOrderKey,
  purchaseOrders,
} from '../../purchase-orders/store/purchase-orders.js';

export const PENDING_RECEIPT = PENDING_RECEIPT_ATTRIBUTE;

/** The receipt item: the detail's summary fields, the lines without their serial numbers (counted). */
export function receiptPut(orgId: string, receipt: GoodsReceipt): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...goodsReceiptKey(orgId, receipt.purchaseOrderId, receipt.receivedAt, receipt.id),
        entity: 'GoodsReceipt',
        orgId,
        id: receipt.id,
        reference: receipt.reference,
        purchaseOrderId: receipt.purchaseOrderId,
        receivedAt: receipt.receivedAt,
        warehouseId: receipt.warehouseId,
        notes: receipt.notes,
        currency: receipt.currency,
        exchangeRate: receipt.exchangeRate,
        lineCount: receipt.lines.length,
        totalQuantity: totalQuantity(receipt),
        lines: receipt.lines.map(({ serialNumbers, ...line }) => ({
          ...line,
          serialCount: serialNumbers.length,
        })),
        createdAt: receipt.createdAt,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

const totalQuantity = (receipt: GoodsReceipt): number =>
  Math.round(receipt.lines.reduce((s, l) => s + l.quantity, 0) * 1e6) / 1e6;

/** The marker on the order item while a receipt in parts is written. */
export interface PendingReceipt {
  token: string;
  receiptId: string;
  startedAt: string;
  /** Moves on with every write of the marker: the commit (1), then each further stock part. */
  step: number;
  /** PREPARE: lots and serials being written hidden (undone if it fails); COMMITTED: only rolls forward. */
  phase: 'PREPARE' | 'COMMITTED';
  /** The events of the stock parts applied so far, for the last write's outbox item. */
  events: NonNullable<JournalEntry['events']>;
}

/** Everything a receipt in parts decided, so whoever meets its marker can finish or undo it. */
export interface ReceiptPlan {
  receipt: GoodsReceipt;
  /** The order as the receipt leaves it (its version is the one the last write sets). */
  order: PurchaseOrder;
  /** The order's status before the receipt (the status counters move from it). */
  fromStatus: PurchaseOrder['status'];
  changes: StockChange[];
  /** The products of each stock part, in the order they are applied. */
  parts: string[][];
  batches: Batch[];
  /** The ids of each receipt line's serial numbers (aligned with its serialNumbers). */
  serialIds: string[][];
  warnings: string[];
  /** The decision's instant (createdAt of what it creates). */
  now: string;
}

const planKey = (orgId: string, orderId: string, receiptId: string): Key => ({
  PK: purchaseOrderKey(orgId, orderId).PK,
  SK: `PENDING_RECEIPT#${receiptId}`,
});

export const planPut = (orgId: string, plan: ReceiptPlan): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...planKey(orgId, plan.order.id, plan.receipt.id), entity: 'GoodsReceiptPlan', orgId, plan },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

export const planDelete = (orgId: string, orderId: string, receiptId: string): TransactItem => ({
  Delete: { TableName: tableName(), Key: planKey(orgId, orderId, receiptId) },
});

export async function getPlan(
  orgId: string,
  orderId: string,
  receiptId: string,
): Promise<ReceiptPlan | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: planKey(orgId, orderId, receiptId), ConsistentRead: true }),
  );
  return (Item?.plan as ReceiptPlan | undefined) ?? null;
}

export interface OrderForReceipt {
  order: PurchaseOrder;
  /** The marker of a receipt in parts under way, or null. */
  pending: PendingReceipt | null;
}

/** The order item as stored, with the marker of a receipt in parts when one is under way. */
export const orderForReceiptFromItem = (item: Record<string, unknown>): OrderForReceipt => ({
  order: purchaseOrders.fromItem(item),
  pending: (item[PENDING_RECEIPT] as PendingReceipt | undefined) ?? null,
});

export const orderKeyForReceipt = (orgId: string, id: string): Key => purchaseOrderKey(orgId, id);

const receivable = PURCHASE_ORDER_TRANSITIONS.receive.from as readonly string[];

/**
 * The first write of a receipt in parts: the marker set on the order read at `order.version` (still
 * receivable, no marker), the version moved on so that any receipt decided on the earlier read loses.
 */
export function markerStartItem(orgId: string, order: PurchaseOrder, marker: PendingReceipt): GuardedItem {
  const statuses = Object.fromEntries(receivable.map((s, i) => [`:s${i}`, s]));
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: purchaseOrderKey(orgId, order.id),
        UpdateExpression: 'SET #p = :marker, #version = :next',
        ConditionExpression: `#status IN (${Object.keys(statuses).join(', ')}) AND #version = :version AND attribute_not_exists(#p)`,
        ExpressionAttributeNames: { '#p': PENDING_RECEIPT, '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: {
          ':marker': marker,
          ':version': order.version,
          ':next': order.version + 1,
          ...statuses,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => {
      if (!old) return notFound(PURCHASE_ORDER_RESOURCE);
      if (!receivable.includes(old.status as string)) {
        return transitionRefused(PURCHASE_ORDER_RESOURCE, old.status as string, 'receive', receivable);
      }
      return 'retry';
    },
  );
}

const markerCondition = (marker: Pick<PendingReceipt, 'token' | 'step'>) => ({
  expression: '#p.#token = :token AND #p.#step = :step',
  names: { '#p': PENDING_RECEIPT, '#token': 'token', '#step': 'step' },
  values: { ':token': marker.token, ':step': marker.step },
});

/** A later write of the marker: the step moved on, the phase set, the part's events appended. */
export function markerStepItem(
  orgId: string,
  orderId: string,
  marker: PendingReceipt,
  next: { phase: PendingReceipt['phase']; events: PendingReceipt['events'] },
  onFail: OnFail,
): GuardedItem {
  const condition = markerCondition(marker);
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: purchaseOrderKey(orgId, orderId),
        UpdateExpression:
          'SET #p.#step = :next, #p.#phase = :phase, #p.#events = list_append(#p.#events, :events)',
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: { ...condition.names, '#phase': 'phase', '#events': 'events' },
        ExpressionAttributeValues: {
          ...condition.values,
          ':next': marker.step + 1,
          ':phase': next.phase,
          ':events': next.events,
        },
      },
    },
    onFail,
  );
}

/** The last write: the received order replaces the item (the marker goes with it). */
export function markerFinishItem(
  orgId: string,
  next: PurchaseOrder,
  marker: Pick<PendingReceipt, 'token' | 'step'>,
  onFail: OnFail,
): GuardedItem {
  const condition = markerCondition(marker);
  return guard(
    {
      Put: {
        TableName: tableName(),
        Item: purchaseOrders.toItem(orgId, next),
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: condition.names,
        ExpressionAttributeValues: condition.values,
      },
    },
    onFail,
  );
}

/** Undoing a receipt that never committed: the marker removed (the order is as it was), the plan deleted. */
export function markerRemoveItem(
  orgId: string,
  orderId: string,
  marker: Pick<PendingReceipt, 'token' | 'step'>,
  onFail: OnFail,
): GuardedItem {
  const condition = markerCondition(marker);
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: purchaseOrderKey(orgId, orderId),
        UpdateExpression: 'REMOVE #p',
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: condition.names,
        ExpressionAttributeValues: condition.values,
      },
    },
    onFail,
  );
}
