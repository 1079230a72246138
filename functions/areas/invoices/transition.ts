import { INVOICE_RESOURCE, INVOICE_TRANSITIONS } from '../../../domain/invoices/status.js';
import { documentTransitions } from '../../platform/dynamo/document.js';
import { getInvoice, invoiceReplaceItem } from './store/invoices.js';
import { invoiceDetail } from './view.js';

/**
 * The back office's transitions of an invoice that answer its detail (send, void): the invoice put whole,
 * conditioned on the version read, with the transition's effects (the customer's balance, the order's
 * invoiced quantities) and the journal in one transaction; a lost race re-reads and decides again.
 */
export const invoiceTransitions = documentTransitions({
  resource: INVOICE_RESOURCE,
  auditType: 'invoice',
  transitions: INVOICE_TRANSITIONS,
  read: getInvoice,
  document: (invoice) => invoice,
  write: (orgId, read, next) => [invoiceReplaceItem(orgId, next, read)],
  view: (next) => invoiceDetail(next),
});
