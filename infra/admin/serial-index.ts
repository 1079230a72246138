/**
 * Backfill of the serials' per-status indexes (GSI6 by product, GSI5 by organisation) and per-product
 * counts (session 41, functions/areas/inventory/store/serial-numbers.ts and serial-counts.ts). Serials
 * written before them have no GSI6 keys and were never counted per product, so until an organisation is
 * marked (`statusIndexed`) its picks may read on through the product's whole partition and its product
 * lists read and count the partition. Part of `projection backfill`:
 * 1. the serials without either index's keys (a Scan of the table, or with --org a Query of that
 *    organisation's serial collection), each given the keys its record would be written with today
 *    (conditioned on the status read: a serial changed since was rewritten with its keys);
 * 2. per organisation not yet marked, its products' counts recounted from its serials and written over the
 *    moves read before the count (a write racing the recount moves them: that organisation is counted
 *    again), then the organisation marked.
 * Safe to run again: a second run finds nothing to index and skips the marked organisations.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SERIAL_STATUSES, type SerialNumber, type SerialStatus } from '../../domain/inventory/serial.js';
import {
  markSerialsStatusIndexed,
  PRODUCT_SERIAL_COUNTS,
  productSerialCountsKey,
  serialCollection,
  serialStatusIndexKeys,
  serialsStatusIndexed,
} from '../../functions/areas/inventory/public.js';
import { organisationIdsPage } from '../../functions/areas/organisations/public.js';
import { collectionCountsKey } from '../../functions/platform/dynamo/bounded-range.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { RECOUNT_SETTLE_MS } from '../../functions/platform/dynamo/collection-recount.js';
import { queryAll } from '../../functions/platform/dynamo/query-window.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { runBackfills, type ItemBackfill } from '../../functions/platform/dynamo/backfill-pass.js';

/** Recounts of one organisation that a racing write may spoil before it is left for the next run. */
const RECOUNT_ATTEMPTS = 5;

export async function backfillSerialStatusIndex(
  options: { orgId?: string; settleMs?: number } = {},
): Promise<{ serialsIndexed: number; serialProductsCounted: number; serialOrganisationsLeft: number }> {
  const { part, result } = serialKeysPart(options.orgId);
  await runBackfills([part]);
  return { ...result, ...(await recountSerialOrganisations(options)) };
}

/** Step 2: each organisation not yet marked (`orgId`, or every one the registry lists) recounted and marked. */
export async function recountSerialOrganisations(
  options: { orgId?: string; settleMs?: number } = {},
): Promise<{ serialProductsCounted: number; serialOrganisationsLeft: number }> {
  let serialProductsCounted = 0;
  let serialOrganisationsLeft = 0;
  const settleMs = options.settleMs ?? RECOUNT_SETTLE_MS;
  for await (const orgId of organisations(options.orgId)) {
    if (await serialsStatusIndexed(orgId)) continue;
    let counted: number | null = null;
    for (let attempt = 0; attempt < RECOUNT_ATTEMPTS && counted === null; attempt += 1) {
      counted = await recountProducts(orgId, settleMs);
    }
    if (counted === null) {
      serialOrganisationsLeft += 1;
      continue;
    }
    serialProductsCounted += counted;
    await markSerialsStatusIndexed(orgId);
  }
  return { serialProductsCounted, serialOrganisationsLeft };
}

async function* organisations(orgId: string | undefined): AsyncGenerator<string> {
  if (orgId) {
    yield orgId;
    return;
  }
  let after: string | undefined;
  do {
    const page = await organisationIdsPage(after, 100);
    yield* page.ids;
    after = page.next;
  } while (after);
}

/** Step 1: the serials without either index's keys (the table's, or `orgId`'s collection). */
export function serialKeysPart(orgId: string | undefined) {
  const result = { serialsIndexed: 0 };
  const part: ItemBackfill = {
    filter: '#entity = :serial AND (attribute_not_exists(GSI6PK) OR attribute_not_exists(GSI5PK))',
    names: { '#entity': 'entity' },
    values: { ':serial': 'SerialNumber' },
    // One organisation's serials are its serial collection on GSI1 (the default list's).
    partition: orgId ? { index: 'GSI1', key: serialCollection(orgId) } : undefined,
    matches: (item) =>
      item.entity === 'SerialNumber' && (item.GSI6PK === undefined || item.GSI5PK === undefined),
    apply: async (item) => {
      const keys = serialStatusIndexKeys(
        item.orgId as string,
        item as Pick<SerialNumber, 'id' | 'productId' | 'status' | 'createdAt'>,
      );
      const names = Object.keys(keys);
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: `SET ${names.map((name, i) => `${name} = :k${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(PK) AND #status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ...Object.fromEntries(names.map((name, i) => [`:k${i}`, keys[name]])),
              ':status': item.status,
            },
          }),
        );
        result.serialsIndexed += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
  return { part, result };
}

/**
 * The organisation's product counts rewritten from a count of its serials: the products counted, or null
 * when a write moved a product's counts between their read and the rewrite (count again).
 */
async function recountProducts(orgId: string, settleMs: number): Promise<number | null> {
  const moves = await productMoves(orgId);
  // A move committed just before the read may not be on the index yet (GSI reads are eventually
  // consistent); with no count item, no move has been committed since the counts began.
  if (moves.size > 0 && settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  const counts = await countSerials(orgId);
  for (const productId of moves.keys()) if (!counts.has(productId)) counts.set(productId, new Map());
  for (const [productId, byStatus] of counts) {
    const read = moves.get(productId);
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...productSerialCountsKey(orgId, productId),
            entity: 'Counts',
            all: [...byStatus.values()].reduce((a, b) => a + b, 0),
            ...Object.fromEntries(SERIAL_STATUSES.map((s) => [s, byStatus.get(s) ?? 0])),
            moves: read ?? 0,
          },
          ...(read === undefined
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : { ConditionExpression: 'moves = :moves', ExpressionAttributeValues: { ':moves': read } }),
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }
  return counts.size;
}

/** The `moves` of each product's count item, read consistently before the count. */
async function productMoves(orgId: string): Promise<Map<string, number>> {
  const items = await queryAll<{ SK: string; moves?: number }>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :products)',
    ExpressionAttributeValues: {
      ':pk': collectionCountsKey(orgId, '').PK,
      ':products': PRODUCT_SERIAL_COUNTS,
    },
    ProjectionExpression: 'SK, moves',
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [item.SK.slice(PRODUCT_SERIAL_COUNTS.length), item.moves ?? 0]));
}

/** Each product's serials by status, from the organisation's serial collection (GSI1). */
async function countSerials(orgId: string): Promise<Map<string, Map<SerialStatus, number>>> {
  const counts = new Map<string, Map<SerialStatus, number>>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': serialCollection(orgId) },
        ProjectionExpression: 'productId, #status',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const byStatus = counts.get(item.productId as string) ?? new Map<SerialStatus, number>();
      byStatus.set(item.status as SerialStatus, (byStatus.get(item.status as SerialStatus) ?? 0) + 1);
      counts.set(item.productId as string, byStatus);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return counts;
}
