import { describe, expect, it } from 'vitest';
import { PERMISSIONS, grants, isPermission } from '../../../domain/auth/permissions.js';

describe('PERMISSIONS', () => {
  it('lists the named permissions of the spec, in its order, then those of design.md section 7', () => {
    expect(PERMISSIONS).toEqual([
      'sales.view',
      'sales.create',
      'sales.edit',
      'sales.approve',
      'sales.dispatch',
      'purchasing.view',
      'purchasing.create',
      'purchasing.edit',
      'purchasing.approve',
      'purchasing.receive',
      'invoices.create',
      'shipments.view',
      'shipments.create',
      'shipments.dispatch',
      'products.view',
      'inventory.view',
      'manufacturing.view',
      'reports.view',
      'webhooks.manage',
      'customers.manage_credit',
      'inventory.manage',
      'inventory.adjust',
      'products.manage',
      'pricing.manage',
      'invoices.void',
      'manufacturing.manage',
      'org.manage',
      'keys.manage',
      'audit.view',
    ]);
  });
});

describe('isPermission', () => {
  it('accepts every named permission', () => {
    for (const permission of PERMISSIONS) expect(isPermission(permission), permission).toBe(true);
  });

  it('rejects anything else, including other spellings and scope names', () => {
    for (const value of ['', 'sales', 'sales.View', 'SALES.VIEW', 'sales.view ', 'products:read', 'write']) {
      expect(isPermission(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('grants', () => {
  it('grants every permission to a key holding all of them', () => {
    for (const permission of PERMISSIONS) expect(grants('all', permission), permission).toBe(true);
  });

  it('grants only the listed permissions to a narrowed key', () => {
    const narrowed = ['sales.view', 'products.view'] as const;
    expect(grants([...narrowed], 'sales.view')).toBe(true);
    expect(grants([...narrowed], 'products.view')).toBe(true);
    expect(grants([...narrowed], 'sales.create')).toBe(false);
    expect(grants([...narrowed], 'customers.manage_credit')).toBe(false);
  });

  it('grants nothing to an empty list', () => {
    for (const permission of PERMISSIONS) expect(grants([], permission), permission).toBe(false);
  });
});
