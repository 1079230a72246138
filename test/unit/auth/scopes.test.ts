import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../../domain/auth/families.js';
import {
  authorise,
  isScope,
  requirePermission,
  scopesAllow,
  type Scope,
} from '../../../domain/auth/scopes.js';
import { catchApiError } from '../../support/catch-api-error.js';

describe('isScope', () => {
  it('accepts read, write and <family>:read|write for each of the twelve families', () => {
    expect(isScope('read')).toBe(true);
    expect(isScope('write')).toBe(true);
    for (const family of FAMILIES) {
      expect(isScope(`${family}:read`), family).toBe(true);
      expect(isScope(`${family}:write`), family).toBe(true);
    }
  });

  it('rejects anything else', () => {
    for (const value of [
      '',
      'admin',
      'READ',
      'products',
      'products:',
      ':read',
      'products:admin',
      'products:Read',
      'Products:read',
      'product:read',
      'products:read:extra',
      'products:read ',
      'price-tiers:read',
      'read:products',
    ]) {
      expect(isScope(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('scopesAllow', () => {
  it('lets a global read key read every family but write none', () => {
    for (const family of FAMILIES) {
      expect(scopesAllow(['read'], family, 'read'), family).toBe(true);
      expect(scopesAllow(['read'], family, 'write'), family).toBe(false);
    }
  });

  it('lets a global write key read and write every family', () => {
    for (const family of FAMILIES) {
      expect(scopesAllow(['write'], family, 'read'), family).toBe(true);
      expect(scopesAllow(['write'], family, 'write'), family).toBe(true);
    }
  });

  it('lets <family>:read read that family only', () => {
    expect(scopesAllow(['products:read'], 'products', 'read')).toBe(true);
    expect(scopesAllow(['products:read'], 'products', 'write')).toBe(false);
    expect(scopesAllow(['products:read'], 'inventory', 'read')).toBe(false);
  });

  it('lets <family>:write read and write that family only', () => {
    expect(scopesAllow(['sales-orders:write'], 'sales-orders', 'read')).toBe(true);
    expect(scopesAllow(['sales-orders:write'], 'sales-orders', 'write')).toBe(true);
    expect(scopesAllow(['sales-orders:write'], 'purchase-orders', 'read')).toBe(false);
    expect(scopesAllow(['sales-orders:write'], 'purchase-orders', 'write')).toBe(false);
  });

  it('combines several scopes on one key', () => {
    const scopes: Scope[] = ['products:read', 'customers:write'];
    expect(scopesAllow(scopes, 'products', 'read')).toBe(true);
    expect(scopesAllow(scopes, 'products', 'write')).toBe(false);
    expect(scopesAllow(scopes, 'customers', 'write')).toBe(true);
    expect(scopesAllow(scopes, 'invoices', 'read')).toBe(false);
    expect(scopesAllow(['read', 'webhooks:write'], 'webhooks', 'write')).toBe(true);
    expect(scopesAllow(['read', 'webhooks:write'], 'products', 'write')).toBe(false);
  });

  it('allows nothing without scopes', () => {
    expect(scopesAllow([], 'products', 'read')).toBe(false);
  });
});

describe('authorise', () => {
  it('passes a key with the scope and the permission', () => {
    expect(() =>
      authorise(
        { scopes: ['products:read'], permissions: ['products.view'] },
        'products',
        'read',
        'products.view',
      ),
    ).not.toThrow();
  });

  it('passes a key holding every permission', () => {
    expect(() =>
      authorise({ scopes: ['write'], permissions: 'all' }, 'webhooks', 'write', 'webhooks.manage'),
    ).not.toThrow();
  });

  it('needs no permission when the endpoint names none', () => {
    expect(() => authorise({ scopes: ['read'], permissions: [] }, 'products', 'read', null)).not.toThrow();
  });

  it('rejects a read-only key on a write endpoint with 403 insufficient_scope', () => {
    const error = catchApiError(() =>
      authorise({ scopes: ['read'], permissions: 'all' }, 'products', 'write', null),
    );
    expect(error.code).toBe('insufficient_scope');
    expect(error.status).toBe(403);
    expect(error.message).toBe('This API key lacks the write scope for products');
  });

  it('rejects a key scoped to another family with 403 insufficient_scope', () => {
    const error = catchApiError(() =>
      authorise({ scopes: ['products:write'], permissions: 'all' }, 'invoices', 'read', 'sales.view'),
    );
    expect([error.code, error.status]).toEqual(['insufficient_scope', 403]);
    expect(error.message).toBe('This API key lacks the read scope for invoices');
  });

  it('rejects a key lacking the permission with 403 forbidden', () => {
    const error = catchApiError(() =>
      authorise({ scopes: ['write'], permissions: ['sales.view'] }, 'sales-orders', 'write', 'sales.create'),
    );
    expect(error.code).toBe('forbidden');
    expect(error.status).toBe(403);
    expect(error.message).toBe('This API key lacks the sales.create permission');
  });

  it('reports insufficient_scope before forbidden when both are lacking', () => {
    const error = catchApiError(() =>
      authorise({ scopes: ['read'], permissions: [] }, 'sales-orders', 'write', 'sales.create'),
    );
    expect(error.code).toBe('insufficient_scope');
  });
});

describe('requirePermission', () => {
  it('passes when no permission is needed or the key holds it', () => {
    expect(() => requirePermission({ scopes: [], permissions: [] }, null)).not.toThrow();
    expect(() =>
      requirePermission({ scopes: [], permissions: 'all' }, 'customers.manage_credit'),
    ).not.toThrow();
    expect(() =>
      requirePermission({ scopes: [], permissions: ['customers.manage_credit'] }, 'customers.manage_credit'),
    ).not.toThrow();
  });

  it('throws 403 forbidden naming the missing permission, whatever the scopes', () => {
    const error = catchApiError(() =>
      requirePermission({ scopes: ['write'], permissions: ['sales.view'] }, 'customers.manage_credit'),
    );
    expect([error.code, error.status]).toEqual(['forbidden', 403]);
    expect(error.message).toBe('This API key lacks the customers.manage_credit permission');
  });
});
