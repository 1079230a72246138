/**
 * Which deployed Lambda serves which areas. The CDK stack, the local runtime, the validator generator and
 * the catalogue read this map; nothing derives a Lambda from a folder name. Each Lambda's entry is
 * functions/entries/<lambda>.ts. Data only, so the CDK app can import it.
 */
export const AREAS = [
  'meta',
  'products',
  'inventory',
  'customers',
  'suppliers',
  'pricing',
  'webhooks',
  'sales-orders',
  'invoices',
  'reports',
  'credit-notes',
  'purchase-orders',
  'shipments',
  'production-orders',
  'goods-receipts',
  'organisations',
] as const;
export type Area = (typeof AREAS)[number];

export const LAMBDAS = {
  meta: ['meta'],
  products: ['products'],
  inventory: ['inventory'],
  customers: ['customers'],
  suppliers: ['suppliers'],
  pricing: ['pricing'],
  webhooks: ['webhooks'],
  // Order-to-cash: sales orders, invoices, credit notes and shipments.
  sales: ['sales-orders', 'invoices', 'credit-notes', 'shipments'],
  reports: ['reports'],
  // Procure-to-pay: purchase orders and their goods receipts.
  purchasing: ['purchase-orders', 'goods-receipts'],
  // Production orders read on their own scope family; their stock moves run in the back office.
  manufacturing: ['production-orders'],
  // The organisation's own keys, audit log and settings (design.md section 7).
  admin: ['organisations'],
} as const satisfies Record<string, readonly Area[]>;

export type Group = keyof typeof LAMBDAS;
export const GROUPS = Object.keys(LAMBDAS) as Group[];

const GROUP_OF_AREA = new Map<Area, Group>(
  GROUPS.flatMap((group) => (LAMBDAS[group] as readonly Area[]).map((area) => [area, group] as const)),
);

/** The Lambda that serves an area; every area is served by exactly one. */
export function lambdaOf(area: Area): Group {
  const group = GROUP_OF_AREA.get(area);
  if (!group) throw new Error(`No Lambda serves area ${area}`);
  return group;
}
