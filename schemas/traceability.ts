import { BATCH_STATUSES } from '../domain/inventory/batch.js';
import { listOf, nullable, timestamp } from './common.js';

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
  type: 'object',
  required: Object.keys(batchProperties),
  properties: batchProperties,
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

export const TRACEABILITY_SCHEMAS = { Batch, BatchList, BatchDetail } as const;
