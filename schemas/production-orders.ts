import { PRODUCTION_ORDER_STATUSES } from '../domain/production-orders/production-order.js';
import { listOf, nullable, num, optStr, requiredObject, str, timestamp } from './common.js';

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

export const PRODUCTION_ORDER_SCHEMAS = {
  ProductionOrder,
  ProductionOrderDetail,
  ProductionOrderList,
} as const;
