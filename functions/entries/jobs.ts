import type { DynamoDBStreamEvent } from 'aws-lambda';
import { runScheduledJob } from '../jobs/run.js';
import { isScheduledJobName } from '../jobs/schedule.js';
import { handleSnapshotMarks } from '../platform/dynamo/slim-snapshot-on-mark.js';
import { logger } from '../platform/observability/logger.js';
import { observed } from '../platform/observability/handler.js';
import { countMetric, METRIC } from '../platform/observability/metrics.js';

/**
 * Lambda entry, on the EventBridge schedules of design.md section 7: the event names the job
 * (`{ "job": "expire-lots" | "roll-overdue" | ... }`). A failure throws, so the schedule's retry policy
 * runs it again (the job is idempotent) and the Errors alarm fires if it keeps failing.
 * Also on the table's stream, filtered to projection-state items gaining `dueAt`: the refresh on mark
 * (slim-snapshot-on-mark.ts; ReportBatchItemFailures is on).
 */
export const handler = observed(async (event: { job?: unknown } | DynamoDBStreamEvent) => {
  if (typeof event === 'object' && event !== null && 'Records' in event)
    return handleSnapshotMarks(event.Records);
  if (!isScheduledJobName(event?.job)) throw new Error(`Unknown scheduled job ${JSON.stringify(event?.job)}`);
  const run = await runScheduledJob(event.job);
  logger.info('scheduled job', { ...run });
  countMetric(METRIC.scheduledJobChanged, run.changed, { job: run.job });
  if (!run.complete) {
    logger.warn('scheduled job stopped at its cap; the next run (or the CLI command) finishes the rest', {
      ...run,
    });
    countMetric(METRIC.scheduledJobCapped, 1, { job: run.job });
  }
  return run;
});
