/**
 * `GET /webhooks/{id}/deliveries`, bounded per request (issue 29 item 6, session 37): the total is the
 * log's hourly counts (delivery-counts.ts) and the page is read from the cursor the page before it left,
 * or else from the hour it starts in, in the log (unfiltered) or in the status index (a status filter), so
 * a request reads the counts' few KB and about its page (a jump: and its hour's rows before it) whatever
 * the log's length. A subscription whose counts do not cover the whole log yet (one
 * that existed before them) has its log read and counted within the list budget. See
 * docs/design/slim-projection.md, "Webhook deliveries bounded, session 37".
 */
import { ApiError } from '../../../../domain/errors.js';
import {
  countsCoverLog,
  DELIVERY_RETENTION_SECONDS,
  logCutoff,
  logTotal,
  seekHour,
} from '../../../../domain/webhooks/delivery-log.js';
import type { DeliveryState, DeliveryStatus } from '../../../../domain/webhooks/delivery.js';
import {
  ListTooBroad,
  listScanBudget,
  readBoundsText,
  tooBroad,
} from '../../../platform/dynamo/list-budget.js';
import {
  hasListCursor,
  indexKeyOf,
  queryWindow,
  readPage,
  type QueryInput,
} from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { hourCounts } from './delivery-counts.js';
import { deliveries, deliveryCollection } from './deliveries.js';

/** The log from `cutoff` down from the end of `hour` (or its newest), in the log or the status index. */
function logRange(
  collection: string,
  status: DeliveryStatus | undefined,
  cutoff: string,
  hour: string | undefined,
): QueryInput {
  const upper = hour ? `${hour}\uffff` : '\uffff';
  return status
    ? {
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': `${collection}#${status}`, ':from': cutoff, ':to': upper },
        ScanIndexForward: false,
      }
    : {
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': collection, ':from': cutoff, ':to': upper },
        ScanIndexForward: false,
      };
}

/** Deliveries written before the counts have no status index entry: their status is a filter. */
const uncountedRange = (
  collection: string,
  status: DeliveryStatus | undefined,
  cutoff: string,
): QueryInput => {
  const range = logRange(collection, undefined, cutoff, undefined);
  return status
    ? {
        ...range,
        FilterExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...range.ExpressionAttributeValues, ':status': status },
      }
    : range;
};

const uncountedRefusal = (budget: number, countedFrom: string | undefined): ApiError => {
  const until = countedFrom
    ? `, by ${new Date(Date.parse(countedFrom) + DELIVERY_RETENTION_SECONDS * 1000).toISOString()}`
    : '';
  return new ApiError(
    'invalid_parameter',
    `This list needs more than ${readBoundsText(budget)} read in one request: this subscription's deliveries from before its log was counted are counted by reading them until they have left the 30-day log${until}`,
  );
};

/**
 * Newest first (the log is keyed by event time), optionally one status: the deliveries whose event is at
 * or after the log's cutoff (domain/webhooks/delivery-log.ts), so a delivery past its retention never
 * shows, deleted by the TTL or not yet. `countedFrom` is the subscription's stamp (countsStamp).
 */
export async function listDeliveries(
  orgId: string,
  subscriptionId: string,
  status: DeliveryStatus | undefined,
  window: { offset: number; limit: number },
  log: { now?: Date; countedFrom?: string } = {},
): Promise<{ items: DeliveryState[]; total: number }> {
  const collection = deliveryCollection(orgId, subscriptionId);
  const cutoff = logCutoff(log.now ?? new Date());
  const budget = listScanBudget();
  if (!countsCoverLog(log.countedFrom, cutoff)) {
    try {
      const { items, total } = await queryWindow(
        uncountedRange(collection, status, cutoff),
        window.offset,
        window.limit,
        { maxScanned: budget },
      );
      return { items: items.map(deliveries.fromItem), total };
    } catch (error) {
      if (error instanceof ListTooBroad) throw uncountedRefusal(error.budget, log.countedFrom);
      throw error;
    }
  }
  const hours = await hourCounts(collection, cutoff, status);
  const total = logTotal(hours, cutoff);
  const start = seekHour(hours, cutoff, window.offset);
  if (!start) return { items: [], total };
  // A page following one this container served resumes from its cursor; any other starts in its hour.
  const cursorId = `${collection}#${status ?? '*'}`;
  const resume = hasListCursor(cursorId, window.offset);
  try {
    const items = await readPage(logRange(collection, status, cutoff, resume ? undefined : start.hour), {
      ...(resume
        ? { offset: window.offset, cursorId }
        : { offset: start.skip, cursorId: `${cursorId}#${start.hour}` }),
      limit: window.limit,
      keyOf: status ? indexKeyOf('GSI1') : (item) => ({ PK: item.PK, SK: item.SK }),
      maxScanned: budget,
    });
    return { items: items.map(deliveries.fromItem), total };
  } catch (error) {
    if (!(error instanceof ListTooBroad)) throw error;
    throw tooBroad(
      'page',
      error.budget,
      'status, or by walking the pages in order from the one before',
      'the page starts deep in an hour of more deliveries than that',
    );
  }
}
