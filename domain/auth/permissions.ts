/** Named permissions of the spec (document 1, Permissions). */
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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

/** A key holds every permission unless it was created with a narrower list (design.md section 4). */
export type PermissionGrant = 'all' | Permission[];

export const grants = (grant: PermissionGrant, permission: Permission): boolean =>
  grant === 'all' || grant.includes(permission);
