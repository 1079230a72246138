import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../../domain/errors.js';
import { metaOperations } from '../../functions/areas/meta/operations.js';
import { RENDERER_PACKAGE_PATH, servedRenderer } from '../../functions/areas/meta/renderer-script.js';
import { ENDPOINTS, endpointByRouteKey, endpointsOf } from '../../functions/catalogue.js';
import * as metaValidators from '../../functions/generated/validators-meta.js';
import { buildOpenApi } from '../../functions/platform/openapi/build.js';
import { createGroupHandler } from '../../functions/platform/http/pipeline.js';
import { buildEvent } from '../../infra/local/http-adapter.js';
import { call } from '../support/api.js';

const packaged = readFileSync(createRequire(import.meta.url).resolve(RENDERER_PACKAGE_PATH), 'utf8');
const expected = servedRenderer(packaged);
const doc = buildOpenApi(ENDPOINTS) as any;

/** The nonce of each nonce attribute in the page, and the one the CSP allows. */
const noncesOf = (page: string) => [...page.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]);
const policyNonce = (csp: string) => /style-src 'nonce-([^']+)'/.exec(csp)?.[1];

describe('GET /docs', () => {
  it('answers the reference page without a key: HTML, strict CSP, its own nonce, never stored', async () => {
    const res = await call<string>('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    // Public like openapi.json: no rate-limit headers.
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();

    const csp = res.headers['content-security-policy']!;
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self'",
      `style-src 'nonce-${policyNonce(csp)}'`,
      'img-src data:',
      "connect-src 'self'",
      'worker-src blob:',
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
    expect(csp).not.toContain('unsafe');
    const nonce = policyNonce(csp)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // The <style> and the <script> (whose nonce the renderer gives its own styles) carry the CSP's nonce.
    expect(noncesOf(res.body)).toEqual([nonce, nonce]);

    const again = await call<string>('GET', '/docs');
    expect(policyNonce(again.headers['content-security-policy']!)).not.toBe(nonce);
  });

  it('loads the renderer by its digest and the document by relative URLs, and nothing from elsewhere', async () => {
    const { body } = await call<string>('GET', '/docs');
    expect(body).toMatch(/^<!doctype html>/);
    expect(body).toContain('<title>Stockflow Inventory and Order API: reference</title>');
    expect(body).toContain('<redoc spec-url="openapi.json"');
    expect(body).toContain(`<script src="docs/renderer.js?v=${expected.digest}" nonce=`);
    expect(body).toContain('<a href="openapi.json">');
    // Relative to /api/v1/docs both resolve below /api/v1, wherever the API is mounted.
    expect(new URL('openapi.json', 'https://x.example/stage/api/v1/docs').pathname).toBe(
      '/stage/api/v1/openapi.json',
    );
    expect(body).not.toMatch(/https?:\/\//);
    expect(body).not.toMatch(/<script>/);
  });

  it('has no trailing-slash twin (its relative URLs would resolve below /docs/): 404 like any unknown route', async () => {
    const res = await call('GET', '/docs/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Route not found' } });
  });

  it('is served whatever key is sent, even an invalid one', async () => {
    const res = await call('GET', '/docs', { key: 'sfk_live_not-a-key' });
    expect(res.status).toBe(200);
  });

  it('is a 500 internal_error, not a broken page, when an operation returns no string', async () => {
    const handler = createGroupHandler({
      group: 'meta',
      endpoints: endpointsOf('meta'),
      operations: {
        ...metaOperations(async () => buildOpenApi(ENDPOINTS)),
        getApiReference: async () => ({ body: { page: 'not a string' } }),
      },
      validators: metaValidators,
    });
    const endpoint = endpointByRouteKey('GET /api/v1/docs')!;
    const result = await handler(
      buildEvent({ method: 'GET', path: '/api/v1/docs' }, endpoint, {}),
      {} as never,
    );
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toEqual({
      error: { code: 'internal_error', message: 'An unexpected error occurred' },
    });
  });
});

