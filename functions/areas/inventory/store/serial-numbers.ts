/**
 * Serial-number records: one item per unit (`O#<org>#SERIAL#<id>` / `SERIAL`) with its history embedded, so
 * a status change and its history entry are one write. Uniqueness per product, case-insensitively, is a
 * guard item on the normalised serial (`O#<org>#SERIAL_NUMBER#<productId>#<normalised>`) written with
 * `attribute_not_exists`, so two racing receipts of the same serial cannot both succeed. Four index
 * projections serve the serial list:
 *   GSI1 createdAt under O#<org>#SERIAL (newest first)   GSI2 updatedAt under O#<org>#SERIAL (sync)
 *   GSI3 createdAt under ...#SERIAL#PRODUCT#<productId>  GSI4 createdAt under ...#SERIAL_NO#<normalised>
 * A goods receipt too large for one transaction claims its serials' guards one by one before it commits
 * (claimSerialNumber, released again if the receipt fails) and writes the records once it has committed
 * (putSerialIfAbsent), so no reader ever meets a serial of a receipt that did not happen
 * (docs/architecture.md, "Goods receipts beyond 100 items").
 */
import { conflict } from '../../../../domain/errors.js';
import { normaliseSerial, type SerialNumber } from '../../../../domain/inventory/serial.js';
import {
  ConditionalCheckFailedException,
  DeleteCommand,
  GetCommand,
  PutCommand,
} from '../../../platform/dynamo/commands.js';
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

/** The list projections (see the module comment). */
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

const recordPut = (orgId: string, serial: SerialNumber) => ({
  TableName: tableName(),
  Item: serialItem(orgId, serial),
  ConditionExpression: 'attribute_not_exists(PK)',
});

const guardPut = (orgId: string, serial: SerialNumber) => ({
  TableName: tableName(),
  Item: {
    ...serialGuardKey(orgId, serial),
    entity: 'UniqueGuard',
    orgId,
    serialId: serial.id,
    productId: serial.productId,
  },
  ConditionExpression: 'attribute_not_exists(PK)',
});

/**
 * A new serial and its uniqueness guard, for a transaction. The guard's failure is the 409 (`product`
 * names the product in the message); the record's own condition only fails on an id collision.
 */
export function serialCreateItems(orgId: string, serial: SerialNumber, product: string): WriteItem[] {
  return [
    { Put: recordPut(orgId, serial) },
    guard({ Put: guardPut(orgId, serial) }, () => duplicateSerial(serial.serialNumber, product)),
  ];
}

/** Claims the serial number for `serial` alone (its guard); 409 when the product has it already. */
export async function claimSerialNumber(orgId: string, serial: SerialNumber, product: string): Promise<void> {
  try {
    await db().send(new PutCommand(guardPut(orgId, serial)));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw duplicateSerial(serial.serialNumber, product);
    throw error;
  }
}

/** Gives a claimed serial number back (only while the guard still names `serial`). */
export async function releaseSerialNumber(orgId: string, serial: SerialNumber): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: serialGuardKey(orgId, serial),
        ConditionExpression: 'serialId = :id',
        ExpressionAttributeValues: { ':id': serial.id },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Writes the record of a claimed serial unless it is there already (a receipt finished twice). */
export async function putSerialIfAbsent(orgId: string, serial: SerialNumber): Promise<void> {
  try {
    await db().send(new PutCommand(recordPut(orgId, serial)));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** A status change (transitionSerial's result) replacing the record read at `next.version - 1`. */
export function serialReplaceItem(orgId: string, next: SerialNumber): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: serialItem(orgId, next),
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': next.version - 1 },
    },
  };
}

/** The serial, or null when it is not in the organisation. */
export async function getSerialNumber(orgId: string, id: string): Promise<SerialNumber | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.serialNumber(orgId, id), ConsistentRead: true }),
  );
  return Item ? serialFromItem(Item) : null;
}
