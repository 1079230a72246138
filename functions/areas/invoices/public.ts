/**
 * What other areas may use of invoices: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export {
  getInvoice,
  invoicePartitions,
  invoiceReplaceItem,
  invoices,
  outstandingBalanceItem,
} from './store/invoices.js';
