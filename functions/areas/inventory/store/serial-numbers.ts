/**
 * Serial-number records: one item per unit (`O#<org>#SERIAL#<id>` / `SERIAL`) with its history embedded, so
 * a status change and its history entry are one write. Uniqueness per product, case-insensitively, is a
 * guard item on the normalised serial written with the record (`attribute_not_exists`), so two racing
 * receipts of the same serial cannot both succeed. Four index projections serve the serial list:
 *   GSI1 createdAt under O#<org>#SERIAL (newest first)   GSI2 updatedAt under O#<org>#SERIAL (sync)
 *   GSI3 createdAt under ...#SERIAL#PRODUCT#<productId>  GSI4 createdAt under ...#SERIAL_NO#<normalised>
 * A record written by a goods receipt too large for one transaction is pending until the receipt
 * commits: it carries `pendingReceiptId` and no index attributes, so no list shows it and
 * getSerialNumber answers null; `serialRevealItem` makes it visible (docs/architecture.md, "Goods
 * receipts beyond 100 items").
 */
import { conflict } from '../../../../domain/errors.js';
import { normaliseSerial, type SerialNumber } from '../../../../domain/inventory/serial.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { keys, sortKey } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type TransactItem, type WriteItem } from '../../../platform/dynamo/transact.js';

const SERIAL_FIELDS = [
  'id',
  'serialNumber',
  'status',
  'productId',
  'batchId',
  'warehouseId',
  'binId',
  'purchaseOrderId',
  'poLineId',
  'receiptId',
  'receivedAt',
  'soldAt',
  'returnedAt',
  'notes',
  'createdAt',
  'updatedAt',
  'version',
  'history',
  'historyTotal',
] as const satisfies readonly (keyof SerialNumber)[];

export const serialFromItem = (item: Record<string, unknown>): SerialNumber =>
  Object.fromEntries(SERIAL_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as SerialNumber;

/** The list projections (see the module comment); a pending record has none of them. */
export const serialIndexes = (orgId: string, serial: SerialNumber): Record<string, string> => ({
  GSI1PK: keys.serialCollection(orgId),
  GSI1SK: sortKey(serial.createdAt, serial.id),
  GSI2PK: keys.serialCollection(orgId),
  GSI2SK: sortKey(serial.updatedAt, serial.id),
  GSI3PK: keys.serialProductCollection(orgId, serial.productId),
  GSI3SK: sortKey(serial.createdAt, serial.id),
  GSI4PK: keys.serialNumberLookup(orgId, normaliseSerial(serial.serialNumber)),
  GSI4SK: sortKey(serial.createdAt, serial.id),
});

const serialItem = (orgId: string, serial: SerialNumber): Record<string, unknown> => ({
  ...keys.serialNumber(orgId, serial.id),
  entity: 'SerialNumber',
  orgId,
  ...serial,
  ...serialIndexes(orgId, serial),
});

export const serialGuardKey = (orgId: string, serial: Pick<SerialNumber, 'productId' | 'serialNumber'>) =>
  keys.serialNumberGuard(orgId, serial.productId, normaliseSerial(serial.serialNumber));

export const duplicateSerial = (serialNumber: string, product: string) =>
  conflict(`Serial number ${serialNumber} already exists for product ${product}`);

/**
 * A new serial and its uniqueness guard. The guard's failure is the 409 (`product` names the product in
 * the message); the record's own condition only fails on an id collision. With `pendingReceiptId` the
 * record is written hidden (no index attributes) until the receipt commits.
 */
export function serialCreateItems(
  orgId: string,
  serial: SerialNumber,
  options: { product: string; pendingReceiptId?: string },
): WriteItem[] {
  const item = serialItem(orgId, serial);
  const stored = options.pendingReceiptId
    ? {
        ...Object.fromEntries(Object.entries(item).filter(([k]) => !k.startsWith('GSI'))),
        pendingReceiptId: options.pendingReceiptId,
      }
    : item;
  return [
    {
      Put: { TableName: tableName(), Item: stored, ConditionExpression: 'attribute_not_exists(PK)' },
    },
    guard(
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...serialGuardKey(orgId, serial),
            entity: 'UniqueGuard',
            orgId,
            serialId: serial.id,
            productId: serial.productId,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      () => duplicateSerial(serial.serialNumber, options.product),
    ),
  ];
}

/** A pending record made visible: its index attributes set, the pending mark removed. Idempotent. */
export function serialRevealItem(orgId: string, serial: SerialNumber): TransactItem {
  const indexes = Object.entries(serialIndexes(orgId, serial));
  return {
    Update: {
      TableName: tableName(),
      Key: keys.serialNumber(orgId, serial.id),
      UpdateExpression: `SET ${indexes.map((_, i) => `#i${i} = :i${i}`).join(', ')} REMOVE pendingReceiptId`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(indexes.map(([name], i) => [`#i${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(indexes.map(([, value], i) => [`:i${i}`, value])),
    },
  };
}

/**
 * Undoing a pending serial of a receipt that did not commit: the record only while it is still pending
 * for that receipt, the guard only while it still names that record.
 */
export function serialDeleteItems(orgId: string, serial: SerialNumber, receiptId: string): TransactItem[] {
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.serialNumber(orgId, serial.id),
        ConditionExpression: 'pendingReceiptId = :rid',
        ExpressionAttributeValues: { ':rid': receiptId },
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: serialGuardKey(orgId, serial),
        ConditionExpression: 'serialId = :id',
        ExpressionAttributeValues: { ':id': serial.id },
      },
    },
  ];
}

/**
 * A status change (transitionSerial's result) replacing the record read at `next.version - 1`: a racing
 * change re-reads. A pending record cannot be changed.
 */
export function serialReplaceItem(orgId: string, next: SerialNumber): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: serialItem(orgId, next),
      ConditionExpression: 'version = :read AND attribute_not_exists(pendingReceiptId)',
      ExpressionAttributeValues: { ':read': next.version - 1 },
    },
  };
}

/** The serial, or null when it is not in the organisation or still pending its receipt. */
export async function getSerialNumber(orgId: string, id: string): Promise<SerialNumber | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.serialNumber(orgId, id), ConsistentRead: true }),
  );
  return Item && Item.pendingReceiptId === undefined ? serialFromItem(Item) : null;
}
