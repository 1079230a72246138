import * as validators from '../generated/validators-sales.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { creditNoteOperations } from '../areas/credit-notes/operations/index.js';
import { invoiceOperations } from '../areas/invoices/operations/index.js';
import { salesOrderOperations } from '../areas/sales-orders/operations/index.js';
import { shipmentOperations } from '../areas/shipments/operations/index.js';

/** Lambda entry for order-to-cash: sales orders, invoices, credit notes and shipments. */
export const handler = createGroupHandler({
  group: 'sales',
  endpoints: endpointsOf('sales'),
  operations: {
    ...salesOrderOperations,
    ...invoiceOperations,
    ...creditNoteOperations,
    ...shipmentOperations,
  },
  validators,
});
