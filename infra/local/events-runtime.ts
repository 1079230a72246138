/**
 * The local event path of `npm start`: the same publisher code fed from DynamoDB Local's stream, an
 * in-process bus and timer queue, the delivery worker, a dispatch loop and the sweeper.
 */
import { handleStreamRecords } from '../../functions/platform/events/publisher.js';
import { DEFAULT_SWEEP_AFTER_SECONDS, sweepOutbox } from '../../functions/platform/events/sweeper.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import { inProcessBus, timerQueue } from './in-process-bus.js';
import { streamPoller } from './stream-poller.js';

const STREAM_POLL_MS = 500;
/** Pings, and retries whose timers did not survive a restart. */
const DISPATCH_EVERY_MS = 5_000;
const SWEEP_EVERY_MS = 30_000;

const logged = (what: string) => (error: Error) => console.error(`${what}: ${error.message}`);

export async function startEventsRuntime(): Promise<{ stop: () => void }> {
  const queue = timerQueue();
  const bus = inProcessBus(queue);
  const poller = await streamPoller();
  // Whatever was written while the runtime was down is not on the stream from here on.
  await sweepOutbox(bus, { olderThanSeconds: 0 }).catch(logged('outbox sweep'));

  let stopped = false;
  const loop = (every: number, task: () => Promise<unknown>, what: string) => {
    const tick = () => {
      if (stopped) return;
      task()
        .catch(logged(what))
        .finally(() => {
          if (!stopped) setTimeout(tick, every);
        });
    };
    setTimeout(tick, every);
  };
  loop(STREAM_POLL_MS, async () => handleStreamRecords(await poller.poll(), bus), 'stream publisher');
  loop(DISPATCH_EVERY_MS, () => dispatchDue(), 'webhook dispatch');
  loop(
    SWEEP_EVERY_MS,
    () =>
      sweepOutbox(bus, {
        olderThanSeconds: Number(process.env.OUTBOX_SWEEP_AFTER_SECONDS ?? DEFAULT_SWEEP_AFTER_SECONDS),
      }),
    'outbox sweep',
  );
  return {
    stop: () => {
      stopped = true;
      queue.close();
      poller.close();
    },
  };
}
