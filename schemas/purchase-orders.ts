import { CURRENCIES } from '../domain/currency.js';
import {
  MAX_PURCHASE_ORDER_LINES,
  PURCHASE_ORDER_STATUSES,
} from '../domain/purchase-orders/purchase-order.js';
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

export const PurchaseOrderCreate = {
  $id: 'PurchaseOrderCreate',
  type: 'object',
  required: ['supplierId', 'lines'],
  properties: {
    supplierId: idRef,
    expectedDate: nullable(timestamp),
    notes: nullable(text(2000)),
    warehouseId: nullable(idRef),
    shipToLocationId: nullable(idRef),
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_PURCHASE_ORDER_LINES,
      items: {
        type: 'object',
        required: ['productId', 'quantity', 'unitPrice'],
        properties: {
          // Accepted and ignored: the order gives its lines fresh ids.
          id: nullable(str),
          productId: idRef,
          quantity: { type: 'number', exclusiveMinimum: 0, maximum: 999_999 },
          unitPrice: money(99_999_999),
          taxRate: fraction,
          purchaseUomFactor: nullable({ type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 }),
          purchaseUomAbbrev: nullable(text(20)),
        },
      },
    },
  },
} as const;

export const PurchaseOrderCancel = {
  $id: 'PurchaseOrderCancel',
  type: 'object',
  properties: { reason: nullable(text(500)) },
} as const;

const lineFields = {
  id: str,
  sortOrder: { type: 'integer' },
  productId: str,
  product: {
    type: 'object',
    required: ['id', 'sku', 'name'],
    properties: { id: str, sku: str, name: str },
  },
  quantity: num,
  receivedQty: num,
  unitPrice: num,
  taxRate: num,
  lineTotal: num,
  taxAmount: num,
  purchaseUomFactor: nullable(num),
  purchaseUomAbbrev: optStr,
} as const;

const receiptFields = {
  id: str,
  reference: str,
  receivedAt: timestamp,
  warehouseId: str,
  notes: optStr,
  lineCount: { type: 'integer' },
  totalQuantity: num,
} as const;

const headerFields = {
  id: str,
  orderNumber: str,
  status: { enum: PURCHASE_ORDER_STATUSES },
  supplier: {
    type: 'object',
    required: ['id', 'code', 'name'],
    properties: { id: str, code: str, name: str },
  },
  warehouseId: optStr,
  shipToLocationId: optStr,
  orderDate: timestamp,
  expectedDate: nullable(timestamp),
  receivedDate: nullable(timestamp),
  currency: { enum: CURRENCIES },
  notes: optStr,
  subtotal: num,
  taxTotal: num,
  totalAmount: num,
  lineCount: { type: 'integer' },
  submittedAt: nullable(timestamp),
  approvedAt: nullable(timestamp),
  cancelledAt: nullable(timestamp),
  completedAt: nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const PurchaseOrder = {
  $id: 'PurchaseOrder',
  ...requiredObject(headerFields),
} as const;

const detailFields = {
  ...headerFields,
  lines: arrayOf(lineFields),
  receipts: arrayOf(receiptFields),
  receiptsTotal: { type: 'integer' },
  receiptsTruncated: { type: 'boolean' },
} as const;

export const PurchaseOrderDetail = {
  $id: 'PurchaseOrderDetail',
  ...requiredObject(detailFields),
} as const;

export const PurchaseOrderList = listOf('PurchaseOrderList', { $ref: 'PurchaseOrder' });

export const PURCHASE_ORDER_SCHEMAS = {
  PurchaseOrderCreate,
  PurchaseOrderCancel,
  PurchaseOrder,
  PurchaseOrderDetail,
  PurchaseOrderList,
} as const;

export const PURCHASE_ORDER_VALIDATED = ['PurchaseOrderCreate', 'PurchaseOrderCancel'] as const;
