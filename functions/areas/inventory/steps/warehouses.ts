/**
 * Warehouses, zones and bins (design.md section 7): `warehouse create|add-zone|add-bin|deactivate` on the
 * CLI and `POST /warehouses`, `POST /warehouses/{id}/zones`, `POST /warehouses/{id}/zones/{zoneId}/bins`,
 * `PUT /warehouses/{id}` over the API. Codes are unique per organisation through a guard item written in
 * the create's transaction; the zone and bin caps are the parents' counters, conditioned in the same
 * transaction as the child, so racing creates cannot pass them.
 */
import { newId } from '../../../platform/ids.js';
import { conflict, notFound, unprocessable, validationError } from '../../../../domain/errors.js';
import {
  builtInZoneCategory,
  MAX_BINS_PER_ZONE,
  MAX_ZONES_PER_WAREHOUSE,
  uniqueWarehouseCode,
  type ZoneCategoryKey,
  type ZoneType,
} from '../../../../domain/inventory/warehouse.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { guard, transact, type TransactItem } from '../../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import { NO_PRECONDITIONS, type Preconditions } from '../../../platform/http/etag.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { requireOrganisation } from '../../organisations/public.js';
import {
  binAddItems,
  getWarehouse,
  getZone,
  listBinsOf,
  listZoneRecords,
  warehouseCreateItems,
  warehouseUpdateItem,
  zoneAddItems,
  type BinRecord,
  type WarehouseRecord,
  type ZoneRecord,
} from '../store/warehouses.js';
import { warehouseView } from '../view.js';

const WAREHOUSE = 'Warehouse';
const ZONE = 'Zone';

const journalOf =
  (context: WriteContext, warehouseId: string, action: string, changedFields: string[]) =>
  (response?: JournalEntry['response']): TransactItem[] =>
    context.journal.items({
      audit: [{ resourceType: 'warehouse', resourceId: warehouseId, action, changedFields }],
      response,
    });

/**
 * A warehouse as GET /warehouses/{id} shows it (zones and bins embedded) and the version that tags it;
 * null when it is not there.
 */
export async function taggedWarehouseDetail(orgId: string, id: string) {
  const [warehouse, zones, bins] = await Promise.all([
    getWarehouse(orgId, id),
    listZoneRecords(orgId),
    listBinsOf(orgId, id),
  ]);
  return warehouse ? { body: warehouseView(warehouse, zones, bins), version: warehouse.version ?? 0 } : null;
}

/** A warehouse as GET /warehouses/{id} shows it (zones and bins embedded); null when it is not there. */
export const warehouseDetail = async (orgId: string, id: string) =>
  (await taggedWarehouseDetail(orgId, id))?.body ?? null;

/** Blank-trimmed text of `min`-`max` characters, or the validation error naming the field. */
function trimmed(field: string, value: string, max: number): string {
  const text = value.trim();
  if (text.length === 0 || text.length > max) {
    throw validationError([{ path: field, message: `must be 1-${max} characters` }]);
  }
  return text;
}

