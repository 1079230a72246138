import { MAX_LINE_SERIALS, MAX_RECEIPT_LINES } from '../domain/goods-receipts/receipt.js';
import { MAX_SERIAL_LENGTH } from '../domain/inventory/serial.js';
import { PURCHASE_ORDER_STATUSES } from '../domain/purchase-orders/purchase-order.js';
import {
  arrayOf,
  idRef,
  listOf,
  nullable,
  num,
  optStr,
  requiredObject,
  str,
  text,
  timestamp,
} from './common.js';

/**
 * POST /purchase-orders/{id}/receipts (spec: Goods receipt body). Unknown keys (landedCosts among them:
 * rule 5, landed costs are not accepted) are dropped like any other.
 */
export const GoodsReceiptCreate = {
  $id: 'GoodsReceiptCreate',
  type: 'object',
  required: ['warehouseId', 'lines'],
  properties: {
    warehouseId: idRef,
    receivedAt: nullable(timestamp),
    notes: nullable(text(2000)),
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_RECEIPT_LINES,
      items: {
        type: 'object',
        required: ['poLineId', 'productId', 'quantity'],
        properties: {
          poLineId: idRef,
          productId: idRef,
          quantity: { type: 'number', exclusiveMinimum: 0, maximum: 999_999 },
          batchId: nullable(idRef),
          binId: nullable(idRef),
          batchNumber: nullable(text(100)),
          manufactureDate: nullable(timestamp),
          expiryDate: nullable(timestamp),
          isBatchTracked: { type: 'boolean' },
          requiresSerialTracking: { type: 'boolean' },
          serialNumbers: { type: 'array', maxItems: MAX_LINE_SERIALS, items: text(MAX_SERIAL_LENGTH) },
          autoGenerateSerials: { type: 'boolean' },
        },
      },
    },
  },
} as const;

const lineFields = {
  poLineId: str,
  productId: str,
  quantity: num,
  batchId: optStr,
  batchNumber: optStr,
  binId: optStr,
  serialNumbers: { type: 'array', items: str },
  unitCost: num,
} as const;

const receiptFields = {
  id: str,
  reference: { type: 'string', pattern: '^GR-' },
  receivedAt: str,
  warehouseId: str,
  notes: optStr,
  currency: str,
  exchangeRate: num,
  lines: arrayOf(lineFields),
  purchaseOrder: {
    type: 'object',
    required: ['id', 'orderNumber', 'status', 'receivedDate'],
    properties: {
      id: str,
      orderNumber: str,
      status: { enum: PURCHASE_ORDER_STATUSES },
      receivedDate: optStr,
    },
  },
  createdAt: str,
} as const;

export const GoodsReceipt = {
  $id: 'GoodsReceipt',
  ...requiredObject(receiptFields),
} as const;

/** GET /goods-receipts/{id} (beyond the spec): the 201 body's fields, each line with its lot's expiry. */
export const GoodsReceiptDetail = {
  $id: 'GoodsReceiptDetail',
  ...requiredObject({ ...receiptFields, lines: arrayOf({ ...lineFields, expiryDate: optStr }) }),
} as const;

/** A receipt as GET /goods-receipts lists it: stored fields, lines with serial counts (no numbers). */
export const GoodsReceiptSummary = {
  $id: 'GoodsReceiptSummary',
  ...requiredObject({
    id: str,
    reference: { type: 'string', pattern: '^GR-' },
    purchaseOrderId: str,
    receivedAt: str,
    warehouseId: str,
    notes: optStr,
    currency: str,
    exchangeRate: num,
    lineCount: num,
    totalQuantity: num,
    lines: arrayOf({
      poLineId: str,
      productId: str,
      quantity: num,
      batchId: optStr,
      batchNumber: optStr,
      binId: optStr,
      serialCount: num,
      unitCost: num,
    }),
    createdAt: str,
  }),
} as const;

export const GoodsReceiptList = listOf('GoodsReceiptList', { $ref: 'GoodsReceiptSummary' });

export const GOODS_RECEIPT_SCHEMAS = {
  GoodsReceiptCreate,
  GoodsReceipt,
  GoodsReceiptDetail,
  GoodsReceiptSummary,
  GoodsReceiptList,
} as const;

export const GOODS_RECEIPT_VALIDATED = ['GoodsReceiptCreate'] as const;
