import { describe, expect, it } from 'vitest';
import { FAMILIES, familyOfPath } from '../../../domain/auth/families.js';

describe('FAMILIES', () => {
  it('lists the twelve scope families of the spec, then admin (design.md section 7)', () => {
    expect(FAMILIES).toEqual([
      'products',
      'inventory',
      'customers',
      'suppliers',
      'sales-orders',
      'purchase-orders',
      'production-orders',
      'invoices',
      'credit-notes',
      'shipments',
      'reports',
      'webhooks',
      'admin',
    ]);
  });
});

describe('familyOfPath', () => {
  it('maps a first segment that is a family name to that family', () => {
    for (const family of FAMILIES) {
      expect(familyOfPath(`/${family}`), family).toBe(family);
      expect(familyOfPath(`/${family}/ckabc123`), family).toBe(family);
    }
  });

  it('maps the other first segments as design.md section 4 answers', () => {
    expect(familyOfPath('/price-tiers')).toBe('products');
    expect(familyOfPath('/categories')).toBe('products');
    expect(familyOfPath('/units-of-measure')).toBe('products');
    expect(familyOfPath('/stock-on-hand')).toBe('inventory');
    expect(familyOfPath('/stock-adjustments')).toBe('inventory');
    expect(familyOfPath('/warehouses')).toBe('inventory');
    expect(familyOfPath('/batches')).toBe('inventory');
    expect(familyOfPath('/serial-numbers')).toBe('inventory');
    expect(familyOfPath('/customer-groups')).toBe('customers');
    expect(familyOfPath('/sales-reps')).toBe('customers');
  });

  it('maps the first segments design.md section 7 adds', () => {
    expect(familyOfPath('/stock-transfers/ckabc123')).toBe('inventory');
    expect(familyOfPath('/goods-receipts/ckabc123')).toBe('purchase-orders');
    for (const segment of ['organisation', 'exchange-rates', 'api-keys', 'audit-log']) {
      expect(familyOfPath(`/${segment}`), segment).toBe('admin');
    }
  });

  it('gives a family to the first segment of every endpoint in the spec', () => {
    const segments = [
      'batches',
      'categories',
      'credit-notes',
      'customer-groups',
      'customers',
      'invoices',
      'price-tiers',
      'production-orders',
      'products',
      'purchase-orders',
      'reports',
      'sales-orders',
      'sales-reps',
      'serial-numbers',
      'shipments',
      'stock-adjustments',
      'stock-on-hand',
      'suppliers',
      'units-of-measure',
      'warehouses',
      'webhooks',
    ];
    for (const segment of segments) expect(familyOfPath(`/${segment}`), segment).not.toBeNull();
  });

  it('takes only the first segment, whatever follows', () => {
    expect(familyOfPath('/products/{id}/prices')).toBe('products');
    expect(familyOfPath('/price-tiers/{id}')).toBe('products');
    expect(familyOfPath('/sales-orders/{id}/invoice')).toBe('sales-orders');
    expect(familyOfPath('/customers/{id}/contacts/{contactId}')).toBe('customers');
    expect(familyOfPath('/reports/stock-movement')).toBe('reports');
  });

  it('ignores leading, doubled and trailing slashes', () => {
    expect(familyOfPath('products')).toBe('products');
    expect(familyOfPath('//warehouses//x')).toBe('inventory');
    expect(familyOfPath('/webhooks/')).toBe('webhooks');
  });

  it('returns null for paths outside every family', () => {
    expect(familyOfPath('/openapi.json')).toBeNull();
    expect(familyOfPath('/')).toBeNull();
    expect(familyOfPath('')).toBeNull();
    expect(familyOfPath('/product')).toBeNull();
    expect(familyOfPath('/Products')).toBeNull();
  });

  it('expects the path below /api/v1: the prefixed form has no family', () => {
    expect(familyOfPath('/api/v1/products')).toBeNull();
  });

  // Segments naming Object.prototype members must not resolve through the prototype chain.
  for (const segment of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    it(`returns null for the prototype member name /${segment}`, () => {
      expect(familyOfPath(`/${segment}`)).toBeNull();
    });
  }
});
