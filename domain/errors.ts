/** Every error code of the spec's Errors section, with the HTTP status it is rendered with. */
export const ERROR_STATUS = {
  invalid_parameter: 400,
  invalid_json: 400,
  validation_error: 400,
  invalid_api_key: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  conflict_in_progress: 409,
  payload_too_large: 413,
  // Beyond the spec (docs/decisions.md): If-Match on PUT naming a version that is no longer current.
  precondition_failed: 412,
  invalid_reference: 422,
  unprocessable: 422,
  idempotency_key_reuse: 422,
  rate_limit_exceeded: 429,
  service_unavailable: 503,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path: string;
  message: string;
}

/** The spec caps validation details at 20 entries. */
export const MAX_ERROR_DETAILS = 20;

/**
 * A failure the API reports to its caller. Thrown anywhere (domain, store, pipeline) and rendered once,
 * as `{ error: { code, message, details? } }`.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = code === 'validation_error' ? options.details?.slice(0, MAX_ERROR_DETAILS) : undefined;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (resource: string): ApiError => new ApiError('not_found', `${resource} not found`);

export const invalidParameter = (name: string, rule: string): ApiError =>
  new ApiError('invalid_parameter', `Query parameter '${name}' ${rule}`);

export const invalidReference = (field: string, resource: string): ApiError =>
  new ApiError('invalid_reference', `${field} does not reference an existing ${resource}`);

export const unprocessable = (message: string): ApiError => new ApiError('unprocessable', message);

export const conflict = (message: string): ApiError => new ApiError('conflict', message);

export const preconditionFailed = (message: string): ApiError => new ApiError('precondition_failed', message);

/**
 * A store the request depends on is unreachable, or not ready yet (a list's search index being built);
 * the spec asks clients to retry after 30 s.
 */
export const serviceUnavailable = (
  message = 'The service is temporarily unavailable; retry shortly',
): ApiError => new ApiError('service_unavailable', message, { headers: { 'Retry-After': '30' } });

/** A validation failure whose message names the first offending field, as the spec requires. */
export const validationError = (details: ErrorDetail[]): ApiError => {
  const first = details[0];
  const message = first ? `${first.path || 'body'}: ${first.message}` : 'The request body is invalid';
  return new ApiError('validation_error', message, { details });
};

/**
 * Records read apart do not agree, as they never do once committed (a shipment's pick that its order no
 * longer holds): a concurrent write committed between the reads. The write that read them decides again
 * from fresh reads (platform/dynamo/optimistic.ts) instead of failing with a 500.
 */
export class ReadsDisagree extends Error {
  override name = 'ReadsDisagree';
}
