import {
  CREATABLE_REASONS,
  ADJUSTMENT_REASONS,
  ADJUSTMENT_STATUSES,
} from '../domain/inventory/adjustment.js';
import { ZONE_CATEGORY_KEYS, ZONE_TYPES } from '../domain/inventory/warehouse.js';
import { idRef, listOf, nullable, text, timestamp } from './common.js';

const quantity = { type: 'number' } as const;

const bin = {
  type: 'object',
  required: ['id', 'code', 'capacity', 'isActive'],
  properties: {
    id: { type: 'string' },
    code: { type: 'string' },
    capacity: nullable({ type: 'number' }),
    isActive: { type: 'boolean' },
  },
} as const;

const zone = {
  type: 'object',
  required: ['id', 'name', 'zoneType', 'zoneCategory', 'bins', 'binsTruncated', 'binsTotal'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    zoneType: { enum: ZONE_TYPES },
    zoneCategory: nullable({
      type: 'object',
      required: ['id', 'name', 'builtInKey', 'needsTemperatureRecords'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        builtInKey: nullable({ enum: ZONE_CATEGORY_KEYS }),
        needsTemperatureRecords: { type: 'boolean' },
      },
    }),
    bins: { type: 'array', items: bin },
    binsTruncated: { type: 'boolean' },
    binsTotal: { type: 'integer' },
  },
} as const;

export const Warehouse = {
  $id: 'Warehouse',
  type: 'object',
  required: [
    'id',
    'code',
    'name',
    'address',
    'isActive',
    'zones',
    'zonesTruncated',
    'zonesTotal',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'string' },
    code: { type: 'string' },
    name: { type: 'string' },
    address: nullable({ type: 'string' }),
    isActive: { type: 'boolean' },
    zones: { type: 'array', items: zone },
    zonesTruncated: { type: 'boolean' },
    zonesTotal: { type: 'integer' },
    createdAt: timestamp,
    updatedAt: timestamp,
  },
} as const;
export const WarehouseList = listOf('WarehouseList', { $ref: 'Warehouse' });

const ref = (extra: Record<string, object>) => ({
  type: 'object',
  required: ['id', ...Object.keys(extra)],
  properties: { id: { type: 'string' }, ...extra },
});

export const StockOnHandRow = {
  $id: 'StockOnHandRow',
  type: 'object',
  required: [
    'product',
    'warehouse',
    'bin',
    'quantityOnHand',
    'quantityReserved',
    'quantityAvailable',
    'batches',
    'updatedAt',
  ],
  properties: {
    product: ref({ sku: { type: 'string' }, name: { type: 'string' } }),
    warehouse: ref({ code: { type: 'string' } }),
    bin: nullable(ref({ code: nullable({ type: 'string' }) })),
    quantityOnHand: quantity,
    quantityReserved: quantity,
    quantityAvailable: quantity,
    batches: nullable({
      type: 'array',
      items: {
        type: 'object',
        required: [
          'batchId',
          'batchNumber',
          'expiryDate',
          'quantityOnHand',
          'quantityReserved',
          'quantityAvailable',
        ],
        properties: {
          batchId: { type: 'string' },
          batchNumber: nullable({ type: 'string' }),
          expiryDate: nullable({ type: 'string' }),
          quantityOnHand: quantity,
          quantityReserved: quantity,
          quantityAvailable: quantity,
        },
      },
    }),
    updatedAt: timestamp,
  },
} as const;
export const StockOnHandList = listOf('StockOnHandList', { $ref: 'StockOnHandRow' });

export const StockAdjustmentCreate = {
  $id: 'StockAdjustmentCreate',
  type: 'object',
  required: ['reason', 'lines'],
  properties: {
    reason: { enum: CREATABLE_REASONS },
    notes: nullable(text(2000)),
    status: { enum: ['DRAFT', 'COMPLETED'] },
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['productId', 'warehouseId', 'quantityChange'],
        properties: {
          productId: idRef,
          warehouseId: idRef,
          binId: nullable(idRef),
          batchId: nullable(idRef),
          quantityChange: { type: 'number', minimum: -99_999_999, maximum: 99_999_999, not: { const: 0 } },
          costPerUnit: { type: 'number', minimum: 0, maximum: 99_999_999 },
        },
      },
    },
  },
} as const;

export const StockAdjustment = {
  $id: 'StockAdjustment',
  type: 'object',
  required: [
    'id',
    'adjustmentNumber',
    'reason',
    'status',
    'notes',
    'completedAt',
    'createdAt',
    'updatedAt',
    'lines',
  ],
  properties: {
    id: { type: 'string' },
    adjustmentNumber: { type: 'string' },
    reason: { enum: ADJUSTMENT_REASONS },
    status: { enum: ADJUSTMENT_STATUSES },
    notes: nullable({ type: 'string' }),
    completedAt: nullable(timestamp),
    createdAt: timestamp,
    updatedAt: timestamp,
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['productId', 'warehouseId', 'binId', 'batchId', 'quantityChange', 'costPerUnit'],
        properties: {
          productId: { type: 'string' },
          warehouseId: { type: 'string' },
          binId: nullable({ type: 'string' }),
          batchId: nullable({ type: 'string' }),
          quantityChange: quantity,
          costPerUnit: nullable({ type: 'number' }),
        },
      },
    },
  },
} as const;
export const StockAdjustmentList = listOf('StockAdjustmentList', { $ref: 'StockAdjustment' });

export const INVENTORY_SCHEMAS = {
  Warehouse,
  WarehouseList,
  StockOnHandRow,
  StockOnHandList,
  StockAdjustmentCreate,
  StockAdjustment,
  StockAdjustmentList,
} as const;

export const INVENTORY_VALIDATED = ['StockAdjustmentCreate'] as const;
