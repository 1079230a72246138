/**
 * A typed client of the StockFlow API: openapi-fetch over the types openapi-typescript generates from the
 * served OpenAPI document (schema.d.ts, `npm run client:gen`). Every path, parameter, body and response
 * is checked by the compiler; this module adds what the API asks of every caller: the key as a Bearer
 * token, an Idempotency-Key on each POST, If-Match on edits, and errors as the API's own error body.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths, operations } from './schema.js';
/** The API's named schemas: `Schemas['SalesOrderDetail']`. */
export type Schemas = components['schemas'];
export type ApiClient = Client<paths>;
export type ErrorBody = Schemas['ErrorResponse'];

export interface ApiClientOptions {
  /** Where the API is mounted, e.g. `https://api.example.com/api/v1` (no trailing slash needed). */
  baseUrl: string;
  /** The API key; sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Another fetch (tests, a proxy); defaults to the global one. */
  fetch?: (input: Request) => Promise<Response>;
  /** Mints the Idempotency-Key a POST gets when the caller gave none (default: a random UUID). */
  newIdempotencyKey?: () => string;
}

/**
 * A client whose POSTs always carry an Idempotency-Key: a network retry of the same call is then answered
 * with the first response instead of creating twice. Pass your own key (`headers: { 'Idempotency-Key':
 * k }`) to make a retry of the same user action safe too; endpoints that take none ignore it.
 */
export function createClient(options: ApiClientOptions): ApiClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    // The API's list parameters are comma lists (`status=DRAFT,CONFIRMED`), as the document says
    // (style form, explode false); openapi-fetch would repeat the name by default.
    querySerializer: { array: { style: 'form', explode: false } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const newKey = options.newIdempotencyKey ?? newIdempotencyKey;
  client.use({
    onRequest: ({ request }) => {
      if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) {
        request.headers.set('Idempotency-Key', newKey());
      }
      return request;
    },
  });
  return client;
}

/** A random key: a UUID where the platform mints one (secure contexts, Node), 128 random bits otherwise. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** A refused request, carrying the API's error body as it was sent. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    /** The API's `error.code` (`invalid_status`, `not_found`, ...), or `http_<status>` for a body that is not the API's. */
    readonly code: string,
    message: string,
    readonly body: ErrorBody | undefined,
    readonly requestId: string | null,
  ) {
    super(message);
  }

  /** Field-level problems of a 400 (`details`), when the API sent them. */
  get details(): ErrorBody['error']['details'] {
    return this.body?.error.details;
  }
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { error?: { message?: unknown } }).error?.message === 'string';

/** The error a failed response stands for: the API's message as sent, or the HTTP status for any other body. */
export function requestError(response: Response, error: unknown): ApiRequestError {
  const requestId = response.headers.get('X-Request-Id');
  if (isErrorBody(error)) {
    return new ApiRequestError(response.status, error.error.code, error.error.message, error, requestId);
  }
  const text = typeof error === 'string' && error.trim() !== '' ? `: ${error.trim().slice(0, 200)}` : '';
  return new ApiRequestError(
    response.status,
    `http_${response.status}`,
    `HTTP ${response.status}${text}`,
    undefined,
    requestId,
  );
}

interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The body of a successful call; a failed one throws ApiRequestError with the API's message. */
export async function ok<R extends FetchResult>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  return (await withEtag(call)).data;
}

/**
 * The body and ETag of a successful call (a GET of a record that has versions answers one): send it back
 * as `If-Match` on the next edit, so a change someone made meanwhile is refused (412) instead of being
 * overwritten silently.
 */
export async function withEtag<R extends FetchResult>(
  call: Promise<R>,
): Promise<{ data: NonNullable<R['data']>; etag: string | null }> {
  const { data, error, response } = await call;
  if (!response.ok) throw requestError(response, error);
  return { data: data as NonNullable<R['data']>, etag: response.headers.get('ETag') };
}

/** Headers for an edit of a record read with `withEtag`: `{ headers: ifMatch(etag) }`. */
export const ifMatch = (etag: string | null | undefined): Record<string, string> =>
  etag ? { 'If-Match': etag } : {};
