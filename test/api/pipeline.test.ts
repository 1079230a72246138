import { beforeAll, describe, expect, it } from 'vitest';
import { endpointByRouteKey, endpointsOf } from '../../functions/catalogue.js';
import * as productValidators from '../../functions/generated/validators-products.js';
import { createGroupHandler } from '../../functions/platform/http/pipeline.js';
import { productOperations } from '../../functions/areas/products/operations.js';
import { buildEvent } from '../../infra/local/http-adapter.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
beforeAll(async () => {
  t = await newTenant('Pipeline org');
});

describe('the request pipeline', () => {
  it('answers 400 invalid_json for a body that is not JSON', async () => {
    const res = await call('POST', '/products', { key: t.key, rawBody: '{"sku": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON' },
    });
  });

  it('answers 413 payload_too_large past 100 KB, and accepts a body just under it', async () => {
    const filler = (n: number) => JSON.stringify({ sku: 'BIG', name: 'Big', description: 'x'.repeat(n) });
    const over = await call('POST', '/products', { key: t.key, rawBody: filler(102_400) });
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe('payload_too_large');
    const under = await call('POST', '/products', { key: t.key, rawBody: filler(4_000) });
    expect(under.status).toBe(201);
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one, on success and on error', async () => {
    const echoed = await call('GET', '/products', {
      key: t.key,
      headers: { 'X-Request-Id': 'client-123.abc' },
    });
    expect(echoed.headers['x-request-id']).toBe('client-123.abc');
    const unsafe = await call('GET', '/products', { headers: { 'x-request-id': 'bad id\nInjected: 1' } });
    expect(unsafe.status).toBe(401);
    expect(unsafe.headers['x-request-id']).toMatch(/^req_[a-z0-9]+$/);
  });

  it('renders unexpected failures as 500 internal_error without leaking what went wrong', async () => {
    const handler = createGroupHandler({
      group: 'products',
      endpoints: endpointsOf('products'),
      operations: {
        ...productOperations,
        listProducts: async () => {
          throw new Error('ValidationException: secret table detail');
        },
      },
      validators: productValidators,
    });
    const endpoint = endpointByRouteKey('GET /api/v1/products')!;
    const result = await handler(
      buildEvent(
        { method: 'GET', path: '/api/v1/products', headers: { authorization: `Bearer ${t.key}` } },
        endpoint,
        {},
      ),
      {} as never,
    );
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toEqual({
      error: { code: 'internal_error', message: 'An unexpected error occurred' },
    });
    expect(result.body).not.toContain('secret');
    expect(result.headers['X-Request-Id']).toMatch(/^req_/);
  });

  it('answers 404 not_found in the error envelope for a route that does not exist', async () => {
    const res = await call('GET', '/nothing-here', { key: t.key });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Route not found' } });
  });

  it('refuses to build a group handler that misses an operation of the catalogue', () => {
    const endpoints = endpointsOf('products');
    expect(() =>
      createGroupHandler({ group: 'products', endpoints, operations: {}, validators: productValidators }),
    ).toThrow(/no operation for listProducts/);
    expect(() =>
      createGroupHandler({ group: 'products', endpoints, operations: productOperations, validators: {} }),
    ).toThrow(/no validator for ProductCreate, ProductUpdate/);
  });

  it('refuses to build a group handler with a path id that names no resource (its malformed-id 404)', () => {
    const endpoints = endpointsOf('products').map(({ resources: _resources, ...endpoint }) => endpoint);
    expect(() =>
      createGroupHandler({
        group: 'products',
        endpoints,
        operations: productOperations,
        validators: productValidators,
      }),
    ).toThrow(/declares no resource for \{id\} of GET \/api\/v1\/products\/\{id\}, \{id\} of PUT/);
  });
});
