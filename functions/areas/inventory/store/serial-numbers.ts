/**
 * Serial-number records: one item per unit (`O#<org>#SERIAL#<id>` / `SERIAL`) with its history embedded, so
 * a status change and its history entry are one write. Uniqueness per product, case-insensitively, is a
 * guard item on the normalised serial (`O#<org>#SERIAL_NUMBER#<productId>#<normalised>`) written with
 * `attribute_not_exists`, so two racing receipts of the same serial cannot both succeed. Five index
 * projections serve the serial list and picking:
 *   GSI1 createdAt under O#<org>#SERIAL (newest first)   GSI2 updatedAt under O#<org>#SERIAL (sync)
 *   GSI3 createdAt under ...#SERIAL#PRODUCT#<productId>  GSI4 createdAt under ...#SERIAL_NO#<normalised>
 *   GSI6 createdAt under ...#SERIAL#PRODUCT#<productId>#<status>: a product's units in one status, so a
 *        pick reads the AVAILABLE ones, not every unit the product ever sold (session 41)
 *   GSI5 createdAt under ...#SERIAL#STATUS#<status>, keys only (serials have no slim row, and GSI5
 *        projects nothing else): the organisation's units in one status, their records read by key
 * A goods receipt too large for one transaction claims its serials' guards one by one before it commits
 * (claimSerialNumber, released again if the receipt fails) and writes the records once it has committed
 * (putSerialIfAbsent), so no reader ever meets a serial of a receipt that did not happen
 * (docs/architecture.md, "Goods receipts beyond 100 items").
 */
import { conflict } from '../../../../domain/errors.js';
import {
  normaliseSerial,
  type SerialNumber,
  type SerialStatus,
} from '../../../../domain/inventory/serial.js';
import { batchGet, keyId } from '../../../platform/dynamo/batch-get.js';
import {
  ConditionalCheckFailedException,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { sortKey, tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import {
  boundedRangePage,
  collectionCountsKey,
  SERIAL_COUNTS,
} from '../../../platform/dynamo/bounded-range.js';
import { ListTooBroad, listScanBudget, tooBroad } from '../../../platform/dynamo/list-budget.js';
import { indexKeyOf, queryWindow, type QueryInput } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { productSerialCount, serialCountMoves, statusSerialCount } from './serial-counts.js';
import { guard, transact, type TransactItem, type WriteItem } from '../../../platform/dynamo/transact.js';

export const serialKey = (orgId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#SERIAL#${id}`,
  SK: 'SERIAL',
});
/** The organisation's serials (GSI1 and GSI2 partition). */
export const serialCollection = (orgId: string) => `${tenantPrefix(orgId)}#SERIAL`;
/** The organisation's serial count (`all`), moved with every serial record written. */
const serialCountsKey = (orgId: string): Key => collectionCountsKey(orgId, SERIAL_COUNTS);
export const serialProductCollection = (orgId: string, productId: string) =>
  `${tenantPrefix(orgId)}#SERIAL#PRODUCT#${productId}`;
/** A product's serials in one status: GSI6 partition, moved by every status change (the put's keys). */
export const serialProductStatusCollection = (orgId: string, productId: string, status: SerialStatus) =>
  `${serialProductCollection(orgId, productId)}#${status}`;
/** The organisation's serials in one status: GSI5 partition (keys only), moved by every status change. */
export const serialStatusCollection = (orgId: string, status: SerialStatus) =>
  `${tenantPrefix(orgId)}#SERIAL#STATUS#${status}`;
/** Exact (case-insensitive) serial search across products: GSI4 partition of one normalised serial. */
const serialNumberLookup = (orgId: string, normalised: string) =>
  `${tenantPrefix(orgId)}#SERIAL_NO#${normalised}`;

/** The list projections (see the module comment). */
export const serialIndexes = (orgId: string, serial: SerialNumber): Record<string, string> => ({
  GSI1PK: serialCollection(orgId),
  GSI1SK: sortKey(serial.createdAt, serial.id),
  GSI2PK: serialCollection(orgId),
  GSI2SK: sortKey(serial.updatedAt, serial.id),
  GSI3PK: serialProductCollection(orgId, serial.productId),
  GSI3SK: sortKey(serial.createdAt, serial.id),
  GSI4PK: serialNumberLookup(orgId, normaliseSerial(serial.serialNumber)),
  GSI4SK: sortKey(serial.createdAt, serial.id),
  ...serialStatusIndexKeys(orgId, serial),
});

/**
 * The per-status index keys, GSI6 by product and GSI5 by organisation (session 41): moved by every status
 * change, and given to older serials by `projection backfill`.
 */
export const serialStatusIndexKeys = (
  orgId: string,
  serial: Pick<SerialNumber, 'id' | 'productId' | 'status' | 'createdAt'>,
): Record<string, string> => ({
  GSI6PK: serialProductStatusCollection(orgId, serial.productId, serial.status),
  GSI6SK: sortKey(serial.createdAt, serial.id),
  GSI5PK: serialStatusCollection(orgId, serial.status),
  GSI5SK: sortKey(serial.createdAt, serial.id),
});

/** A unit's record, with its list projections; its history is embedded (see the module comment). */
export const serialNumbers = entity<SerialNumber>({
  name: 'SerialNumber',
  fields: allFields<SerialNumber>()([
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
  ]),
  key: (orgId, serial) => serialKey(orgId, serial.id),
  indexes: serialIndexes,
});

export const serialGuardKey = (orgId: string, serial: Pick<SerialNumber, 'productId' | 'serialNumber'>) => ({
  // Serial numbers are unique per product, case-insensitively (the normalised serial).
  PK: `${tenantPrefix(orgId)}#SERIAL_NUMBER#${serial.productId}#${normaliseSerial(serial.serialNumber)}`,
  SK: 'GUARD',
});

export const duplicateSerial = (serialNumber: string, product: string) =>
  conflict(`Serial number ${serialNumber} already exists for product ${product}`);

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
    serialNumbers.createItem(orgId, serial),
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

/** The organisation's serial count moved by `n` (one item per transaction, however many serials it writes). */
export const serialCountAdd = (orgId: string, n: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: serialCountsKey(orgId),
    UpdateExpression: 'SET entity = :entity ADD #all :n',
    ExpressionAttributeNames: { '#all': 'all' },
    ExpressionAttributeValues: { ':entity': 'Counts', ':n': n },
  },
});

