import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it, vi } from 'vitest';
import { catalogueDocumentText } from '../../../functions/areas/meta/openapi-document.js';
import { jsonResult } from '../../../functions/platform/http/render.js';
import { ENDPOINTS } from '../../../functions/catalogue.js';
import { PRODUCT_SORTS } from '../../../functions/areas/products/endpoints.js';
import { buildOpenApi } from '../../../functions/platform/openapi/build.js';
import { SCHEMAS } from '../../../schemas/index.js';
import { call } from '../../support/api.js';
import { SPEC_ENDPOINTS } from '../../support/spec-endpoints.js';

const doc = buildOpenApi(ENDPOINTS) as any;
const op = (method: string, path: string): any => doc.paths[path]?.[method.toLowerCase()];

/** Follows a local JSON pointer (RFC 6901); undefined when any step is missing. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: any = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => collectRefs(item, out));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else collectRefs(value, out);
    }
  }
  return out;
}

const responseOf = (operation: any, status: number): any => {
  const response = operation.responses[String(status)];
  return response?.$ref ? resolvePointer(doc, response.$ref) : response;
};

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    // The validator may annotate what it is given; the served document is shared and frozen.
    const result = await validator.validate(structuredClone(doc));
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has the declared header fields', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Stockflow Inventory and Order API', version: '1.5.0' });
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
  });

  it('documents every catalogue endpoint under its path, method and operationId', () => {
    const operationIds: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const operation = op(endpoint.method, endpoint.path);
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation.operationId).toBe(endpoint.operationId);
      expect(operation.responses[String(endpoint.status)]).toBeDefined();
      operationIds.push(operation.operationId);
    }
    const documented = Object.values(doc.paths).flatMap((item: any) => Object.keys(item));
    expect(documented).toHaveLength(ENDPOINTS.length);
    expect(new Set(operationIds).size).toBe(ENDPOINTS.length);
  });

  it("marks every endpoint the spec does not list x-beyond-spec, and none of the spec's", () => {
    const unmarked = ENDPOINTS.filter((e) => !e.beyondSpec).map((e) => `${e.method} ${e.path}`);
    expect([...unmarked].sort()).toEqual([...SPEC_ENDPOINTS].sort());
    for (const endpoint of ENDPOINTS) {
      const marked = op(endpoint.method, endpoint.path)['x-beyond-spec'] === true;
      expect(marked, `${endpoint.method} ${endpoint.path}`).toBe(endpoint.beyondSpec);
    }
    // The extensions of the webhooks area, not steps of design.md section 7, are marked too.
    expect(op('GET', '/events')['x-beyond-spec']).toBe(true);
    expect(op('POST', '/webhooks/{id}/rotate-secret')['x-beyond-spec']).toBe(true);
    expect(op('POST', '/webhooks/{id}/deliveries/{deliveryId}/retry')['x-beyond-spec']).toBe(true);
  });

  it('requires authentication everywhere except the public endpoints', () => {
    for (const endpoint of ENDPOINTS) {
      const operation = op(endpoint.method, endpoint.path);
      const name = `${endpoint.method} ${endpoint.path}`;
      if (endpoint.public) {
        expect(operation.security, name).toEqual([]);
        continue;
      }
      expect(operation.security, name).toBeUndefined();
      for (const status of [400, 401, 403, 429, 500, 503]) {
        expect(operation.responses[String(status)], `${name} ${status}`).toBeDefined();
      }
      expect(operation.description, name).toMatch(/scope/);
      if (endpoint.permission) expect(operation.description, name).toContain(endpoint.permission);
      expect(responseOf(operation, endpoint.status).headers).toHaveProperty('X-RateLimit-Remaining');
    }
    expect(op('GET', '/openapi.json').security).toEqual([]);
    expect(op('GET', '/openapi.json').responses['401']).toBeUndefined();
  });

  it('documents 404 for path ids, 413 for bodies and the declared extra errors', () => {
    for (const endpoint of ENDPOINTS) {
      const operation = op(endpoint.method, endpoint.path);
      expect(Boolean(operation.responses['404'])).toBe(
        endpoint.path.includes('{') || endpoint.errors.includes(404),
      );
      expect(Boolean(operation.responses['413'])).toBe(endpoint.body !== null);
      for (const status of endpoint.errors) expect(operation.responses[String(status)]).toBeDefined();
    }
    const productParams = op('GET', '/products/{id}').parameters;
    expect(productParams).toContainEqual({
      name: 'id',
      in: 'path',
      required: true,
      schema: { $ref: '#/components/schemas/Id' },
    });
  });

  // What each operation (and the domain and stores it calls) can throw beyond the common statuses.
  it.each([
    ['GET', '/stock-on-hand', [404]],
    ['POST', '/stock-adjustments', [409, 422]],
    ['GET', '/stock-adjustments/{id}', [404]],
    ['POST', '/products', [409, 422]],
    ['PUT', '/products/{id}', [404, 409, 422]],
    ['GET', '/products/{id}/prices', [404]],
    ['POST', '/customers', [409, 422]],
    ['PUT', '/customers/{id}', [404, 409, 422]],
    ['POST', '/customers/{id}/contacts', [404, 422]],
    ['PUT', '/customers/{id}/addresses/{addressId}', [404, 422]],
    ['POST', '/suppliers', [409]],
    ['PUT', '/suppliers/{id}', [404, 409]],
    ['POST', '/webhooks', [422]],
    ['PUT', '/webhooks/{id}', [404, 409, 422]],
    ['POST', '/webhooks/{id}/ping', [404]],
  ] as const)('lists every status %s %s can return', (method, path, statuses) => {
    const responses = op(method, path).responses;
    for (const status of statuses)
      expect(responses[String(status)], `${method} ${path} ${status}`).toBeDefined();
  });

  it('describes POST /products with its body and conflict response', () => {
    const create = op('POST', '/products');
    expect(create.requestBody.required).toBe(true);
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ProductCreate',
    });
    expect(create.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ProductDetail',
    });
    expect(responseOf(create, 409).content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorResponse',
    });
    expect(op('GET', '/products').requestBody).toBeUndefined();
  });

  it('describes list filters as arrays of enums and date bounds', () => {
    const params = op('GET', '/stock-adjustments').parameters as any[];
    const byName = (name: string) => params.find((p) => p.name === name && p.in === 'query');
    expect(byName('status')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: ['DRAFT', 'COMPLETED', 'VOIDED'] } },
    });
    expect(byName('reason').schema.items.enum).toContain('FOUND');
    expect(byName('dateTo').schema).toMatchObject({ type: 'string', maxLength: 40 });
    expect(byName('dateTo').schema.anyOf).toEqual([
      { type: 'string', format: 'date' },
      { type: 'string', format: 'date-time' },
    ]);
  });

  it('gives every path and query id the one Id schema the server enforces (1-128 of A-Za-z0-9_-)', () => {
    expect(doc.components.schemas.Id).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 128,
      pattern: '^[A-Za-z0-9_-]+$',
    });
    for (const endpoint of ENDPOINTS) {
      const params = op(endpoint.method, endpoint.path).parameters as any[];
      for (const param of params.filter((p) => p.in === 'path')) {
        expect(param.schema, `${endpoint.operationId} ${param.name}`).toEqual({
          $ref: '#/components/schemas/Id',
        });
      }
      for (const declared of endpoint.query.filter((q) => q.type === 'id')) {
        const param = params.find((p) => p.in === 'query' && p.name === declared.name);
        expect(param.schema, `${endpoint.operationId} ${declared.name}`).toEqual({
          $ref: '#/components/schemas/Id',
        });
      }
    }
  });

  it('declares pageSize as the server applies it: minimum 1 (below is 400), default 50, clamped to 200', () => {
    const pageSize = (op('GET', '/products').parameters as any[]).find((p) => p.name === 'pageSize');
    expect(pageSize.schema).toEqual({ type: 'integer', minimum: 1, default: 50 });
    expect(pageSize.description).toBe('Rows per page; larger values are clamped to 200.');
  });

  it('bounds comma-list filters by the items their character cap can hold', () => {
    for (const endpoint of ENDPOINTS) {
      for (const declared of endpoint.query) {
        if (declared.type !== 'enum-list') continue;
        const param = (op(endpoint.method, endpoint.path).parameters as any[]).find(
          (p) => p.in === 'query' && p.name === declared.name,
        );
        if (declared.maxLength === undefined) {
          expect(param.schema.maxItems).toBeUndefined();
          continue;
        }
        const shortest = Math.min(...declared.values.map((v) => v.length));
        // maxItems values fit in the cap, one more does not.
        const fits = (n: number) => n * shortest + (n - 1) <= declared.maxLength!;
        expect(fits(param.schema.maxItems), endpoint.operationId).toBe(true);
        expect(fits(param.schema.maxItems + 1), endpoint.operationId).toBe(false);
      }
    }
  });

  it('types every anyOf/oneOf branch (an untyped branch is `unknown` to a generated client)', () => {
    const untyped: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
          value.forEach((branch, i) => {
            // An enum or const branch is typed by its values.
            const typed = ['type', '$ref', 'enum', 'const'].some((k) => k in branch);
            if (!typed) untyped.push(`${at}/${key}/${i}`);
          });
        }
        visit(value, `${at}/${key}`);
      }
    };
    visit(doc, '#');
    expect(untyped).toEqual([]);
    const customer = doc.components.schemas.CustomerCreate.properties.email;
    expect(customer.anyOf).toEqual([
      { type: 'string', maxLength: 0 },
      { type: 'string', format: 'email' },
    ]);
  });

  it('describes the GET /products query parameters', () => {
    const params = op('GET', '/products').parameters as any[];
    const byName = (name: string) => params.find((p) => p.name === name && p.in === 'query');
    expect(byName('page')).toMatchObject({ schema: { type: 'integer', minimum: 1, default: 1 } });
    expect(byName('pageSize')).toMatchObject({ schema: { type: 'integer', minimum: 1, default: 50 } });
    expect(byName('sortBy').schema).toEqual({
      type: 'string',
      enum: ['name', 'sku', 'createdAt', 'updatedAt'],
      default: 'name',
    });
    expect(byName('sortBy').schema.enum).toEqual([...PRODUCT_SORTS]);
    expect(byName('modifiedSince').schema).toEqual({ type: 'string', format: 'date-time' });
    expect(byName('isActive').schema).toEqual({ type: 'boolean' });
    expect(byName('search').schema).toEqual({ type: 'string', maxLength: 200 });
    expect(byName('categoryId').schema).toEqual({ $ref: '#/components/schemas/Id' });
    const prices = op('GET', '/products/{id}/prices').parameters as any[];
    expect(prices.find((p) => p.name === 'quantity').schema).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      default: 1,
    });
  });

  it("marks required query parameters (the reports' dates) required, and only them", () => {
    for (const endpoint of ENDPOINTS) {
      const query = (op(endpoint.method, endpoint.path).parameters as any[]).filter((p) => p.in === 'query');
      for (const param of query) {
        const declared = endpoint.query.find((q) => q.name === param.name)!;
        expect(param.required, `${endpoint.operationId} ${param.name}`).toBe(declared.required === true);
      }
    }
    const movement = op('GET', '/reports/stock-movement').parameters as any[];
    expect(movement.filter((p) => p.required && p.in === 'query').map((p) => p.name)).toEqual([
      'dateFrom',
      'dateTo',
    ]);
  });

  it('documents the Idempotency-Key header exactly on idempotent endpoints and X-Request-Id on all', () => {
    for (const endpoint of ENDPOINTS) {
      const params = (op(endpoint.method, endpoint.path).parameters as any[]).map((p) =>
        p.$ref ? resolvePointer(doc, p.$ref) : p,
      ) as any[];
      const idempotency = params.find((p) => p.name === 'Idempotency-Key');
      expect(Boolean(idempotency)).toBe(endpoint.idempotent);
      if (idempotency) expect(idempotency.schema.maxLength).toBe(200);
      expect(params.find((p) => p.name === 'X-Request-Id')).toMatchObject({ in: 'header', required: false });
    }
  });

  it('derives ETag, If-None-Match/304 and If-Match/412 from the etag flag, and only there', () => {
    const tagged = ENDPOINTS.filter((e) => e.etag).map((e) => `${e.method} ${e.path}`);
    expect(tagged.sort()).toEqual([
      'GET /customers/{id}',
      'GET /organisation',
      'GET /products/{id}',
      'GET /sales-orders/{id}',
      'GET /suppliers/{id}',
      'GET /warehouses/{id}',
      'GET /webhooks/{id}',
      'PUT /customers/{id}',
      'PUT /organisation',
      'PUT /products/{id}',
      'PUT /suppliers/{id}',
      'PUT /warehouses/{id}',
      'PUT /webhooks/{id}',
    ]);
    for (const endpoint of ENDPOINTS) {
      const operation = op(endpoint.method, endpoint.path);
      const names = (operation.parameters as any[]).map(
        (p) => (p.$ref ? resolvePointer(doc, p.$ref) : p).name,
      );
      const success = responseOf(operation, endpoint.status);
      const label = `${endpoint.method} ${endpoint.path}`;
      expect(Boolean(success.headers.ETag), label).toBe(endpoint.etag);
      expect(names.includes('If-None-Match'), label).toBe(endpoint.etag && endpoint.method === 'GET');
      expect(Boolean(operation.responses['304']), label).toBe(endpoint.etag && endpoint.method === 'GET');
      expect(names.includes('If-Match'), label).toBe(endpoint.etag && endpoint.method === 'PUT');
      expect(Boolean(operation.responses['412']), label).toBe(endpoint.etag && endpoint.method === 'PUT');
    }
    expect(responseOf(op('PUT', '/products/{id}'), 412).description).toContain('precondition_failed');
    expect(responseOf(op('GET', '/products/{id}'), 304).content).toBeUndefined();
  });

  it('documents response headers', () => {
    for (const endpoint of ENDPOINTS) {
      const operation = op(endpoint.method, endpoint.path);
      for (const status of Object.keys(operation.responses)) {
        const response = responseOf(operation, Number(status));
        expect(response.headers, `${endpoint.operationId} ${status}`).toHaveProperty('X-Request-Id');
        if (status === '429' || status === '503') expect(response.headers).toHaveProperty('Retry-After');
      }
    }
    expect(responseOf(op('GET', '/openapi.json'), 200).headers).not.toHaveProperty('X-RateLimit-Limit');
  });

  it('publishes every schema without $id and with pointer refs', () => {
    expect(Object.keys(doc.components.schemas).sort()).toEqual(Object.keys(SCHEMAS).sort());
    for (const schema of Object.values(doc.components.schemas) as any[]) expect(schema.$id).toBeUndefined();
    expect(doc.components.schemas.ProductList.properties.data.items).toEqual({
      $ref: '#/components/schemas/Product',
    });
    // The compiled validators read SCHEMAS: rewriting must not touch them.
    expect(SCHEMAS.ProductList.properties.data.items).toEqual({ $ref: 'Product' });
  });

  it('has no $ref pointing to a missing component', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(0);
    const dangling = refs.filter((ref) => resolvePointer(doc, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('is built once and deterministically', async () => {
    expect(buildOpenApi(ENDPOINTS)).toBe(doc);
    expect(Object.isFrozen(doc.paths)).toBe(true);
    vi.resetModules();
    const fresh = await import('../../../functions/platform/openapi/build.js');
    const rebuilt = fresh.buildOpenApi(ENDPOINTS);
    expect(rebuilt).not.toBe(doc);
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(doc));
  });

  it('is served at GET /openapi.json without an API key', async () => {
    const res = await call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('is serialised once per container and sent as it is', () => {
    const text = catalogueDocumentText();
    expect(catalogueDocumentText()).toBe(text);
    expect(text.text).toBe(JSON.stringify(buildOpenApi(ENDPOINTS)));
    expect(jsonResult(200, text)).toEqual({
      statusCode: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: text.text,
    });
    expect(jsonResult(200, { a: 1 }).body).toBe('{"a":1}');
  });
});
