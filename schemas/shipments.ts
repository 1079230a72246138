import { CARRIER_PATTERN, TRACKING_NUMBER_PATTERN } from '../domain/shipments/dispatch-details.js';
import { MAX_ORDER_LINES } from '../domain/sales-orders/order.js';
import { MAX_CANCEL_REASON } from '../domain/shipments/cancel.js';
import { SHIPMENT_STATUSES } from '../domain/shipments/shipment.js';
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
 * POST /shipments: `shipment create`'s flags under the read names (design.md section 7); omitted lines
 * ship every unshipped stocked balance.
 */
export const ShipmentCreate = {
  $id: 'ShipmentCreate',
  type: 'object',
  required: ['salesOrderId'],
  properties: {
    salesOrderId: idRef,
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ORDER_LINES,
      items: {
        type: 'object',
        required: ['soLineId', 'quantity'],
        properties: {
          soLineId: idRef,
          quantity: { type: 'number', exclusiveMinimum: 0, maximum: 99_999_999 },
        },
      },
    },
    notes: text(2000, 1),
    carrier: { type: 'string', maxLength: 1000, pattern: CARRIER_PATTERN },
    trackingNumber: { type: 'string', maxLength: 100, pattern: TRACKING_NUMBER_PATTERN },
  },
} as const;

/** POST /shipments/{id}/cancel: an optional reason, kept on the shipment (as an order's cancel keeps its). */
export const ShipmentCancel = {
  $id: 'ShipmentCancel',
  type: 'object',
  properties: { reason: nullable(text(MAX_CANCEL_REASON)) },
} as const;

export const ShipmentDispatch = {
  $id: 'ShipmentDispatch',
  type: 'object',
  properties: {
    // Trimmed before it is stored; omitted keeps the shipment's carrier (null is not a value).
    carrier: { type: 'string', maxLength: 1000, pattern: CARRIER_PATTERN },
    trackingNumber: { type: 'string', maxLength: 100, pattern: TRACKING_NUMBER_PATTERN },
  },
} as const;

const lotFields = { batchId: str, batchNumber: str, quantity: num } as const;

const lineFields = {
  soLineId: str,
  productId: str,
  product: { type: 'object', required: ['sku', 'name'], properties: { sku: str, name: str } },
  quantity: num,
  unitPrice: num,
  taxRate: num,
  lots: arrayOf(lotFields),
} as const;

const headerFields = {
  id: str,
  shipmentNumber: str,
  status: { enum: SHIPMENT_STATUSES },
  salesOrder: { type: 'object', required: ['id', 'orderNumber'], properties: { id: str, orderNumber: str } },
  warehouseId: str,
  carrier: optStr,
  trackingNumber: optStr,
  totalWeight: nullable(num),
  shipDate: nullable(timestamp),
  notes: optStr,
  lineCount: { type: 'integer' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const Shipment = {
  $id: 'Shipment',
  ...requiredObject(headerFields),
} as const;

const detailFields = {
  ...headerFields,
  cancelledAt: nullable(timestamp),
  cancelReason: optStr,
  lines: arrayOf(lineFields),
} as const;

export const ShipmentDetail = {
  $id: 'ShipmentDetail',
  ...requiredObject(detailFields),
} as const;

export const ShipmentList = listOf('ShipmentList', { $ref: 'Shipment' });

export const SHIPMENT_SCHEMAS = {
  ShipmentCreate,
  ShipmentCancel,
  ShipmentDispatch,
  Shipment,
  ShipmentDetail,
  ShipmentList,
} as const;

export const SHIPMENT_VALIDATED = ['ShipmentCreate', 'ShipmentCancel', 'ShipmentDispatch'] as const;
