import * as validators from '../generated/validators-sales.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { creditNoteOperations } from '../areas/credit-notes/operations/index.js';
import { invoiceOperations } from '../areas/invoices/operations/index.js';
import { salesOrderOperations } from '../areas/sales-orders/operations/index.js';

/** Lambda entry for order-to-cash: sales orders, invoices and credit notes (shipments join as they land). */
export const handler = createGroupHandler(
  'sales',
  { ...salesOrderOperations, ...invoiceOperations, ...creditNoteOperations },
  validators,
);
