/**
 * Application metrics as CloudWatch embedded metric format (EMF) lines, written by Powertools Metrics in
 * Lambda. Locally nothing is written to stdout: the values go to the debug log instead (LOG_LEVEL=DEBUG).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from './logger.js';
import { METRIC, NAMESPACE as DEFAULT_NAMESPACE, type MetricName } from './metric-names.js';
import { inLambda, SERVICE_NAME } from './runtime.js';
import { config } from '../config.js';

export { MetricUnit };
type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

export { METRIC, type MetricName };

const NAMESPACE = config.metricsNamespace ?? DEFAULT_NAMESPACE;

export interface MetricValue {
  name: MetricName;
  value: number;
  unit?: Unit;
}

let instance: Metrics | undefined;

/** The function's own instance, for the cold-start metric; built on first use, not at import. */
export const functionMetrics = (): Metrics =>
  (instance ??= new Metrics({ namespace: NAMESPACE, serviceName: SERVICE_NAME }));

/**
 * Writes one EMF line holding these values under these dimensions (besides `service`). A fresh instance
 * per call keeps dimensions of concurrent requests apart (the local server runs many in one process) and
 * puts every value of one request in a single line.
 */
export function recordMetrics(dimensions: Record<string, string>, values: readonly MetricValue[]): void {
  if (values.length === 0) return;
  if (!inLambda() || config.metricsDisabled) {
    logger.debug('metrics', {
      dimensions,
      metrics: Object.fromEntries(values.map((v) => [v.name, v.value])),
    });
    return;
  }
  const emf = new Metrics({ namespace: NAMESPACE, serviceName: SERVICE_NAME });
  for (const [name, value] of Object.entries(dimensions)) emf.addDimension(name, value);
  for (const v of values) emf.addMetric(v.name, v.unit ?? MetricUnit.Count, v.value);
  emf.publishStoredMetrics();
}

/** One count under one dimension set: the common case for event-path outcomes. */
export const countMetric = (name: MetricName, value = 1, dimensions: Record<string, string> = {}): void =>
  recordMetrics(dimensions, [{ name, value }]);
