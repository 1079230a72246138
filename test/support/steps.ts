/**
 * What every step design.md section 7 puts over the API must show beside its own assertions: the same
 * Idempotency-Key replays the first answer byte for byte, and the CLI door gives the same resource as the
 * API door (ids, numbers and instants aside, which differ between two records by nature).
 */
import { expect } from 'vitest';
import { call, type Response, type Tenant } from './api.js';

/** Sends the same request twice under one Idempotency-Key; the second is the stored first answer. */
export async function expectReplay(
  tenant: Tenant,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers = { 'Idempotency-Key': `replay-${Math.random().toString(36).slice(2)}` };
  const first = await call(method, path, { key: tenant.key, headers, body });
  const second = await call(method, path, { key: tenant.key, headers, body });
  expect(second.status).toBe(first.status);
  expect(second.headers['idempotency-replayed']).toBe('true');
  expect(second.raw).toBe(first.raw);
  return first;
}

const VARYING = /^(id|.*Id|.*Number|.*At|.*Date|version)$/;

/** A record with what differs between two equal steps on two records blanked out, at every depth. */
export function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      VARYING.test(k) && typeof v !== 'object' ? '<varies>' : comparable(v),
    ]),
  );
}
