/**
 * X-Ray tracing through Powertools Tracer. Active only in Lambda with tracing on (the stack sets it);
 * locally and in tests the tracer is disabled (POWERTOOLS_TRACE_ENABLED, or simply not in Lambda), so
 * capturing a client is a no-op there.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './runtime.js';

export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/** Every AWS SDK client the functions build goes through this, so its calls show as trace subsegments. */
export const traced = <T>(client: T): T => tracer.captureAWSv3Client(client);
