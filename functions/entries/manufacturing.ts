import * as validators from '../generated/validators-manufacturing.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { productionOrderOperations } from '../areas/production-orders/operations.js';

/** Lambda entry for manufacturing: production orders (read-only; the back office runs them). */
export const handler = createGroupHandler({
  group: 'manufacturing',
  endpoints: endpointsOf('manufacturing'),
  operations: productionOrderOperations,
  validators,
});
