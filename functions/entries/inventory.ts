import * as validators from '../generated/validators-inventory.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { inventoryOperations } from '../areas/inventory/operations.js';

/** Lambda entry for the inventory group: warehouses, stock on hand, stock adjustments. */
export const handler = createGroupHandler({
  group: 'inventory',
  endpoints: endpointsOf('inventory'),
  operations: inventoryOperations,
  validators,
});
