/**
 * Tracing as a deployed function with tracing on runs it (issue 29 item 1): the tracer and the X-Ray SDK
 * load in the first invocation's handler middleware, not at import, and every AWS SDK client built before
 * that is still captured before it sends anything. Pretends to run in Lambda with tracing on; each test
 * file runs in its own fork, so no other file sees these settings.
 */
import { describe, expect, it, vi } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

vi.hoisted(() => {
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'stockflow-test';
  process.env.POWERTOOLS_TRACE_ENABLED = 'true';
  process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs22.x';
  process.env.LAMBDA_TASK_ROOT = '/var/task';
  process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
});

const { captureHandler, currentTracer, traced } =
  await import('../../../functions/platform/observability/tracer.js');

/** Whether the X-Ray SDK's instrumentation sits in the client's middleware stack. */
const isCaptured = (client: DynamoDBClient) =>
  client.middlewareStack.identify().some((name) => /xray/i.test(name));

describe('the tracer, loaded by the first invocation', () => {
  it('is not loaded at import; clients built before it are captured when the first invocation loads it', async () => {
    expect(currentTracer()).toBeUndefined();
    const early = new DynamoDBClient({ region: 'eu-west-1' });
    expect(traced(early)).toBe(early);
    expect(isCaptured(early)).toBe(false);

    expect(captureHandler).toBeDefined();
    const middleware = captureHandler!();
    const request = {
      event: {},
      context: { functionName: 'stockflow-test', awsRequestId: 'req-1' },
      response: null,
      error: null,
      internal: {},
    };
    await middleware.before!(request as never);
    expect(currentTracer()).toBeDefined();
    expect(currentTracer()!.isTracingEnabled()).toBe(true);
    expect(isCaptured(early)).toBe(true);
    await middleware.after!(request as never);

    const late = new DynamoDBClient({ region: 'eu-west-1' });
    expect(isCaptured(traced(late))).toBe(true);
  });
});
