/**
 * X-Ray tracing through Powertools Tracer, on in Lambda unless POWERTOOLS_TRACE_ENABLED=false (the
 * stack's `-c tracing=false`). Locally and in tests it is off. The X-Ray SDK behind the tracer is the
 * largest part of Powertools' cold-start cost, so it is only loaded when tracing is on, and only bundled
 * into functions built with tracing (TRACER_BUNDLED below).
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { inLambda } from './runtime.js';
import { config } from '../config.js';

export const tracingEnabled = (): boolean => inLambda() && !config.tracingDisabled;

/**
 * STOCKFLOW_TRACER_BUNDLED is a build-time constant, not a setting: infra/stack.ts has esbuild define it as
 * "false" in functions built for a stack without tracing, so the import is dead code esbuild leaves out
 * of the bundle (and the X-Ray SDK with it); it must stay inline in this condition for esbuild to see that.
 * Unbundled (tsx, tests) it is unset and the runtime setting alone decides.
 */
const xray =
  process.env.STOCKFLOW_TRACER_BUNDLED !== 'false' && tracingEnabled()
    ? await import('./xray-tracer.js')
    : undefined;

export const tracer: Tracer | undefined = xray?.tracer;

/** The handler segment's middleware when tracing is on. */
export const captureHandler = xray?.captureHandler;

/** Every AWS SDK client the functions build goes through this, so its calls show as trace subsegments. */
export const traced = <T>(client: T): T => (tracer ? tracer.captureAWSv3Client(client) : client);
