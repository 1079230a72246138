/** GET /events and delivery retry (beyond the spec; see recovery-endpoints.ts). */
import { conflict, notFound } from '../../../domain/errors.js';
import { MAX_PAGE_SIZE } from '../../../domain/listing/pagination.js';
import { requeued } from '../../../domain/webhooks/delivery-retry.js';
import { payloadOf } from '../../../domain/webhooks/delivery.js';
import {
  encodeCursor,
  feedStart,
  takeEvents,
  type FeedPosition,
} from '../../../domain/webhooks/event-feed.js';
import type { OperationsOf, OperationOf } from '../../platform/http/types.js';
import { WRITE_ATTEMPTS } from '../../platform/dynamo/optimistic.js';
import type { RECOVERY_ENDPOINTS } from './recovery-endpoints.js';
import { findDelivery, saveRequeued } from './store/delivery-retry.js';
import { readOutbox } from './store/event-log.js';
import { getSubscriptionLog } from './store/webhooks.js';
import { getDelivery } from './store/deliveries.js';
import { deliveryView } from './view.js';
import { config } from '../../platform/config.js';

/**
 * A write's events carry the instant its request started but become readable when its transaction
 * commits, up to the API's 10 s Lambda timeout later. Serving only events older than this keeps a cursor
 * from moving past an event that is still to appear behind it.
 */
const DEFAULT_SETTLE_SECONDS = 30;
const settleSeconds = (): number => {
  const raw = config.eventsSettleSeconds;
  const value = raw === undefined || raw.trim() === '' ? DEFAULT_SETTLE_SECONDS : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`EVENTS_SETTLE_SECONDS must be whole seconds, got '${raw}'`);
  }
  return value;
};

/** Outbox items read per request at most: a sparse type filter returns early rather than reading on. */
const MAX_ITEMS_READ = 1000;
const FILTERED_READ = 200;

const listEventsOp: OperationOf<typeof RECOVERY_ENDPOINTS, 'listEvents'> = async ({ auth, query, now }) => {
  const pageSize = Math.min(query.pageSize, MAX_PAGE_SIZE);
  const types = query.type;
  const start = feedStart(query.since, now);
  const horizon = new Date(now.getTime() - settleSeconds() * 1000).toISOString();
  const page = (data: ReturnType<typeof payloadOf>[], next: FeedPosition, hasMore: boolean) => ({
    body: { data, nextCursor: encodeCursor(next), hasMore },
  });
  if (start.sk >= horizon) return page([], start, false);

  const data: ReturnType<typeof payloadOf>[] = [];
  let position = start;
  let read = 0;
  let startKey: Record<string, unknown> | undefined;
  for (;;) {
    // Unfiltered, a page needs at most one item per event (+1 to see whether more follow); filtered,
    // items may hold none of the wanted types, so larger reads save round trips.
    const wanted = types ? FILTERED_READ : pageSize - data.length + 1;
    const limit = Math.min(wanted, MAX_ITEMS_READ - read);
    const batch = await readOutbox(auth.orgId, { from: start.sk, to: horizon }, limit, startKey);
    const taken = takeEvents(batch.entries, position, { pageSize: pageSize - data.length, types });
    data.push(...taken.events.map(payloadOf));
    if (taken.full) return page(data, taken.full, true);
    position = taken.after ?? position;
    read += batch.entries.length;
    // Caught up: the next poll starts at the horizon, before which nothing new can still appear.
    if (!batch.lastKey) return page(data, { sk: horizon, skip: 0 }, false);
    if (read >= MAX_ITEMS_READ) return page(data, position, true);
    startKey = batch.lastKey;
  }
};

const retryWebhookDeliveryOp: OperationOf<typeof RECOVERY_ENDPOINTS, 'retryWebhookDelivery'> = async ({
  auth,
  params,
  now,
}) => {
  const log = await getSubscriptionLog(auth.orgId, params.id);
  if (!log) throw notFound('Webhook subscription');
  let found = await findDelivery(auth.orgId, params.id, params.deliveryId, { now, idsFrom: log.idsFrom });
  for (let attempt = 0; attempt < WRITE_ATTEMPTS && found; attempt += 1) {
    const next = requeued(found.delivery, now.toISOString());
    // The next dispatch pass sends it, through the same attempt code as every delivery.
    if (await saveRequeued(found.ref, found.delivery, next)) return { status: 202, body: deliveryView(next) };
    // An attempt finished in between: decide again on the delivery as it now stands, read by its key.
    const again = await getDelivery(found.ref);
    found = again && { ref: found.ref, delivery: again };
  }
  if (!found) throw notFound('Webhook delivery');
  throw conflict('The delivery was being attempted at the same time; retry');
};

export const recoveryOperations: OperationsOf<typeof RECOVERY_ENDPOINTS> = {
  listEvents: listEventsOp,
  retryWebhookDelivery: retryWebhookDeliveryOp,
};
