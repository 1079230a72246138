import { eventBridgeBus } from '../platform/events/eventbridge-bus.js';
import { sweepOutbox } from '../platform/events/sweeper.js';

const bus = eventBridgeBus();

/** Lambda entry, on a schedule: republish outbox items the stream path left behind. */
export const handler = async () => {
  const summary = await sweepOutbox(bus, {
    olderThanSeconds: Number(process.env.OUTBOX_SWEEP_AFTER_SECONDS ?? 120),
  });
  console.log(JSON.stringify({ level: 'info', message: 'outbox sweep', ...summary }));
  return summary;
};
