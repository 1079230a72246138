/**
 * The typed client's types are committed (console/client/schema.d.ts): this fails when they drift from the
 * document GET /openapi.json serves, so a schema or catalogue change always ships with its client.
 */
import { readFileSync } from 'node:fs';
import type { OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../infra/local/http-adapter.js';
import { ENDPOINTS } from '../../../functions/catalogue.js';
import {
  CLIENT_ACCESS_PATH,
  CLIENT_SCHEMA_PATH,
  clientAccessSource,
  clientSchemaSource,
} from '../../../scripts/generate-client.js';

describe('the typed client (console/client)', () => {
  it(
    'has the types of the served document: run `npm run client:gen` when this fails',
    { timeout: 120_000 },
    async () => {
      const response = await dispatch({
        method: 'GET',
        path: '/api/v1/openapi.json',
        query: new URLSearchParams(),
        headers: {},
        sourceIp: '127.0.0.1',
      });
      expect(response.statusCode).toBe(200);
      const expected = await clientSchemaSource(JSON.parse(response.body) as OpenAPI3);
      const committed = readFileSync(CLIENT_SCHEMA_PATH, 'utf8');
      // Not toBe: a 450 KB diff would drown the report; the first differing line says enough.
      const first = committed.split('\n').findIndex((line, i) => line !== expected.split('\n')[i]);
      expect(
        first === -1 && committed.length === expected.length,
        `first difference at line ${first + 1}`,
      ).toBe(true);
    },
  );

  it('knows what each operation asks of a key, as the catalogue says: run `npm run client:gen` when this fails', () => {
    expect(readFileSync(CLIENT_ACCESS_PATH, 'utf8')).toBe(clientAccessSource(ENDPOINTS));
  });
});
