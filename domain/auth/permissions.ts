/**
 * Named permissions of the spec (document 1, Permissions), then those design.md section 7 adds for the
 * steps the spec left to "the application" (beyond the spec).
 */
export const PERMISSIONS = [
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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

/** A key holds every permission unless it was created with a narrower list (design.md section 4). */
export type PermissionGrant = 'all' | Permission[];

export const grants = (grant: PermissionGrant, permission: Permission): boolean =>
  grant === 'all' || grant.includes(permission);
