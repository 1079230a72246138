/**
 * The refresh on mark: when a cold load marks a collection as awaiting its snapshot (its projection-state
 * item gains `dueAt`, slim-projection.ts), the table's stream hands that record to this consumer, which
 * rewrites that organisation's that collection's snapshot within seconds, off the request path, through
 * the job's own rewrite (refreshCollectionSnapshot: the claim and the generations, so it never races the
 * job or a fold). In AWS: a filtered DynamoDB stream event source on the jobs function (infra/stack.ts);
 * in `npm start`: the local stream poller (infra/local/events-runtime.ts). The scheduled job stays the
 * safety net for a mark whose refresh failed (parked in JobFailures) or was skipped under a claim.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { ceilingMarkKey } from './slim-projection.js';
import { refreshCollectionSnapshot } from './slim-snapshot-refresh.js';

/**
 * The collection whose projection-state item this record marked as awaiting its snapshot: an insert or a
 * change whose new image has `dueAt` and whose old image has none (the event source's filter says the
 * same; records of other items, and later changes of a marked item, give null).
 */
export function markedCollection(record: DynamoDBRecord): string | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const image = record.dynamodb?.NewImage;
  if (image?.dueAt?.N === undefined || record.dynamodb?.OldImage?.dueAt !== undefined) return null;
  const [partition, collection] = [image.PK?.S, image.SK?.S];
  if (!partition || !collection || ceilingMarkKey(collection).PK !== partition) return null;
  return collection;
}

/**
 * A batch of stream records, in order: each marked collection's snapshot refreshed. On a failure the rest
 * of the batch, from that record on, is reported failed, so the stream retries it (then parks it in
 * JobFailures); a retried record whose snapshot was written meanwhile reads the state item and stops.
 */
export async function handleSnapshotMarks(
  records: readonly DynamoDBRecord[],
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  for (const record of records) {
    const collection = markedCollection(record);
    if (!collection) continue;
    try {
      await refreshCollectionSnapshot(collection);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'snapshot refresh on mark failed',
          collection,
          error: String(error),
        }),
      );
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
    }
  }
  return { batchItemFailures: [] };
}
