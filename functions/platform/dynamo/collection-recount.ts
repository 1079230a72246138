/**
 * The recount that makes an organisation's count items (bounded-range.ts) complete when the organisation
 * was created before them: its `all` missed the records written before, so the lists never trusted it.
 * The recount counts the collection's index partition (`O#<org>#<kind>` on GSI1, the range the list reads)
 * by key and writes `all` and `complete` conditioned on `all` being what it read first: a create in
 * between ADDs to `all` (creates ADD whether or not the item is complete), the write fails and the count
 * starts over (this run's next organisation pass, or the next run). So no create is counted twice, and
 * none is missed unless its index entry lags its commit by more than RECOUNT_SETTLE_MS (GSI reads are
 * eventually consistent; the count item is then complete and not recounted).
 *
 * Bounded: at most `limit` rows are read per call; progress ({ base, counted, after }) is kept on the count
 * item under the same condition, so a long collection completes over runs. A create between two runs moves
 * `all` off `base` and the count starts over: the CLI command (`org recount --org`), uncapped, closes an
 * organisation that keeps creating faster than the job's runs.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { COUNTED_COLLECTIONS, collectionCountsKey } from './bounded-range.js';
import { db } from './client.js';
import { GetCommand, QueryCommand, UpdateCommand } from './commands.js';
import { tenantPrefix } from './keys.js';
import { tableName } from './table-definition.js';

/**
 * How long a fresh read of the count item waits before counting: a create committed just before it is
 * in `all` but may not be on the index yet (GSI reads are eventually consistent, usually well under this).
 */
export const RECOUNT_SETTLE_MS = 1000;

const PAGE = 1000;

interface RecountProgress {
  /** `all` when the count started: the progress holds only while `all` has not moved. */
  base: number;
  counted: number;
  after?: Record<string, unknown>;
}

const collectionPartition = (orgId: string, kind: string) => `${tenantPrefix(orgId)}#${kind}`;

const isProgress = (value: unknown): value is RecountProgress =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { base?: unknown }).base === 'number' &&
  typeof (value as { counted?: unknown }).counted === 'number';

/** One kind's recount, at most `limit` rows: `read` rows counted, `complete` once the item is trusted. */
export async function recountCollection(
  orgId: string,
  kind: string,
  limit: number,
  options: { settleMs?: number } = {},
): Promise<{ read: number; complete: boolean }> {
  const Key = collectionCountsKey(orgId, kind);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  if (Item?.complete === true) return { read: 0, complete: true };
  if (limit <= 0) return { read: 0, complete: false };
  const base = typeof Item?.all === 'number' ? Item.all : undefined;
  const saved = isProgress(Item?.recount) && Item.recount.base === (base ?? 0) ? Item.recount : undefined;
  const settle = options.settleMs ?? RECOUNT_SETTLE_MS;
  if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));

  let counted = saved?.counted ?? 0;
  let after = saved?.after;
  let read = 0;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': collectionPartition(orgId, kind) },
        Select: 'COUNT',
        Limit: Math.min(PAGE, limit - read),
        ExclusiveStartKey: after,
      }),
    );
    counted += page.Count ?? 0;
    read += page.ScannedCount ?? 0;
    after = page.LastEvaluatedKey;
  } while (after && read < limit);

  const progress: RecountProgress = { base: base ?? 0, counted, after };
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        // `all` as read first (absent: no create since), and not completed by another run meanwhile.
        ConditionExpression: `${base === undefined ? 'attribute_not_exists(#all)' : '#all = :base'} AND attribute_not_exists(complete)`,
        UpdateExpression: after
          ? 'SET entity = :entity, recount = :progress'
          : 'SET entity = :entity, #all = :counted, complete = :true REMOVE recount',
        ExpressionAttributeNames: { '#all': 'all' },
        ExpressionAttributeValues: {
          ':entity': 'Counts',
          ...(base === undefined ? {} : { ':base': base }),
          ...(after ? { ':progress': progress } : { ':counted': counted, ':true': true }),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // A create (or another run) moved the item: this count is stale; the next pass starts over.
    return { read, complete: false };
  }
  return { read, complete: after === undefined };
}

/**
 * Every counted kind of one organisation, within `limit` rows in all: the rows read. The scheduled job's
 * pass and, uncapped, the CLI command's.
 */
export async function recountOrganisation(
  orgId: string,
  limit: number,
  options: { settleMs?: number } = {},
): Promise<{ read: number; complete: boolean }> {
  let read = 0;
  let complete = true;
  for (const kind of Object.values(COUNTED_COLLECTIONS)) {
    const kindRun = await recountCollection(orgId, kind, limit - read, options);
    read += kindRun.read;
    complete &&= kindRun.complete;
  }
  return { read, complete };
}
