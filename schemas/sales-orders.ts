import { ADDRESS_TYPES } from '../domain/customers/addresses.js';
import { CURRENCIES } from '../domain/currency.js';
import { MAX_SERIAL_LENGTH } from '../domain/inventory/serial.js';
import {
  CHARGE_TYPES,
  MAX_ORDER_CHARGES,
  MAX_ORDER_LINES,
  SALES_ORDER_STATUSES,
} from '../domain/sales-orders/order.js';
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

export const SalesOrderCreate = {
  $id: 'SalesOrderCreate',
  type: 'object',
  required: ['customerId', 'lines'],
  properties: {
    customerId: idRef,
    requiredDate: nullable(timestamp),
    notes: nullable(text(2000)),
    warehouseId: nullable(idRef),
    assignedToId: nullable(idRef),
    shipToAddressId: nullable(idRef),
    billToAddressId: nullable(idRef),
    discountPct: nullable(fraction),
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ORDER_LINES,
      items: {
        type: 'object',
        required: ['productId', 'quantity', 'unitPrice'],
        properties: {
          productId: idRef,
          quantity: { type: 'number', exclusiveMinimum: 0, maximum: 999_999 },
          unitPrice: money(99_999_999),
          taxRate: fraction,
          discountPct: nullable(fraction),
          discountAmount: money(99_999_999),
          saleUomFactor: nullable({ type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 }),
          saleUomAbbrev: nullable(text(50)),
        },
      },
    },
    charges: {
      type: 'array',
      maxItems: MAX_ORDER_CHARGES,
      items: {
        type: 'object',
        required: ['chargeType', 'description', 'amount'],
        properties: {
          chargeType: { enum: CHARGE_TYPES },
          description: text(500, 1),
          amount: money(99_999_999),
          taxRate: fraction,
        },
      },
    },
  },
} as const;

export const SalesOrderDispatch = {
  $id: 'SalesOrderDispatch',
  type: 'object',
  properties: {
    lines: {
      type: 'array',
      maxItems: MAX_ORDER_LINES,
      items: {
        type: 'object',
        required: ['soLineId', 'quantity'],
        // Negative quantities are clamped to 0 (design.md section 5), so only the upper bound is a rule.
        properties: {
          soLineId: { type: 'string', minLength: 1 },
          quantity: { type: 'number', maximum: 99_999_999 },
        },
      },
    },
  },
} as const;

export const SalesOrderCancel = {
  $id: 'SalesOrderCancel',
  type: 'object',
  properties: { reason: nullable(text(500)) },
} as const;

const addressFields = {
  id: str,
  label: optStr,
  address: optStr,
  city: optStr,
  region: optStr,
  suburb: optStr,
  postcode: optStr,
  country: optStr,
  type: { enum: ADDRESS_TYPES },
} as const;
const orderAddress = nullable({
  ...requiredObject(addressFields),
});

const lineFields = {
  id: str,
  sortOrder: { type: 'integer' },
  productId: str,
  product: {
    type: 'object',
    required: ['id', 'sku', 'name'],
    properties: { id: str, sku: str, name: str },
  },
  isServiceLine: { type: 'boolean' },
  quantity: num,
  unitPrice: num,
  taxRate: num,
  discountPct: nullable(num),
  discountAmount: nullable(num),
  saleUomFactor: nullable(num),
  saleUomAbbrev: optStr,
  lineTotal: num,
  taxAmount: num,
  pickedQty: num,
  packedQty: num,
  dispatchedQty: num,
  invoicedQty: num,
  lots: {
    type: 'array',
    items: {
      type: 'object',
      required: ['batchId', 'batchNumber', 'quantity', 'isPicked'],
      properties: { batchId: str, batchNumber: str, quantity: num, isPicked: { type: 'boolean' } },
    },
  },
} as const;

const chargeFields = {
  id: str,
  chargeType: { enum: CHARGE_TYPES },
  description: str,
  amount: num,
  taxRate: num,
  taxAmount: num,
} as const;

const headerFields = {
  id: str,
  orderNumber: str,
  status: { enum: SALES_ORDER_STATUSES },
  customer: {
    type: 'object',
    required: ['id', 'code', 'name'],
    properties: { id: str, code: str, name: str },
  },
  currency: { enum: CURRENCIES },
  orderDate: timestamp,
  requiredDate: nullable(timestamp),
  shippedDate: nullable(timestamp),
  notes: optStr,
  warehouseId: optStr,
  assignedToId: optStr,
  discountPct: nullable(num),
  subtotal: num,
  discountTotal: num,
  chargesTotal: num,
  taxTotal: num,
  totalAmount: num,
  lineCount: { type: 'integer' },
  cancelReason: optStr,
  cancelledAt: nullable(timestamp),
  confirmedAt: nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const SalesOrder = {
  $id: 'SalesOrder',
  ...requiredObject(headerFields),
} as const;

const detailFields = {
  ...headerFields,
  shipToAddress: orderAddress,
  billToAddress: orderAddress,
  lines: arrayOf(lineFields),
  charges: arrayOf(chargeFields),
} as const;

export const SalesOrderDetail = {
  $id: 'SalesOrderDetail',
  ...requiredObject(detailFields),
} as const;

export const SalesOrderList = listOf('SalesOrderList', { $ref: 'SalesOrder' });

/**
 * POST /sales-orders/{id}/pick: `sales-order pick --lines` as `{ lines }` (design.md section 7); omitted,
 * every reserved balance is picked FEFO.
 */
export const SalesOrderPick = {
  $id: 'SalesOrderPick',
  type: 'object',
  properties: {
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
          batchId: idRef,
          serialNumbers: {
            type: 'array',
            minItems: 1,
            maxItems: 1000,
            items: { type: 'string', minLength: 1, maxLength: MAX_SERIAL_LENGTH, pattern: '\\S' },
          },
        },
      },
    },
  },
} as const;

export const SALES_ORDER_SCHEMAS = {
  SalesOrderPick,
  SalesOrderCreate,
  SalesOrderDispatch,
  SalesOrderCancel,
  SalesOrder,
  SalesOrderDetail,
  SalesOrderList,
} as const;

export const SALES_ORDER_VALIDATED = [
  'SalesOrderCreate',
  'SalesOrderDispatch',
  'SalesOrderCancel',
  'SalesOrderPick',
] as const;
