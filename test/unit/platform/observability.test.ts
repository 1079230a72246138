/**
 * Logs, metrics and tracing as a deployed Lambda writes them. This file pretends to run in Lambda (the
 * logger and metrics choose their output at import, so the modules are imported after the env is set);
 * it runs in its own fork, so no other test file sees these settings.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { newTenant, type Tenant } from '../../support/api.js';

// Hoisted above the imports: test/support/api.js loads the pipeline, and with it the logger.
vi.hoisted(() => {
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'stockflow-test';
  process.env.LOG_LEVEL = 'INFO';
  process.env.POWERTOOLS_TRACE_ENABLED = 'false';
});

const context = {
  awsRequestId: 'lambda-req-1',
  functionName: 'stockflow-test',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:stockflow-test',
  memoryLimitInMB: '512',
} as Context;

/** Every JSON line written to stdout or stderr while `run` runs. */
async function captured(run: () => Promise<unknown>): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  const grab = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(grab);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(grab);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, any>];
    } catch {
      return [];
    }
  });
}

const emfOf = (lines: Record<string, any>[]) => lines.filter((l) => l._aws?.CloudWatchMetrics);

let t: Tenant;
beforeAll(async () => {
  t = await newTenant('Observability org');
});
afterEach(() => vi.restoreAllMocks());

async function productsHandler(listProducts?: () => Promise<never>) {
  const { createGroupHandler } = await import('../../../functions/platform/http/pipeline.js');
  const { productOperations } = await import('../../../functions/areas/products/operations.js');
  const validators = await import('../../../functions/generated/validators-products.js');
  const { endpointsOf } = await import('../../../functions/catalogue.js');
  return createGroupHandler({
    group: 'products',
    endpoints: endpointsOf('products'),
    operations: listProducts ? { ...productOperations, listProducts } : productOperations,
    validators,
  });
}

async function get(handler: Awaited<ReturnType<typeof productsHandler>>, headers: Record<string, string>) {
  const { buildEvent } = await import('../../../infra/local/http-adapter.js');
  const { endpointByRouteKey } = await import('../../../functions/catalogue.js');
  const endpoint = endpointByRouteKey('GET /api/v1/products')!;
  return handler(buildEvent({ method: 'GET', path: '/api/v1/products', headers }, endpoint, {}), context);
}

describe('in Lambda', () => {
  it('logs one JSON line per request with the request, organisation, operation, status and latency', async () => {
    const handler = await productsHandler();
    let status = 0;
    const lines = await captured(async () => {
      status = (await get(handler, { authorization: `Bearer ${t.key}`, 'x-request-id': 'obs-1' })).statusCode;
    });
    expect(status).toBe(200);
    const request = lines.find((l) => l.message === 'request');
    expect(request).toMatchObject({
      level: 'INFO',
      service: 'stockflow-api',
      requestId: 'obs-1',
      apiRequestId: expect.any(String),
      function_request_id: 'lambda-req-1',
      operationId: 'listProducts',
      orgId: t.orgId,
      status: 200,
      latencyMs: expect.any(Number),
    });
  });

  it('writes per-operation EMF metrics: requests, 4xx, 5xx and latency; a 401 counts as 4xx', async () => {
    const handler = await productsHandler();
    const lines = await captured(() => get(handler, { authorization: 'Bearer nope' }));
    const emf = emfOf(lines).find((l) => l.operation === 'listProducts');
    expect(emf).toMatchObject({ service: 'stockflow-api', Requests: 1, '4xx': 1, '5xx': 0 });
    expect(emf!.Latency).toEqual(expect.any(Number));
    expect(emf!._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'Stockflow',
      Dimensions: [['service', 'operation']],
    });
  });

  it('logs the cause of a 500 at ERROR with its stack, and the response still reveals nothing', async () => {
    const handler = await productsHandler(async () => {
      throw new Error('ValidationException: secret table detail');
    });
    let body = '';
    const lines = await captured(async () => {
      body = (await get(handler, { authorization: `Bearer ${t.key}` })).body;
    });
    expect(body).not.toContain('secret');
    const failed = lines.find((l) => l.message === 'request failed');
    expect(failed).toMatchObject({
      level: 'ERROR',
      status: 500,
      operationId: 'listProducts',
      error: { message: 'ValidationException: secret table detail', stack: expect.stringContaining('Error') },
    });
    expect(emfOf(lines).find((l) => l.operation === 'listProducts')).toMatchObject({ '5xx': 1 });
  });

  it('counts webhook deliveries by outcome and DEAD ones (metric helper)', async () => {
    const { countMetric, METRIC } = await import('../../../functions/platform/observability/metrics.js');
    const lines = await captured(async () => {
      countMetric(METRIC.webhookDeliveries, 1, { outcome: 'dead' });
      countMetric(METRIC.webhookDead);
    });
    expect(emfOf(lines)).toEqual([
      expect.objectContaining({ outcome: 'dead', WebhookDeliveries: 1 }),
      expect.objectContaining({ WebhookDeadDeliveries: 1 }),
    ]);
  });
});