class AlreadyWritten extends Error {}

/**
 * Writes the record of a claimed serial unless it is there already (a receipt finished twice), with the
 * organisation's and its product's counts in the same transaction, so a record is counted exactly once.
 */
export async function putSerialIfAbsent(orgId: string, serial: SerialNumber): Promise<void> {
  try {
    await transact([
      guard(serialNumbers.createItem(orgId, serial), () => new AlreadyWritten()),
      serialCountAdd(orgId, 1),
      ...serialCountMoves(orgId, [serial]),
    ]);
  } catch (error) {
    if (!(error instanceof AlreadyWritten)) throw error;
  }
}

/** A status change (transitionSerial's result) replacing the record read at `next.version - 1`. */
export const serialReplaceItem = (orgId: string, next: SerialNumber): TransactItem =>
  serialNumbers.putAtVersionItem(orgId, next, next.version - 1);

/** The serial, or null when it is not in the organisation. */
export const getSerialNumber = (orgId: string, id: string): Promise<SerialNumber | null> =>
  serialNumbers.getByKey(serialKey(orgId, id));

/** The serials of `ids` found in the organisation (consistent reads), by id. */
export async function getSerialsByIds(
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, SerialNumber>> {
  const found = await serialNumbers.batchGetByKeys(ids.map((id) => serialKey(orgId, id)));
  const serials = new Map<string, SerialNumber>();
  for (const id of ids) {
    const serial = found.get(keyId(serialKey(orgId, id)));
    if (serial) serials.set(id, serial);
  }
  return serials;
}

/**
 * The serials of a product named by their numbers (case-insensitive), through their uniqueness guards:
 * two consistent batch reads, by normalised serial. Numbers the product does not have are absent.
 */
export async function findProductSerials(
  orgId: string,
  productId: string,
  serialNumbers: readonly string[],
): Promise<Map<string, SerialNumber>> {
  const guards = await batchGet(
    serialNumbers.map((serialNumber) => serialGuardKey(orgId, { productId, serialNumber })),
  );
  const ids = [...guards.values()].map((g) => g.serialId as string);
  const serials = await getSerialsByIds(orgId, ids);
  return new Map([...serials.values()].map((s) => [normaliseSerial(s.serialNumber), s]));
}

/**
 * AVAILABLE serials of a product in a warehouse, oldest received first, read until `enough` says the found
 * ones suffice: the product's AVAILABLE partition (GSI6) in createdAt order, the warehouse as a filter, so
 * the read grows with the units in stock, not with the product's history. Serials received before GSI6
 * have no key on it until `projection backfill` has run (the organisation's marker, serialsStatusIndexed):
 * until then a read that finds too few goes on through the product's whole partition (GSI3) as before.
 * The index may lag a write by a moment: the allocation's write is conditioned on each serial's version.
 */
export async function availableSerials(
  orgId: string,
  productId: string,
  warehouseId: string,
  enough: (found: SerialNumber[]) => boolean,
): Promise<SerialNumber[]> {
  const read = (input: Omit<QueryInput, 'TableName'>) => serialsUntil(input, enough);
  const found = await read({
    IndexName: 'GSI6',
    KeyConditionExpression: 'GSI6PK = :pk',
    FilterExpression: 'warehouseId = :warehouseId',
    ExpressionAttributeValues: {
      ':pk': serialProductStatusCollection(orgId, productId, 'AVAILABLE'),
      ':warehouseId': warehouseId,
    },
  });
  if (enough(found) || (await serialsStatusIndexed(orgId))) return found;
  return read({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    FilterExpression: '#status = :available AND warehouseId = :warehouseId',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': serialProductCollection(orgId, productId),
      ':available': 'AVAILABLE',
      ':warehouseId': warehouseId,
    },
  });
}

