/**
 * What every Lambda entry runs inside: the Lambda context on every log line (Powertools Logger's
 * middleware), the handler's X-Ray segment (Tracer's; never the response, which holds tenant data) and a
 * cold-start metric. The API pipeline and the event-path entries take them from here, so a new function
 * is observable by wrapping its handler in `observed`.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import { powertoolsLogger } from './logger.js';
import { functionMetrics } from './metrics.js';
import { inLambda } from './runtime.js';
import { captureHandler } from './tracer.js';
import { config } from '../config.js';

let coldStart = true;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Mw = middy.MiddlewareObj<any, any>;

/**
 * A middleware built by the first request that reaches it: what it needs (the logger) is then built on
 * the first invocation rather than at import (issue 29 item 1); every phase goes to the one it built.
 */
function builtOnFirstUse(build: () => Mw): Mw {
  let inner: Mw | undefined;
  return {
    before: (request) => (inner ??= build()).before?.(request),
    after: (request) => inner?.after?.(request),
    onError: (request) => inner?.onError?.(request),
  };
}

export function lambdaMiddlewares(): Mw[] {
  return [
    builtOnFirstUse(() => injectLambdaContext(powertoolsLogger(), { resetKeys: true })),
    ...(captureHandler ? [captureHandler()] : []),
    {
      before: () => {
        if (!coldStart) return;
        coldStart = false;
        if (inLambda() && !config.metricsDisabled) functionMetrics().captureColdStartMetric();
      },
    },
  ];
}

/** A non-HTTP entry (stream, queue, schedule) with the function-wide middlewares. */
export function observed<E, R>(handler: (event: E, context: Context) => Promise<R>) {
  return middy<E, R>(handler).use(lambdaMiddlewares());
}
