import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { ENDPOINTS } from '../../functions/catalogue.js';
import { API_PREFIX, routeKey, type Endpoint } from '../../functions/platform/catalogue/endpoint.js';
import { renderError } from '../../functions/platform/http/render.js';
import { logger } from '../../functions/platform/observability/logger.js';
import { requestIdFor } from '../../functions/platform/http/request-id.js';
import { ApiError } from '../../domain/errors.js';
import type { ApiEvent, ApiResult } from '../../functions/platform/http/types.js';
import { groupHandler } from './groups.js';

/** API Gateway's own payload cap; the API's 100 KB rule is enforced by the handler as in AWS. */
const GATEWAY_MAX_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
}

const ROUTES: CompiledRoute[] = ENDPOINTS.map((endpoint) => {
  const names: string[] = [];
  const source = `${API_PREFIX}${endpoint.path}`
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { endpoint, pattern: new RegExp(`^${source}$`), names };
});

/** A segment with a malformed percent escape (`%zz`) names nothing, so it matches no route. */
const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

export function matchRoute(method: string, path: string) {
  for (const route of ROUTES) {
    if (route.endpoint.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const values = route.names.map((_, i) => decodeSegment(match[i + 1]!));
    if (values.some((v) => v === null)) return null;
    const params = Object.fromEntries(route.names.map((n, i) => [n, values[i]!]));
    return { endpoint: route.endpoint, params };
  }
  return null;
}

/** Answers the adapter gives itself carry a request id too, as every pipeline answer does. */
const requestIdHeader = (headers: Record<string, string | string[] | undefined> | undefined) => {
  const incoming = headers?.['x-request-id'] ?? headers?.['X-Request-Id'];
  return { 'X-Request-Id': requestIdFor(Array.isArray(incoming) ? incoming[0] : incoming) };
};

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > GATEWAY_MAX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export interface PlainRequest {
  method: string;
  path: string;
  query?: URLSearchParams;
  headers?: Record<string, string>;
  body?: Buffer;
  sourceIp?: string;
}

/** Builds the API Gateway HTTP API (payload 2.0) event the deployed Lambda would receive. */
export function buildEvent(
  request: PlainRequest,
  endpoint: Endpoint,
  params: Record<string, string>,
): ApiEvent {
  const query: Record<string, string> = {};
  // API Gateway joins repeated query parameters with commas.
  for (const [name, value] of request.query ?? [])
    query[name] = name in query ? `${query[name]},${value}` : value;
  const body = request.body ?? Buffer.alloc(0);
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: routeKey(endpoint),
    rawPath: request.path,
    rawQueryString: request.query?.toString() ?? '',
    headers: request.headers ?? {},
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: request.path,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: request.headers?.['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(endpoint),
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    body: body.length > 0 ? body.toString('base64') : undefined,
    isBase64Encoded: body.length > 0,
  };
}

/** Routes a plain request through the catalogue to its group handler, as API Gateway would. */
export async function dispatch(request: PlainRequest): Promise<ApiResult> {
  const route = matchRoute(request.method, request.path);
  if (!route)
    return renderError(new ApiError('not_found', 'Route not found'), requestIdHeader(request.headers));
  const handler = await groupHandler(route.endpoint.group);
  return handler(buildEvent(request, route.endpoint, route.params), {});
}

function send(res: ServerResponse, result: ApiResult) {
  res.writeHead(result.statusCode, result.headers);
  res.end(result.body);
}

/** Serves one HTTP request through the same group handler API Gateway would invoke. */
export async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const body = await readBody(req);
    if (!body)
      return send(
        res,
        renderError(
          new ApiError('payload_too_large', 'The request body is too large'),
          requestIdHeader(req.headers),
        ),
      );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    send(
      res,
      await dispatch({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers,
        body,
        sourceIp: req.socket.remoteAddress ?? undefined,
      }),
    );
  } catch (error) {
    logger.error('local adapter failed', { error });
    send(res, renderError(error, requestIdHeader(req.headers)));
  }
}