async function serialsUntil(
  input: Omit<QueryInput, 'TableName'>,
  enough: (found: SerialNumber[]) => boolean,
): Promise<SerialNumber[]> {
  const found: SerialNumber[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: startKey }),
    );
    found.push(...(page.Items ?? []).map(serialNumbers.fromItem));
    startKey = page.LastEvaluatedKey;
  } while (startKey && !enough(found));
  return found;
}

/** Organisations known to have every serial on GSI6 (the marker never goes back): no read once seen. */
const statusIndexed = new Set<string>();

/**
 * Whether every serial of the organisation has its GSI6 keys: marked on its serial count item at the
 * organisation's creation (countsFromCreation) or by `projection backfill` once it has given the
 * older serials their keys (markSerialsStatusIndexed).
 */
export async function serialsStatusIndexed(orgId: string): Promise<boolean> {
  if (statusIndexed.has(orgId)) return true;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: serialCountsKey(orgId) }));
  if (Item?.statusIndexed !== true) return false;
  statusIndexed.add(orgId);
  return true;
}

/** Marks the organisation's serials all on GSI6 (the backfill's last step for it). */
export async function markSerialsStatusIndexed(orgId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: serialCountsKey(orgId),
      UpdateExpression: 'SET entity = :entity, statusIndexed = :yes',
      ExpressionAttributeValues: { ':entity': 'Counts', ':yes': true },
    }),
  );
}

export interface SerialFilter {
  productId?: string;
  status?: SerialStatus;
  serial?: string;
  modifiedSince?: string;
}

export async function serialCount(orgId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: serialCountsKey(orgId) }));
  return (Item?.all as number | undefined) ?? 0;
}

/**
 * A page of serials, newest first, through the narrowest index: the exact serial's GSI4 partition; one
 * product's GSI3 partition (GSI6 with a status, once the organisation is marked: serialsStatusIndexed); the
 * updatedAt range of GSI2 (modifiedSince in the key condition; still shown newest created first), else
 * GSI1; `status` alone its GSI5 entries (statusPage, once the organisation is marked). Unfiltered, the
 * organisation's list and a product's (in a status) read the page alone, the totals
 * from their counts; a filter reads and counts its range, within the list budget, past which the 400
 * names it (status over the organisation, modifiedSince, or a page no cursor reaches) and what narrows it.
 * A product's list with modifiedSince reads whichever of its partition or the changed range its count
 * says fits. Only an unmarked organisation's product lists keep reading the product's partition whole.
 */
