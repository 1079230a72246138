/**
 * A product's serial counts (session 41): one item beside the organisation's counts
 * (`O#<org>#COUNTS` / `SERIAL#PRODUCT#<productId>`) holding `all` (units created) and one count per status,
 * moved in the transaction that creates or changes the serials (one Update per product: DynamoDB takes one
 * operation per item in a transaction) and `moves`, which every such write ADDs to, so the backfill's
 * recount is written only over the moves it read (infra/admin/serial-index.ts). They are the totals of
 * `GET /serial-numbers?productId=` (with or without `status`), whose page is then read alone: the list no
 * longer reads the product's partition whole. They are trusted once the organisation is marked
 * (serialsStatusIndexed: from its creation, or once `projection backfill` has recounted it).
 */
import {
  SERIAL_STATUSES,
  serialCountDeltas,
  type SerialNumber,
  type SerialStatus,
} from '../../../../domain/inventory/serial.js';
import { collectionCountsKey } from '../../../platform/dynamo/bounded-range.js';
import { db } from '../../../platform/dynamo/client.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import type { Key } from '../../../platform/dynamo/keys.js';
import { ListTooBroad, listScanBudget } from '../../../platform/dynamo/list-budget.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

/** The sort key prefix of the products' count items under the organisation's counts. */
export const PRODUCT_SERIAL_COUNTS = 'SERIAL#PRODUCT#';

export const productSerialCountsKey = (orgId: string, productId: string): Key =>
  collectionCountsKey(orgId, `${PRODUCT_SERIAL_COUNTS}${productId}`);

/** The count moves of the serials one write puts (created, or moved by transitionSerial): one per product. */
export function serialCountMoves(orgId: string, written: readonly SerialNumber[]): TransactItem[] {
  return [...serialCountDeltas(written)].map(([productId, delta]) => {
    const statuses = SERIAL_STATUSES.filter((s) => delta[s] !== undefined);
    return {
      Update: {
        TableName: tableName(),
        Key: productSerialCountsKey(orgId, productId),
        UpdateExpression: `SET entity = :entity ADD #all :all, moves :one${statuses
          .map((_, i) => `, #s${i} :s${i}`)
          .join('')}`,
        ExpressionAttributeNames: {
          '#all': 'all',
          ...Object.fromEntries(statuses.map((s, i) => [`#s${i}`, s])),
        },
        ExpressionAttributeValues: {
          ':entity': 'Counts',
          ':all': delta.all,
          ':one': 1,
          ...Object.fromEntries(statuses.map((s, i) => [`:s${i}`, delta[s]])),
        },
      },
    };
  });
}

/** The product's count of serials (in `status`, or all of them); 0 when it never had one. */
export async function productSerialCount(
  orgId: string,
  productId: string,
  status: SerialStatus | undefined,
): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: productSerialCountsKey(orgId, productId) }),
  );
  return (Item?.[status ?? 'all'] as number | undefined) ?? 0;
}

/**
 * The organisation's count of serials in `status`: the sum of its products' counts, one small item per
 * serial-tracked product, read within the list budget (undefined past it: the caller counts the status's
 * own entries instead). No organisation-wide count per status: every serial write of the organisation
 * would then update that one item.
 */
export async function statusSerialCount(orgId: string, status: SerialStatus): Promise<number | undefined> {
  try {
    const products = await queryAll<Record<string, unknown>>(
      {
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :products)',
        ExpressionAttributeNames: { '#status': status },
        ExpressionAttributeValues: {
          ':pk': collectionCountsKey(orgId, '').PK,
          ':products': PRODUCT_SERIAL_COUNTS,
        },
        ProjectionExpression: '#status',
      },
      { maxScanned: listScanBudget() },
    );
    return products.reduce((sum, counts) => sum + ((counts[status] as number | undefined) ?? 0), 0);
  } catch (error) {
    if (error instanceof ListTooBroad) return undefined;
    throw error;
  }
}
