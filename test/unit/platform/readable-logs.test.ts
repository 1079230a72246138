import { describe, expect, it } from 'vitest';
import { readableLine } from '../../../functions/platform/observability/logger.js';
import { LogLevelThreshold } from '@aws-lambda-powertools/logger';

describe('local log lines', () => {
  it('put a request as route, status and latency first, then the fields that say something', () => {
    const line = readableLine(LogLevelThreshold.INFO, {
      level: 'INFO',
      message: 'request',
      timestamp: '2026-01-02T12:04:05.123Z',
      service: 'stockflow-api',
      route: 'GET /api/v1/products',
      operationId: 'listProducts',
      status: 200,
      latencyMs: 12.5,
      orgId: undefined,
    });
    expect(line).toBe('12:04:05 INFO  GET /api/v1/products 200 12.5ms operationId=listProducts');
  });

  it("put an error's stack under its line", () => {
    const error = new Error('boom');
    const line = readableLine(LogLevelThreshold.ERROR, {
      message: 'request failed',
      timestamp: '2026-01-02T12:04:05.123Z',
      error: { name: 'Error', message: 'boom', stack: error.stack },
    });
    expect(line.split('\n')[0]).toBe('12:04:05 ERROR request failed error="Error: boom"');
    expect(line).toContain('readable-logs.test.ts');
  });
});