export async function listSerials(
  orgId: string,
  filter: SerialFilter,
  window: { offset: number; limit: number },
): Promise<{ items: SerialNumber[]; total: number }> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions: string[] = [];
  const where = (condition: string, name: string, value: unknown) => {
    values[`:${name}`] = value;
    conditions.push(condition);
  };
  const { productId, status } = filter;
  const statusAlone =
    status !== undefined && !productId && filter.serial === undefined && !filter.modifiedSince;
  const marked =
    filter.serial === undefined &&
    (productId !== undefined || statusAlone) &&
    (await serialsStatusIndexed(orgId));
  if (statusAlone && marked) return statusPage(orgId, status, window);
  let index: 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4' | 'GSI6' = 'GSI1';
  let partition = serialCollection(orgId);
  if (filter.serial !== undefined) {
    index = 'GSI4';
    partition = serialNumberLookup(orgId, normaliseSerial(filter.serial));
  } else if (
    productId &&
    (!marked || !filter.modifiedSince || (await productFits(orgId, productId, status)))
  ) {
    index = status && marked ? 'GSI6' : 'GSI3';
    partition =
      index === 'GSI6'
        ? serialProductStatusCollection(orgId, productId, status!)
        : serialProductCollection(orgId, productId);
  } else if (filter.modifiedSince) {
    index = 'GSI2';
  }
  let keyCondition = '#pk = :pk';
  names['#pk'] = `${index}PK`;
  values[':pk'] = partition;
  if (index === 'GSI2') {
    names['#sk'] = 'GSI2SK';
    values[':since'] = filter.modifiedSince;
    keyCondition += ' AND #sk >= :since';
  } else if (filter.modifiedSince) {
    where('updatedAt >= :since', 'since', filter.modifiedSince);
  }
  if (productId && index !== 'GSI3' && index !== 'GSI6')
    where('productId = :productId', 'productId', productId);
  if (status && index !== 'GSI6') {
    names['#status'] = 'status';
    where('#status = :status', 'status', status);
  }
  const input: QueryInput = {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: keyCondition,
    FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
  const budget = { maxScanned: listScanBudget() };
  const refuseSince = refusedAs(
    'modifiedSince',
    productId ? 'a later modifiedSince or status' : 'a later modifiedSince, productId or serial',
  );
  if (index === 'GSI2') {
    // The changed serials, shown newest created first like every other list: the range is sorted whole.
    let items: Record<string, unknown>[];
    try {
      ({ items } = await queryWindow(input, 0, Number.MAX_SAFE_INTEGER, budget));
    } catch (error) {
      // A first sync from an instant before every serial's last change filters nothing out: the list
      // without modifiedSince, which pages within the budget, is the same list.
      if (error instanceof ListTooBroad && (await changedSinceAll(orgId, filter.modifiedSince!))) {
        return listSerials(orgId, { ...filter, modifiedSince: undefined }, window);
      }
      return refuseSince(error);
    }
    const all = items.map(serialNumbers.fromItem).sort(newestFirst);
    return { items: all.slice(window.offset, window.offset + window.limit), total: all.length };
  }
  if (index === 'GSI1') {
    // The organisation's serials: the page alone with the maintained count, or the status filter over all
    // of them, within the list budget (bounded-range.ts); past it the 400 naming status (or the jumped-to
    // page), which productId or serial narrow to their own partitions.
    const { items, total } = await boundedRangePage({
      input,
      window,
      count: conditions.length === 0 ? () => serialCount(orgId) : undefined,
      cursorId: `${orgId}|serials|GSI1`,
      keyOf: indexKeyOf('GSI1'),
      refuse: (limit) => serialsTooBroad(status ? 'status' : 'page', limit, 'productId or serial'),
    });
    return { items: items.map(serialNumbers.fromItem), total };
  }
  if (marked && productId) {
    if (conditions.length > 0) {
      // modifiedSince over a partition its count said fits the budget (productFits).
      const { items, total } = await queryWindow(input, window.offset, window.limit, budget).catch(
        refuseSince,
      );
      return { items: items.map(serialNumbers.fromItem), total };
    }
    // One product's serials (in one status): the page alone, its total from the product's counts; a page
    // no cursor reaches is read within the list budget, past it the 400 naming page.
    const { items, total } = await boundedRangePage({
      input,
      window,
      count: () => productSerialCount(orgId, productId, status),
      cursorId: `${partition}|serials|${index}`,
      keyOf: indexKeyOf(index),
      refuse: (limit) => serialsTooBroad('page', limit, status ? 'serial' : 'status or serial'),
    });
    return { items: items.map(serialNumbers.fromItem), total };
  }
  // One exact serial's partition, or one product's before the organisation is marked: they grow with the
  // product's serials, not with the organisation.
  const { items, total } = await queryWindow(input, window.offset, window.limit);
  return { items: items.map(serialNumbers.fromItem), total };
}

