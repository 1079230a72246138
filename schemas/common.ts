import { ERROR_STATUS } from '../domain/errors.js';
import { ID_PATTERN, MAX_ID_LENGTH } from '../domain/ids.js';

/** Building blocks shared by the JSON Schemas (2020-12) of every resource. */

export const nullable = <const T extends object>(schema: T) =>
  ({ anyOf: [schema, { type: 'null' }] }) as const;

/**
 * An object whose every listed property is always present (a response representation: absent values are
 * null, never missing), so the response validation catches a field a view forgot.
 */
export const requiredObject = <P extends Record<string, object>>(properties: P) =>
  ({ type: 'object', required: Object.keys(properties), properties }) as const;

/** An array of such objects (a representation's lines, charges, receipts). */
export const arrayOf = <P extends Record<string, object>>(properties: P) =>
  ({ type: 'array', items: requiredObject(properties) }) as const;

/** The plain types every representation repeats. */
export const str = { type: 'string' } as const;
export const optStr = nullable(str);
export const num = { type: 'number' } as const;

/**
 * An id as written in a body. Existence is checked by the domain (422 invalid_reference), not here: an id
 * of any length is a reference that does not exist (design.md: a malformed body id is 422), not a 400.
 */
export const idRef = { type: 'string', minLength: 1 } as const;

/**
 * What can be an id (domain/ids.ts, enforced on path ids as 404 and on id query filters): the one schema
 * OpenAPI gives every path and query id. Body ids keep idRef (a malformed one is 422, design.md).
 */
export const Id = {
  $id: 'Id',
  type: 'string',
  minLength: 1,
  maxLength: MAX_ID_LENGTH,
  pattern: ID_PATTERN,
} as const;

export const text = (maxLength: number, minLength = 0) =>
  ({ type: 'string', minLength, maxLength, ...(minLength > 0 ? { pattern: '\\S' } : {}) }) as const;

export const money = (maximum: number) => ({ type: 'number', minimum: 0, maximum }) as const;

export const fraction = { type: 'number', minimum: 0, maximum: 1 } as const;

/**
 * A valid email or the empty string (which means no value). Each branch repeats its type: generators
 * (openapi-typescript) type a branch without one as `unknown`.
 */
export const emailOrEmpty = {
  type: 'string',
  maxLength: 254,
  anyOf: [
    { type: 'string', maxLength: 0 },
    { type: 'string', format: 'email' },
  ],
} as const;

export const timestamp = { type: 'string', format: 'date-time' } as const;

export const ErrorResponse = {
  $id: 'ErrorResponse',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        // Every code an ApiError can carry (domain/errors.ts), the spec's Errors section and precondition_failed.
        code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string' },
        details: {
          type: 'array',
          maxItems: 20,
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;

export const Pagination = {
  type: 'object',
  required: ['total', 'page', 'pageSize', 'totalPages'],
  properties: {
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    totalPages: { type: 'integer' },
  },
} as const;

export const listOf = (id: string, item: object) =>
  ({
    $id: id,
    type: 'object',
    required: ['data', 'pagination'],
    properties: { data: { type: 'array', items: item }, pagination: Pagination },
  }) as const;
