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
import { keys } from '../../../platform/dynamo/keys.js';
import { tableName, type IndexName } from '../../../platform/dynamo/table-definition.js';
import { afterInstant, type LedgerEntry } from './ledger.js';

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

/** The rows of one ledger entry, in the entry's movement order. */
export function movementItems(entry: LedgerEntry): Record<string, unknown>[] {
  return entry.movements.map((m, n) => {
    const sk = `${entry.at}#${entry.sourceType}#${entry.sourceId}#${String(n).padStart(4, '0')}`;
    const row: MovementRow = {
      at: entry.at,
      sourceType: entry.sourceType,
      sourceId: entry.sourceId,
      sourceNumber: entry.sourceNumber,
      productId: m.productId,
      warehouseId: m.warehouseId,
      binId: m.binId,
      batchId: m.batchId,
      quantity: m.quantity,
    };
    return {
      PK: collection(entry.orgId),
      SK: sk,
      entity: 'StockMovement',
      orgId: entry.orgId,
      ...row,
      GSI1PK: movementPartitions.product(entry.orgId, m.productId),
      GSI1SK: sk,
      GSI2PK: movementPartitions.warehouse(entry.orgId, m.warehouseId),
      GSI2SK: sk,
      GSI3PK: movementPartitions.productInWarehouse(entry.orgId, m.productId, m.warehouseId),
      GSI3SK: sk,
    };
  });
}

const rowFromItem = (item: Record<string, unknown>): MovementRow => ({
  at: item.at as string,
  sourceType: item.sourceType as string,
  sourceId: item.sourceId as string,
  sourceNumber: (item.sourceNumber as string | null | undefined) ?? null,
  productId: item.productId as string,
  warehouseId: item.warehouseId as string,
  binId: (item.binId as string | null | undefined) ?? null,
  batchId: (item.batchId as string | null | undefined) ?? null,
  quantity: item.quantity as number,
});

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
  return { rows: items.slice(0, limit).map(rowFromItem), truncated: items.length > limit };
}
