/**
 * The warehouse endpoints design.md section 7 adds: the CLI's steps (steps/warehouses.ts) over the API,
 * and the warehouse by id. Zone and bin creates answer the refreshed warehouse, as the spec's customer
 * sub-resources answer their customer.
 */
import { notFound } from '../../../domain/errors.js';
import { builtInZoneCategory, ZONE_CATEGORY_KEYS } from '../../../domain/inventory/warehouse.js';
import type { OperationOf } from '../../platform/http/types.js';
import { requestContext } from '../../platform/journal/write-context.js';
import type { INVENTORY_ENDPOINTS } from './endpoints.js';
import {
  addBin,
  addZone,
  createWarehouse,
  taggedWarehouseDetail,
  updateTaggedWarehouse,
  warehouseDetail,
} from './steps/warehouses.js';

type Op<Id extends (typeof INVENTORY_ENDPOINTS)[number]['operationId']> = OperationOf<
  typeof INVENTORY_ENDPOINTS,
  Id
>;

const refreshed = async (orgId: string, id: string) => {
  const warehouse = await warehouseDetail(orgId, id);
  if (!warehouse) throw notFound('Warehouse');
  return warehouse;
};

export const getWarehouseOp: Op<'getWarehouse'> = async ({ auth, params }) => {
  const tagged = await taggedWarehouseDetail(auth.orgId, params.id);
  if (!tagged) throw notFound('Warehouse');
  return tagged;
};

export const createWarehouseOp: Op<'createWarehouse'> = async ({ auth, body, now, journal }) => ({
  status: 201,
  body: await createWarehouse({ orgId: auth.orgId, ...body }, requestContext({ now, journal })),
});

export const updateWarehouseOp: Op<'updateWarehouse'> = async (input) =>
  updateTaggedWarehouse(
    { orgId: input.auth.orgId, id: input.params.id, ...input.body },
    requestContext(input),
    input.preconditions,
  );

export const addWarehouseZoneOp: Op<'addWarehouseZone'> = async ({ auth, params, body, now, journal }) => {
  const category = ZONE_CATEGORY_KEYS.find((key) => builtInZoneCategory(key).id === body.zoneCategoryId);
  await addZone(
    { orgId: auth.orgId, warehouseId: params.id, name: body.name, zoneType: body.zoneType, category },
    requestContext({ now, journal }),
  );
  return { status: 201, body: await refreshed(auth.orgId, params.id) };
};

export const addWarehouseBinOp: Op<'addWarehouseBin'> = async ({ auth, params, body, now, journal }) => {
  await addBin(
    { orgId: auth.orgId, warehouseId: params.id, zoneId: params.zoneId, ...body },
    requestContext({ now, journal }),
  );
  return { status: 201, body: await refreshed(auth.orgId, params.id) };
};
