/**
 * A dispatch pass: attempts every delivery that is due now, found through the due index. It sends pings,
 * and anything whose queue message was lost or never sent; queue messages and passes may race for the same
 * delivery, and the claim in attemptDelivery lets only one of them send.
 */
import { dueDeliveries } from './store/deliveries.js';
import { deliveryConfig, type DeliveryConfig } from './config.js';
import { attemptDelivery } from './deliver.js';

export interface DispatchSummary {
  due: number;
  delivered: number;
  retrying: number;
  dead: number;
  skipped: number;
}

const CONCURRENCY = 4;

export async function dispatchDue(
  options: { now?: Date; limit?: number; orgId?: string; config?: DeliveryConfig; clock?: () => Date } = {},
): Promise<DispatchSummary> {
  const config = options.config ?? deliveryConfig();
  const clock = options.clock ?? (() => new Date());
  const refs = await dueDeliveries(options.now ?? clock(), options.limit ?? 500, options.orgId);
  const summary: DispatchSummary = { due: refs.length, delivered: 0, retrying: 0, dead: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < refs.length) {
      const ref = refs[next++]!;
      const outcome = await attemptDelivery(ref, config, clock);
      if (outcome.kind !== 'attempted') summary.skipped += 1;
      else if (outcome.delivery.status === 'DELIVERED') summary.delivered += 1;
      else if (outcome.delivery.status === 'DEAD') summary.dead += 1;
      else summary.retrying += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, refs.length) }, worker));
  return summary;
}
