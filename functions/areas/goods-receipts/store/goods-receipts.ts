/**
 * Goods-receipt records, in the purchase order's partition:
 * - the receipt (`RECEIPT#<receivedAt>#<receiptId>`): the summary the order's detail lists (id, reference,
 *   receivedAt, warehouseId, notes, lineCount, totalQuantity) and the lines (lots, bins, serial counts,
 *   unit costs), the currency and rate used;
 * - while a receipt too large for one transaction is being written, its plan
 *   (`PENDING_RECEIPT#<receiptId>`, not under the RECEIPT# prefix, so the detail never lists it) and the
 *   `pendingReceipt` marker on the order item (docs/architecture.md, "Goods receipts beyond 100 items").
 *
 * A receipt also carries two index entries (GET /goods-receipts, beyond the spec): GSI1 under
 * `O#<org>#GOODS_RECEIPT` by (receivedAt, id), the organisation's receipts newest first, and GSI2 under
 * `O#<org>#GOODS_RECEIPT#<id>`, its lookup by id alone (its key holds the order's id, which a reader by
 * receipt id does not know). Receipts written before these existed are found through their order only.
 */
import type { Batch } from '../../../../domain/inventory/batch.js';
import type { StockChange } from '../../../../domain/inventory/movement.js';
import type { GoodsReceipt, GoodsReceiptLine } from '../../../../domain/goods-receipts/receipt.js';
import type { PurchaseOrder } from '../../../../domain/purchase-orders/purchase-order.js';
import { GetCommand, QueryCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { entity } from '../../../platform/dynamo/entity.js';
import { sortKey, tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { markerItems, type Marker } from '../../../platform/dynamo/parts.js';
import {
  boundedRangePage,
  COUNTED_COLLECTIONS,
  collectionCount,
  collectionCountAdd,
} from '../../../platform/dynamo/bounded-range.js';
import { tooBroad } from '../../../platform/dynamo/list-budget.js';
import { indexKeyOf } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import {
  goodsReceiptKey,
  GOODS_RECEIPT_SK_PREFIX,
  PENDING_RECEIPT_ATTRIBUTE,
  purchaseOrderKey,
} from '../../purchase-orders/public.js';

export const PENDING_RECEIPT = PENDING_RECEIPT_ATTRIBUTE;

/** The receipt as stored: the detail's summary fields, the lines without their serial numbers (counted). */
export interface StoredReceipt extends Omit<GoodsReceipt, 'lines'> {
  lineCount: number;
  totalQuantity: number;
  lines: (Omit<GoodsReceiptLine, 'serialNumbers'> & { serialCount: number })[];
}

export const receipts = entity<StoredReceipt>({
  name: 'GoodsReceipt',
  fields: [
    'id',
    'reference',
    'purchaseOrderId',
    'receivedAt',
    'warehouseId',
    'notes',
    'currency',
    'exchangeRate',
    'lineCount',
    'totalQuantity',
    'lines',
    'createdAt',
  ],
  key: (orgId, r) => goodsReceiptKey(orgId, r.purchaseOrderId, r.receivedAt, r.id),
  indexes: (orgId, r) => ({
    GSI1PK: receiptCollection(orgId),
    GSI1SK: sortKey(r.receivedAt, r.id),
    GSI2PK: receiptLookup(orgId, r.id),
    GSI2SK: RECEIPT_LOOKUP_SK,
  }),
});

const receiptCollection = (orgId: string) => `${tenantPrefix(orgId)}#GOODS_RECEIPT`;
const receiptLookup = (orgId: string, id: string) => `${receiptCollection(orgId)}#${id}`;
const RECEIPT_LOOKUP_SK = 'RECEIPT';

/** A receipt by its id alone (GSI2, one entry per receipt: a query reading one item). */
export async function getReceipt(orgId: string, id: string): Promise<StoredReceipt | null> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :sk',
      ExpressionAttributeValues: { ':pk': receiptLookup(orgId, id), ':sk': RECEIPT_LOOKUP_SK },
    }),
  );
  const item = Items?.[0];
  return item ? receipts.fromItem(item) : null;
}

/**
 * Receipts newest first (receivedAt, id). With a purchase order: its partition's RECEIPT# items (every
 * receipt of it, older ones included; an unknown order reads nothing), read and counted; without: the
 * organisation's collection on GSI1, its page read alone and the total from the maintained count. Within
 * the list budget (bounded-range.ts): a range longer than it is the 400 naming purchaseOrderId.
 */
export async function listReceipts(
  orgId: string,
  filter: { purchaseOrderId?: string },
  window: { offset: number; limit: number },
): Promise<{ items: StoredReceipt[]; total: number }> {
  const query = filter.purchaseOrderId
    ? {
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :receipt)',
        ExpressionAttributeValues: {
          ':pk': purchaseOrderKey(orgId, filter.purchaseOrderId).PK,
          ':receipt': GOODS_RECEIPT_SK_PREFIX,
        },
        ScanIndexForward: false,
      }
    : {
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': receiptCollection(orgId) },
        ScanIndexForward: false,
      };
  const { items, total } = await boundedRangePage({
    input: query,
    window,
    count: filter.purchaseOrderId ? undefined : () => collectionCount(orgId, RECEIPT_COUNT),
    cursorId: `${orgId}|goods-receipts|GSI1`,
    keyOf: indexKeyOf('GSI1'),
    refuse: (budget) =>
      tooBroad(
        window.offset > 0 ? 'page' : filter.purchaseOrderId ? 'purchaseOrderId' : undefined,
        budget,
        'purchaseOrderId',
        'goods receipts are read from their index',
      ),
  });
  return { items: items.map(receipts.fromItem), total };
}

const RECEIPT_COUNT = COUNTED_COLLECTIONS.goodsReceipts;

/** The receipt item, created (a receipt is written once), and the organisation's receipt count. */
export const receiptPutItems = (orgId: string, receipt: GoodsReceipt): TransactItem[] => [
  receiptItem(orgId, receipt),
  collectionCountAdd(orgId, RECEIPT_COUNT),
];

const receiptItem = (orgId: string, receipt: GoodsReceipt): TransactItem =>
  receipts.createItem(orgId, {
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
  });

const totalQuantity = (receipt: GoodsReceipt): number =>
  Math.round(receipt.lines.reduce((s, l) => s + l.quantity, 0) * 1e6) / 1e6;

/** The marker on the order item while a receipt in parts is written. */
export interface PendingReceipt extends Marker {
  receiptId: string;
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

/** The marker of a receipt in parts under way on the order item as read, or null. */
export const pendingReceiptOf = (orderItem: Record<string, unknown>): PendingReceipt | null =>
  (orderItem[PENDING_RECEIPT] as PendingReceipt | undefined) ?? null;

export const orderKeyForReceipt = (orgId: string, id: string): Key => purchaseOrderKey(orgId, id);

/** The marker's writes on the order item (they leave its version alone after the first). */
export const receiptMarker = (orgId: string, orderId: string) =>
  markerItems(purchaseOrderKey(orgId, orderId), PENDING_RECEIPT);
