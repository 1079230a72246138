/**
 * X-Ray tracing through Powertools Tracer, on in Lambda unless POWERTOOLS_TRACE_ENABLED=false (the
 * stack's `-c tracing=false`). Locally and in tests it is off. The X-Ray SDK behind the tracer is the
 * largest part of Powertools' cold-start cost, so it is only bundled into functions built with tracing
 * (TRACER_BUNDLED below), and even there it is loaded by the first invocation's handler middleware, not at
 * import (issue 29 item 1): the invocation that loads it is the first one traced, as before.
 */
import type middy from '@middy/core';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type * as XRayTracer from './xray-tracer.js';
import { inLambda } from './runtime.js';
import { config } from '../config.js';

export const tracingEnabled = (): boolean => inLambda() && !config.tracingDisabled;

/**
 * STOCKFLOW_TRACER_BUNDLED is a build-time constant, not a setting: infra/stack.ts has esbuild define it as
 * "false" in functions built for a stack without tracing, so the import is dead code esbuild leaves out
 * of the bundle (and the X-Ray SDK with it); it must stay inline in this condition for esbuild to see that.
 * Unbundled (tsx, tests) it is unset and the runtime setting alone decides.
 */
const tracingBuilt = (): boolean => process.env.STOCKFLOW_TRACER_BUNDLED !== 'false' && tracingEnabled();

type XRay = typeof XRayTracer;

let loading: Promise<XRay> | undefined;
let loaded: XRay | undefined;
/** Clients built before the tracer loaded: captured as it loads, before the invocation sends anything. */
const pending: { captureWith(tracer: Tracer): void }[] = [];

function loadTracer(): Promise<XRay> {
  loading ??= (
    process.env.STOCKFLOW_TRACER_BUNDLED !== 'false'
      ? import('./xray-tracer.js')
      : Promise.reject(new Error('tracing is not bundled'))
  ).then((xray) => {
    loaded = xray;
    for (const client of pending.splice(0)) client.captureWith(xray.tracer);
    return xray;
  });
  return loading;
}

/** The tracer once loaded (annotations during an invocation); undefined without tracing. */
export const currentTracer = (): Tracer | undefined => loaded?.tracer;

type Mw = middy.MiddlewareObj<unknown, unknown>;

/**
 * The handler segment's middleware when tracing is on (Powertools' captureLambdaHandler, never the
 * response): it loads the tracer in the first invocation's `before`, then hands every phase to it.
 */
export const captureHandler = tracingBuilt()
  ? (): Mw => {
      let inner: Mw | undefined;
      return {
        before: async (request) => {
          inner ??= (await loadTracer()).captureHandler() as Mw;
          return inner.before?.(request);
        },
        after: (request) => inner?.after?.(request),
        onError: (request) => inner?.onError?.(request),
      };
    }
  : undefined;

/** Every AWS SDK client the functions build goes through this, so its calls show as trace subsegments. */
export function traced<T>(client: T): T {
  if (!tracingBuilt()) return client;
  if (loaded) return loaded.tracer.captureAWSv3Client(client);
  // Captured when the first invocation's handler middleware loads the tracer (captureHandler).
  pending.push({ captureWith: (tracer) => tracer.captureAWSv3Client(client) });
  return client;
}
