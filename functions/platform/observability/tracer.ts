/**
 * X-Ray tracing through Powertools Tracer, on in Lambda unless POWERTOOLS_TRACE_ENABLED=false (the
 * stack's `-c tracing=false`). Locally and in tests it is off. The X-Ray SDK behind the tracer is the
 * largest part of Powertools' cold-start cost, so it is only loaded when tracing is on.
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { inLambda, SERVICE_NAME } from './runtime.js';
import { config } from '../config.js';

export const tracingEnabled = (): boolean => inLambda() && !config.tracingDisabled;

export const tracer: Tracer | undefined = tracingEnabled()
  ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: SERVICE_NAME })
  : undefined;

/** Every AWS SDK client the functions build goes through this, so its calls show as trace subsegments. */
export const traced = <T>(client: T): T => (tracer ? tracer.captureAWSv3Client(client) : client);
