/**
 * Request bodies of the inventory steps design.md section 7 puts over the API: warehouses, zones, bins,
 * lots and serial status. Fields carry the names the reads show (a zone's category by the id its
 * `zoneCategory` shows, a lot's product by `productId`).
 */
import { builtInZoneCategory, ZONE_CATEGORY_KEYS, ZONE_TYPES } from '../domain/inventory/warehouse.js';
import { SERIAL_SET_STATUSES } from '../domain/inventory/serial.js';
import { idRef, nullable, text } from './common.js';

const date = { type: 'string', format: 'date' } as const;

export const WarehouseCreate = {
  $id: 'WarehouseCreate',
  type: 'object',
  required: ['code', 'name'],
  properties: {
    code: text(50, 1),
    name: text(255, 1),
    address: nullable(text(500)),
  },
} as const;

export const WarehouseUpdate = {
  $id: 'WarehouseUpdate',
  type: 'object',
  properties: {
    name: text(255, 1),
    address: nullable(text(500)),
    isActive: { type: 'boolean' },
  },
} as const;

export const ZoneCreate = {
  $id: 'ZoneCreate',
  type: 'object',
  required: ['name', 'zoneType'],
  properties: {
    name: text(100, 1),
    zoneType: { enum: ZONE_TYPES },
    zoneCategoryId: nullable({
      enum: ZONE_CATEGORY_KEYS.map((key) => builtInZoneCategory(key).id),
      description: 'A built-in zone category by its id (zc_freezer, zc_cool_room ...), or null.',
    }),
  },
} as const;

export const BinCreate = {
  $id: 'BinCreate',
  type: 'object',
  required: ['code'],
  properties: {
    code: text(50, 1),
    capacity: nullable({ type: 'number', exclusiveMinimum: 0, maximum: 99_999_999 }),
  },
} as const;

export const BatchCreate = {
  $id: 'BatchCreate',
  type: 'object',
  required: ['productId', 'batchNumber'],
  properties: {
    productId: idRef,
    batchNumber: text(100, 1),
    manufactureDate: nullable(date),
    expiryDate: nullable(date),
    storageCondition: nullable({ enum: ['AMBIENT', 'CHILLED', 'FROZEN'] }),
    unitCost: nullable({ type: 'number', minimum: 0, maximum: 99_999_999 }),
    notes: nullable(text(2000)),
  },
} as const;

export const SerialStatusChange = {
  $id: 'SerialStatusChange',
  type: 'object',
  required: ['status'],
  properties: {
    status: {
      enum: SERIAL_SET_STATUSES,
      description: 'ALLOCATED and SOLD move only through orders.',
    },
  },
} as const;

export const INVENTORY_WRITE_SCHEMAS = {
  WarehouseCreate,
  WarehouseUpdate,
  ZoneCreate,
  BinCreate,
  BatchCreate,
  SerialStatusChange,
} as const;

export const INVENTORY_WRITE_VALIDATED = [
  'WarehouseCreate',
  'WarehouseUpdate',
  'ZoneCreate',
  'BinCreate',
  'BatchCreate',
  'SerialStatusChange',
] as const;
