import * as validators from '../generated/validators-sales.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { SALES_ORDER_ENDPOINTS } from '../areas/sales-orders/endpoints.js';
import { INVOICE_ENDPOINTS } from '../areas/invoices/endpoints.js';
import { CREDIT_NOTE_ENDPOINTS } from '../areas/credit-notes/endpoints.js';
import { SHIPMENT_ENDPOINTS } from '../areas/shipments/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('sales', {
  'sales-orders': SALES_ORDER_ENDPOINTS,
  invoices: INVOICE_ENDPOINTS,
  'credit-notes': CREDIT_NOTE_ENDPOINTS,
  shipments: SHIPMENT_ENDPOINTS,
});

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  'sales-orders': () =>
    import('../areas/sales-orders/operations/index.js').then((m) => m.salesOrderOperations),
  invoices: () => import('../areas/invoices/operations/index.js').then((m) => m.invoiceOperations),
  'credit-notes': () =>
    import('../areas/credit-notes/operations/index.js').then((m) => m.creditNoteOperations),
  shipments: () => import('../areas/shipments/operations/index.js').then((m) => m.shipmentOperations),
};

/** Lambda entry for order-to-cash: sales orders, invoices, credit notes and shipments. */
export const handler = createGroupHandler({
  group: 'sales',
  endpoints,
  areas,
  validators,
});
