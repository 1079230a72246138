import * as validators from '../generated/validators-customers.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { customerOperations } from '../areas/customers/operations.js';

/** Lambda entry for the customers group: customers, their contacts and addresses, groups, sales reps. */
export const handler = createGroupHandler({
  group: 'customers',
  endpoints: endpointsOf('customers'),
  operations: customerOperations,
  validators,
});
