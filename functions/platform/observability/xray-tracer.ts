/**
 * Powertools Tracer (and behind it the X-Ray SDK) with its handler middleware: loaded by tracer.ts only
 * when tracing is on, and bundled only into functions built for a stack with tracing.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { SERVICE_NAME } from './runtime.js';

export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/** The handler's segment; never the response, which holds tenant data. */
export const captureHandler = () => captureLambdaHandler(tracer, { captureResponse: false });
