import * as validators from '../generated/validators-suppliers.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { supplierOperations } from '../areas/suppliers/operations.js';

/** Lambda entry for the suppliers group: suppliers, their locations and price lists. */
export const handler = createGroupHandler({
  group: 'suppliers',
  endpoints: endpointsOf('suppliers'),
  operations: supplierOperations,
  validators,
});
