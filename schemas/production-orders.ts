import { MAX_BATCH_NUMBER_LENGTH } from '../domain/production-orders/output-lot.js';
import {
  MAX_CANCEL_REASON,
  MAX_PRIORITY,
  MAX_PRODUCTION_QUANTITY,
  PRODUCTION_ORDER_STATUSES,
} from '../domain/production-orders/production-order.js';
import { idRef, listOf, nullable, num, optStr, requiredObject, str, text, timestamp } from './common.js';

const optNum = nullable(num);

const productRef = {
  type: 'object',
  required: ['id', 'sku', 'name'],
  properties: { id: str, sku: str, name: str },
} as const;

const lots = {
  type: 'array',
  items: {
    type: 'object',
    required: ['batchId', 'batchNumber', 'quantity'],
    properties: { batchId: str, batchNumber: str, quantity: num },
  },
} as const;

const lineFields = {
  id: str,
  lineType: { enum: ['INPUT', 'OUTPUT'] },
  productId: str,
  product: productRef,
  quantityPerUnit: num,
  wastagePercent: num,
  group: optStr,
  phantomProductId: optStr,
  plannedQuantity: num,
  actualQuantity: optNum,
  unitCost: optNum,
  totalCost: optNum,
  lotsConsumed: lots,
  lotsMinted: lots,
} as const;

const headerFields = {
  id: str,
  orderNumber: str,
  status: { enum: PRODUCTION_ORDER_STATUSES },
  productId: str,
  product: productRef,
  plannedQuantity: num,
  actualQuantity: optNum,
  warehouseId: str,
  warehouse: { type: 'object', required: ['id', 'code'], properties: { id: str, code: str } },
  plannedStartDate: timestamp,
  priority: { type: 'integer' },
  salesOrderId: optStr,
  salesOrder: nullable({
    type: 'object',
    required: ['id', 'orderNumber'],
    properties: { id: str, orderNumber: str },
  }),
  startedAt: nullable(timestamp),
  completedAt: nullable(timestamp),
  cancelledAt: nullable(timestamp),
  cancelReason: optStr,
  lineCount: { type: 'integer' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const ProductionOrder = {
  $id: 'ProductionOrder',
  ...requiredObject(headerFields),
} as const;

const detailFields = {
  ...headerFields,
  lines: {
    type: 'array',
    maxItems: 1000,
    items: requiredObject(lineFields),
  },
  linesTruncated: { type: 'boolean' },
  linesTotal: { type: 'integer' },
} as const;

export const ProductionOrderDetail = {
  $id: 'ProductionOrderDetail',
  ...requiredObject(detailFields),
} as const;

export const ProductionOrderList = listOf('ProductionOrderList', { $ref: 'ProductionOrder' });

/** POST /production-orders (design.md section 7): the CLI's flags under their read names. */
export const ProductionOrderCreate = {
  $id: 'ProductionOrderCreate',
  type: 'object',
  required: ['productId', 'quantity', 'warehouseId'],
  properties: {
    productId: idRef,
    quantity: { type: 'number', exclusiveMinimum: 0, maximum: MAX_PRODUCTION_QUANTITY },
    warehouseId: idRef,
    plannedStartDate: nullable(timestamp),
    priority: nullable({ type: 'integer', minimum: 0, maximum: MAX_PRIORITY }),
    salesOrderId: nullable(idRef),
  },
} as const;

/** POST /production-orders/{id}/complete: the quantity produced (the planned one when absent). */
export const ProductionOrderComplete = {
  $id: 'ProductionOrderComplete',
  type: 'object',
  properties: {
    quantity: nullable({ type: 'number', exclusiveMinimum: 0, maximum: MAX_PRODUCTION_QUANTITY }),
    batchNumber: nullable(text(MAX_BATCH_NUMBER_LENGTH, 1)),
  },
} as const;

/** POST /production-orders/{id}/cancel: the reason is kept on the order (cancelReason). */
export const ProductionOrderCancel = {
  $id: 'ProductionOrderCancel',
  type: 'object',
  properties: { reason: nullable(text(MAX_CANCEL_REASON)) },
} as const;

export const PRODUCTION_ORDER_SCHEMAS = {
  ProductionOrder,
  ProductionOrderDetail,
  ProductionOrderList,
  ProductionOrderCreate,
  ProductionOrderComplete,
  ProductionOrderCancel,
} as const;

export const PRODUCTION_ORDER_VALIDATED = [
  'ProductionOrderCreate',
  'ProductionOrderComplete',
  'ProductionOrderCancel',
] as const;
