/**
 * The delivery log's counts: one item per day of event time in the log's own partition (SK `#COUNT#<day>`,
 * before every delivery's `<occurredAt>#<id>`), holding one number per hour and status (`DELIVERED_13`).
 * Each is moved in the transaction that creates the delivery or changes its status, so a count and its
 * deliveries commit together and a write that loses its condition moves nothing. A list reads the 31 day
 * items the log spans (a few KB) for its total and for the hour its page starts in
 * (domain/webhooks/delivery-log.ts). They expire a day after the last hour they count has left the log.
 */
import {
  DELIVERY_RETENTION_SECONDS,
  hourOf,
  type HourCount,
} from '../../../../domain/webhooks/delivery-log.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../../domain/webhooks/delivery.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

const COUNT_PREFIX = '#COUNT#';
const DAY_SECONDS = 24 * 3600;

/** Moves `moves` in the hour of `occurredAt`; undefined when nothing moves (a status kept). */
export function countMoveItem(
  collection: string,
  occurredAt: string,
  moves: Partial<Record<DeliveryStatus, number>>,
): TransactItem | undefined {
  const entries = Object.entries(moves);
  if (entries.length === 0) return undefined;
  const hour = hourOf(occurredAt);
  const day = hour.slice(0, 10);
  const names: Record<string, string> = { '#ttl': 'ttl' };
  const values: Record<string, unknown> = {
    ':entity': 'WebhookDeliveryCounts',
    ':ttl':
      Date.parse(`${day}T00:00:00.000Z`) / 1000 + DAY_SECONDS + DELIVERY_RETENTION_SECONDS + DAY_SECONDS,
  };
  const adds = entries.map(([status, n], i) => {
    names[`#c${i}`] = `${status}_${hour.slice(11, 13)}`;
    values[`:n${i}`] = n;
    return `#c${i} :n${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: { PK: collection, SK: `${COUNT_PREFIX}${day}` },
      UpdateExpression: `SET entity = :entity, #ttl = if_not_exists(#ttl, :ttl) ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Per hour from `cutoff`'s day on, the count of one status's deliveries or of all of them. */
export async function hourCounts(
  collection: string,
  cutoff: string,
  status: DeliveryStatus | undefined,
): Promise<HourCount[]> {
  const days = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': collection,
      ':from': `${COUNT_PREFIX}${cutoff.slice(0, 10)}`,
      ':to': `${COUNT_PREFIX}\uffff`,
    },
  });
  const statuses = status ? [status] : DELIVERY_STATUSES;
  const hours: HourCount[] = [];
  for (const item of days) {
    const day = String(item.SK).slice(COUNT_PREFIX.length);
    for (let h = 0; h < 24; h += 1) {
      const hh = String(h).padStart(2, '0');
      const count = statuses.reduce((sum, s) => sum + Number(item[`${s}_${hh}`] ?? 0), 0);
      if (count !== 0) hours.push({ hour: `${day}T${hh}`, count });
    }
  }
  return hours;
}
