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
    expect(() => assertResponseConforms('GET', '/api/v1/docs', 200, { any: 1 })).not.toThrow();
  });

  it('checks the OpenAPI document against its declared top level', () => {
    expect(() => assertResponseConforms('GET', '/api/v1/openapi.json', 200, { any: 1 })).toThrow(
      /OpenApiDocument:\n {2}- \(root\) must have required property 'openapi'/,
    );
  });

  it('holds the product detail stock levels and supplier links to their declared members', () => {
    const detail = {
      stockLevels: [
        { warehouseId: 'w1', quantityOnHand: 5, quantityReserved: 1, quantityAvailable: 4, binId: null },
      ],
      suppliers: [{ supplierId: 's1', supplierPrice: 2, isPreferred: 'yes' }],
      variants: [{}],
    };
    let message = '';
    try {
      assertResponseConforms('GET', '/api/v1/products/p1', 200, detail);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("/stockLevels/0 must NOT have additional properties 'binId'");
    expect(message).toContain("/suppliers/0 must have required property 'supplierCode'");
    expect(message).toContain('/suppliers/0/isPreferred must be boolean');
    expect(message).toContain('/variants must be equal to constant');
  });
});
