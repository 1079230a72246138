import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ERROR_STATUS,
  MAX_ERROR_DETAILS,
  conflict,
  invalidParameter,
  invalidReference,
  notFound,
  unprocessable,
  validationError,
  type ErrorDetail,
} from '../../../domain/errors.js';

const details = (count: number): ErrorDetail[] =>
  Array.from({ length: count }, (_, i) => ({ path: `field${i}`, message: `problem ${i}` }));

describe('ERROR_STATUS', () => {
  it('renders every code of the spec Errors table with its status (internal_error as 500 per design.md)', () => {
    expect(ERROR_STATUS).toEqual({
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
      precondition_failed: 412,
      invalid_reference: 422,
      unprocessable: 422,
      idempotency_key_reuse: 422,
      rate_limit_exceeded: 429,
      service_unavailable: 503,
      internal_error: 500,
    });
  });
});

describe('ApiError', () => {
  it('is an Error carrying code, message, status and no details or headers by default', () => {
    const error = new ApiError('not_found', 'Product not found');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.code).toBe('not_found');
    expect(error.status).toBe(404);
    expect(error.message).toBe('Product not found');
    expect(error.details).toBeUndefined();
    expect(error.headers).toEqual({});
  });

  it('derives the status from the code for every code', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(new ApiError(code as keyof typeof ERROR_STATUS, 'x').status, code).toBe(status);
    }
  });

  it('keeps the headers it is given', () => {
    const error = new ApiError('conflict_in_progress', 'busy', { headers: { 'Retry-After': '5' } });
    expect(error.status).toBe(409);
    expect(error.headers).toEqual({ 'Retry-After': '5' });
  });

  it('keeps details on validation_error only', () => {
    const given = details(2);
    expect(new ApiError('validation_error', 'bad', { details: given }).details).toEqual(given);
    for (const code of ['invalid_parameter', 'unprocessable', 'conflict', 'invalid_json'] as const) {
      expect(new ApiError(code, 'bad', { details: given }).details, code).toBeUndefined();
    }
  });

  it('leaves details undefined on validation_error when none are given', () => {
    expect(new ApiError('validation_error', 'bad').details).toBeUndefined();
  });

  it('caps details at 20, keeping the first ones, without touching the caller array', () => {
    expect(MAX_ERROR_DETAILS).toBe(20);
    const given = details(25);
    const error = new ApiError('validation_error', 'bad', { details: given });
    expect(error.details).toHaveLength(20);
    expect(error.details).toEqual(given.slice(0, 20));
    expect(given).toHaveLength(25);
  });

  it('keeps exactly 20 details when given 20', () => {
    expect(new ApiError('validation_error', 'bad', { details: details(20) }).details).toHaveLength(20);
  });
});

describe('error factories', () => {
  it('notFound names the resource (404)', () => {
    const error = notFound('Product');
    expect([error.code, error.status, error.message]).toEqual(['not_found', 404, 'Product not found']);
  });

  it('invalidParameter names the query parameter and the rule (400)', () => {
    const error = invalidParameter('pageSize', 'must be an integer');
    expect([error.code, error.status]).toEqual(['invalid_parameter', 400]);
    expect(error.message).toBe("Query parameter 'pageSize' must be an integer");
  });

  it('invalidReference names the field and the resource (422)', () => {
    const error = invalidReference('categoryId', 'category');
    expect([error.code, error.status]).toEqual(['invalid_reference', 422]);
    expect(error.message).toBe('categoryId does not reference an existing category');
  });

  it('unprocessable is 422 and conflict is 409, both keeping the message', () => {
    const rule = unprocessable('rule failed');
    expect([rule.code, rule.status, rule.message]).toEqual(['unprocessable', 422, 'rule failed']);
    const clash = conflict('duplicate sku');
    expect([clash.code, clash.status, clash.message]).toEqual(['conflict', 409, 'duplicate sku']);
  });
});

describe('validationError', () => {
  it('is a 400 validation_error whose message names the first offending field', () => {
    const error = validationError([
      { path: 'taxRate', message: 'must be number' },
      { path: 'sku', message: 'is required' },
    ]);
    expect(error.code).toBe('validation_error');
    expect(error.status).toBe(400);
    expect(error.message).toBe('taxRate: must be number');
    expect(error.details).toEqual([
      { path: 'taxRate', message: 'must be number' },
      { path: 'sku', message: 'is required' },
    ]);
  });

  it("names the body when the first detail's path is empty", () => {
    expect(validationError([{ path: '', message: 'must be object' }]).message).toBe('body: must be object');
  });

  it('falls back to a generic message without details', () => {
    const error = validationError([]);
    expect(error.message).toBe('The request body is invalid');
    expect(error.status).toBe(400);
    expect(error.details).toEqual([]);
  });

  it('caps details at 20 and still names the first field', () => {
    const error = validationError(details(30));
    expect(error.details).toHaveLength(20);
    expect(error.message).toBe('field0: problem 0');
  });
});
