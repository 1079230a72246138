import * as validators from '../generated/validators-inventory.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { INVENTORY_ENDPOINTS } from '../areas/inventory/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('inventory', { inventory: INVENTORY_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  inventory: () => import('../areas/inventory/operations.js').then((m) => m.inventoryOperations),
};

/** Lambda entry for the inventory group: warehouses, stock on hand, stock adjustments. */
export const handler = createGroupHandler({
  group: 'inventory',
  endpoints,
  areas,
  validators,
});
