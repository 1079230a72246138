import { describe, expect, it } from 'vitest';
import { keyAllows } from '../../../console/app/session/can.js';

const narrow = {
  id: 'key_own',
  scopes: ['inventory:read' as const],
  permissions: ['inventory.view' as const],
};
const admin = { id: 'key_admin', scopes: ['write' as const], permissions: 'all' as const };

describe('keyAllows', () => {
  it('lets any key rotate and revoke itself (own-id), and no other key', () => {
    for (const operation of ['POST /api-keys/{id}/rotate', 'DELETE /api-keys/{id}'] as const) {
      expect(keyAllows(narrow, operation, { id: 'key_own' })).toBe(true);
      expect(keyAllows(narrow, operation, { id: 'key_other' })).toBe(false);
      expect(keyAllows(narrow, operation)).toBe(false);
      expect(keyAllows(admin, operation, { id: 'key_other' })).toBe(true);
    }
  });

  it('gives an own id nothing on operations that are not own-id', () => {
    expect(keyAllows(narrow, 'GET /api-keys', { id: 'key_own' })).toBe(false);
    expect(keyAllows(narrow, 'PUT /warehouses/{id}', { id: 'key_own' })).toBe(false);
  });

  it('still reads scope and permission, and lets any key describe itself', () => {
    expect(keyAllows(narrow, 'GET /warehouses')).toBe(true);
    expect(keyAllows(narrow, 'POST /warehouses')).toBe(false);
    expect(keyAllows(narrow, 'GET /api-keys/current')).toBe(true);
  });
});
