import * as validators from '../generated/validators-suppliers.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { SUPPLIER_ENDPOINTS } from '../areas/suppliers/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { supplierOperations } from '../areas/suppliers/operations.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('suppliers', { suppliers: SUPPLIER_ENDPOINTS });

/** Lambda entry for the suppliers group: suppliers, their locations and price lists. */
export const handler = createGroupHandler({
  group: 'suppliers',
  endpoints,
  operations: supplierOperations,
  validators,
});
