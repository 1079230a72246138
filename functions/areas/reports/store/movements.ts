/**
 * Movement rows: the ledger projected one row per movement (reports/ledger-projection.ts), so the
 * stock-movement report reads a date range of exactly the rows it shows. PK O#<org>#MOVEMENT, SK
 * `<at>#<sourceType>#<sourceId>#<nnnn>` (nnnn: the movement's position in its ledger entry, so projecting
 * an entry again overwrites the same rows). The same sort key under a product (GSI1), a warehouse (GSI2)
 * and a product in a warehouse (GSI3) gives each filter of the report its own date-ordered range.
 */
import type { Movement } from '../../../../domain/inventory/movement.js';
import { QueryCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { keys } from '../../../platform/dynamo/keys.js';
import { tableName, type IndexName } from '../../../platform/dynamo/table-definition.js';
import type { LedgerEntry } from '../../inventory/public.js';
import { afterInstant } from './ledger.js';

const collection = (orgId: string) => `${keys.organisation(orgId).PK}#MOVEMENT`;
export const movementPartitions = {
  all: collection,
  product: (orgId: string, productId: string) => `${collection(orgId)}#P#${productId}`,
  warehouse: (orgId: string, warehouseId: string) => `${collection(orgId)}#W#${warehouseId}`,
  productInWarehouse: (orgId: string, productId: string, warehouseId: string) =>
    `${collection(orgId)}#PW#${productId}#${warehouseId}`,
};

export interface MovementRow extends Movement {
  at: string;
  sourceType: string;
  sourceId: string;
  sourceNumber: string | null;
}

/**
 * A row as the projection writes it: `position` (its movement's place in the ledger entry) ends its sort
 * key, so projecting an entry again overwrites the same rows. It is not an attribute: rows read back have
 * none.
 */
interface PlacedMovementRow extends MovementRow {
  position?: number;
}

function rowSortKey(row: PlacedMovementRow): string {
  if (row.position === undefined) throw new Error('A movement row is written with its position');
  return `${row.at}#${row.sourceType}#${row.sourceId}#${String(row.position).padStart(4, '0')}`;
}

export const movementRows = entity<PlacedMovementRow, MovementRow>({
  name: 'StockMovement',
  fields: allFields<MovementRow>()([
    'at',
    'sourceType',
    'sourceId',
    'sourceNumber',
    'productId',
    'warehouseId',
    'binId',
    'batchId',
    'quantity',
  ]),
  stored: { flatten: ({ position: _position, ...row }) => row, unflatten: (row) => row },
  key: (orgId, row) => ({ PK: collection(orgId), SK: rowSortKey(row) }),
  indexes: (orgId, row) => {
    const sk = rowSortKey(row);
    return {
      GSI1PK: movementPartitions.product(orgId, row.productId),
      GSI1SK: sk,
      GSI2PK: movementPartitions.warehouse(orgId, row.warehouseId),
      GSI2SK: sk,
      GSI3PK: movementPartitions.productInWarehouse(orgId, row.productId, row.warehouseId),
      GSI3SK: sk,
    };
  },
});

/** The rows of one ledger entry, in the entry's movement order. */
export const movementItems = (entry: LedgerEntry): Record<string, unknown>[] =>
  entry.movements.map((m, position) =>
    movementRows.toItem(entry.orgId, {
      at: entry.at,
      sourceType: entry.sourceType,
      sourceId: entry.sourceId,
      sourceNumber: entry.sourceNumber,
      productId: m.productId,
      warehouseId: m.warehouseId,
      binId: m.binId,
      batchId: m.batchId,
      quantity: m.quantity,
      position,
    }),
  );

/**
 * The newest `limit` rows between two instants (both inclusive), newest first, from the narrowest key the
 * filters allow; `truncated` says more rows were in the range. Reads at most limit + 1 rows.
 */
export async function readMovements(
  orgId: string,
  window: { from: string; to: string },
  filter: { productId?: string; warehouseId?: string },
  limit: number,
): Promise<{ rows: MovementRow[]; truncated: boolean }> {
  const { productId, warehouseId } = filter;
  const [index, partition]: [IndexName | null, string] =
    productId && warehouseId
      ? ['GSI3', movementPartitions.productInWarehouse(orgId, productId, warehouseId)]
      : productId
        ? ['GSI1', movementPartitions.product(orgId, productId)]
        : warehouseId
          ? ['GSI2', movementPartitions.warehouse(orgId, warehouseId)]
          : [null, collection(orgId)];
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...(index ? { IndexName: index } : {}),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': index ? `${index}PK` : 'PK', '#sk': index ? `${index}SK` : 'SK' },
        ExpressionAttributeValues: { ':pk': partition, ':from': window.from, ':to': afterInstant(window.to) },
        ScanIndexForward: false,
        Limit: limit + 1 - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length <= limit);
  return { rows: items.slice(0, limit).map(movementRows.fromItem), truncated: items.length > limit };
}
