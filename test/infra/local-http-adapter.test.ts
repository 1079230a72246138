import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleHttp } from '../../infra/local/http-adapter.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => void handleHttp(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the local HTTP adapter', () => {
  it('answers a malformed percent escape in a path id 404 not_found with a request id, like an unknown route', async () => {
    for (const path of [
      '/api/v1/customers/%zz',
      '/api/v1/customers/%E0%A4%A/contacts',
      '/api/v1/nothing-here',
    ]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Route not found' } });
      expect(res.headers.get('x-request-id')).toMatch(/^req_[a-z0-9]+$/);
    }
  });

  it('echoes a sane X-Request-Id on its own 404', async () => {
    const res = await fetch(`${base}/api/v1/customers/%zz`, { headers: { 'X-Request-Id': 'client-1' } });
    expect(res.headers.get('x-request-id')).toBe('client-1');
  });
});