describe('GET /docs/renderer.js', () => {
  it("answers Redoc's bundle made offline: no CDN logo, no source-map comment", async () => {
    const res = await call<string>('GET', '/docs/renderer.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Boolean checks: a failing match on 1 MB of script would print all of it.
    expect(res.body === expected.text).toBe(true);
    expect(res.body.length).toBeGreaterThan(1_000_000);
    expect(packaged.includes('https://cdn.redoc.ly/redoc/logo-mini.svg')).toBe(true);
    expect(res.body.includes('cdn.redoc.ly')).toBe(false);
    expect(/sourceMappingURL=\S+\s*$/.test(packaged)).toBe(true);
    expect(/sourceMappingURL=\S+\s*$/.test(res.body)).toBe(false);
    expect(res.body.includes('r.nc=document.currentScript&&document.currentScript.nonce||void 0;')).toBe(
      true,
    );
  });

  it('is kept a year under the URL the page names (its digest), a day under any other', async () => {
    const named = await call('GET', '/docs/renderer.js', { query: { v: expected.digest } });
    expect(named.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const query of [{}, { v: 'stale-digest' }] as Record<string, string>[]) {
      const other = await call('GET', '/docs/renderer.js', { query });
      expect(other.status).toBe(200);
      expect(other.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('ignores a long or repeated query string (a static asset never answers 400): 200 under the day policy', async () => {
    // API Gateway joins a repeated parameter with commas, so `v=abc&v=abc...` arrives as one long v.
    const repeated = Array.from({ length: 40 }, () => expected.digest).join(',');
    const queries: Record<string, string>[] = [
      { v: 'x'.repeat(65) },
      { v: repeated },
      { v: repeated, other: 'y'.repeat(5000) },
    ];
    for (const query of queries) {
      const res = await call<string>('GET', '/docs/renderer.js', { query });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body === expected.text).toBe(true);
    }
  });

  it('declares no status it does not answer: 200 and 500 only, v without a length cap', () => {
    const operation = doc.paths['/docs/renderer.js'].get;
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '500']);
    const v = operation.parameters.find((p: { name: string }) => p.name === 'v');
    expect(v.schema).toEqual({ type: 'string' });
  });
});

describe('the OpenAPI document', () => {
  const op = (path: string) => doc.paths[path].get;

  it('describes both routes as public, with their media types', () => {
    expect(op('/docs')).toMatchObject({
      operationId: 'getApiReference',
      security: [],
      tags: ['meta'],
      responses: { '200': { content: { 'text/html': { schema: { type: 'string' } } } } },
    });
    expect(op('/docs/renderer.js')).toMatchObject({
      operationId: 'getApiReferenceRenderer',
      security: [],
      responses: { '200': { content: { 'text/javascript': { schema: { type: 'string' } } } } },
    });
    expect(op('/docs/renderer.js').parameters).toContainEqual(
      expect.objectContaining({ name: 'v', in: 'query', required: false }),
    );
  });

  it('lists the meta tag last, after the families', () => {
    const tags = doc.tags.map((t: { name: string }) => t.name);
    expect(tags[0]).toBe('products');
    expect(tags.at(-1)).toBe('meta');
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('carries the authentication section and the error table, one row per error code', () => {
    const description: string = doc.info.description;
    expect(description).toContain('## Authentication');
    expect(description).toContain('<!-- ReDoc-Inject: <security-definitions> -->');
    expect(description).toContain('## Errors');
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(description).toMatch(new RegExp(`^\\| ${status} \\| \`${code}\` \\| .+ \\|$`, 'm'));
    }
  });

  it('gives every error response one example per code of its status, in the error envelope', () => {
    for (const [name, response] of Object.entries(doc.components.responses) as [string, any][]) {
      const examples = response.content['application/json'].examples;
      const codes = Object.keys(examples).sort() as ErrorCode[];
      expect(codes.length, name).toBeGreaterThan(0);
      const status = ERROR_STATUS[codes[0]!];
      const all = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((c) => ERROR_STATUS[c] === status);
      expect(codes, name).toEqual(all.sort());
      for (const code of codes) {
        expect(examples[code].value.error.code).toBe(code);
        expect(examples[code].value.error.message).toEqual(expect.any(String));
      }
    }
    const badRequest = doc.components.responses.BadRequest.content['application/json'].examples;
    expect(Object.keys(badRequest).sort()).toEqual(['invalid_json', 'invalid_parameter', 'validation_error']);
    expect(badRequest.validation_error.value.error.details[0]).toEqual({
      path: 'sku',
      message: 'is required',
    });
  });
});
