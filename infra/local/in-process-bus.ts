/**
 * Local stand-ins for EventBridge and SQS: the bus hands each event straight to the webhook fan-out (what
 * the rule -> queue -> worker path does in AWS), and the queue is a timer per message in this process.
 */
import type { DomainEvent } from '../../domain/events.js';
import type { EventBus } from '../../functions/platform/events/bus.js';
import { deliveryConfig } from '../../functions/areas/webhooks/config.js';
import { attemptDelivery } from '../../functions/areas/webhooks/deliver.js';
import { fanOut } from '../../functions/areas/webhooks/fan-out.js';
import type { DeliveryQueue } from '../../functions/areas/webhooks/queue.js';
import { followUp } from '../../functions/areas/webhooks/worker.js';

export function inProcessBus(queue: DeliveryQueue): EventBus {
  return {
    async put(events) {
      const failed: DomainEvent[] = [];
      for (const event of events) {
        try {
          await fanOut(event, queue);
        } catch (error) {
          console.error(`fan-out of ${event.id} failed: ${(error as Error).message}`);
          failed.push(event);
        }
      }
      return failed;
    },
  };
}

export interface TimerQueue extends DeliveryQueue {
  /** Stops pending timers (shutdown, end of a test). */
  close(): void;
}

/** Delays are honoured with timers; a lost timer (restart) is covered by the dispatch loop. */
export function timerQueue(): TimerQueue {
  const timers = new Set<NodeJS.Timeout>();
  const queue: TimerQueue = {
    async send(messages) {
      for (const { ref, delaySeconds } of messages) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          attemptDelivery(ref, deliveryConfig())
            .then((outcome) => followUp(ref, outcome, queue))
            .catch((error: Error) => console.error(`delivery attempt failed: ${error.message}`));
        }, delaySeconds * 1000);
        timers.add(timer);
      }
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  return queue;
}
