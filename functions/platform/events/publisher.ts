/**
 * The outbox publisher: outbox items (written in the same transaction as their change) go onto the event
 * bus, then are marked published. Used by the stream consumer and by the sweeper alike.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { DomainEvent } from '../../../domain/events.js';
import { getOutboxItem, markPublished, type OutboxItem } from '../journal/outbox.js';
import { logger } from '../observability/logger.js';
import { countMetric, METRIC } from '../observability/metrics.js';
import type { EventBus } from './bus.js';

export interface PublishOptions {
  /** Calls to the bus for the entries it keeps refusing, before giving up on this run. */
  attempts: number;
  backoffMs: number;
}
const DEFAULTS: PublishOptions = { attempts: 4, backoffMs: 200 };

export class PublishFailed extends Error {}

/** Puts the events, retrying only the refused entries; throws if some are still refused. */
export async function publishEvents(
  events: DomainEvent[],
  bus: EventBus,
  options: PublishOptions = DEFAULTS,
): Promise<void> {
  let pending = events;
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    pending = await bus.put(pending);
    if (pending.length === 0) return;
    if (attempt < options.attempts)
      await new Promise((r) => setTimeout(r, options.backoffMs * 2 ** (attempt - 1)));
  }
  throw new PublishFailed(
    `${pending.length} event(s) refused by the bus after ${options.attempts} attempts: ${pending.map((e) => e.id).join(', ')}`,
  );
}

/** Publishes one outbox item and marks it published; an item already published is skipped. */
export async function publishOutboxItem(
  item: OutboxItem,
  bus: EventBus,
  options: PublishOptions = DEFAULTS,
): Promise<boolean> {
  if (item.published) return false;
  await publishEvents(item.events, bus, options);
  await markPublished(item.key, new Date());
  return true;
}

const isOutboxInsert = (record: DynamoDBRecord) =>
  record.eventName === 'INSERT' && record.dynamodb?.NewImage?.entity?.S === 'Outbox';

/**
 * A batch of stream records, in order. The item is re-read (consistently) rather than unmarshalled from
 * the image: it tells whether the sweeper already published it. On the first failure the rest of the
 * batch is reported failed from that record on, so the stream retries it (and, on the Lambda's retry
 * limits, bisects and then sends it to the on-failure destination; the sweeper still has it).
 */
export async function handleStreamRecords(
  records: DynamoDBRecord[],
  bus: EventBus,
  options: PublishOptions = DEFAULTS,
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  let published = 0;
  try {
    for (const record of records) {
      if (!isOutboxInsert(record)) continue;
      const keys = record.dynamodb!.Keys!;
      try {
        const item = await getOutboxItem({ PK: keys.PK!.S!, SK: keys.SK!.S! });
        if (item && (await publishOutboxItem(item, bus, options))) published += 1;
      } catch (error) {
        logger.error('outbox publish failed', { error, outboxKey: `${keys.PK!.S!}|${keys.SK!.S!}` });
        countMetric(METRIC.outboxRetried, 1, { path: 'stream' });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
      }
    }
    return { batchItemFailures: [] };
  } finally {
    countMetric(METRIC.outboxPublished, published);
  }
}
