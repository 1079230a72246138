import * as validators from '../generated/validators-sales.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { SALES_ORDER_ENDPOINTS } from '../areas/sales-orders/endpoints.js';
import { INVOICE_ENDPOINTS } from '../areas/invoices/endpoints.js';
import { CREDIT_NOTE_ENDPOINTS } from '../areas/credit-notes/endpoints.js';
import { SHIPMENT_ENDPOINTS } from '../areas/shipments/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { creditNoteOperations } from '../areas/credit-notes/operations/index.js';
import { invoiceOperations } from '../areas/invoices/operations/index.js';
import { salesOrderOperations } from '../areas/sales-orders/operations/index.js';
import { shipmentOperations } from '../areas/shipments/operations/index.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('sales', {
  'sales-orders': SALES_ORDER_ENDPOINTS,
  invoices: INVOICE_ENDPOINTS,
  'credit-notes': CREDIT_NOTE_ENDPOINTS,
  shipments: SHIPMENT_ENDPOINTS,
});

/** Lambda entry for order-to-cash: sales orders, invoices, credit notes and shipments. */
export const handler = createGroupHandler({
  group: 'sales',
  endpoints,
  operations: {
    ...salesOrderOperations,
    ...invoiceOperations,
    ...creditNoteOperations,
    ...shipmentOperations,
  },
  validators,
});
