/** One delivery of one event to one subscription, and what an attempt's result does to it. */
import { createHash } from 'node:crypto';
import type { DomainEvent } from '../events.js';
import { afterFailure } from './retry-schedule.js';

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'DEAD';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['PENDING', 'DELIVERED', 'DEAD'];

/** The body we POST: the event as queued, unchanged (thin: data.id names the record to fetch). */
export interface WebhookPayload {
  id: string;
  event: string;
  occurredAt: string;
  orgId: string;
  data: { id: string } & Record<string, unknown>;
}

export interface DeliveryState {
  id: string;
  subscriptionId: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** When the next attempt is due; null once DELIVERED or DEAD. */
  nextAttemptAt: string | null;
  payload: WebhookPayload;
}

export const payloadOf = (event: DomainEvent): WebhookPayload => ({
  id: event.id,
  event: event.event,
  occurredAt: event.occurredAt,
  orgId: event.orgId,
  data: event.data,
});

/**
 * Derived from the event and the subscription, so an event published twice (the stream and the sweeper
 * may both publish it) fans out to the same delivery instead of a second one.
 */
export const deliveryIdFor = (eventId: string, subscriptionId: string): string =>
  `dlv_${createHash('sha256').update(`${eventId}\n${subscriptionId}`).digest('hex').slice(0, 32)}`;

export function newDelivery(
  payload: WebhookPayload,
  subscriptionId: string,
  context: { id: string; now: string },
): DeliveryState {
  return {
    id: context.id,
    subscriptionId,
    event: payload.event,
    status: 'PENDING',
    attempts: 0,
    responseStatus: null,
    lastError: null,
    deliveredAt: null,
    createdAt: context.now,
    nextAttemptAt: context.now,
    payload,
  };
}

export type AttemptResult =
  { kind: 'response'; status: number } | { kind: 'failed'; error: string; status?: number };

const MAX_ERROR_LENGTH = 500;

/** The delivery after one more attempt: DELIVERED on any 2xx, else retried on schedule, else DEAD. */
export function afterAttempt(
  delivery: DeliveryState,
  result: AttemptResult,
  context: { now: Date; retryDelays: readonly number[] },
): DeliveryState {
  const attempts = delivery.attempts + 1;
  const at = context.now.toISOString();
  const status = result.status ?? null;
  if (result.kind === 'response' && result.status >= 200 && result.status < 300) {
    return {
      ...delivery,
      attempts,
      status: 'DELIVERED',
      responseStatus: result.status,
      lastError: null,
      deliveredAt: at,
      nextAttemptAt: null,
    };
  }
  const error = (
    result.kind === 'failed' ? result.error : `The receiver answered HTTP ${result.status}`
  ).slice(0, MAX_ERROR_LENGTH);
  const next = afterFailure(attempts, context.retryDelays);
  return {
    ...delivery,
    attempts,
    responseStatus: status,
    lastError: error,
    status: next.kind === 'dead' ? 'DEAD' : 'PENDING',
    nextAttemptAt:
      next.kind === 'dead' ? null : new Date(context.now.getTime() + next.delaySeconds * 1000).toISOString(),
  };
}
