import { ApiError } from '../../../domain/errors.js';
import type { ApiEvent } from './types.js';

/** The spec's JSON body limit: 100 KB, taken as 100 x 1024 bytes. */
export const MAX_BODY_BYTES = 100 * 1024;

/** Decodes and parses a request body: 413 past the limit, 400 invalid_json when it is not JSON. */
export function parseJsonBody(event: ApiEvent): { raw: string | undefined; value: unknown } {
  if (event.body === undefined || event.body === null || event.body === '')
    return { raw: undefined, value: undefined };
  const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (bytes.length > MAX_BODY_BYTES) {
    throw new ApiError('payload_too_large', `The JSON body exceeds ${MAX_BODY_BYTES} bytes`);
  }
  const raw = bytes.toString('utf8');
  try {
    return { raw, value: JSON.parse(raw) };
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON');
  }
}
