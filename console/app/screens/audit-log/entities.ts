/**
 * Where an audit entry's entity is shown in the console: its entityType (the API's `resourceType` of
 * the journal) mapped to a route pattern of console/app/routes.tsx. An entry links only when that route
 * exists and the key may open it, so a screen added later (production orders) links without a change
 * here beyond its line.
 */
export const ENTITY_ROUTES: Readonly<Record<string, string>> = {
  sales_order: '/sales-orders/:id',
  shipment: '/shipments/:id',
  invoice: '/invoices/:id',
  credit_note: '/credit-notes/:id',
  customer: '/customers/:id',
  purchase_order: '/purchase-orders/:id',
  supplier: '/suppliers/:id',
  product: '/products/:id',
  batch: '/lots/:id',
  serial_number: '/serial-numbers/:id',
  production_order: '/production-orders/:id',
  stock_adjustment: '/stock-adjustments/:id',
  stock_transfer: '/stock-transfers/:id',
  warehouse: '/settings/warehouses/:id',
  webhook: '/settings/webhooks/:id',
  api_key: '/settings/api-keys',
  organisation: '/settings/organisation',
  exchange_rate: '/settings/organisation',
};

/** How an entity type reads: sales_order -> "Sales order", batch -> "Lot". */
export function entityLabel(entityType: string): string {
  if (entityType === 'batch') return 'Lot';
  if (entityType === 'api_key') return 'API key';
  const words = entityType.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
