import * as validators from '../generated/validators-manufacturing.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { PRODUCTION_ORDER_ENDPOINTS } from '../areas/production-orders/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { productionOrderOperations } from '../areas/production-orders/operations.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('manufacturing', { 'production-orders': PRODUCTION_ORDER_ENDPOINTS });

/** Lambda entry for manufacturing: production orders (read-only; the back office runs them). */
export const handler = createGroupHandler({
  group: 'manufacturing',
  endpoints,
  operations: productionOrderOperations,
  validators,
});
