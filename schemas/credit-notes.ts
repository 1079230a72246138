import { CREDIT_NOTE_STATUSES, MAX_CREDIT_NOTE_LINES } from '../domain/credit-notes/credit-note.js';
import {
  arrayOf,
  fraction,
  idRef,
  listOf,
  money,
  nullable,
  num,
  optStr,
  requiredObject,
  str,
  text,
  timestamp,
} from './common.js';

/** POST /credit-notes: `credit-note create`'s flags under the detail's read names (design.md section 7). */
export const CreditNoteCreate = {
  $id: 'CreditNoteCreate',
  type: 'object',
  required: ['customerId', 'lines'],
  properties: {
    customerId: idRef,
    invoiceId: nullable(idRef),
    salesOrderId: nullable(idRef),
    returnStock: { type: 'boolean' },
    warehouseId: nullable(idRef),
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_CREDIT_NOTE_LINES,
      items: {
        type: 'object',
        required: ['productId', 'quantity', 'unitPrice'],
        properties: {
          productId: idRef,
          quantity: { type: 'number', exclusiveMinimum: 0, maximum: 99_999_999 },
          unitPrice: money(99_999_999),
          taxRate: fraction,
        },
      },
    },
  },
} as const;

/** POST /credit-notes/{id}/void: the optional reason kept on the note as `voidReason`. */
export const CreditNoteVoid = {
  $id: 'CreditNoteVoid',
  type: 'object',
  properties: { voidReason: nullable(text(500)) },
} as const;

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

export const CREDIT_NOTE_SCHEMAS = {
  CreditNoteCreate,
  CreditNoteVoid,
  CreditNote,
  CreditNoteDetail,
  CreditNoteList,
} as const;

export const CREDIT_NOTE_VALIDATED = ['CreditNoteCreate', 'CreditNoteVoid'] as const;
