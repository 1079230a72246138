import { CURRENCIES } from '../domain/customers/customer.js';
import { AGING_BUCKETS } from '../domain/invoices/aging.js';
import { timestamp } from './common.js';

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;

const agingRowFields = {
  invoiceId: str,
  invoiceNumber: str,
  customer: {
    type: 'object',
    required: ['id', 'code', 'name'],
    properties: { id: str, code: str, name: str },
  },
  currency: { enum: CURRENCIES },
  invoiceDate: timestamp,
  dueDate: timestamp,
  totalAmount: num,
  balanceDue: num,
  daysPastDue: { type: 'integer', minimum: 0 },
  bucket: { enum: AGING_BUCKETS },
} as const;

const totalFields = Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, num]));

export const ReceivableAging = {
  $id: 'ReceivableAging',
  type: 'object',
  required: ['asOf', 'invoices', 'totals', 'truncated'],
  properties: {
    asOf: timestamp,
    invoices: {
      type: 'array',
      items: { type: 'object', required: Object.keys(agingRowFields), properties: agingRowFields },
    },
    totals: { type: 'object', required: Object.keys(totalFields), properties: totalFields },
    // More than 1000 outstanding invoices: the first 1000 read (OVERDUE, then PARTIALLY_PAID, then SENT).
    truncated: { type: 'boolean' },
  },
} as const;

export const REPORT_SCHEMAS = { ReceivableAging } as const;
