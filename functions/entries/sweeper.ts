import { eventBridgeBus } from '../platform/events/eventbridge-bus.js';
import { oldestUnpublishedAgeSeconds, sweepOutbox } from '../platform/events/sweeper.js';
import { logger } from '../platform/observability/logger.js';
import { observed } from '../platform/observability/handler.js';
import { countMetric, METRIC, MetricUnit, recordMetrics } from '../platform/observability/metrics.js';
import { config } from '../platform/config.js';

const bus = eventBridgeBus();

/** Lambda entry, on a schedule: republish outbox items the stream path left behind. */
export const handler = observed(async () => {
  const summary = await sweepOutbox(bus, {
    olderThanSeconds: config.outboxSweepAfterSeconds,
  });
  const oldestAge = await oldestUnpublishedAgeSeconds(new Date());
  logger.info('outbox sweep', { ...summary, oldestUnpublishedAgeSeconds: oldestAge });
  countMetric(METRIC.outboxSwept, summary.published);
  countMetric(METRIC.outboxRetried, summary.failed, { path: 'sweeper' });
  // Measured after the sweep: what is still waiting is what the alarm should see.
  recordMetrics({}, [
    { name: METRIC.outboxOldestUnpublishedAge, value: oldestAge, unit: MetricUnit.Seconds },
  ]);
  return summary;
});
