import { ApiError } from '../../../domain/errors.js';
import type { ContentType } from '../catalogue/endpoint.js';
import type { ApiResult } from './types.js';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/**
 * A body already serialised, for a large document every request answers unchanged (the OpenAPI
 * document: ~400 KB, ~2 ms to stringify each time): sent as it is.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export const jsonResult = (
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResult => ({
  statusCode,
  headers: { ...JSON_HEADERS, ...headers },
  body: body instanceof JsonText ? body.text : JSON.stringify(body),
});

/** A body that is not JSON (the API reference page and its script), sent as the operation wrote it. */
export function textResult(
  statusCode: number,
  contentType: ContentType,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResult {
  // A programming error, not the caller's: it becomes the usual 500.
  if (typeof body !== 'string') throw new Error(`A ${contentType} body must be a string`);
  return { statusCode, headers: { 'Content-Type': `${contentType}; charset=utf-8`, ...headers }, body };
}

/**
 * The one place errors become responses. Anything that is not an ApiError is a 500 that reveals nothing;
 * its cause is logged by whoever rendered it (the pipeline's request log, with the request's fields).
 */
export function renderError(error: unknown, headers: Record<string, string> = {}): ApiResult {
  const apiError =
    error instanceof ApiError ? error : new ApiError('internal_error', 'An unexpected error occurred');
  const body = {
    error: {
      code: apiError.code,
      message: apiError.message,
      ...(apiError.details ? { details: apiError.details } : {}),
    },
  };
  return jsonResult(apiError.status, body, { ...headers, ...apiError.headers });
}
