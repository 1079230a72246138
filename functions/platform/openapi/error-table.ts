import { ERROR_STATUS, type ErrorCode } from '../../../domain/errors.js';

interface ErrorDoc {
  /** When the code is returned (the spec's Errors table, and what we added). */
  when: string;
  /** A body as the API sends it, for the document's examples. */
  example: { message: string; details?: { path: string; message: string }[] };
}

/** Typed by ErrorCode: a new code fails to compile until it is documented here. */
const ERRORS: Record<ErrorCode, ErrorDoc> = {
  invalid_parameter: {
    when: 'A query or pagination parameter is malformed or out of range, an enum value is unknown, an Idempotency-Key is empty or over 200 characters.',
    example: { message: "Query parameter 'pageSize' must be an integer" },
  },
  invalid_json: {
    when: 'The request body is not valid JSON.',
    example: { message: 'The request body is not valid JSON' },
  },
  validation_error: {
    when: 'The body fails its schema (every failing field in `details`, at most 20); also a raw `metadata` key on a product, an explicit null where none is allowed.',
    example: {
      message: 'sku: is required',
      details: [
        { path: 'sku', message: 'is required' },
        { path: 'defaultPrice', message: 'must be >= 0' },
      ],
    },
  },
  invalid_api_key: {
    when: 'The API key is missing, unknown, malformed, revoked or expired (one identical body for all).',
    example: { message: 'The API key is missing, invalid, revoked or expired' },
  },
  insufficient_scope: {
    when: "The key's scopes do not cover the endpoint's family and access (a read key on a write endpoint).",
    example: { message: 'This API key lacks the write scope for products' },
  },
  forbidden: {
    when: 'The key lacks the named permission the endpoint requires.',
    example: { message: 'This API key lacks the sales.approve permission' },
  },
  not_found: {
    when: "The id in the path does not exist in your organisation (another organisation's id included); also an unknown route, and the list filters that say so.",
    example: { message: 'Product not found' },
  },
  conflict: {
    when: 'A unique value already exists (SKU, codes, batch number, product name), or a change another request keeps racing with; retry those.',
    example: { message: "A product with sku 'FLOUR-1' already exists" },
  },
  conflict_in_progress: {
    when: 'A request with the same Idempotency-Key is still being processed (Retry-After: 5).',
    example: { message: 'A request with this Idempotency-Key is still in progress' },
  },
  payload_too_large: {
    when: 'The request body is over 100 KB (102,400 bytes).',
    example: { message: 'The JSON body exceeds 102400 bytes' },
  },
  precondition_failed: {
    when: 'If-Match on a PUT names a version that is no longer current (beyond the spec).',
    example: {
      message: 'If-Match does not match the current version (v4); read it again and reapply the change',
    },
  },
  invalid_reference: {
    when: 'An id in the body (or a report filter) names nothing in your organisation, or something inactive.',
    example: { message: 'categoryId does not reference an existing category' },
  },
  unprocessable: {
    when: 'A business rule refuses the request: insufficient stock, a transition from the wrong status (the message names it), credit hold, over-payment, currency mismatch and the like.',
    example: { message: 'Sales order is CANCELLED; confirm needs DRAFT' },
  },
  idempotency_key_reuse: {
    when: 'An Idempotency-Key is reused with a different body, endpoint or path id.',
    example: { message: 'This Idempotency-Key was used with a different request body, endpoint or path id' },
  },
  rate_limit_exceeded: {
    when: 'The per-key (120/min) or per-organisation (600/min) limit is used up, or too many failed authentications came from your address (Retry-After in seconds).',
    example: { message: 'Rate limit of 120 requests per minute exceeded' },
  },
  service_unavailable: {
    when: "A store the request depends on is unreachable for a moment, or a list's search index is being built for the organisation's size (a search of a large collection just after it grew or a deployment); retry after Retry-After (30 s).",
    example: { message: 'The service is temporarily unavailable; retry shortly' },
  },
  internal_error: {
    when: 'Anything unexpected; the message reveals nothing, quote the X-Request-Id when you report it.',
    example: { message: 'An unexpected error occurred' },
  },
};

const CODES = (Object.keys(ERRORS) as ErrorCode[]).sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);

/** The error table of the document's description (Markdown, which renderers show). */
export const errorTable = (): string =>
  [
    '| Status | Code | When |',
    '| --- | --- | --- |',
    ...CODES.map((code) => `| ${ERROR_STATUS[code]} | \`${code}\` | ${ERRORS[code].when} |`),
  ].join('\n');

/** One named example per code the status carries, as the response's `examples`. */
export const errorExamples = (status: number): Record<string, { summary: string; value: unknown }> =>
  Object.fromEntries(
    CODES.filter((code) => ERROR_STATUS[code] === status).map((code) => [
      code,
      { summary: code, value: { error: { code, ...ERRORS[code].example } } },
    ]),
  );
