import { CURRENCIES } from '../domain/currency.js';
import { PAYMENT_METHODS } from '../domain/invoices/invoice.js';
import { INVOICE_STATUSES } from '../domain/invoices/status.js';
import { CHARGE_TYPES, MAX_ORDER_LINES } from '../domain/sales-orders/order.js';
import { arrayOf, listOf, nullable, num, optStr, requiredObject, str, text, timestamp } from './common.js';

export const SalesOrderInvoice = {
  $id: 'SalesOrderInvoice',
  type: 'object',
  properties: {
    suppressEdi: { type: 'boolean' },
    lines: {
      type: 'array',
      maxItems: MAX_ORDER_LINES,
      items: {
        type: 'object',
        required: ['soLineId', 'quantity'],
        // "> 0, max 99999999" is a field rule (400); more than the line's invoiceable balance is the domain's 422.
        properties: {
          soLineId: { type: 'string', minLength: 1 },
          quantity: { type: 'number', exclusiveMinimum: 0, maximum: 99_999_999 },
        },
      },
    },
  },
} as const;

const lineFields = {
  soLineId: str,
  productId: str,
  product: { type: 'object', required: ['sku', 'name'], properties: { sku: str, name: str } },
  quantity: num,
  unitPrice: num,
  taxRate: num,
  discountPct: nullable(num),
  discountAmount: nullable(num),
  saleUomFactor: nullable(num),
  saleUomAbbrev: optStr,
  lineTotal: num,
  taxAmount: num,
} as const;

const chargeFields = {
  id: str,
  chargeType: { enum: CHARGE_TYPES },
  description: str,
  amount: num,
  taxRate: num,
  taxAmount: num,
} as const;

const paymentFields = {
  id: str,
  amount: num,
  paymentDate: timestamp,
  method: { enum: PAYMENT_METHODS },
  reference: optStr,
  notes: optStr,
  createdAt: timestamp,
} as const;

const headerFields = {
  id: str,
  invoiceNumber: str,
  status: { enum: INVOICE_STATUSES },
  customer: {
    type: 'object',
    required: ['id', 'code', 'name'],
    properties: { id: str, code: str, name: str },
  },
  salesOrder: { type: 'object', required: ['id', 'orderNumber'], properties: { id: str, orderNumber: str } },
  currency: { enum: CURRENCIES },
  invoiceDate: timestamp,
  dueDate: timestamp,
  subtotal: num,
  discountTotal: num,
  chargesTotal: num,
  taxTotal: num,
  totalAmount: num,
  paidAmount: num,
  creditedAmount: num,
  balanceDue: num,
  lineCount: { type: 'integer' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const Invoice = {
  $id: 'Invoice',
  ...requiredObject(headerFields),
} as const;

const detailFields = {
  ...headerFields,
  lines: arrayOf(lineFields),
  charges: arrayOf(chargeFields),
  payments: arrayOf(paymentFields),
  paymentsTotal: { type: 'integer' },
  paymentsTruncated: { type: 'boolean' },
} as const;

export const InvoiceDetail = {
  $id: 'InvoiceDetail',
  ...requiredObject(detailFields),
} as const;

export const InvoiceList = listOf('InvoiceList', { $ref: 'Invoice' });

export const PaymentCreate = {
  $id: 'PaymentCreate',
  type: 'object',
  required: ['amount'],
  properties: {
    // "> 0" is a field rule (400); more than 4 decimals and above the balance are the domain's 422.
    amount: { type: 'number', exclusiveMinimum: 0, maximum: 99_999_999 },
    // Any other currency than the invoice's is 422 (a mismatch, not a malformed body).
    currency: text(10, 1),
    method: { enum: PAYMENT_METHODS },
    reference: nullable(text(255)),
    notes: nullable(text(2000)),
    paidAt: timestamp,
  },
} as const;

const { createdAt: _createdAt, ...paymentShown } = paymentFields;
const paymentResponseFields = {
  ...paymentShown,
  invoice: {
    type: 'object',
    required: ['id', 'paidAmount', 'status', 'balanceDue'],
    properties: { id: str, paidAmount: num, status: { enum: INVOICE_STATUSES }, balanceDue: num },
  },
} as const;

export const PaymentRecorded = {
  $id: 'PaymentRecorded',
  ...requiredObject(paymentResponseFields),
} as const;

export const INVOICE_SCHEMAS = {
  SalesOrderInvoice,
  Invoice,
  InvoiceDetail,
  InvoiceList,
  PaymentCreate,
  PaymentRecorded,
} as const;

export const INVOICE_VALIDATED = ['SalesOrderInvoice', 'PaymentCreate'] as const;
