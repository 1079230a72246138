/** One in-process request through the real routing and Lambda handler (like test/support/api.ts). */
import { dispatch } from '../infra/local/http-adapter.js';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  key?: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

/** Sends the request and returns the parsed body, throwing on any status other than `expect`. */
export async function send<T = Record<string, unknown>>(request: BenchRequest, expect = 200): Promise<T> {
  const headers: Record<string, string> = {};
  if (request.key) headers.authorization = `Bearer ${request.key}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const result = await dispatch({
    method: request.method,
    path: `/api/v1${request.path}`,
    query: new URLSearchParams(
      Object.entries(request.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
    ),
    headers,
    body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
    sourceIp: '127.0.0.1',
  });
  if (result.statusCode !== expect) {
    throw new Error(
      `${request.method} ${request.path} answered ${result.statusCode}: ${result.body.slice(0, 300)}`,
    );
  }
  return JSON.parse(result.body) as T;
}
