import * as validators from '../generated/validators-customers.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { CUSTOMER_ENDPOINTS } from '../areas/customers/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { customerOperations } from '../areas/customers/operations.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('customers', { customers: CUSTOMER_ENDPOINTS });

/** Lambda entry for the customers group: customers, their contacts and addresses, groups, sales reps. */
export const handler = createGroupHandler({
  group: 'customers',
  endpoints,
  operations: customerOperations,
  validators,
});
