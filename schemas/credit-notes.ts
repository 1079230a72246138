import { CREDIT_NOTE_STATUSES } from '../domain/credit-notes/credit-note.js';
import { arrayOf, listOf, nullable, num, optStr, requiredObject, str, timestamp } from './common.js';

const lineFields = {
  id: str,
  productId: str,
  product: { type: 'object', required: ['sku', 'name'], properties: { sku: str, name: str } },
  quantity: num,
  unitPrice: num,
  taxRate: num,
  lineTotal: num,
  taxAmount: num,
} as const;

const headerFields = {
  id: str,
  creditNoteNumber: str,
  status: { enum: CREDIT_NOTE_STATUSES },
  customer: {
    type: 'object',
    required: ['id', 'code', 'name'],
    properties: { id: str, code: str, name: str },
  },
  invoice: nullable({
    type: 'object',
    required: ['id', 'invoiceNumber'],
    properties: { id: str, invoiceNumber: str },
  }),
  salesOrder: nullable({
    type: 'object',
    required: ['id', 'orderNumber'],
    properties: { id: str, orderNumber: str },
  }),
  returnStock: { type: 'boolean' },
  warehouseId: optStr,
  creditDate: timestamp,
  subtotal: num,
  taxTotal: num,
  totalAmount: num,
  approvedAt: nullable(timestamp),
  voidedAt: nullable(timestamp),
  voidReason: optStr,
  lineCount: { type: 'integer' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const CreditNote = {
  $id: 'CreditNote',
  ...requiredObject(headerFields),
} as const;

const detailFields = {
  ...headerFields,
  lines: arrayOf(lineFields),
} as const;

export const CreditNoteDetail = {
  $id: 'CreditNoteDetail',
  ...requiredObject(detailFields),
} as const;

export const CreditNoteList = listOf('CreditNoteList', { $ref: 'CreditNote' });

export const CREDIT_NOTE_SCHEMAS = { CreditNote, CreditNoteDetail, CreditNoteList } as const;
