import { INVOICE_STATUSES, type InvoiceStatus } from '../../../../domain/invoices/status.js';

/** The query key prefix of everything read from /invoices: an action invalidates it all. */
export const INVOICES = ['invoices'] as const;

export const invoiceStatusesOf = (value: string | undefined): InvoiceStatus[] | undefined => {
  const statuses = (value ?? '')
    .split(',')
    .filter((status): status is InvoiceStatus => (INVOICE_STATUSES as readonly string[]).includes(status));
  return statuses.length > 0 ? statuses : undefined;
};