export async function createWarehouse(
  input: { orgId: string; code: string; name: string; address?: string | null },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  await requireOrganisation(input.orgId);
  const code = trimmed('code', input.code, 50);
  const name = trimmed('name', input.name, 255);
  const now = context.now.toISOString();
  const record: WarehouseRecord = {
    id: newId(),
    code,
    name,
    address: input.address?.trim() || null,
    isActive: true,
    zoneCount: 0,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  const body = warehouseView(record, [], []);
  const [warehouse, codeGuard] = warehouseCreateItems(input.orgId, record, uniqueWarehouseCode(code));
  await transact([
    warehouse!,
    guard(codeGuard!, () => conflict(`A warehouse with code '${code}' already exists`)),
    ...journalOf(context, record.id, 'create', ['code', 'name', 'address'])({ status: 201, body }),
  ]);
  return body;
}

/** The zone as the CLI prints it; the API answers the refreshed warehouse (warehouseDetail). */
export async function addZone(
  input: {
    orgId: string;
    warehouseId: string;
    name: string;
    zoneType: ZoneType;
    category?: ZoneCategoryKey | null;
  },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const warehouse = await getWarehouse(input.orgId, input.warehouseId);
  if (!warehouse) throw notFound(WAREHOUSE);
  const zone: ZoneRecord = {
    id: newId(),
    warehouseId: warehouse.id,
    name: trimmed('name', input.name, 100),
    zoneType: input.zoneType,
    zoneCategory: input.category ? builtInZoneCategory(input.category) : null,
    binCount: 0,
    createdAt: context.now.toISOString(),
  };
  const [counter, put] = zoneAddItems(input.orgId, zone);
  await transact([
    guard(counter!, () =>
      unprocessable(
        `Warehouse ${warehouse.code} already has the maximum of ${MAX_ZONES_PER_WAREHOUSE} zones`,
      ),
    ),
    put!,
    ...journalOf(context, warehouse.id, 'add-zone', ['zones'])(),
  ]);
  const { binCount: _b, ...view } = zone;
  return { ...view, bins: [] };
}

/**
 * The bin as the CLI prints it. `warehouseId`, when given (the API's path), must be the zone's
 * warehouse: a zone of another warehouse is not found there.
 */
export async function addBin(
  input: { orgId: string; zoneId: string; warehouseId?: string; code: string; capacity?: number | null },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const zone = await getZone(input.orgId, input.zoneId);
  // A zone of the path's warehouse proves the warehouse (warehouses are never deleted): the warehouse is
  // read only to tell which 404 a mismatch is, so the API door makes the CLI's calls (bench/twins.ts).
  if (input.warehouseId !== undefined && zone?.warehouseId !== input.warehouseId) {
    if (!(await getWarehouse(input.orgId, input.warehouseId))) throw notFound(WAREHOUSE);
    throw notFound(ZONE);
  }
  if (!zone) throw notFound(ZONE);
  if (input.capacity != null && input.capacity <= 0) {
    throw validationError([{ path: 'capacity', message: 'must be > 0' }]);
  }
  const bin: BinRecord = {
    id: newId(),
    warehouseId: zone.warehouseId,
    zoneId: zone.id,
    code: trimmed('code', input.code, 50),
    capacity: input.capacity ?? null,
    isActive: true,
    onHand: 0,
    createdAt: context.now.toISOString(),
  };
  const [counter, put] = binAddItems(input.orgId, bin);
  await transact([
    guard(counter!, () =>
      unprocessable(`Zone ${zone.name} already has the maximum of ${MAX_BINS_PER_ZONE} bins`),
    ),
    put!,
    ...journalOf(context, zone.warehouseId, 'add-bin', ['zones'])(),
  ]);
  const { onHand: _o, ...view } = bin;
  return view;
}

/**
 * `PUT /warehouses/{id}` (merge-patch of name, address and isActive) and `warehouse deactivate`
 * (isActive false). Deactivating keeps the stock where it lies: an inactive warehouse only stops being
 * a valid reference for new documents, as before. The write is conditioned on the warehouse as read, so a
 * racing update decides again.
 */
/** The update, and the version that tags the warehouse it answers (the API's ETag). */
export async function updateTaggedWarehouse(
  input: WarehouseUpdate,
  context: WriteContext = backOfficeContext(input.orgId),
  preconditions: Preconditions = NO_PRECONDITIONS,
) {
  await writeOptimistically({
    run: () => applyUpdate(input, context, preconditions),
    onExhausted: () => context.exhausted('The warehouse kept changing while it was updated'),
  });
  return (await taggedWarehouseDetail(input.orgId, input.id))!;
}

export const updateWarehouse = async (
  input: WarehouseUpdate,
  context: WriteContext = backOfficeContext(input.orgId),
) => (await updateTaggedWarehouse(input, context)).body;

type WarehouseUpdate = {
  orgId: string;
  id: string;
  name?: string;
  address?: string | null;
  isActive?: boolean;
};

/** One attempt: a lost race (the warehouse changed since it was read) re-reads and decides again. */
async function applyUpdate(input: WarehouseUpdate, context: WriteContext, preconditions: Preconditions) {
  const warehouse = await getWarehouse(input.orgId, input.id);
  if (!warehouse) throw notFound(WAREHOUSE);
  // The update is conditioned on this version, so a matching If-Match holds until it commits.
  preconditions.checkVersion(warehouse.version ?? 0);
  const next: WarehouseRecord = {
    ...warehouse,
    ...(input.name !== undefined ? { name: trimmed('name', input.name, 255) } : {}),
    ...(input.address !== undefined ? { address: input.address?.trim() || null } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  };
  const changed = (['name', 'address', 'isActive'] as const).filter(
    (field) => (next[field] ?? null) !== (warehouse[field] ?? null),
  );
  if (changed.length > 0) {
    next.updatedAt = context.now.toISOString();
    next.version = (warehouse.version ?? 0) + 1;
    const action =
      changed.length === 1 && changed[0] === 'isActive' && !next.isActive ? 'deactivate' : 'update';
    await transact([
      warehouseUpdateItem(input.orgId, warehouse, next),
      ...journalOf(context, warehouse.id, action, [...changed])(),
    ]);
  }
}

export const deactivateWarehouse = (input: { orgId: string; warehouseId: string }) =>
  updateWarehouse({ orgId: input.orgId, id: input.warehouseId, isActive: false });
