import * as validators from '../generated/validators-suppliers.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { SUPPLIER_ENDPOINTS } from '../areas/suppliers/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('suppliers', { suppliers: SUPPLIER_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  suppliers: () => import('../areas/suppliers/operations.js').then((m) => m.supplierOperations),
};

/** Lambda entry for the suppliers group: suppliers, their locations and price lists. */
export const handler = createGroupHandler({
  group: 'suppliers',
  endpoints,
  areas,
  validators,
});
