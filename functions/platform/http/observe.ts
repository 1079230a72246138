/**
 * Per-request observability, outermost in the chain so it sees the final status: one structured log line
 * per request (the error's cause on 5xx, never in the response), per-operation metrics, and trace
 * annotations for operation and organisation.
 */
import type middy from '@middy/core';
import { ApiError } from '../../../domain/errors.js';
import { logger } from '../observability/logger.js';
import { lambdaMiddlewares } from '../observability/handler.js';
import { METRIC, MetricUnit, recordMetrics, type MetricValue } from '../observability/metrics.js';
import { currentTracer } from '../observability/tracer.js';
import { peekState } from './state.js';
import type { ApiEvent, ApiResult } from './types.js';

type Mw = middy.MiddlewareObj<ApiEvent, ApiResult>;

const started = new WeakMap<object, number>();

/** The fields of the request log line: what an on-call engineer filters by. */
function requestFields(request: middy.Request<ApiEvent, ApiResult>, status: number, latencyMs: number) {
  const state = peekState(request);
  return {
    requestId: state?.requestId,
    apiRequestId: request.event.requestContext?.requestId,
    method: request.event.requestContext?.http?.method,
    route: request.event.routeKey,
    operationId: state?.endpoint?.operationId,
    orgId: state?.auth?.orgId,
    keyId: state?.auth?.keyId,
    status,
    latencyMs,
  };
}

/** Requests, 4xx, 5xx and latency per operation; our own 429s split into rate-limited and auth-throttled. */
function requestMetrics(fields: ReturnType<typeof requestFields>, error: unknown): void {
  const { status } = fields;
  const values: MetricValue[] = [
    { name: METRIC.requests, value: 1 },
    { name: METRIC.clientErrors, value: status >= 400 && status < 500 ? 1 : 0 },
    { name: METRIC.serverErrors, value: status >= 500 ? 1 : 0 },
    { name: METRIC.latency, value: fields.latencyMs, unit: MetricUnit.Milliseconds },
  ];
  if (error instanceof ApiError && error.code === 'rate_limit_exceeded') {
    // Authentication is throttled per source address before a key is known; rate limits apply to a key.
    values.push({ name: fields.orgId ? METRIC.rateLimited : METRIC.authThrottled, value: 1 });
  }
  recordMetrics({ operation: fields.operationId ?? 'unrouted' }, values);
}

function finish(request: middy.Request<ApiEvent, ApiResult>): void {
  const start = started.get(request.event) ?? performance.now();
  const status = request.response?.statusCode ?? 500;
  const fields = requestFields(request, status, Math.round((performance.now() - start) * 10) / 10);
  const error = request.error;
  if (status >= 500) logger.error('request failed', { ...fields, error });
  else logger.info('request', fields);
  requestMetrics(fields, error);
  if (fields.operationId) currentTracer()?.putAnnotation('operationId', fields.operationId);
  if (fields.orgId) currentTracer()?.putAnnotation('orgId', fields.orgId);
}

const requestLog = (): Mw => ({
  before: (request) => {
    started.set(request.event, performance.now());
  },
  after: finish,
  onError: finish,
});

/** The function-wide middlewares, then the request log. Use first: its `after` runs last. */
export const observe = (): Mw[] => [...(lambdaMiddlewares() as Mw[]), requestLog()];
