/**
 * The local event path of `npm start`: the same publisher code fed from DynamoDB Local's stream, an
 * in-process bus and timer queue, the delivery worker, a dispatch loop and the sweeper. The same stream
 * records also go to the ledger projector (the movement rows of the stock-movement report) and to the
 * snapshot refresh on mark (a collection a request marked gets its snapshot within seconds).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { handleLedgerRecords } from '../../functions/areas/reports/ledger-projection.js';
import { handleStreamRecords } from '../../functions/platform/events/publisher.js';
import { markedCollection } from '../../functions/platform/dynamo/slim-snapshot-on-mark.js';
import { refreshCollectionSnapshot } from '../../functions/platform/dynamo/slim-snapshot-refresh.js';
import { DEFAULT_SWEEP_AFTER_SECONDS, sweepOutbox } from '../../functions/platform/events/sweeper.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import { inProcessBus, timerQueue } from './in-process-bus.js';
import { streamPoller } from './stream-poller.js';

const STREAM_POLL_MS = 500;
/** Pings, and retries whose timers did not survive a restart. */
const DISPATCH_EVERY_MS = 5_000;
const SWEEP_EVERY_MS = 30_000;

const logged = (what: string) => (error: Error) => console.error(`${what}: ${error.message}`);

/**
 * The refresh on mark, beside the poll loop rather than in it: a rewrite reads its collection whole, which
 * must not hold up the publisher (in AWS it is its own event source mapping). One rewrite per collection
 * at a time; a failure is logged and left to the scheduled refresh-snapshots run, the local safety net.
 * `settled` resolves when the rewrites started so far have ended (tests wait on it).
 */
export function snapshotMarkConsumer(onError: (error: Error) => void = logged('snapshot refresh on mark')) {
  const building = new Map<string, Promise<void>>();
  return {
    consume(records: readonly DynamoDBRecord[]): void {
      for (const record of records) {
        const collection = markedCollection(record);
        if (!collection || building.has(collection)) continue;
        const rewrite = refreshCollectionSnapshot(collection)
          .then(() => undefined, onError)
          .finally(() => building.delete(collection));
        building.set(collection, rewrite);
      }
    },
    settled: async (): Promise<void> => {
      await Promise.all(building.values());
    },
  };
}

/**
 * Hands each poll's records to the consumers, as AWS's event source mappings do. Ledger records the
 * projector reports failed are offered again with the next poll (the Lambda's retry); the publisher's
 * failures are the sweeper's job, as in AWS; snapshot marks go to the refresh on mark.
 */
export function streamConsumers(
  publish: (records: DynamoDBRecord[]) => Promise<unknown>,
  marks = snapshotMarkConsumer(),
) {
  let retry: DynamoDBRecord[] = [];
  return async (records: DynamoDBRecord[]) => {
    marks.consume(records);
    const toProject = [...retry, ...records];
    const [, projected] = await Promise.all([publish(records), handleLedgerRecords(toProject)]);
    const failed = projected.batchItemFailures[0]?.itemIdentifier;
    const from = toProject.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
    retry = failed === undefined || from < 0 ? [] : toProject.slice(from);
  };
}

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
  const consume = streamConsumers((records) => handleStreamRecords(records, bus));
  loop(STREAM_POLL_MS, async () => consume(await poller.poll()), 'stream consumers');
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
