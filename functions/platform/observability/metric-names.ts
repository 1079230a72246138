/**
 * Metric names, namespace and service name: data only, so the CDK stack (alarms, dashboard) and the
 * functions (which write the metrics) read the same names.
 */
export const NAMESPACE = 'Stockflow';
export const SERVICE_NAME = 'stockflow-api';

export const METRIC = {
  requests: 'Requests',
  clientErrors: '4xx',
  serverErrors: '5xx',
  latency: 'Latency',
  rateLimited: 'RateLimited',
  authThrottled: 'AuthThrottled',
  webhookDeliveries: 'WebhookDeliveries',
  webhookDead: 'WebhookDeadDeliveries',
  webhookAutoDisabled: 'WebhookAutoDisabled',
  webhookEventsRefused: 'WebhookEventsRefused',
  outboxPublished: 'OutboxPublished',
  outboxRetried: 'OutboxRetried',
  outboxSwept: 'OutboxSwept',
  outboxOldestUnpublishedAge: 'OutboxOldestUnpublishedAgeSeconds',
  scheduledJobChanged: 'ScheduledJobChanged',
  scheduledJobCapped: 'ScheduledJobCapped',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];
