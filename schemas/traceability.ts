import { BATCH_STATUSES } from '../domain/inventory/batch.js';
import { MAX_SERIAL_HISTORY, SERIAL_STATUSES } from '../domain/inventory/serial.js';
import { listOf, nullable, requiredObject, timestamp } from './common.js';

const date = { type: 'string', format: 'date' } as const;

const batchProperties = {
  id: { type: 'string' },
  batchNumber: { type: 'string' },
  status: { enum: BATCH_STATUSES },
  manufactureDate: nullable(date),
  expiryDate: nullable(date),
  storageCondition: nullable({ enum: ['AMBIENT', 'CHILLED', 'FROZEN'] }),
  product: nullable({
    type: 'object',
    required: ['id', 'sku', 'name'],
    properties: { id: { type: 'string' }, sku: { type: 'string' }, name: { type: 'string' } },
  }),
  unitCost: nullable({ type: 'number' }),
  notes: nullable({ type: 'string' }),
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const Batch = {
  $id: 'Batch',
  ...requiredObject(batchProperties),
} as const;
export const BatchList = listOf('BatchList', { $ref: 'Batch' });

export const BatchDetail = {
  $id: 'BatchDetail',
  type: 'object',
  required: [...Object.keys(batchProperties), 'items', 'itemsTruncated', 'itemsTotal', 'totalQuantity'],
  properties: {
    ...batchProperties,
    items: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['warehouse', 'bin', 'quantity', 'availableQuantity'],
        properties: {
          warehouse: {
            type: 'object',
            required: ['id', 'code'],
            properties: { id: { type: 'string' }, code: nullable({ type: 'string' }) },
          },
          bin: nullable({
            type: 'object',
            required: ['id', 'code'],
            properties: { id: { type: 'string' }, code: nullable({ type: 'string' }) },
          }),
          quantity: { type: 'number', description: 'Gross on hand of the lot at this location.' },
          availableQuantity: {
            type: 'number',
            description: 'quantity minus unpicked sales-order allocations of the lot at this location.',
          },
        },
      },
    },
    itemsTruncated: { type: 'boolean' },
    itemsTotal: { type: 'integer' },
    totalQuantity: { type: 'number', description: 'Sum of the returned items.' },
  },
} as const;

const idCode = (description: string) =>
  nullable({
    type: 'object',
    description,
    required: ['id', 'code'],
    properties: { id: { type: 'string' }, code: nullable({ type: 'string' }) },
  });

const serialProperties = {
  id: { type: 'string' },
  serialNumber: { type: 'string' },
  status: { enum: SERIAL_STATUSES },
  product: {
    type: 'object',
    required: ['id', 'sku', 'name'],
    properties: {
      id: { type: 'string' },
      sku: nullable({ type: 'string' }),
      name: nullable({ type: 'string' }),
    },
  },
  receivedAt: nullable(timestamp),
  soldAt: nullable(timestamp),
  returnedAt: nullable(timestamp),
  notes: nullable({ type: 'string' }),
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const SerialNumber = {
  $id: 'SerialNumber',
  ...requiredObject(serialProperties),
} as const;
export const SerialNumberList = listOf('SerialNumberList', { $ref: 'SerialNumber' });

export const SerialNumberDetail = {
  $id: 'SerialNumberDetail',
  type: 'object',
  required: [
    ...Object.keys(serialProperties),
    'batch',
    'warehouse',
    'bin',
    'history',
    'historyTruncated',
    'historyTotal',
  ],
  properties: {
    ...serialProperties,
    batch: nullable({
      type: 'object',
      description: 'The lot the unit belongs to (null for a product without lots).',
      required: ['id', 'batchNumber'],
      properties: { id: { type: 'string' }, batchNumber: nullable({ type: 'string' }) },
    }),
    warehouse: idCode('Where the unit was put away (a sold unit keeps the warehouse it left from).'),
    bin: idCode('The bin it was put away in, if any.'),
    history: {
      type: 'array',
      maxItems: MAX_SERIAL_HISTORY,
      description: 'Status changes, oldest first: the last 500 (historyTruncated when there were more).',
      items: {
        type: 'object',
        required: ['fromStatus', 'toStatus', 'at', 'sourceType', 'sourceId'],
        properties: {
          fromStatus: nullable({ enum: SERIAL_STATUSES }),
          toStatus: { enum: SERIAL_STATUSES },
          at: timestamp,
          sourceType: {
            type: 'string',
            description: 'What moved it: goods_receipt, sales_order, shipment or back_office.',
          },
          sourceId: nullable({ type: 'string' }),
        },
      },
    },
    historyTruncated: { type: 'boolean' },
    historyTotal: { type: 'integer' },
  },
} as const;

export const TRACEABILITY_SCHEMAS = {
  Batch,
  BatchList,
  BatchDetail,
  SerialNumber,
  SerialNumberList,
  SerialNumberDetail,
} as const;
