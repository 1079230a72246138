import { createId } from '@paralleldrive/cuid2';
import {
  builtInZoneCategory,
  isZoneCategoryKey,
  isZoneType,
  MAX_BINS_PER_ZONE,
  MAX_ZONES_PER_WAREHOUSE,
  uniqueWarehouseCode,
  ZONE_CATEGORY_KEYS,
  ZONE_TYPES,
} from '../../../../domain/inventory/warehouse.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';
import {
  binAddItems,
  getWarehouse,
  getZone,
  warehouseCreateItems,
  warehouseDeactivateItem,
  zoneAddItems,
  type BinRecord,
  type WarehouseRecord,
  type ZoneRecord,
} from '../store/warehouses.js';
import { backOfficeJournal, BackOfficeError, transactOrRefuse } from '../../../platform/back-office/actor.js';
import { requireOrganisation } from '../../organisations/public.js';

const audited = (
  orgId: string,
  resourceId: string,
  action: string,
  changedFields: string[],
): TransactItem[] =>
  backOfficeJournal(orgId).items({
    audit: [{ resourceType: 'warehouse', resourceId, action, changedFields }],
  });

export async function createWarehouse(input: { orgId: string; code: string; name: string }) {
  await requireOrganisation(input.orgId);
  const code = input.code.trim();
  const name = input.name.trim();
  if (code.length === 0 || code.length > 50) throw new BackOfficeError('--code must be 1-50 characters');
  if (name.length === 0 || name.length > 255) throw new BackOfficeError('--name must be 1-255 characters');
  const now = new Date().toISOString();
  const record: WarehouseRecord = {
    id: createId(),
    code,
    name,
    isActive: true,
    zoneCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  await transactOrRefuse(
    [
      ...warehouseCreateItems(input.orgId, record, uniqueWarehouseCode(code)),
      ...audited(input.orgId, record.id, 'create', ['code', 'name']),
    ],
    `a warehouse with code '${code}' already exists`,
  );
  const { zoneCount: _z, ...view } = record;
  return { ...view, zones: [] };
}

export async function addZone(input: {
  orgId: string;
  warehouseId: string;
  name: string;
  zoneType: string;
  category?: string;
}) {
  const warehouse = await getWarehouse(input.orgId, input.warehouseId);
  if (!warehouse) throw new BackOfficeError(`warehouse ${input.warehouseId} not found`);
  if (!isZoneType(input.zoneType))
    throw new BackOfficeError(`--zone-type must be one of ${ZONE_TYPES.join(', ')}`);
  if (input.category !== undefined && !isZoneCategoryKey(input.category)) {
    throw new BackOfficeError(`--category must be one of ${ZONE_CATEGORY_KEYS.join(', ')}`);
  }
  const zone: ZoneRecord = {
    id: createId(),
    warehouseId: warehouse.id,
    name: input.name,
    zoneType: input.zoneType,
    zoneCategory: input.category ? builtInZoneCategory(input.category) : null,
    binCount: 0,
    createdAt: new Date().toISOString(),
  };
  await transactOrRefuse(
    [...zoneAddItems(input.orgId, zone), ...audited(input.orgId, warehouse.id, 'add-zone', ['zones'])],
    `warehouse ${warehouse.id} already has the maximum of ${MAX_ZONES_PER_WAREHOUSE} zones`,
  );
  const { binCount: _b, ...view } = zone;
  return { ...view, bins: [] };
}

export async function addBin(input: { orgId: string; zoneId: string; code: string; capacity?: number }) {
  const zone = await getZone(input.orgId, input.zoneId);
  if (!zone) throw new BackOfficeError(`zone ${input.zoneId} not found`);
  if (input.capacity !== undefined && input.capacity <= 0)
    throw new BackOfficeError('--capacity must be > 0');
  const bin: BinRecord = {
    id: createId(),
    warehouseId: zone.warehouseId,
    zoneId: zone.id,
    code: input.code,
    capacity: input.capacity ?? null,
    isActive: true,
    onHand: 0,
    createdAt: new Date().toISOString(),
  };
  await transactOrRefuse(
    [...binAddItems(input.orgId, bin), ...audited(input.orgId, zone.warehouseId, 'add-bin', ['zones'])],
    `zone ${zone.id} already has the maximum of ${MAX_BINS_PER_ZONE} bins`,
  );
  const { onHand: _o, ...view } = bin;
  return view;
}

export async function deactivateWarehouse(input: { orgId: string; warehouseId: string }) {
  const warehouse = await getWarehouse(input.orgId, input.warehouseId);
  if (!warehouse) throw new BackOfficeError(`warehouse ${input.warehouseId} not found`);
  const now = new Date().toISOString();
  await transactOrRefuse(
    [
      warehouseDeactivateItem(input.orgId, warehouse.id, now),
      ...audited(input.orgId, warehouse.id, 'deactivate', ['isActive']),
    ],
    `warehouse ${input.warehouseId} not found`,
  );
  const { zoneCount: _z, ...view } = warehouse;
  return { ...view, isActive: false, updatedAt: now };
}