/**
 * The organisation's serials in one status, newest first: its GSI5 partition (keys only), then the page's
 * records by key. The total is the sum of the products' counts in that status (statusSerialCount), so the
 * page is read alone and sequential pages follow their cursor; with more serial-tracked products than the
 * budget, the status's entries are read and counted within it instead, past which the 400 names status. A
 * record whose status moved on since its index entry was read is left out.
 */
async function statusPage(
  orgId: string,
  status: SerialStatus,
  window: { offset: number; limit: number },
): Promise<{ items: SerialNumber[]; total: number }> {
  // Counted first rather than beside the page: which parameter a refusal names depends on it.
  const counted = await statusSerialCount(orgId, status);
  const { items: keys, total } = await boundedRangePage({
    input: {
      TableName: tableName(),
      IndexName: 'GSI5',
      KeyConditionExpression: 'GSI5PK = :pk',
      ExpressionAttributeValues: { ':pk': serialStatusCollection(orgId, status) },
      ScanIndexForward: false,
    },
    window,
    count: counted === undefined ? undefined : async () => counted,
    cursorId: `${orgId}|serials|GSI5|${status}`,
    keyOf: indexKeyOf('GSI5'),
    refuse: (limit) =>
      serialsTooBroad(counted === undefined ? 'status' : 'page', limit, 'productId or serial'),
  });
  const keyOf = (k: Record<string, unknown>): Key => ({ PK: k.PK as string, SK: k.SK as string });
  const found = await serialNumbers.batchGetByKeys(keys.map(keyOf));
  const items = keys.flatMap((k) => found.get(keyId(keyOf(k))) ?? []);
  return { items: items.filter((serial) => serial.status === status), total };
}

/** The 400 of a serial list that would read past the list budget: `parameter` and what narrows it. */
const serialsTooBroad = (parameter: string, budget: number, narrowWith: string) =>
  tooBroad(parameter, budget, narrowWith, 'serial numbers are read from their index');

/** A budgeted read's catch: past the budget, the 400 naming `parameter`; any other error as it is. */
const refusedAs =
  (parameter: string, narrowWith: string) =>
  (error: unknown): never => {
    if (!(error instanceof ListTooBroad)) throw error;
    throw serialsTooBroad(parameter, error.budget, narrowWith);
  };

/**
 * Whether every serial of the organisation changed at or after `since`: the oldest change on its changed
 * range (GSI2, by updatedAt) is one Limit-1 read. A serial changed while it is read only moves later.
 */
async function changedSinceAll(orgId: string, since: string): Promise<boolean> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': serialCollection(orgId) },
      ProjectionExpression: 'GSI2SK',
      Limit: 1,
    }),
  );
  const oldest = Items[0]?.GSI2SK as string | undefined;
  return oldest === undefined || oldest >= since;
}

/** Whether a product's serials (in `status`) are few enough to filter by modifiedSince within the budget. */
async function productFits(orgId: string, productId: string, status: SerialStatus | undefined) {
  return (await productSerialCount(orgId, productId, status)) <= listScanBudget();
}

const newestFirst = (a: SerialNumber, b: SerialNumber) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * The serial numbers a goods receipt created for one product, in the order the product's GSI3 partition
 * holds them (createdAt, id), each with the receipt line, lot and bin it was received on. A receipt's
 * serials are created at its instant, so the read is the key range of that instant (another receipt of
 * the product at the very same instant is filtered out by receiptId): nothing older or newer is read.
 */
export async function serialsOfReceipt(
  orgId: string,
  receipt: { id: string; createdAt: string },
  productId: string,
): Promise<Pick<SerialNumber, 'poLineId' | 'batchId' | 'binId' | 'serialNumber'>[]> {
  const found: Pick<SerialNumber, 'poLineId' | 'batchId' | 'binId' | 'serialNumber'>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :at)',
        FilterExpression: 'receiptId = :receipt',
        ExpressionAttributeValues: {
          ':pk': serialProductCollection(orgId, productId),
          ':at': sortKey(receipt.createdAt, ''),
          ':receipt': receipt.id,
        },
        ProjectionExpression: 'poLineId, batchId, binId, serialNumber',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      found.push({
        poLineId: (item.poLineId as string | undefined) ?? null,
        batchId: (item.batchId as string | undefined) ?? null,
        binId: (item.binId as string | undefined) ?? null,
        serialNumber: item.serialNumber as string,
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}
