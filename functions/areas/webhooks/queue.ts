/**
 * Where deliveries wait for their next attempt. In AWS an SQS queue (whose DelaySeconds caps at 15 minutes,
 * so longer waits are several hops); locally an in-process timer queue. Losing a message loses nothing: the
 * delivery row stays in the due index and the dispatch pass picks it up.
 */
import type { DeliveryRef } from './store/deliveries.js';

export interface DeliveryMessage {
  kind: 'delivery';
  ref: DeliveryRef;
}

export interface DeliveryQueue {
  send(messages: { ref: DeliveryRef; delaySeconds: number }[]): Promise<void>;
}

export const deliveryMessage = (ref: DeliveryRef): DeliveryMessage => ({ kind: 'delivery', ref });

export const isDeliveryMessage = (value: unknown): value is DeliveryMessage =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'delivery';
