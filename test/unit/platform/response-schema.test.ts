import { describe, expect, it } from 'vitest';
import { assertResponseConforms } from '../../support/response-schema.js';

describe('response conformance in call()', () => {
  it('rejects a 2xx body that does not match the declared schema, listing what is wrong', () => {
    expect(() =>
      assertResponseConforms('GET', '/api/v1/stock-adjustments', 200, { data: [{ id: 1 }] }),
    ).toThrow(
      /GET \/api\/v1\/stock-adjustments answered 200 .* StockAdjustmentList:\n {2}- \(root\) must have required property 'pagination'[\s\S]*\/data\/0\/id must be string/,
    );
  });

  it('accepts a conforming body', () => {
    const empty = { data: [], pagination: { total: 0, page: 1, pageSize: 50, totalPages: 0 } };
    expect(() => assertResponseConforms('GET', '/api/v1/stock-adjustments', 200, empty)).not.toThrow();
  });

  it('leaves errors, unknown routes and schema-less responses alone', () => {
    expect(() => assertResponseConforms('GET', '/api/v1/stock-adjustments', 400, {})).not.toThrow();
    expect(() => assertResponseConforms('GET', '/api/v1/nothing-here', 200, {})).not.toThrow();
    expect(() => assertResponseConforms('GET', '/api/v1/openapi.json', 200, { any: 1 })).not.toThrow();
  });
});
