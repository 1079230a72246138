/**
 * The twelve scope families of the spec, and `admin` (design.md section 7, beyond the spec): the
 * organisation, its exchange rates, API keys and audit log.
 */
export const FAMILIES = [
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
] as const;
export type Family = (typeof FAMILIES)[number];

/** First path segments that are not family names themselves (design.md section 4). */
const SEGMENT_FAMILY = new Map<string, Family>(
  Object.entries({
    'price-tiers': 'products',
    categories: 'products',
    'units-of-measure': 'products',
    'stock-on-hand': 'inventory',
    'stock-adjustments': 'inventory',
    warehouses: 'inventory',
    batches: 'inventory',
    'serial-numbers': 'inventory',
    'customer-groups': 'customers',
    'sales-reps': 'customers',
    // Beyond the spec: the event log is read by whoever manages webhooks.
    events: 'webhooks',
    // Beyond the spec (design.md section 7): transfers are stock; the organisation's own settings are admin.
    'stock-transfers': 'inventory',
    // Beyond the spec: goods receipts are read as their purchase orders are.
    'goods-receipts': 'purchase-orders',
    organisation: 'admin',
    'exchange-rates': 'admin',
    'api-keys': 'admin',
    'audit-log': 'admin',
  }) as [string, Family][],
);

const isFamily = (segment: string): segment is Family => (FAMILIES as readonly string[]).includes(segment);

/** The spec takes the family from the first path segment of the request URL (below /api/v1). */
export function familyOfPath(path: string): Family | null {
  const segment = path.split('/').filter(Boolean)[0] ?? '';
  if (isFamily(segment)) return segment;
  return SEGMENT_FAMILY.get(segment) ?? null;
}
