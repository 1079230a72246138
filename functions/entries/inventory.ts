import * as validators from '../generated/validators-inventory.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { INVENTORY_ENDPOINTS } from '../areas/inventory/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { inventoryOperations } from '../areas/inventory/operations.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('inventory', { inventory: INVENTORY_ENDPOINTS });

/** Lambda entry for the inventory group: warehouses, stock on hand, stock adjustments. */
export const handler = createGroupHandler({
  group: 'inventory',
  endpoints,
  operations: inventoryOperations,
  validators,
});
