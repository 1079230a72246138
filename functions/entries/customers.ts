import * as validators from '../generated/validators-customers.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { CUSTOMER_ENDPOINTS } from '../areas/customers/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('customers', { customers: CUSTOMER_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  customers: () => import('../areas/customers/operations.js').then((m) => m.customerOperations),
};

/** Lambda entry for the customers group: customers, their contacts and addresses, groups, sales reps. */
export const handler = createGroupHandler({
  group: 'customers',
  endpoints,
  areas,
  validators,
});
