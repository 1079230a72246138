import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../functions/catalogue.js';
import { canBeId, pathParamNames } from '../../domain/ids.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
beforeAll(async () => {
  t = await newTenant('Path id org');
});

const WITH_PATH_IDS = ENDPOINTS.filter((e) => pathParamNames(e.path).length > 0);
const pathWith = (template: string, id: string) => template.replace(/\{[^}]+\}/g, id);

describe('ids that cannot be ids', () => {
  it('covers every endpoint with a path id', () => {
    expect(WITH_PATH_IDS.length).toBeGreaterThanOrEqual(19);
  });

  for (const length of [3_000, 1_100]) {
    describe(`a ${length}-character path id`, () => {
      for (const endpoint of WITH_PATH_IDS) {
        it(`is 404 not_found on ${endpoint.method} ${endpoint.path}`, async () => {
          const res = await call(endpoint.method, pathWith(endpoint.path, 'c'.repeat(length)), {
            key: t.key,
            body: endpoint.body ? {} : undefined,
          });
          expect(res.status).toBe(404);
          expect(res.body.error.code).toBe('not_found');
          expect(res.headers['x-request-id']).toBeTruthy();
        });
      }
    });
  }

  it('answers a malformed id with the same body as an unknown one', async () => {
    const unknown = await call('GET', '/customers/cnotarealcustomer00000000', { key: t.key });
    const malformed = await call('GET', '/customers/not%20an%20id', { key: t.key });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(unknown.body);
  });

  describe('answers a malformed id with the same body as an unknown one, on every endpoint', () => {
    const UNKNOWN = 'cnotarealid0000000000000';
    // Bodies that pass validation, so the unknown id reaches the operation's own 404.
    const VALID_BODIES: Record<string, unknown> = {
      CustomerContactInput: { name: 'Path id' },
      PaymentCreate: { amount: 1 },
      GoodsReceiptCreate: {
        warehouseId: UNKNOWN,
        lines: [{ poLineId: UNKNOWN, productId: UNKNOWN, quantity: 1 }],
      },
      ProductBomInput: { lines: [] },
      ZoneCreate: { name: 'Path id', zoneType: 'STORAGE' },
      BinCreate: { code: 'PATH-ID' },
      SerialStatusChange: { status: 'DAMAGED' },
      ExchangeRateSet: { rate: 1.5 },
      TierBreakCreate: { productId: UNKNOWN, minQuantity: 1, unitPrice: 1 },
      TierPriceUpdate: { price: 1 },
      SupplierLocationCreate: { name: 'Path id' },
      SupplierPriceUpdate: { supplierPrice: 1 },
    };
    // A nested id is looked up under a real parent: the records the first path segment names.
    const parents: Record<string, string> = {};
    beforeAll(async () => {
      const customer = await call('POST', '/customers', {
        key: t.key,
        body: { code: 'NESTED', name: 'Nested' },
      });
      const webhook = await call('POST', '/webhooks', {
        key: t.key,
        body: { url: 'https://example.com/hook', events: ['product.created'] },
      });
      expect([customer.status, webhook.status]).toEqual([201, 201]);
      parents.customers = customer.body.id;
      parents.webhooks = webhook.body.id;
      // Tier and supplier prices name a product under a real tier or supplier.
      const tier = await call('POST', '/price-tiers', { key: t.key, body: { name: 'Nested' } });
      const supplier = await call('POST', '/suppliers', {
        key: t.key,
        body: { code: 'NESTED', name: 'Nested' },
      });
      expect([tier.status, supplier.status]).toEqual([201, 201]);
      parents['price-tiers'] = tier.body.id;
      parents.suppliers = supplier.body.id;
    });

    for (const endpoint of WITH_PATH_IDS) {
      pathParamNames(endpoint.path).forEach((name, index) => {
        it(`on ${endpoint.method} ${endpoint.path} ({${name}})`, async () => {
          const parent = endpoint.path.split('/')[1]!;
          const path = (id: string) => {
            let position = 0;
            return endpoint.path.replace(/\{[^}]+\}/g, () => {
              const at = position++;
              if (at < index) return parents[parent] ?? `no parent record for /${parent}`;
              return at === index ? id : UNKNOWN;
            });
          };
          const body = endpoint.body ? (VALID_BODIES[endpoint.body] ?? {}) : undefined;
          const unknown = await call(endpoint.method, path(UNKNOWN), { key: t.key, body });
          const malformed = await call(endpoint.method, path('not%20an%20id'), { key: t.key, body });
          expect(unknown.status).toBe(404);
          expect(malformed.status).toBe(404);
          expect(malformed.body).toEqual(unknown.body);
        });
      });
    }
  });

  it('keeps every id the system mints possible', async () => {
    const created = await call('POST', '/customers', {
      key: t.key,
      body: { code: 'PATHID', name: 'Path id' },
    });
    expect(created.status).toBe(201);
    expect(canBeId(created.body.id)).toBe(true);
    expect((await call('GET', `/customers/${created.body.id}`, { key: t.key })).status).toBe(200);
    expect(canBeId('dlv_' + 'a'.repeat(24))).toBe(true);
    expect(canBeId('a'.repeat(129))).toBe(false);
  });

  it('answers an over-long customerId on /products/{id}/prices 404, as the spec does an unknown one', async () => {
    const product = await call('POST', '/products', { key: t.key, body: { sku: 'PID-1', name: 'Path id' } });
    expect(product.status).toBe(201);
    for (const customerId of ['c'.repeat(3_000), 'c'.repeat(1_100), 'bad id']) {
      const res = await call('GET', `/products/${product.body.id}/prices`, {
        key: t.key,
        query: { customerId },
      });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('answers over-long body ids 422 invalid_reference', async () => {
    for (const id of ['c'.repeat(3_000), 'c'.repeat(1_100), 'c'.repeat(65)]) {
      const customer = await call('POST', '/customers', {
        key: t.key,
        body: { code: `R${id.length}`, name: 'Refs', priceTierId: id },
      });
      expect(customer.status).toBe(422);
      expect(customer.body.error.code).toBe('invalid_reference');
      const product = await call('POST', '/products', {
        key: t.key,
        body: { sku: `R${id.length}`, name: `Refs ${id.length}`, categoryId: id },
      });
      expect(product.status).toBe(422);
      expect(product.body.error.code).toBe('invalid_reference');
      const adjustment = await call('POST', '/stock-adjustments', {
        key: t.key,
        body: { reason: 'FOUND', lines: [{ productId: id, warehouseId: id, quantityChange: 1 }] },
      });
      expect(adjustment.status).toBe(422);
      expect(adjustment.body.error.code).toBe('invalid_reference');
    }
  });

  it('answers an over-long cuid-format query filter 400', async () => {
    const res = await call('GET', '/stock-adjustments', {
      key: t.key,
      query: { warehouseId: 'c'.repeat(3_000) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_parameter');
  });
});

describe('id query parameters that cannot be ids', () => {
  it('answers productId on /stock-on-hand 404 and an over-long categoryId filter with an empty page', async () => {
    for (const id of ['c'.repeat(3_000), 'c'.repeat(1_100)]) {
      const stock = await call('GET', '/stock-on-hand', { key: t.key, query: { productId: id } });
      expect(stock.status).toBe(404);
      expect(stock.body.error.code).toBe('not_found');
      const products = await call('GET', '/products', { key: t.key, query: { categoryId: id } });
      expect(products.status).toBe(200);
      expect(products.body.data).toEqual([]);
    }
  });
});
