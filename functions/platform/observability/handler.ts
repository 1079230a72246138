/**
 * What every Lambda entry runs inside: the Lambda context on every log line (Powertools Logger's
 * middleware), the handler's X-Ray segment (Tracer's; never the response, which holds tenant data) and a
 * cold-start metric. The API pipeline and the event-path entries take them from here, so a new function
 * is observable by wrapping its handler in `observed`.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import { logger } from './logger.js';
import { metrics } from './metrics.js';
import { inLambda } from './runtime.js';
import { captureHandler } from './tracer.js';
import { config } from '../config.js';

let coldStart = true;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lambdaMiddlewares(): middy.MiddlewareObj<any, any>[] {
  return [
    injectLambdaContext(logger, { resetKeys: true }),
    ...(captureHandler ? [captureHandler()] : []),
    {
      before: () => {
        if (!coldStart) return;
        coldStart = false;
        if (inLambda() && !config.metricsDisabled) metrics.captureColdStartMetric();
      },
    },
  ];
}

/** A non-HTTP entry (stream, queue, schedule) with the function-wide middlewares. */
export function observed<E, R>(handler: (event: E, context: Context) => Promise<R>) {
  return middy<E, R>(handler).use(lambdaMiddlewares());
}
