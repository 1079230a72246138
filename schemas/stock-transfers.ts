/** Stock transfer documents (design.md section 7, beyond the spec). */
import { idRef, listOf, nullable, text, timestamp } from './common.js';

const warehouseRef = {
  type: 'object',
  required: ['id', 'code', 'name'],
  properties: { id: { type: 'string' }, code: { type: 'string' }, name: { type: 'string' } },
} as const;

export const StockTransferCreate = {
  $id: 'StockTransferCreate',
  type: 'object',
  required: ['fromWarehouseId', 'toWarehouseId', 'lines'],
  properties: {
    fromWarehouseId: idRef,
    toWarehouseId: idRef,
    notes: nullable(text(2000)),
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['productId', 'quantity'],
        properties: {
          productId: idRef,
          quantity: { type: 'number', exclusiveMinimum: 0, maximum: 99_999_999 },
          batchId: nullable(idRef),
          fromBinId: nullable(idRef),
          toBinId: nullable(idRef),
        },
      },
    },
  },
} as const;

export const StockTransfer = {
  $id: 'StockTransfer',
  type: 'object',
  required: ['id', 'transferNumber', 'fromWarehouse', 'toWarehouse', 'notes', 'lines', 'createdAt'],
  properties: {
    id: { type: 'string' },
    transferNumber: { type: 'string' },
    fromWarehouse: warehouseRef,
    toWarehouse: warehouseRef,
    notes: nullable({ type: 'string' }),
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['productId', 'quantity', 'batchId', 'fromBinId', 'toBinId'],
        properties: {
          productId: { type: 'string' },
          quantity: { type: 'number' },
          batchId: nullable({ type: 'string' }),
          fromBinId: nullable({ type: 'string' }),
          toBinId: nullable({ type: 'string' }),
        },
      },
    },
    createdAt: timestamp,
  },
} as const;

export const StockTransferList = listOf('StockTransferList', { $ref: 'StockTransfer' });

export const STOCK_TRANSFER_SCHEMAS = { StockTransferCreate, StockTransfer, StockTransferList } as const;

export const STOCK_TRANSFER_VALIDATED = ['StockTransferCreate'] as const;
