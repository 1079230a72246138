import { SALES_ORDER_RESOURCE } from '../../../domain/sales-orders/status.js';
import { INVOICE_RESOURCE, INVOICE_STATUSES } from '../../../domain/invoices/status.js';
import {
  declare,
  modifiedSince,
  PAGE_PARAMS,
  search,
  sortDir,
  type Declared,
  dateRange,
} from '../../platform/catalogue/endpoint.js';

export const INVOICE_SORTS = ['invoiceNumber', 'createdAt', 'updatedAt'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/** POST /sales-orders/{id}/invoice is an invoice's create: declared and implemented here; its scope family comes from its path. */
export const INVOICE_ENDPOINTS = [
  declare({
    operationId: 'listInvoices',
    method: 'GET',
    path: '/invoices',
    summary: 'List invoices (createdAt newest first by default)',
    permission: 'sales.view',
    response: 'InvoiceList',
    query: [
      ...PAGE_PARAMS,
      search('invoice number and customer name'),
      {
        name: 'status',
        type: 'enum-list',
        values: INVOICE_STATUSES,
        caseInsensitive: true,
        maxLength: 300,
        description: 'Comma list of statuses, case-insensitive (any of them matches).',
      },
      {
        name: 'customerId',
        type: 'id',
        description: 'Invoices of this customer (an unknown id gives an empty page; a malformed one is 400).',
      },
      {
        name: 'salesOrderId',
        type: 'id',
        description:
          "Invoices of this sales order, beyond the spec (cuid format, else 400; an unknown id, or another organisation's, gives an empty page).",
      },
      ...dateRange('invoiceDate'),
      modifiedSince,
      {
        name: 'sortBy',
        type: 'enum',
        values: INVOICE_SORTS,
        default: 'createdAt',
        description: 'Sort key (default createdAt).',
      },
      { ...sortDir, description: 'Sort direction (default desc).' },
    ],
  }),
  declare({
    operationId: 'getInvoice',
    method: 'GET',
    path: '/invoices/{id}',
    resources: { id: INVOICE_RESOURCE },
    summary: 'Read an invoice with its lines, charges and payments (most recent first, at most 500)',
    permission: 'sales.view',
    response: 'InvoiceDetail',
  }),
  declare({
    operationId: 'recordInvoicePayment',
    method: 'POST',
    path: '/invoices/{id}/payments',
    resources: { id: INVOICE_RESOURCE },
    summary: 'Record a payment against a SENT, PARTIALLY_PAID or OVERDUE invoice (never above the balance)',
    permission: 'invoices.create',
    body: 'PaymentCreate',
    status: 201,
    response: 'PaymentRecorded',
    idempotent: true,
    errors: [409, 422],
  }),
  declare({
    operationId: 'invoiceSalesOrder',
    method: 'POST',
    path: '/sales-orders/{id}/invoice',
    resources: { id: SALES_ORDER_RESOURCE },
    summary:
      'Invoice a confirmed order (a DRAFT invoice; omitted or empty lines bill every unbilled balance)',
    permission: 'invoices.create',
    body: 'SalesOrderInvoice',
    bodyOptional: true,
    status: 201,
    response: 'InvoiceDetail',
    idempotent: true,
    errors: [409, 422],
  }),
  declare({
    operationId: 'sendInvoice',
    method: 'POST',
    path: '/invoices/{id}/send',
    resources: { id: INVOICE_RESOURCE },
    summary: 'Send a DRAFT invoice (no body; one sent is ignored), as `invoice send` does',
    permission: 'invoices.create',
    response: 'InvoiceDetail',
    status: 200,
    idempotent: true,
    beyondSpec: true,
    errors: [409, 422],
  }),
  declare({
    operationId: 'voidInvoice',
    method: 'POST',
    path: '/invoices/{id}/void',
    resources: { id: INVOICE_RESOURCE },
    summary:
      'Void an invoice that carries no payments (no body; one sent is ignored), as `invoice void` does',
    permission: 'invoices.void',
    response: 'InvoiceDetail',
    status: 200,
    idempotent: true,
    beyondSpec: true,
    errors: [409, 422],
  }),
] as const satisfies readonly Declared[];
